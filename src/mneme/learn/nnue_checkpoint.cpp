#include "mneme/learn/nnue_checkpoint.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>

#include "mneme/util/atomic_file.h"
#include "mneme/util/record_file.h"
#include "mneme/util/whole_file.h"

namespace mneme {

namespace {

constexpr char MAGIC[9] = "MNEMECKP";
constexpr std::uint32_t VERSION = 2;
constexpr std::size_t HEADER_BYTES = 120;
constexpr std::size_t VERSION_1_HEADER_BYTES = 96;  // without the position inside an epoch
constexpr std::size_t CHECKSUM_OFFSET = 88;

// FNV-1a over every byte but the checksum's own.
std::uint64_t file_checksum(const std::uint8_t* bytes, std::size_t size) {
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    for (std::size_t i = 0; i < size; ++i)
        if (i < CHECKSUM_OFFSET || i >= CHECKSUM_OFFSET + 8)
            hash = (hash ^ bytes[i]) * 0x100000001b3ULL;
    return hash;
}

}  // namespace

void save_nnue_checkpoint(const std::string& path, const NnueCheckpoint& c) {
    const nnue::Architecture& a = c.parameters.architecture;
    const std::size_t count = c.parameters.values.size();
    if (c.first_moment.size() != count || c.second_moment.size() != count)
        throw std::logic_error("checkpoint: moments and parameters differ in size");
    std::vector<std::uint8_t> out(HEADER_BYTES + 3 * count * sizeof(float), 0);
    std::memcpy(out.data(), MAGIC, 8);
    write_field<std::uint32_t>(out.data(), 8, VERSION);
    nnue::write_architecture(out.data() + 12, a);
    write_field<std::uint32_t>(out.data(), 36, c.completed_epochs);
    write_field<std::uint64_t>(out.data(), 40, c.steps);
    write_field<std::uint64_t>(out.data(), 48, c.data_fingerprint);
    write_field<std::uint64_t>(out.data(), 56, c.seed);
    write_field<double>(out.data(), 64, c.validation_fraction);
    write_field<double>(out.data(), 72, c.seconds);
    write_field<std::uint64_t>(out.data(), 80, count);
    write_field<std::uint64_t>(out.data(), 96, c.batch_size);
    write_field<std::uint64_t>(out.data(), 104, c.epoch_batches_done);
    write_field<double>(out.data(), 112, c.epoch_loss_sum);
    std::size_t at = HEADER_BYTES;
    for (const std::vector<float>* array :
         {&c.parameters.values, &c.first_moment, &c.second_moment}) {
        std::memcpy(out.data() + at, array->data(), count * sizeof(float));
        at += count * sizeof(float);
    }
    write_field<std::uint64_t>(out.data(), CHECKSUM_OFFSET, file_checksum(out.data(), out.size()));
    write_file_atomically(path, [&](std::ostream& stream) {
        stream.write(reinterpret_cast<const char*>(out.data()), std::streamsize(out.size()));
    });
}

NnueCheckpoint load_nnue_checkpoint(const std::string& path) {
    auto fail = [&](const std::string& why) -> NnueCheckpoint {
        throw NnueCheckpointError(path + ": " + why);
    };
    std::vector<std::uint8_t> bytes;
    if (std::string error = read_whole_file(path, bytes); !error.empty()) return fail(error);
    if (bytes.size() < VERSION_1_HEADER_BYTES)
        return fail("truncated: " + std::to_string(bytes.size()) +
                    " bytes, shorter than the header");
    const std::uint8_t* b = bytes.data();
    if (std::memcmp(b, MAGIC, 8) != 0) return fail("bad magic (not a trainer checkpoint)");
    const std::uint32_t version = read_field<std::uint32_t>(b, 8);
    if (version != 1 && version != VERSION)
        return fail("format version " + std::to_string(version) + ", this program reads 1 to " +
                    std::to_string(VERSION));
    const std::size_t header = version == 1 ? VERSION_1_HEADER_BYTES : HEADER_BYTES;
    if (bytes.size() < header)
        return fail("truncated: " + std::to_string(bytes.size()) +
                    " bytes, shorter than the header");
    std::uint32_t activation = 0;
    nnue::Architecture a = nnue::read_architecture(b + 12, &activation);
    if (a.inputs != nnue::INPUT_COUNT || a.hidden < 1 || a.hidden > nnue::MAX_HIDDEN ||
        activation > 1 || a.qa < 1 || a.qb < 1 || a.scale < 1)
        return fail("unknown architecture in the header");
    a.activation = nnue::Activation(activation);
    // The output buckets follow from the parameter count: first layer, then (2H + 1) per bucket.
    const std::uint64_t stored_count = read_field<std::uint64_t>(b, 80);
    const std::uint64_t first_layer = std::uint64_t(a.inputs + 1) * std::uint64_t(a.hidden);
    const std::uint64_t per_bucket = 2 * std::uint64_t(a.hidden) + 1;
    if (stored_count <= first_layer || (stored_count - first_layer) % per_bucket != 0 ||
        (stored_count - first_layer) / per_bucket > std::uint64_t(nnue::MAX_OUTPUT_BUCKETS))
        return fail("parameter count does not match the architecture");
    a.output_buckets = int((stored_count - first_layer) / per_bucket);
    NnueCheckpoint c;
    c.parameters = NnueParameters(a);
    const std::size_t count = c.parameters.values.size();
    const std::size_t expected = header + 3 * count * sizeof(float);
    if (bytes.size() != expected)
        return fail(std::string(bytes.size() < expected ? "truncated" : "too long") + ": " +
                    std::to_string(bytes.size()) + " bytes, " + a.describe() + " needs " +
                    std::to_string(expected));
    if (read_field<std::uint64_t>(b, CHECKSUM_OFFSET) != file_checksum(b, bytes.size()))
        return fail("checksum mismatch (the file is corrupt)");
    c.completed_epochs = read_field<std::uint32_t>(b, 36);
    c.steps = read_field<std::uint64_t>(b, 40);
    c.data_fingerprint = read_field<std::uint64_t>(b, 48);
    c.seed = read_field<std::uint64_t>(b, 56);
    c.validation_fraction = read_field<double>(b, 64);
    c.seconds = read_field<double>(b, 72);
    if (version >= 2) {
        c.batch_size = read_field<std::uint64_t>(b, 96);
        c.epoch_batches_done = read_field<std::uint64_t>(b, 104);
        c.epoch_loss_sum = read_field<double>(b, 112);
        if (c.epoch_batches_done > 0 && c.batch_size == 0)
            return fail("stopped inside an epoch but no batch size recorded (corrupt header)");
    }
    c.first_moment.resize(count);
    c.second_moment.resize(count);
    std::size_t at = header;
    for (std::vector<float>* array : {&c.parameters.values, &c.first_moment, &c.second_moment}) {
        std::memcpy(array->data(), b + at, count * sizeof(float));
        at += count * sizeof(float);
    }
    return c;
}

}  // namespace mneme

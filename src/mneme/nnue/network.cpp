#include "mneme/nnue/network.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>

#include "mneme/util/atomic_file.h"
#include "mneme/util/record_file.h"
#include "mneme/util/whole_file.h"

namespace mneme::nnue {

namespace {

constexpr char MAGIC[9] = "MNEMENET";
constexpr std::uint32_t VERSION = 1;
constexpr std::size_t HEADER_BYTES = 64;
constexpr std::size_t CHECKSUM_OFFSET = 40;
constexpr std::size_t BUCKETS_OFFSET = 48;  // zero in files from before output buckets: one

std::uint64_t fnv1a(const std::uint8_t* bytes, std::size_t size, std::uint64_t hash) {
    for (std::size_t i = 0; i < size; ++i) hash = (hash ^ bytes[i]) * 0x100000001b3ULL;
    return hash;
}

constexpr std::uint64_t FNV_BASIS = 0xcbf29ce484222325ULL;

// Everything but the checksum field itself.
std::uint64_t file_checksum(const std::uint8_t* bytes, std::size_t size) {
    std::uint64_t hash = fnv1a(bytes, CHECKSUM_OFFSET, FNV_BASIS);
    return fnv1a(bytes + CHECKSUM_OFFSET + 8, size - CHECKSUM_OFFSET - 8, hash);
}

std::size_t parameter_bytes(const Architecture& a) {
    const std::size_t buckets = std::size_t(a.output_buckets);
    return padded_to_8(std::size_t(a.inputs) * a.hidden * 2 + std::size_t(a.hidden) * 2 +
                       buckets * std::size_t(a.hidden) * 2 * 2 + buckets * 4);
}

float activate(float x, Activation activation) {
    float clipped = std::clamp(x, 0.0f, 1.0f);
    return activation == Activation::SCRELU ? clipped * clipped : clipped;
}

}  // namespace

std::string Architecture::describe() const {
    char buckets[32] = "";
    if (output_buckets != 1) std::snprintf(buckets, sizeof buckets, "[%d buckets]", output_buckets);
    char text[160];
    std::snprintf(text, sizeof text, "(%d->%d)x2->1%s %s QA=%d QB=%d scale=%d", inputs, hidden,
                  buckets, activation == Activation::SCRELU ? "SCReLU" : "CReLU", qa, qb, scale);
    return text;
}

FloatNetwork::FloatNetwork(const Architecture& a)
    : architecture(a),
      feature_weights(std::size_t(a.inputs) * a.hidden, 0.0f),
      feature_bias(a.hidden, 0.0f),
      output_weights(std::size_t(a.output_buckets) * a.hidden * 2, 0.0f),
      output_bias(std::size_t(a.output_buckets), 0.0f) {}

double FloatNetwork::output(const float* us, const float* them, int bucket) const {
    const int h = architecture.hidden;
    const float* weights = output_weights.data() + std::size_t(bucket) * 2 * h;
    double sum = output_bias[std::size_t(bucket)];
    for (int i = 0; i < h; ++i) {
        sum += double(activate(us[i], architecture.activation)) * weights[i];
        sum += double(activate(them[i], architecture.activation)) * weights[h + i];
    }
    return sum;
}

double FloatNetwork::evaluate(const Position& pos) const {
    const int h = architecture.hidden;
    std::vector<float> accumulators[2] = {feature_bias, feature_bias};
    for (Bitboard b = pos.pieces(); b;) {
        Square s = pop_lsb(b);
        Piece piece = pos.piece_on(s);
        for (Color side : {WHITE, BLACK}) {
            const float* row = &feature_weights[std::size_t(feature_index(side, piece, s)) * h];
            for (int i = 0; i < h; ++i) accumulators[side][i] += row[i];
        }
    }
    Color us = pos.side_to_move();
    return output(accumulators[us].data(), accumulators[~us].data(),
                  output_bucket(pos, architecture.output_buckets)) *
           architecture.scale;
}

QuantisedNetwork quantise(const FloatNetwork& net, const std::string& description) {
    const Architecture& a = net.architecture;
    QuantisedNetwork q;
    q.architecture = a;
    q.description = description;
    auto round_to = [](double x, double limit) {
        return std::int16_t(std::lround(std::clamp(x, -limit, limit)));
    };
    q.feature_weights.reserve(net.feature_weights.size());
    for (float w : net.feature_weights)
        q.feature_weights.push_back(round_to(double(w) * a.qa, 32767));
    for (float b : net.feature_bias) q.feature_bias.push_back(round_to(double(b) * a.qa, 32767));
    for (float w : net.output_weights) q.output_weights.push_back(round_to(double(w) * a.qb, 127));
    for (float b : net.output_bias)
        q.output_bias.push_back(std::int32_t(std::lround(double(b) * a.qa * a.qb)));
    return q;
}

std::uint64_t QuantisedNetwork::checksum() const {
    auto bytes = encode_network(*this);
    return read_field<std::uint64_t>(bytes.data(), CHECKSUM_OFFSET);
}

void write_architecture(std::uint8_t* at, const Architecture& a) {
    write_field<std::uint32_t>(at, 0, std::uint32_t(a.inputs));
    write_field<std::uint32_t>(at, 4, std::uint32_t(a.hidden));
    write_field<std::uint32_t>(at, 8, std::uint32_t(a.activation));
    write_field<std::uint32_t>(at, 12, std::uint32_t(a.qa));
    write_field<std::uint32_t>(at, 16, std::uint32_t(a.qb));
    write_field<std::uint32_t>(at, 20, std::uint32_t(a.scale));
}

Architecture read_architecture(const std::uint8_t* at, std::uint32_t* activation) {
    Architecture a;
    a.inputs = int(read_field<std::uint32_t>(at, 0));
    a.hidden = int(read_field<std::uint32_t>(at, 4));
    *activation = read_field<std::uint32_t>(at, 8);
    a.qa = int(read_field<std::uint32_t>(at, 12));
    a.qb = int(read_field<std::uint32_t>(at, 16));
    a.scale = int(read_field<std::uint32_t>(at, 20));
    return a;
}

std::vector<std::uint8_t> encode_network(const QuantisedNetwork& net) {
    const Architecture& a = net.architecture;
    std::size_t description_bytes = padded_to_8(net.description.size());
    std::vector<std::uint8_t> out(HEADER_BYTES + description_bytes + parameter_bytes(a), 0);
    std::memcpy(out.data(), MAGIC, 8);
    write_field<std::uint32_t>(out.data(), 8, VERSION);
    write_architecture(out.data() + 12, a);
    write_field<std::uint32_t>(out.data(), 36, std::uint32_t(net.description.size()));
    // One bucket is written as the older files have it (0), so their bytes stay the same.
    if (a.output_buckets != 1)
        write_field<std::uint32_t>(out.data(), BUCKETS_OFFSET, std::uint32_t(a.output_buckets));
    std::memcpy(out.data() + HEADER_BYTES, net.description.data(), net.description.size());
    std::size_t at = HEADER_BYTES + description_bytes;
    auto copy = [&](const void* data, std::size_t bytes) {
        std::memcpy(out.data() + at, data, bytes);
        at += bytes;
    };
    copy(net.feature_weights.data(), net.feature_weights.size() * 2);
    copy(net.feature_bias.data(), net.feature_bias.size() * 2);
    copy(net.output_weights.data(), net.output_weights.size() * 2);
    copy(net.output_bias.data(), net.output_bias.size() * 4);
    write_field<std::uint64_t>(out.data(), CHECKSUM_OFFSET, file_checksum(out.data(), out.size()));
    return out;
}

void save_network_file(const std::string& path, const QuantisedNetwork& net) {
    auto bytes = encode_network(net);
    write_file_atomically(path, [&](std::ostream& out) {
        out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    });
}

QuantisedNetwork decode_network(const std::uint8_t* bytes, std::size_t size,
                                const std::string& name) {
    auto fail = [&](const std::string& why) -> QuantisedNetwork {
        throw NetworkFileError(name + ": " + why);
    };
    if (size < HEADER_BYTES)
        return fail("truncated: " + std::to_string(size) + " bytes, shorter than the header");
    if (std::memcmp(bytes, MAGIC, 8) != 0) return fail("bad magic (not a .mnet network file)");
    auto version = read_field<std::uint32_t>(bytes, 8);
    if (version != VERSION)
        return fail("format version " + std::to_string(version) + ", this program reads version " +
                    std::to_string(VERSION));
    std::uint32_t activation = 0;
    Architecture a = read_architecture(bytes + 12, &activation);
    if (a.inputs != INPUT_COUNT)
        return fail("architecture with " + std::to_string(a.inputs) +
                    " inputs; this program knows only " + std::to_string(INPUT_COUNT));
    if (a.hidden < 8 || a.hidden > MAX_HIDDEN || a.hidden % 16 != 0)
        return fail("hidden layer of " + std::to_string(a.hidden) +
                    " neurons; supported are multiples of 16 up to " + std::to_string(MAX_HIDDEN));
    if (activation > 1) return fail("unknown activation " + std::to_string(activation));
    a.activation = Activation(activation);
    std::uint32_t buckets = read_field<std::uint32_t>(bytes, BUCKETS_OFFSET);
    if (buckets > std::uint32_t(MAX_OUTPUT_BUCKETS))
        return fail(std::to_string(buckets) + " output buckets; supported are 1 to " +
                    std::to_string(MAX_OUTPUT_BUCKETS));
    a.output_buckets = buckets == 0 ? 1 : int(buckets);
    if (a.qa < 1 || a.qa > 255 || a.qb < 1 || a.qb > 1024 || a.scale < 1 || a.scale > 10000)
        return fail("quantisation out of range (QA " + std::to_string(a.qa) + ", QB " +
                    std::to_string(a.qb) + ", scale " + std::to_string(a.scale) + ")");
    auto description_size = read_field<std::uint32_t>(bytes, 36);
    std::size_t expected = HEADER_BYTES + padded_to_8(description_size) + parameter_bytes(a);
    if (description_size > size || size != expected)
        return fail(std::string(size < expected ? "truncated" : "too long") + ": " +
                    std::to_string(size) + " bytes, the header's architecture " + a.describe() +
                    " needs " + std::to_string(expected));
    if (std::uint64_t stored = read_field<std::uint64_t>(bytes, CHECKSUM_OFFSET),
        computed = file_checksum(bytes, size);
        stored != computed)
        return fail("checksum mismatch (header " + hex64(stored) + ", parameters " +
                    hex64(computed) + "): the file is corrupt");
    QuantisedNetwork q;
    q.architecture = a;
    q.description.assign(reinterpret_cast<const char*>(bytes) + HEADER_BYTES, description_size);
    std::size_t at = HEADER_BYTES + padded_to_8(description_size);
    auto take = [&](auto& vec, std::size_t count) {
        vec.resize(count);
        std::memcpy(vec.data(), bytes + at, count * sizeof(vec[0]));
        at += count * sizeof(vec[0]);
    };
    take(q.feature_weights, std::size_t(a.inputs) * a.hidden);
    take(q.feature_bias, std::size_t(a.hidden));
    take(q.output_weights, std::size_t(a.output_buckets) * a.hidden * 2);
    take(q.output_bias, std::size_t(a.output_buckets));
    return q;
}

QuantisedNetwork load_network_file(const std::string& path) {
    std::vector<std::uint8_t> bytes;
    if (std::string error = read_whole_file(path, bytes); !error.empty())
        throw NetworkFileError(path + ": " + error);
    return decode_network(bytes.data(), bytes.size(), path);
}

}  // namespace mneme::nnue

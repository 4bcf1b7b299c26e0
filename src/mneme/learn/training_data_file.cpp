#include "mneme/learn/training_data_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>

namespace mneme {

namespace {

constexpr char MAGIC[9] = "MNEMEDAT";
constexpr std::uint32_t VERSION = 1;
constexpr std::size_t HEADER_BYTES = 64;
constexpr std::size_t RECORD_BYTES = ScoredPosition::ENCODED_SIZE;

std::uint64_t header_checksum(const std::uint8_t* header, const std::string& description) {
    RecordChecksum sum;
    sum.add(header, 56);
    std::vector<std::uint8_t> text(padded_to_8(description.size()), 0);
    // Not memcpy: an empty description leaves `text` with a null data pointer, which memcpy
    // must not be given (UBSan found it with the mdata fuzz target).
    std::copy(description.begin(), description.end(), text.begin());
    sum.add(text.data(), text.size());
    return sum.value();
}

std::vector<std::uint8_t> encode_header(const TrainingDataHeader& h) {
    std::vector<std::uint8_t> bytes(HEADER_BYTES + padded_to_8(h.description.size()), 0);
    std::memcpy(bytes.data(), MAGIC, 8);
    write_field<std::uint32_t>(bytes.data(), 8, VERSION);
    write_field<std::uint32_t>(bytes.data(), 12, RECORD_BYTES);
    write_field<std::uint64_t>(bytes.data(), 16, h.positions);
    write_field<std::uint64_t>(bytes.data(), 24, h.games);
    write_field<std::uint64_t>(bytes.data(), 32, h.first_game);
    write_field<std::uint64_t>(bytes.data(), 40, h.checksum);
    write_field<std::uint32_t>(bytes.data(), 48, std::uint32_t(h.description.size()));
    std::memcpy(bytes.data() + HEADER_BYTES, h.description.data(), h.description.size());
    write_field<std::uint64_t>(bytes.data(), 56, header_checksum(bytes.data(), h.description));
    return bytes;
}

// Reads and checks a header from the first bytes of a file of `file_size` bytes; returns where
// the records start. Does not check that the records fill the file.
std::size_t decode_header(const std::uint8_t* bytes, std::size_t file_size, TrainingDataHeader& h) {
    if (file_size < HEADER_BYTES)
        throw RecordFileError("too short for a header (" + std::to_string(file_size) + " bytes)");
    if (std::memcmp(bytes, MAGIC, 8) != 0)
        throw RecordFileError("bad magic (not a .mdata training data file)");
    auto version = read_field<std::uint32_t>(bytes, 8);
    if (version != VERSION)
        throw RecordFileError("format version " + std::to_string(version) +
                              ", this program reads version " + std::to_string(VERSION));
    if (read_field<std::uint32_t>(bytes, 12) != RECORD_BYTES)
        throw RecordFileError("records of " + std::to_string(read_field<std::uint32_t>(bytes, 12)) +
                              " bytes, expected " + std::to_string(RECORD_BYTES));
    h.positions = read_field<std::uint64_t>(bytes, 16);
    h.games = read_field<std::uint64_t>(bytes, 24);
    h.first_game = read_field<std::uint64_t>(bytes, 32);
    h.checksum = read_field<std::uint64_t>(bytes, 40);
    auto description_bytes = read_field<std::uint32_t>(bytes, 48);
    std::size_t records_offset = HEADER_BYTES + padded_to_8(description_bytes);
    if (records_offset > file_size)
        throw RecordFileError("truncated in the description (" + std::to_string(description_bytes) +
                              " bytes announced)");
    h.description.assign(reinterpret_cast<const char*>(bytes) + HEADER_BYTES, description_bytes);
    if (read_field<std::uint64_t>(bytes, 56) != header_checksum(bytes, h.description))
        throw RecordFileError("header checksum mismatch (the header is damaged)");
    return records_offset;
}

[[noreturn]] void fail(const std::string& path, const std::string& why) {
    throw TrainingDataError(path + ": " + why);
}

void write_all(int fd, const std::uint8_t* bytes, std::size_t size, off_t offset,
               const std::string& path) {
    while (size > 0) {
        ssize_t written = ::pwrite(fd, bytes, size, offset);
        if (written < 0) {
            if (errno == EINTR) continue;
            fail(path, std::string("cannot write: ") + std::strerror(errno));
        }
        bytes += written;
        size -= std::size_t(written);
        offset += written;
    }
}

}  // namespace

void RecordChecksum::add(const std::uint8_t* bytes, std::size_t size) {
    for (std::size_t i = 0; i + 8 <= size; i += 8) {
        std::uint64_t word;
        std::memcpy(&word, bytes + i, 8);
        hash_ = (hash_ ^ word) * 0x100000001b3ULL;
    }
}

TrainingDataWriter TrainingDataWriter::create(const std::string& path,
                                              const std::string& description,
                                              std::uint64_t first_game) {
    TrainingDataWriter w;
    w.path_ = path;
    w.header_.description = description;
    w.header_.first_game = first_game;
    w.header_.checksum = w.checksum_.value();
    // The new header goes to a temporary first so that a file being replaced is never torn.
    std::string temporary = path + ".new";
    int fd = ::open(temporary.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) fail(path, std::string("cannot create: ") + std::strerror(errno));
    w.fd_ = fd;
    auto bytes = encode_header(w.header_);
    write_all(fd, bytes.data(), bytes.size(), 0, path);
    w.records_offset_ = bytes.size();
    if (::fsync(fd) != 0 || std::rename(temporary.c_str(), path.c_str()) != 0)
        fail(path, std::string("cannot create: ") + std::strerror(errno));
    return w;
}

TrainingDataWriter TrainingDataWriter::resume(const std::string& path) {
    TrainingDataWriter w;
    w.path_ = path;
    int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
    if (fd < 0) fail(path, std::string("cannot open: ") + std::strerror(errno));
    w.fd_ = fd;
    struct stat status {};
    if (fstat(fd, &status) != 0) fail(path, std::string("cannot stat: ") + std::strerror(errno));
    std::size_t size = std::size_t(status.st_size);
    std::vector<std::uint8_t> head(std::min<std::size_t>(size, HEADER_BYTES + 65536));
    if (::pread(fd, head.data(), head.size(), 0) != ssize_t(head.size()))
        fail(path, "cannot read the header");
    try {
        w.records_offset_ = decode_header(head.data(), size, w.header_);
    } catch (const RecordFileError& e) {
        fail(path, e.what());
    }
    std::uint64_t committed_bytes = w.header_.positions * RECORD_BYTES;
    if (w.records_offset_ + committed_bytes > size)
        fail(path, "truncated: the header counts " + std::to_string(w.header_.positions) +
                       " positions, the file holds " +
                       std::to_string((size - w.records_offset_) / RECORD_BYTES));
    // Verify what is kept, then drop an uncommitted tail.
    std::vector<std::uint8_t> block(RECORD_BYTES * 65536);
    for (std::uint64_t done = 0; done < committed_bytes;) {
        std::size_t n = std::size_t(std::min<std::uint64_t>(block.size(), committed_bytes - done));
        if (::pread(fd, block.data(), n, off_t(w.records_offset_ + done)) != ssize_t(n))
            fail(path, "cannot read the records");
        w.checksum_.add(block.data(), n);
        done += n;
    }
    if (w.checksum_.value() != w.header_.checksum)
        fail(path, "checksum mismatch: records " + hex64(w.checksum_.value()) + ", header " +
                       hex64(w.header_.checksum));
    if (::ftruncate(fd, off_t(w.records_offset_ + committed_bytes)) != 0)
        fail(path, std::string("cannot cut off the unfinished game: ") + std::strerror(errno));
    return w;
}

TrainingDataWriter::TrainingDataWriter(TrainingDataWriter&& other) noexcept
    : path_(std::move(other.path_)),
      fd_(std::exchange(other.fd_, -1)),
      header_(std::move(other.header_)),
      records_offset_(other.records_offset_),
      pending_(std::move(other.pending_)),
      pending_games_(other.pending_games_),
      checksum_(other.checksum_) {}

TrainingDataWriter::~TrainingDataWriter() {
    if (fd_ >= 0) ::close(fd_);
}

void TrainingDataWriter::add_game(const std::vector<ScoredPosition>& positions) {
    std::size_t at = pending_.size();
    pending_.resize(at + positions.size() * RECORD_BYTES);
    for (const auto& p : positions) {
        p.encode(pending_.data() + at);
        at += RECORD_BYTES;
    }
    ++pending_games_;
}

void TrainingDataWriter::add_encoded(const std::uint8_t* records, std::size_t count,
                                     std::uint64_t games) {
    pending_.insert(pending_.end(), records, records + count * RECORD_BYTES);
    pending_games_ += games;
}

void TrainingDataWriter::commit() {
    if (pending_games_ == 0 && pending_.empty()) return;
    std::uint64_t end = records_offset_ + header_.positions * RECORD_BYTES;
    write_all(fd_, pending_.data(), pending_.size(), off_t(end), path_);
    if (::fdatasync(fd_) != 0) fail(path_, std::string("cannot flush: ") + std::strerror(errno));
    checksum_.add(pending_.data(), pending_.size());
    header_.positions += pending_.size() / RECORD_BYTES;
    header_.games += pending_games_;
    header_.checksum = checksum_.value();
    pending_.clear();
    pending_games_ = 0;
    write_header();
}

void TrainingDataWriter::write_header() {
    auto bytes = encode_header(header_);
    // One pwrite of under a page: a killed process leaves the old header or the new one.
    write_all(fd_, bytes.data(), bytes.size(), 0, path_);
    if (::fdatasync(fd_) != 0) fail(path_, std::string("cannot flush: ") + std::strerror(errno));
}

TrainingDataReader::TrainingDataReader(const std::string& path, bool verify_records,
                                       bool committed_only) {
    try {
        file_ = MappedFile::open(path, HEADER_BYTES);
        records_offset_ = decode_header(file_.bytes(), file_.size(), header_);
    } catch (const RecordFileError& e) {
        fail(path, e.what());
    }
    std::uint64_t held = (file_.size() - records_offset_) / RECORD_BYTES;
    if (committed_only && held >= header_.positions) {
        uncommitted_bytes_ = file_.size() - records_offset_ - header_.positions * RECORD_BYTES;
    } else if ((file_.size() - records_offset_) % RECORD_BYTES != 0 || held != header_.positions)
        fail(path,
             "the header counts " + std::to_string(header_.positions) +
                 " positions, the file holds " + std::to_string(held) +
                 ((file_.size() - records_offset_) % RECORD_BYTES ? " and a partial record" : "") +
                 " (an interrupted writer: resume it, or it is damaged)");
    if (!verify_records) return;
    RecordChecksum sum;
    sum.add(file_.bytes() + records_offset_, header_.positions * RECORD_BYTES);
    if (sum.value() != header_.checksum)
        fail(path, "checksum mismatch: records " + hex64(sum.value()) + ", header " +
                       hex64(header_.checksum));
    ScoredPosition p;
    for (std::uint64_t i = 0; i < header_.positions; ++i)
        if (!p.decode(record_bytes(i)))
            fail(path, "record " + std::to_string(i) + " is not a valid position");
}

ScoredPosition TrainingDataReader::at(std::uint64_t index) const {
    ScoredPosition p;
    p.decode(record_bytes(index));
    return p;
}

namespace {

// The "settings: ... shard=I/N" line of a shard's description, split into the settings without
// the shard and I, N; false for a file that is not a shard of a split run (N = 1 or no line).
bool shard_settings(const std::string& description, std::string& settings, unsigned& shard,
                    unsigned& shards) {
    std::size_t line = description.find("settings: ");
    if (line == std::string::npos) return false;
    std::string text = description.substr(line, description.find('\n', line) - line);
    std::size_t at = text.rfind(" shard=");
    if (at == std::string::npos) return false;
    if (std::sscanf(text.c_str() + at, " shard=%u/%u", &shard, &shards) != 2 || shards < 2 ||
        shard >= shards)
        return false;
    settings = text.substr(0, at);
    return true;
}

// Shards of one split run must all be there, once each, and finished: a merge of some of them
// would look like a complete run.
void check_shard_set(const std::vector<std::pair<std::string, TrainingDataReader>>& readers,
                     bool unfinished_shards) {
    std::string first_settings;
    unsigned count = 0;
    std::vector<std::string> holder;
    std::uint64_t games = 0;
    for (const auto& [path, reader] : readers) {
        std::string settings;
        unsigned shard = 0, shards = 0;
        if (!shard_settings(reader.header().description, settings, shard, shards)) {
            if (count) fail(path, "not a shard, but " + readers.front().first + " is one");
            return;
        }
        if (!count) {
            count = shards;
            first_settings = settings;
            holder.assign(shards, "");
        } else if (shards != count || settings != first_settings) {
            fail(path, "a shard of another run ('" + settings + "', " + std::to_string(shards) +
                           " shards) than " + readers.front().first);
        }
        if (!holder[shard].empty())
            fail(path, "shard " + std::to_string(shard) + "/" + std::to_string(shards) +
                           " is also given as " + holder[shard]);
        holder[shard] = path;
        games += reader.header().games;
    }
    for (unsigned i = 0; i < holder.size(); ++i)
        if (holder[i].empty())
            fail(readers.front().first, "shard " + std::to_string(i) + "/" + std::to_string(count) +
                                            " of its run is missing");
    // A run that states its games (datagen's games=G) must have all of them.
    unsigned long long wanted = 0;
    std::size_t at = first_settings.find(" games=");
    if (!unfinished_shards && at != std::string::npos &&
        std::sscanf(first_settings.c_str() + at, " games=%llu", &wanted) == 1 && games != wanted) {
        for (const auto& [path, reader] : readers) {
            unsigned shard = 0, shards = 0;
            std::string settings;
            shard_settings(reader.header().description, settings, shard, shards);
            std::uint64_t begin = wanted * shard / shards, end = wanted * (shard + 1) / shards;
            if (reader.header().games != end - begin)
                fail(path, "holds " + std::to_string(reader.header().games) + " of its " +
                               std::to_string(end - begin) +
                               " games (an unfinished shard: run it again to finish it)");
        }
    }
}

}  // namespace

TrainingDataHeader merge_training_data(const std::vector<std::string>& inputs,
                                       const std::string& output, const std::string& description,
                                       bool unfinished_shards) {
    std::vector<std::pair<std::string, TrainingDataReader>> readers;
    for (const auto& path : inputs) readers.emplace_back(path, TrainingDataReader(path));
    check_shard_set(readers, unfinished_shards);
    // Shards of one run: every file's first game is where the one before it ended.
    std::vector<std::size_t> order(readers.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return readers[a].second.header().first_game < readers[b].second.header().first_game;
    });
    bool shards = !readers.empty();
    for (std::size_t k = 1; k < order.size(); ++k) {
        const auto& before = readers[order[k - 1]].second.header();
        const auto& after = readers[order[k]].second.header();
        if (before.first_game + before.games != after.first_game) shards = false;
    }
    // Stopped shards leave gaps between them but keep the order of their games.
    if (!shards && !unfinished_shards)
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::uint64_t first = readers.empty() ? 0 : readers[order[0]].second.header().first_game;
    std::string temporary = output + ".merge";
    auto writer = TrainingDataWriter::create(temporary, description, shards ? first : 0);
    for (std::size_t index : order) {
        const auto& reader = readers[index].second;
        // Games are not delimited inside a file: its games count with its last block.
        constexpr std::uint64_t BLOCK = 1 << 20;
        for (std::uint64_t at = 0; at < reader.size() || (at == 0 && reader.header().games);
             at += BLOCK) {
            std::uint64_t n = std::min(BLOCK, reader.size() - at);
            bool last = at + n >= reader.size();
            writer.add_encoded(reader.record_bytes(at), n, last ? reader.header().games : 0);
            writer.commit();
            if (last) break;
        }
    }
    TrainingDataHeader result = writer.header();
    if (std::rename(temporary.c_str(), output.c_str()) != 0)
        fail(output,
             std::string("cannot rename the merged file into place: ") + std::strerror(errno));
    return result;
}

}  // namespace mneme

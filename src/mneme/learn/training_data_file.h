// The network-training data file (.mdata): a 64-byte header (magic, version, record size,
// positions, finished games, the first game's number, a checksum of the records and one of the
// header), a description of how the data was made (command, commit, seed), then 32-byte
// ScoredPosition records.
//
// Made to be written by long, interruptible jobs: records are appended game by game and the
// header is rewritten only after they are on disk, so a killed writer leaves a file whose
// header describes complete games; resuming cuts off whatever follows them.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "mneme/learn/scored_position.h"
#include "mneme/util/record_file.h"

namespace mneme {

// The message names the file and what is wrong with it.
class TrainingDataError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct TrainingDataHeader {
    std::uint64_t positions = 0;
    std::uint64_t games = 0;       // finished games whose positions are in the file
    std::uint64_t first_game = 0;  // the number of the file's first game in its run (shards)
    std::uint64_t checksum = 0;    // over the records, see RecordChecksum
    std::string description;
};

// FNV-1a over 64-bit words of the encoded records, in file order.
class RecordChecksum {
public:
    void add(const std::uint8_t* bytes, std::size_t size);
    std::uint64_t value() const { return hash_; }

private:
    std::uint64_t hash_ = 0xcbf29ce484222325ULL;
};

// Appends games to a data file and keeps its header true after every commit().
class TrainingDataWriter {
public:
    // A new, empty file (an existing one is replaced).
    static TrainingDataWriter create(const std::string& path, const std::string& description,
                                     std::uint64_t first_game);
    // Reopens a file written earlier; records after the last committed game are cut off and
    // the checksum of the rest is verified. Throws TrainingDataError when the file is damaged.
    static TrainingDataWriter resume(const std::string& path);

    TrainingDataWriter(TrainingDataWriter&& other) noexcept;
    TrainingDataWriter& operator=(TrainingDataWriter&&) = delete;
    TrainingDataWriter(const TrainingDataWriter&) = delete;
    ~TrainingDataWriter();

    // Buffers the positions of one finished game.
    void add_game(const std::vector<ScoredPosition>& positions);
    // Buffers encoded records that finish `games` games (0: the games go on in later calls).
    void add_encoded(const std::uint8_t* records, std::size_t count, std::uint64_t games);
    // Writes the buffered games and then the header, each flushed to disk.
    void commit();

    const TrainingDataHeader& header() const { return header_; }  // as last committed
    std::uint64_t pending_games() const { return pending_games_; }

private:
    TrainingDataWriter() = default;
    void write_header();

    std::string path_;
    int fd_ = -1;
    TrainingDataHeader header_;
    std::size_t records_offset_ = 0;
    std::vector<std::uint8_t> pending_;
    std::uint64_t pending_games_ = 0;
    RecordChecksum checksum_;
};

// A data file mapped read-only and checked (size, header and record checksums, every record
// decodable); throws TrainingDataError naming the file and the reason.
class TrainingDataReader {
public:
    // With `committed_only`, a file still being written (records after those its header counts)
    // is read up to its last committed game instead of being refused.
    explicit TrainingDataReader(const std::string& path, bool verify_records = true,
                                bool committed_only = false);
    // Records after the committed ones that were left out (committed_only).
    std::uint64_t uncommitted_bytes() const { return uncommitted_bytes_; }

    const TrainingDataHeader& header() const { return header_; }
    std::uint64_t size() const { return header_.positions; }
    ScoredPosition at(std::uint64_t index) const;
    const std::uint8_t* record_bytes(std::uint64_t index) const {
        return file_.bytes() + records_offset_ + index * ScoredPosition::ENCODED_SIZE;
    }

private:
    MappedFile file_;
    TrainingDataHeader header_;
    std::size_t records_offset_ = 0;
    std::uint64_t uncommitted_bytes_ = 0;
};

// Joins data files into one (atomically): shards of one run are put in the order of their first
// game and must follow on from each other, so that the result equals a single-process run's
// records; other files are joined in the order given. Every input is checked (size, checksum,
// records) first, and the shards of a split run (a "shard=I/N" settings line) must all be there,
// each once and finished. Throws TrainingDataError naming the file and the reason.
// `unfinished_shards` lets a shard hold only the first games of its range (a run stopped on
// purpose, datagen's --shard-games); the result then lists the shards' games one after another.
TrainingDataHeader merge_training_data(const std::vector<std::string>& inputs,
                                       const std::string& output, const std::string& description,
                                       bool unfinished_shards = false);

}  // namespace mneme

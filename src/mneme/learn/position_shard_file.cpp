#include "mneme/learn/position_shard_file.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>

#include "mneme/learn/position_file.h"
#include "mneme/util/atomic_file.h"
#include "mneme/util/whole_file.h"

namespace mneme {

namespace {

constexpr char MAGIC[8] = {'M', 'N', 'E', 'M', 'E', 'P', 'S', 'H'};
constexpr std::uint32_t VERSION = 2;
// magic, version, checksum of the payload, payload size.
constexpr std::size_t HEADER_SIZE = 8 + 4 + 8 + 8;
constexpr std::size_t MAX_TEXT = 1 << 16;

std::uint64_t checksum(const std::uint8_t* bytes, std::size_t size) {
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    for (std::size_t i = 0; i < size; ++i) hash = (hash ^ bytes[i]) * 0x100000001b3ULL;
    return hash;
}

void put(std::vector<std::uint8_t>& out, std::uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) out.push_back(std::uint8_t(value >> (8 * i)));
}

void put_text(std::vector<std::uint8_t>& out, const std::string& text) {
    std::string cut = text.substr(0, MAX_TEXT);
    put(out, cut.size(), 4);
    out.insert(out.end(), cut.begin(), cut.end());
}

// Reads the payload front to back; any read past its end is a truncated or corrupt file.
class PayloadReader {
public:
    PayloadReader(const std::uint8_t* data, std::size_t size, const std::string& path)
        : data_(data), size_(size), path_(path) {}
    std::uint64_t get(int bytes) {
        need(std::size_t(bytes));
        std::uint64_t value = 0;
        for (int i = 0; i < bytes; ++i) value |= std::uint64_t(data_[at_ + i]) << (8 * i);
        at_ += std::size_t(bytes);
        return value;
    }
    std::string text() {
        std::uint64_t size = get(4);
        if (size > MAX_TEXT) throw fail("corrupt header (text length)");
        need(size);
        std::string text(reinterpret_cast<const char*>(data_ + at_), size);
        at_ += size;
        return text;
    }
    const std::uint8_t* bytes(std::size_t count) {
        need(count);
        const std::uint8_t* start = data_ + at_;
        at_ += count;
        return start;
    }
    bool done() const { return at_ == size_; }
    PositionFileError fail(const std::string& reason) const {
        return PositionFileError(path_ + ": " + reason);
    }

private:
    void need(std::size_t count) const {
        if (count > size_ - at_) throw fail("ends early (truncated or corrupt)");
    }
    const std::uint8_t* data_;
    std::size_t size_, at_ = 0;
    const std::string& path_;
};

bool valid_result(std::uint64_t code) {
    return code == std::uint64_t(GameResult::WHITE_WINS) ||
           code == std::uint64_t(GameResult::BLACK_WINS) || code == std::uint64_t(GameResult::DRAW);
}

}  // namespace

bool is_position_shard_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    char magic[sizeof MAGIC] = {};
    in.read(magic, sizeof magic);
    return in && std::memcmp(magic, MAGIC, sizeof MAGIC) == 0;
}

void save_position_shard(const std::string& path, const PositionShard& shard) {
    std::vector<std::uint8_t> payload;
    put(payload, std::uint32_t(shard.shard), 4);
    put(payload, std::uint32_t(shard.shards), 4);
    put(payload, std::uint32_t(shard.max_per_game), 4);
    put(payload, std::uint64_t(shard.quiet), 1);
    put(payload, shard.params_fingerprint, 8);
    const SamplerStats& g = shard.games;
    for (std::uint64_t counter :
         {g.games_seen, g.games_used, g.unreadable, g.no_result, g.below_elo, g.variant})
        put(payload, counter, 8);
    put(payload, g.input_failed ? 1 : 0, 1);
    put_text(payload, shard.run);
    put_text(payload, shard.description);
    put(payload, shard.shard_games.size(), 8);
    std::uint8_t packed[TrainingPosition::ENCODED_SIZE];
    for (const ShardGame& game : shard.shard_games) {
        put(payload, game.index, 8);
        put(payload, std::uint64_t(game.result), 1);
        put(payload, game.candidates.size(), 4);
        for (const CandidateOutcome& c : game.candidates) {
            put(payload, c.kind, 1);
            if (c.kind != CandidateOutcome::PASSED && c.kind != CandidateOutcome::UNCLASSIFIED)
                continue;
            if (c.kind == CandidateOutcome::PASSED) put(payload, c.key, 8);
            c.position.encode(packed);
            payload.insert(payload.end(), packed, packed + sizeof packed);
        }
    }
    std::vector<std::uint8_t> header(MAGIC, MAGIC + sizeof MAGIC);
    put(header, VERSION, 4);
    put(header, checksum(payload.data(), payload.size()), 8);
    put(header, payload.size(), 8);
    write_file_atomically(path, [&](std::ostream& out) {
        out.write(reinterpret_cast<const char*>(header.data()), std::streamsize(header.size()));
        out.write(reinterpret_cast<const char*>(payload.data()), std::streamsize(payload.size()));
    });
}

PositionShard load_position_shard(const std::string& path) {
    auto fail = [&](const std::string& reason) { return PositionFileError(path + ": " + reason); };
    std::vector<std::uint8_t> bytes;
    if (std::string error = read_whole_file(path, bytes); !error.empty()) throw fail(error);
    if (bytes.size() < HEADER_SIZE || std::memcmp(bytes.data(), MAGIC, sizeof MAGIC) != 0)
        throw fail("not a shard of 'mneme learn positions' (bad magic)");
    PayloadReader header(bytes.data() + sizeof MAGIC, HEADER_SIZE - sizeof MAGIC, path);
    std::uint64_t version = header.get(4), expected_sum = header.get(8), size = header.get(8);
    if (version != VERSION)
        throw fail("format version " + std::to_string(version) + ", this mneme reads version " +
                   std::to_string(VERSION));
    if (size != bytes.size() - HEADER_SIZE)
        throw fail("size does not match the header: " + std::to_string(size) +
                   " bytes announced, " + std::to_string(bytes.size() - HEADER_SIZE) +
                   " present (truncated or corrupt)");
    const std::uint8_t* payload = bytes.data() + HEADER_SIZE;
    if (checksum(payload, size) != expected_sum)
        throw fail("checksum mismatch (the file is corrupt)");

    PayloadReader reader(payload, size, path);
    PositionShard shard;
    shard.shard = int(reader.get(4));
    shard.shards = int(reader.get(4));
    shard.max_per_game = int(reader.get(4));
    std::uint64_t quiet = reader.get(1);
    if (quiet > std::uint64_t(QuietFilter::RESOLVE)) throw fail("corrupt header (quiet filter)");
    shard.quiet = QuietFilter(quiet);
    shard.params_fingerprint = reader.get(8);
    if (shard.shards < 1 || shard.shards > 100000 || shard.shard < 0 || shard.shard >= shard.shards)
        throw fail("corrupt header (shard " + std::to_string(shard.shard) + " of " +
                   std::to_string(shard.shards) + ")");
    SamplerStats& g = shard.games;
    for (std::uint64_t* counter :
         {&g.games_seen, &g.games_used, &g.unreadable, &g.no_result, &g.below_elo, &g.variant})
        *counter = reader.get(8);
    g.input_failed = reader.get(1) != 0;
    shard.run = reader.text();
    shard.description = reader.text();
    std::uint64_t games = reader.get(8);
    std::uint64_t previous = 0;
    for (std::uint64_t i = 0; i < games; ++i) {
        ShardGame& game = shard.shard_games.emplace_back();
        game.index = reader.get(8);
        if (game.index % std::uint64_t(shard.shards) != std::uint64_t(shard.shard) ||
            (i > 0 && game.index <= previous))
            throw fail("game " + std::to_string(game.index) + " does not belong in shard " +
                       std::to_string(shard.shard) + "/" + std::to_string(shard.shards) +
                       " here (corrupt)");
        previous = game.index;
        std::uint64_t result = reader.get(1);
        if (!valid_result(result))
            throw fail("game " + std::to_string(game.index) + ": bad result");
        game.result = GameResult(result);
        std::uint64_t count = reader.get(4);
        for (std::uint64_t c = 0; c < count; ++c) {
            CandidateOutcome& outcome = game.candidates.emplace_back();
            std::uint64_t kind = reader.get(1);
            if (kind > CandidateOutcome::UNCLASSIFIED)
                throw fail("game " + std::to_string(game.index) + ": bad candidate kind");
            outcome.kind = CandidateOutcome::Kind(kind);
            if (outcome.kind != CandidateOutcome::PASSED &&
                outcome.kind != CandidateOutcome::UNCLASSIFIED)
                continue;
            if (outcome.kind == CandidateOutcome::PASSED) outcome.key = reader.get(8);
            if (!outcome.position.decode(reader.bytes(TrainingPosition::ENCODED_SIZE)))
                throw fail("game " + std::to_string(game.index) +
                           ": a position is not a valid packed board");
        }
    }
    if (!reader.done()) throw fail("bytes after the last game (corrupt)");
    return shard;
}

std::vector<TrainingPosition> merge_position_shards(const std::vector<PositionShard>& shards,
                                                    const std::vector<std::string>& paths,
                                                    const EvalParams& params, SamplerStats& stats,
                                                    std::uint64_t max_positions) {
    auto name = [&](std::size_t i) { return i < paths.size() ? paths[i] : "shard"; };
    if (shards.empty()) throw PositionFileError("no shards to merge");
    const PositionShard& first = shards.front();
    std::vector<const PositionShard*> by_number(std::size_t(first.shards), nullptr);
    for (std::size_t i = 0; i < shards.size(); ++i) {
        const PositionShard& s = shards[i];
        if (s.shards != first.shards || s.run != first.run ||
            s.max_per_game != first.max_per_game || s.quiet != first.quiet ||
            s.params_fingerprint != first.params_fingerprint)
            throw PositionFileError(name(i) + ": not a shard of the same run as " + name(0) + " (" +
                                    s.run + " shard of " + std::to_string(s.shards) + ", against " +
                                    first.run + " of " + std::to_string(first.shards) + ")");
        const SamplerStats &a = s.games, &b = first.games;
        if (a.games_seen != b.games_seen || a.games_used != b.games_used ||
            a.unreadable != b.unreadable || a.no_result != b.no_result ||
            a.below_elo != b.below_elo || a.variant != b.variant)
            throw PositionFileError(name(i) + ": read other games than " + name(0) + " (" +
                                    std::to_string(a.games_seen) + " games against " +
                                    std::to_string(b.games_seen) +
                                    "): the inputs changed between the shards");
        if (by_number[std::size_t(s.shard)])
            throw PositionFileError(name(i) + ": shard " + std::to_string(s.shard) + "/" +
                                    std::to_string(s.shards) + " is given twice");
        by_number[std::size_t(s.shard)] = &s;
    }
    for (std::size_t n = 0; n < by_number.size(); ++n)
        if (!by_number[n])
            throw PositionFileError("shard " + std::to_string(n) + "/" +
                                    std::to_string(first.shards) + " is missing");

    // Game g is in shard g mod N, and each shard lists its games in order.
    std::vector<const ShardGame*> games;
    for (const PositionShard& s : shards)
        for (const ShardGame& game : s.shard_games) games.push_back(&game);
    std::sort(games.begin(), games.end(),
              [](const ShardGame* a, const ShardGame* b) { return a->index < b->index; });

    const bool untested = std::any_of(games.begin(), games.end(), [](const ShardGame* game) {
        return std::any_of(game->candidates.begin(), game->candidates.end(),
                           [](const auto& c) { return c.kind == CandidateOutcome::UNCLASSIFIED; });
    });
    if (untested && eval_params_fingerprint(params) != first.params_fingerprint)
        throw PositionFileError(
            name(0) +
            ": its quiet filter used another evaluation table than this merge; give the "
            "merge the shards' --params");

    PositionCollector collector(first.max_per_game, max_positions);
    std::uint64_t games_walked = 0;
    for (const ShardGame* game : games) {
        if (collector.full()) break;  // where the single run stops reading games
        ++games_walked;
        collector.start_game(game->result);
        for (const CandidateOutcome& candidate : game->candidates) {
            if (!collector.wants_more()) break;
            if (candidate.kind != CandidateOutcome::UNCLASSIFIED) {
                collector.offer(candidate);
                continue;
            }
            Position pos = candidate.position.to_position();
            collector.offer(classify_candidate(pos, first.quiet, params));
        }
    }
    stats = first.games;
    // Cut short, the single run used only the games before its stop; the other game counters
    // (seen, unreadable, without a result) stay the shards' totals.
    if (collector.full()) stats.games_used = games_walked;
    stats.input_failed = false;
    for (const PositionShard& s : shards)
        stats.input_failed = stats.input_failed || s.games.input_failed;
    const CandidateCounts& counts = collector.counts();
    stats.considered = counts.considered;
    stats.in_check = counts.in_check;
    stats.not_quiet = counts.not_quiet;
    stats.mate_scores = counts.mate_scores;
    stats.duplicates = counts.duplicates;
    stats.positions = collector.size();
    return collector.finish();
}

}  // namespace mneme

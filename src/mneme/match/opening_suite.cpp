#include "mneme/match/opening_suite.h"

#include <algorithm>
#include <cctype>
#include <mutex>
#include <numeric>
#include <random>

#include "mneme/book/polyglot_book.h"
#include "mneme/notation/epd.h"
#include "mneme/pgn/input_stream.h"
#include "mneme/pgn/pgn_reader.h"
#include "mneme/util/splitmix64.h"
#include "mneme/util/text.h"

namespace mneme {

namespace {

constexpr int DEFAULT_BOOK_PLIES = 8;

// SplitMix64's finaliser: spreads nearby seeds (n, n+1, ...) over unrelated generator states.
std::uint64_t mix(std::uint64_t x) { return splitmix64_finalise(x + SPLITMIX64_INCREMENT); }

// Different salts keep the shuffles and the book walks of one seed independent.
constexpr std::uint64_t SHUFFLE_SALT = 0x53485546464c45ULL;
constexpr std::uint64_t BOOK_SALT = 0x424f4f4bULL;

std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t salt, std::uint64_t index) {
    return mix(mix(seed ^ salt) + index);
}

bool ends_with(std::string_view text, std::string_view suffix) {
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

// Calls `on_line(text, line_number)` for every line of `input` (without its line ending), then
// throws if the input turned out corrupt: a damaged file is not silently cut short.
template <class OnLine>
void for_each_line(InputStream& input, const std::string& path, OnLine on_line) {
    std::string buffer(1 << 16, '\0');
    std::string pending;
    std::uint64_t line_number = 0;
    while (std::size_t got = input.read(buffer.data(), buffer.size())) {
        std::string_view chunk(buffer.data(), got);
        std::size_t newline;
        while ((newline = chunk.find('\n')) != std::string_view::npos) {
            std::string_view line = chunk.substr(0, newline);
            if (!pending.empty()) {
                pending.append(line);
                line = pending;
            }
            if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
            on_line(line, ++line_number);
            pending.clear();
            chunk.remove_prefix(newline + 1);
        }
        pending.append(chunk);
    }
    if (!input.error().empty()) throw OpeningSuiteError(path + ": " + input.error());
    if (!pending.empty()) {
        std::string_view line = pending;
        if (line.back() == '\r') line.remove_suffix(1);
        on_line(line, ++line_number);
    }
}

}  // namespace

// The permutation of the current cycle of a RANDOM suite, rebuilt when a later (or earlier)
// cycle is asked for.
class OpeningSuite::ShuffleCache {
public:
    std::mutex mutex;
    std::uint64_t cycle = 0;
    bool valid = false;
    std::vector<std::uint32_t> order;
};

OpeningFormat opening_format_from_name(std::string_view name) {
    std::string n = lower_case(name);
    if (n == "epd") return OpeningFormat::EPD;
    if (n == "pgn") return OpeningFormat::PGN;
    if (n == "polyglot" || n == "bin") return OpeningFormat::POLYGLOT;
    throw OpeningSuiteError(std::string("unknown opening format '")
                                .append(name)
                                .append("' (expected epd, pgn or polyglot)"));
}

OpeningFormat opening_format_from_path(std::string_view path) {
    std::string lowered = lower_case(path);
    std::string_view p = lowered;
    for (std::string_view compressed : {".zst", ".zstd", ".gz"})
        if (ends_with(p, compressed)) {
            p.remove_suffix(compressed.size());
            break;
        }
    if (ends_with(p, ".epd")) return OpeningFormat::EPD;
    if (ends_with(p, ".pgn")) return OpeningFormat::PGN;
    if (ends_with(p, ".bin")) return OpeningFormat::POLYGLOT;
    throw OpeningSuiteError(std::string(path) +
                            ": cannot tell the opening format from the file name "
                            "(expected .epd, .pgn or .bin; give the format explicitly)");
}

OpeningSuite OpeningSuite::standard_start() {
    OpeningSuite suite;
    suite.openings_.push_back({Position().fen(), {}, "", false});
    suite.shuffle_ = std::make_shared<ShuffleCache>();
    return suite;
}

OpeningSuite OpeningSuite::load(const OpeningOptions& options) {
    if (options.file.empty()) throw OpeningSuiteError("no opening file given");
    if (options.start < 1)
        throw OpeningSuiteError(options.file +
                                ": the first opening number must be 1 or more, got " +
                                std::to_string(options.start));
    OpeningSuite suite;
    suite.options_ = options;
    suite.shuffle_ = std::make_shared<ShuffleCache>();
    switch (options.format) {
        case OpeningFormat::EPD:
            load_epd(suite);
            break;
        case OpeningFormat::PGN:
            load_pgn(suite);
            break;
        case OpeningFormat::POLYGLOT: {
            try {
                suite.book_ = std::make_shared<PolyglotBook>(PolyglotBook::open(options.file));
            } catch (const PolyglotBookError& e) {
                throw OpeningSuiteError(e.what());
            }
            if (suite.book_->probe(Position()).empty())
                suite.warnings_.push_back(options.file +
                                          ": the book has no move for the starting position");
            return suite;
        }
    }
    if (suite.openings_.empty()) {
        std::string why = options.file + ": no usable opening in the file";
        if (!suite.warnings_.empty()) why += " (first problem: " + suite.warnings_.front() + ")";
        throw OpeningSuiteError(why);
    }
    if (std::size_t(options.start) > suite.openings_.size())
        suite.warnings_.push_back(options.file + ": first opening " +
                                  std::to_string(options.start) + " is past the " +
                                  std::to_string(suite.openings_.size()) +
                                  " openings of the file; counting wraps around");
    return suite;
}

void OpeningSuite::load_epd(OpeningSuite& suite) {
    const OpeningOptions& options = suite.options_;
    std::string error;
    std::unique_ptr<InputStream> input = InputStream::open(options.file, &error);
    if (!input) throw OpeningSuiteError(error);
    for_each_line(*input, options.file, [&](std::string_view line, std::uint64_t number) {
        auto warn = [&](const std::string& reason) {
            suite.warnings_.push_back(options.file + ":" + std::to_string(number) + ": " + reason);
        };
        std::string why;
        std::optional<EpdRecord> record = parse_epd_line(line, &why);
        if (!record) {
            if (!why.empty()) warn(why);  // empty: a blank or comment line
            return;
        }
        record->chess960 = record->chess960 || options.chess960;
        try {
            Position start = record->position();
            suite.openings_.push_back(
                {start.fen(), {}, record->operand("id"), start.is_chess960()});
        } catch (const FenError& e) {
            warn(e.what());
        }
    });
}

void OpeningSuite::load_pgn(OpeningSuite& suite) {
    const OpeningOptions& options = suite.options_;
    PgnReaderOptions reader_options;
    reader_options.mainline_only = true;
    PgnReader reader(options.file, reader_options);
    PgnMainline game;
    while (reader.next_mainline(game)) {
        Position start;
        std::string why;
        // The reader has replayed the game from these tags already, so this does not fail.
        if (!starting_position(game.headers, start, &why)) continue;
        if (options.chess960 && !start.is_chess960()) start = Position::from_fen(start.fen(), true);
        std::vector<Move> moves = game.moves;
        if (options.plies >= 0 && moves.size() > std::size_t(options.plies))
            moves.resize(std::size_t(options.plies));
        std::string name(game.headers.get("Opening"));
        std::string_view variation = game.headers.get("Variation");
        if (!variation.empty())
            name += name.empty() ? std::string(variation) : ", " + std::string(variation);
        suite.openings_.push_back(
            {start.fen(), std::move(moves), std::move(name), start.is_chess960()});
    }
    if (reader.failed()) {
        std::string why = options.file + ": cannot read the file";
        for (const PgnError& e : reader.errors())
            if (!e.warning) why = e.message();  // the last error is the fatal one
        throw OpeningSuiteError(why);
    }
    for (const PgnError& e : reader.errors()) suite.warnings_.push_back(e.message());
}

std::size_t OpeningSuite::shuffled_index(std::uint64_t sequence_number) const {
    std::uint64_t size = openings_.size();
    std::uint64_t cycle = sequence_number / size;
    std::lock_guard<std::mutex> lock(shuffle_->mutex);
    if (!shuffle_->valid || shuffle_->cycle != cycle) {
        std::vector<std::uint32_t>& order = shuffle_->order;
        order.resize(size);
        std::iota(order.begin(), order.end(), 0u);
        // Fisher-Yates by hand: std::shuffle's algorithm differs between standard libraries,
        // and a seed must give the same order everywhere.
        std::mt19937_64 rng(derive_seed(options_.seed, SHUFFLE_SALT, cycle));
        for (std::uint64_t i = size - 1; i > 0; --i) std::swap(order[i], order[rng() % (i + 1)]);
        shuffle_->cycle = cycle;
        shuffle_->valid = true;
    }
    return shuffle_->order[sequence_number % size];
}

Opening OpeningSuite::book_line(std::uint64_t sequence_number) const {
    std::mt19937_64 rng(derive_seed(options_.seed, BOOK_SALT, sequence_number));
    int plies = options_.plies < 0 ? DEFAULT_BOOK_PLIES : options_.plies;
    Opening opening;
    Position pos;
    for (int ply = 0; ply < plies; ++ply) {
        Move move = book_->pick(pos, rng, true);
        if (!move) break;
        opening.moves.push_back(move);
        pos.do_move(move);
    }
    return opening;
}

Opening OpeningSuite::opening(std::size_t n) const {
    std::uint64_t sequence_number = std::uint64_t(options_.start - 1) + n;
    if (book_) return book_line(sequence_number);
    if (openings_.empty()) return Opening{};  // a default-constructed suite: the standard start
    std::size_t index = options_.order == OpeningOrder::RANDOM
                            ? shuffled_index(sequence_number)
                            : std::size_t(sequence_number % openings_.size());
    const StoredOpening& stored = openings_[index];
    return {Position::from_fen(stored.fen, stored.chess960), stored.moves, stored.name,
            stored.chess960};
}

}  // namespace mneme

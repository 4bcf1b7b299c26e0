// The openings a match plays from: positions from an EPD file, move sequences from a PGN file,
// or lines drawn at random from a Polyglot book; handed out per encounter, reproducibly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "mneme/core/position.h"

namespace mneme {

class PolyglotBook;

struct Opening {
    Position start;           // where the game begins (in Chess960 mode when needed)
    std::vector<Move> moves;  // played from `start` before the engines take over
    std::string name;         // EPD id / PGN "Opening, Variation" / ""; for the PGN Opening tag
    bool chess960 = false;

    std::string fen() const { return start.fen(); }  // FEN of `start`
};

enum class OpeningFormat { EPD, PGN, POLYGLOT };
enum class OpeningOrder { SEQUENTIAL, RANDOM };

struct OpeningOptions {
    std::string file;
    OpeningFormat format = OpeningFormat::EPD;
    OpeningOrder order = OpeningOrder::SEQUENTIAL;
    std::uint64_t seed = 0;
    // PGN: use at most this many moves of each game (< 0: all). POLYGLOT: the depth of the
    // book line in plies (< 0: 8). EPD: unused.
    int plies = -1;
    int start = 1;          // 1-based index of the first opening to use
    bool chess960 = false;  // play every opening as Chess960 (also set per opening when its
                            // castling rights need it)
};

// A file that cannot be used at all; the message names the file (and line when there is one).
class OpeningSuiteError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class OpeningSuite {
public:
    // Loads the file. Throws OpeningSuiteError for a file that cannot be used at all (missing,
    // unreadable, corrupt compressed data, not a Polyglot book, no usable opening, bad options).
    // Bad records (bad FEN, illegal move) are skipped and described in warnings().
    static OpeningSuite load(const OpeningOptions& options);
    // Absent a file: the standard starting position, every game.
    static OpeningSuite standard_start();

    // Number of openings; 0 for POLYGLOT, whose openings are generated on demand.
    std::size_t size() const { return openings_.size(); }
    OpeningFormat format() const { return options_.format; }
    const OpeningOptions& options() const { return options_; }

    // The opening for the n-th encounter (0-based) of a match, deterministic for a given seed.
    // SEQUENTIAL: number (start-1+n) mod size. RANDOM: position (start-1+n) of a seeded shuffle
    // of the suite, reshuffled with a derived seed each time the suite is used up, so every
    // opening comes once per cycle. POLYGLOT: a random walk from the standard start, choosing
    // book moves by weight with a generator seeded from (seed, start-1+n), for `plies` plies or
    // until out of book. Safe to call from several threads.
    Opening opening(std::size_t n) const;

    // "FILE:LINE: reason" (EPD) or "FILE: game N (line L): reason" (PGN), in file order.
    const std::vector<std::string>& warnings() const { return warnings_; }

private:
    struct StoredOpening {
        std::string fen;  // kept as text: a few dozen bytes instead of a whole Position
        std::vector<Move> moves;
        std::string name;
        bool chess960 = false;
    };
    class ShuffleCache;

    static void load_epd(OpeningSuite& suite);
    static void load_pgn(OpeningSuite& suite);
    std::size_t shuffled_index(std::uint64_t sequence_number) const;
    Opening book_line(std::uint64_t sequence_number) const;

    OpeningOptions options_;
    std::vector<StoredOpening> openings_;
    std::vector<std::string> warnings_;
    std::shared_ptr<const PolyglotBook> book_;
    std::shared_ptr<ShuffleCache> shuffle_;  // copies share it: the order is the same anyway
};

// "epd", "pgn", "polyglot" or "bin" (any case); throws OpeningSuiteError for anything else.
OpeningFormat opening_format_from_name(std::string_view name);
// The format a file name suggests: .epd, .pgn (also .epd/.pgn followed by .zst or .gz), .bin.
// Throws OpeningSuiteError when the extension says nothing.
OpeningFormat opening_format_from_path(std::string_view path);

}  // namespace mneme

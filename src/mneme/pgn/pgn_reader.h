// Streaming PGN reader: one game at a time from plain, gzip or zstd input, every move resolved
// to a legal Move by replaying it. A bad game is skipped with a message naming the file, game
// number, line and reason, and reading goes on with the next game.
//
//     PgnReader reader("games.pgn.zst");
//     while (auto game = reader.next()) { ... game->mainline ... }
//     for (const PgnError& e : reader.errors()) std::cerr << e.message() << '\n';
//
// Bulk replay reuses one PgnMainline and skips comments and variations while lexing:
//
//     PgnReaderOptions options;
//     options.mainline_only = true;
//     PgnReader reader(path, options);
//     PgnMainline game;
//     while (reader.next_mainline(game)) { ... game.moves ... }
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mneme/core/position.h"
#include "mneme/notation/san.h"
#include "mneme/pgn/input_stream.h"
#include "mneme/pgn/pgn_game.h"
#include "mneme/pgn/pgn_lexer.h"

namespace mneme {

// Real annotation seldom nests variations more than a dozen levels; a game nesting them deeper
// than this is refused as malformed (it is most likely generated to exhaust a reader).
inline constexpr int MAX_VARIATION_DEPTH = 256;

struct PgnReaderOptions {
    // Skip comments, NAGs and whole variations while lexing: the fast path for callers that need
    // only mainline moves. Moves inside variations are then not checked.
    bool mainline_only = false;
    // A game whose variations nest deeper is skipped with an error.
    int max_variation_depth = MAX_VARIATION_DEPTH;
    // Decode compressed files on a second thread, a few blocks ahead of the parser.
    bool decode_ahead = true;
    // How messages name the input; empty means the path as given ("<stdin>" for "-").
    std::string name;
};

// A skipped game, a failed read, or (when `warning`) something odd that was tolerated.
struct PgnError {
    std::string file;
    std::uint64_t game_number = 0;  // 0 when the problem is not inside a game
    std::uint64_t line = 0;         // 0 when there is no line to name (e.g. cannot open)
    std::string reason;
    bool warning = false;

    // "FILE: game N (line L): REASON", with "warning: " before a warning's reason.
    std::string message() const;
};

struct PgnReadStats {
    std::uint64_t games_read = 0;
    std::uint64_t games_skipped = 0;
    std::uint64_t plies = 0;  // mainline moves of the games read
    std::uint64_t warnings = 0;

    std::uint64_t games_seen() const { return games_read + games_skipped; }
};

class PgnReader {
public:
    // Opens `path` ("-" is stdin); a file that cannot be opened gives one error and no games.
    explicit PgnReader(const std::string& path, PgnReaderOptions options = {});
    // Reads PGN text (plain or compressed bytes) from memory.
    static PgnReader from_string(std::string text, PgnReaderOptions options = {});

    PgnReader(PgnReader&&) = default;
    PgnReader& operator=(PgnReader&&) = default;

    // The next readable game with its comments, NAGs and variations, or nullopt at the end.
    std::optional<PgnGame> next();
    // The same into an existing game; false at the end.
    bool next(PgnGame& game);
    // The next readable game as headers and mainline moves, reusing `game`'s storage.
    bool next_mainline(PgnMainline& game);

    // The position at the end of the mainline of the game last returned, with its history.
    const Position& position() const { return position_; }
    const PgnReadStats& stats() const { return stats_; }
    // Errors and warnings so far, in input order; clear_errors() forgets those already handled.
    const std::vector<PgnError>& errors() const { return errors_; }
    void clear_errors() { errors_.clear(); }
    // True when the input could not be opened or read to its end (corrupt compressed data).
    bool failed() const { return failed_; }
    const std::string& name() const { return name_; }
    // For progress: raw bytes consumed and the file size (0 when unknown).
    std::uint64_t bytes_consumed() const;
    std::uint64_t total_bytes() const;

private:
    PgnReader(std::unique_ptr<InputStream> input, PgnReaderOptions options, std::string name);

    enum class MovetextOutcome { READ, SKIPPED, NOT_A_GAME };
    struct VariationFrame {
        Move replaced;           // the move the variation is an alternative to
        int history_length = 0;  // of the position where the variation starts
        std::uint64_t line = 0;  // of its "("
    };

    template <class Sink>
    bool read_game(Sink& sink);
    template <class Sink>
    MovetextOutcome read_movetext(Sink& sink, PgnToken token, bool tagged);
    void skip_game(PgnToken token, int depth);
    bool set_up_position(const GameHeaders& headers, std::uint64_t line);
    GameResult agreed_result(const GameHeaders& headers, std::string_view marker,
                             std::uint64_t line);
    void report(std::uint64_t game_number, std::uint64_t line, std::string reason,
                bool warning = false);
    std::string move_failure(std::string_view text, SanError why, int depth) const;
    void check_input_error();

    std::string name_;
    std::unique_ptr<PgnLexer> lexer_;
    PgnReaderOptions options_;
    Position position_;
    Position standard_start_;
    std::vector<VariationFrame> frames_;
    PgnReadStats stats_;
    std::vector<PgnError> errors_;
    std::uint64_t game_number_ = 0;
    bool failed_ = false;
    bool input_checked_ = false;
};

}  // namespace mneme

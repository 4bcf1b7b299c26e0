// Who plays a side of a GUI game: a person, mneme's search (optionally playing from a book
// first), the case-based reasoning player with one of the server's case bases, or a book
// player (the book's policy move; out of book a depth-2 search, as proto=book in matches).
// A ComputerPlayer makes the decisions that need no search; the search itself stays with the
// session's engine worker.
#pragma once

#include <memory>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "mneme/book/book_policy.h"
#include "mneme/cbr/cbr_agent.h"
#include "mneme/gui/json_views.h"
#include "mneme/gui/player_library.h"

namespace mneme::gui {

enum class PlayerKind { HUMAN, ENGINE, CBR, BOOK };

const char* player_kind_name(PlayerKind kind);

struct PlayerSetup {
    PlayerKind kind = PlayerKind::HUMAN;
    std::string book;  // BOOK: its book; ENGINE: a book to play from first
    std::string book_policy = "opta3";
    std::string evaluation;  // ENGINE: the id of its evaluation ("": the server's)
    std::string cases;       // CBR: its case base
    // CBR settings by name, as parse_cbr_setting reads them ("k" -> "4", "mirror" -> "true").
    std::vector<std::pair<std::string, std::string>> cbr_options;

    bool human() const { return kind == PlayerKind::HUMAN; }
    static PlayerSetup of(PlayerKind kind) {
        PlayerSetup setup;
        setup.kind = kind;
        return setup;
    }
};

// {"kind": "cbr", "cases": ..., "options": {...}}, {"kind": "engine", "evaluation": "classic"}
// (only the fields the kind uses).
Json player_setup_json(const PlayerSetup& setup);
// A string ("human", "engine", "cbr", "book") or such an object; a CBR or book player without
// a file gets the library's first. Throws ApiError (400 for a malformed value, 422 for a file
// the server does not have or a bad setting), naming `where` ("players.white").
PlayerSetup read_player_setup(const Json& value, const PlayerLibrary& library,
                              const std::string& where);

// A move decided without a search, with what the person should know about it.
struct PlayerDecision {
    Move move;
    std::string comment;  // for the PGN: "book: 1234 games, 55.1%", "CBR: similarity 248 ..."
    Json details;         // for the Analyse tab: the book row, or the CBR cases and trace
};

class ComputerPlayer {
public:
    static constexpr int BOOK_PLAYER_FALLBACK_DEPTH = 2;
    static constexpr int MAX_VERIFY_DEPTH = 10;

    // Throws ApiError (422) when the setup names a file the library does not hold or a bad
    // CBR setting.
    ComputerPlayer(const PlayerSetup& setup, const PlayerLibrary& library, std::uint64_t seed);

    // The book's or the case base's move for `pos` (with its history); nullopt when the
    // search decides (no book move, or a plain engine). One thread at a time.
    std::optional<PlayerDecision> decide(const Position& pos);

    // The name for PGN headers: "mneme CBR (experts.mcases)".
    std::string name() const;
    // The evaluation its searches use; null: the server's.
    const std::shared_ptr<const Evaluator>& evaluation() const { return evaluation_; }
    // The search depth out of book for a book player (0: the engine's own limits).
    int fallback_depth() const {
        return setup_.kind == PlayerKind::BOOK ? BOOK_PLAYER_FALLBACK_DEPTH : 0;
    }

private:
    std::optional<PlayerDecision> book_move(const Position& pos);
    PlayerDecision case_move(const Position& pos);

    PlayerSetup setup_;
    LoadedBook book_;       // book_.book null: none
    LoadedCaseBase cases_;  // cases_.base null: none
    BookPolicy policy_;
    std::shared_ptr<const Evaluator> evaluation_;
    std::mt19937_64 rng_;
    std::unique_ptr<CbrAgent> agent_;
};

}  // namespace mneme::gui

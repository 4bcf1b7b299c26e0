// Players that live inside the runner's process: mneme's own searcher with any option set, and
// the baselines every learned player must beat (a random mover and a material-greedy one).
#pragma once

#include <memory>
#include <random>
#include <string>

#include "mneme/book/engine_book.h"
#include "mneme/match/player.h"
#include "mneme/match/player_spec.h"
#include "mneme/search/search.h"
#include "mneme/search/skill.h"

namespace mneme {

// mneme's searcher, configured from the spec's options: Hash, Threads, Contempt, Skill Level,
// UCI_LimitStrength, UCI_Elo, and the search switches of search-compare (Algorithm =
// minimax|alphabeta|failsoft|pvs, Aspiration, TranspositionTable, TTMove, CaptureOrdering,
// Killers, CounterMoves, History, NullMove, LMR, Futility = true|false), the search margins
// (FutilityBase, FutilityPerDepth, ReverseFutilityPerDepth, NullMoveReduction,
// QuiescenceDelta, RazorBase, RazorPerDepthSquared, ProbCutMargin, SingularMarginPerDepth,
// HistoryPrunePerDepth, AspirationDelta, LmrBase, LmrDivisor, PlannedMovesLeft: whole numbers, see
// SEARCH_MARGIN_OPTIONS), and
// the book options of EngineBook (OwnBook, BookFile, BookPolicy, BookDepth, BookExperience,
// BookOrdering, OphistaFile, BookSeed: the book's draws use BookSeed ^ seed= ^ the runner's game
// seed). BookLearning=true adds each finished game to the BookExperience file (OPTA FB,
// BookLearningWeight games per result, 5 by default) and rereads it. An unknown option, bad value
// or unusable book file makes start() fail, naming it. As proto=book it is a book player: OwnBook
// is on, BookFile is required, and out of book it plays what a depth-2 search finds
// (FallbackDepth=N changes the depth), whatever the clock.
class MnemePlayer : public Player {
public:
    static constexpr int BOOK_PLAYER_FALLBACK_DEPTH = 2;

    explicit MnemePlayer(PlayerSpec spec);
    const std::string& name() const override { return spec_.name; }
    bool start(std::string& error) override;
    void new_game(const Position& start, bool chess960) override;
    void set_game_seed(std::uint64_t seed) override { book_.seed(spec_.seed ^ seed); }
    MoveReply play(const MoveRequest& request) override;
    void game_over(const std::string& result_text) override;
    bool healthy() const override { return true; }
    bool restart(std::string& error) override { return start(error); }

private:
    PlayerSpec spec_;
    std::unique_ptr<Searcher> searcher_;
    bool learning_ = false;
    std::uint32_t learning_weight_ = 5;
    // The game so far as this player saw it, with its own last move: what it learns from.
    Position game_start_;
    std::vector<Move> game_moves_;
    Skill skill_;
    EngineBook book_;
    int fallback_depth_ = BOOK_PLAYER_FALLBACK_DEPTH;  // proto=book only
};

// What the baselines share: no process, no setup, a seeded generator reseeded every game.
class BaselinePlayer : public Player {
public:
    explicit BaselinePlayer(PlayerSpec spec) : spec_(std::move(spec)), random_(spec_.seed) {}
    const std::string& name() const override { return spec_.name; }
    bool start(std::string&) override { return true; }
    void new_game(const Position&, bool) override {}
    void set_game_seed(std::uint64_t seed) override { random_.seed(spec_.seed ^ seed); }
    bool healthy() const override { return true; }
    bool restart(std::string&) override { return true; }

protected:
    PlayerSpec spec_;
    std::mt19937_64 random_;
};

// A uniformly random legal move.
class RandomPlayer : public BaselinePlayer {
public:
    using BaselinePlayer::BaselinePlayer;
    MoveReply play(const MoveRequest& request) override;
};

// Mates in one when it can, otherwise takes the move that wins the most material by static
// exchange (promotions count), ties and quiet positions broken at random: the "sees a free
// queen" baseline.
class GreedyPlayer : public BaselinePlayer {
public:
    using BaselinePlayer::BaselinePlayer;
    MoveReply play(const MoveRequest& request) override;
};

}  // namespace mneme

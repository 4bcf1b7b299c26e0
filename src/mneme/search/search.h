// The searcher: iterative deepening over a fail-soft principal variation search (alpha-beta
// with null windows), a quiescence search over captures, and a transposition table.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "mneme/core/position.h"
#include "mneme/search/history.h"
#include "mneme/search/limits.h"
#include "mneme/search/score.h"
#include "mneme/search/time_manager.h"
#include "mneme/search/transposition_table.h"

namespace mneme {

// What one finished iteration found, for "info" lines and the terminal.
struct SearchInfo {
    int depth = 0;
    int seldepth = 0;          // the deepest ply reached, quiescence included
    Value score = 0;           // from the root side to move's view; see is_mate_score()
    std::uint64_t nodes = 0;
    std::int64_t time_ms = 0;
    std::uint64_t nps = 0;
    int hashfull = 0;          // permille
    std::vector<Move> pv;
};

struct SearchResult {
    Move best;                 // Move::none() only when the root has no legal move
    Move ponder;               // the expected reply, when known
    Value score = 0;
    int depth = 0;             // the last iteration that completed
    int seldepth = 0;
    std::uint64_t nodes = 0;
    std::int64_t time_ms = 0;
    std::vector<Move> pv;
};

using InfoCallback = std::function<void(const SearchInfo&)>;

class Searcher {
public:
    explicit Searcher(std::size_t hash_mb = TranspositionTable::DEFAULT_SIZE_MB);

    // Searches `pos` (with its history, for repetitions) in the calling thread until a limit or
    // stop(); calls `on_iteration` after every completed iteration. Deterministic for depth- and
    // node-limited searches from the same state (same table contents and history).
    SearchResult search(const Position& pos, const SearchLimits& limits,
                        const InfoCallback& on_iteration = {});

    // Clears a stop request and sets pondering, for a search about to start in another
    // thread: call it before starting that thread, so that a stop() or ponderhit() sent before
    // search() begins is not lost. search() does this itself when it was not called.
    void prepare(bool pondering);
    // Makes a running search return its best move so far as soon as possible (the first
    // iteration always completes, so that the move has been searched). Any thread.
    void stop() { stop_requested_ = true; }
    // The opponent played the expected move: the pondering search now runs on our own clock.
    void ponderhit();

    // Forgets everything learned: the table and the move-ordering statistics (a new game).
    void clear();
    // False when the memory could not be had (the table is then 1 MB).
    bool set_hash_size(std::size_t mb) { return table_.resize(mb); }
    std::size_t hash_size() const { return table_.size_mb(); }
    const TranspositionTable& table() const { return table_; }

private:
    struct RootMove {
        Move move;
        Value score = -VALUE_INFINITE;
        std::vector<Move> pv;
    };

    void search_root(int depth);
    Value negamax(int depth, Value alpha, Value beta, int ply, bool pv_node);
    Value quiescence(Value alpha, Value beta, int ply, bool pv_node);

    bool is_draw(int ply) const;
    void count_node();
    void update_pv(int ply, Move m);
    void update_quiet_statistics(int ply, int depth, Move best, const Move* quiets, int count);
    bool should_stop_iterating(int depth) const;
    SearchInfo make_info(int depth) const;

    Position pos_;
    TranspositionTable table_;
    ButterflyHistory history_;
    TimeManager time_;
    SearchLimits limits_;
    std::vector<RootMove> root_moves_;

    // Signals from the protocol thread.
    std::atomic<bool> stop_requested_{false};
    std::atomic<bool> pondering_{false};
    bool prepared_ = false;
    // Set by the search itself when a limit or a stop request ends it; every node checks it.
    bool stopped_ = false;

    std::uint64_t nodes_ = 0;
    int seldepth_ = 0;
    int completed_depth_ = 0;

    // Per-ply state; one spare ply for the children of the deepest node.
    KillerMoves killers_[MAX_PLY + 2];
    Key repetition_keys_[MAX_PLY + 2];
    // Triangular principal variation table: pv_[ply][ply..pv_length_[ply]) is the line
    // from that ply.
    Move pv_[MAX_PLY + 2][MAX_PLY + 2];
    int pv_length_[MAX_PLY + 2];
};

}  // namespace mneme

// GameSession's searches: the engine's moves, hints, analysis and the evaluation graph, planned
// by replan() whenever the game or the settings change, and the waits the tests use.
#include "mneme/gui/game_session.h"

#include <algorithm>

#include "mneme/core/movegen.h"
#include "mneme/gui/api_error.h"
#include "mneme/notation/san.h"
#include "mneme/notation/uci_move.h"

namespace mneme::gui {

namespace {

constexpr std::int64_t HINT_TIME_MS = 1000;

// A checkmated or stalemated position has no search score; the graph still needs a point.
Json terminal_evaluation(const Position& pos) {
    if (!pos.in_check()) return {{"cp", 0}};
    return {{"cp", pos.side_to_move() == WHITE ? -10000 : 10000}, {"checkmate", true}};
}

}  // namespace

SearchLimits GameSession::engine_limits() const {
    SearchLimits limits;
    const EngineStrength& strength = setup_.strength;
    limits.depth = std::clamp(strength.depth, 0, MAX_PLY - 1);
    limits.movetime_ms = std::max<std::int64_t>(strength.movetime_ms, 0);
    limits.move_overhead_ms = 50;
    if (clock_.enabled()) {
        auto now = std::chrono::steady_clock::now();
        for (Color side : {WHITE, BLACK}) {
            limits.time_ms[side] = std::max<std::int64_t>(clock_.remaining_ms(side, now), 1);
            limits.increment_ms[side] = clock_.settings().increment_ms;
        }
    }
    // Something must end the search: a second per move when nothing else does.
    if (!limits.depth && !limits.movetime_ms && !clock_.enabled()) limits.movetime_ms = 1000;
    return limits;
}

void GameSession::replan() {
    ++generation_;
    running_job_ = JobKind::NONE;
    if (stopping_) return;
    worker_->cancel();
    if (!over() && !human_to_move()) {
        const std::shared_ptr<ComputerPlayer>& player = computers_[side_to_move()];
        if (player && player->fallback_depth()) {
            // The book player out of book: a shallow search, whatever the strength settings.
            SearchLimits limits;
            limits.depth = player->fallback_depth();
            start_job(JobKind::ENGINE_MOVE, ply_count(), current_, limits, 1, 0, player);
        } else {
            start_job(JobKind::ENGINE_MOVE, ply_count(), current_, engine_limits(), 1,
                      setup_.strength.elo, player);
        }
        return;
    }
    if (hint_requested_ && !over() && human_to_move()) {
        SearchLimits limits;
        limits.movetime_ms = HINT_TIME_MS;
        start_job(JobKind::HINT, ply_count(), current_, limits, 1, 0);
        return;
    }
    hint_requested_ = false;
    while (graph_next_ply_ >= 0) {
        if (graph_next_ply_ > ply_count()) {
            graph_next_ply_ = -1;
            events_.publish("evaluation-done", "{}");
            changed();  // the state with the whole game's review
            break;
        }
        Position pos = position_after(graph_next_ply_);
        if (pos.has_legal_moves()) {
            SearchLimits limits;
            limits.nodes = graph_nodes_;
            start_job(JobKind::GRAPH, graph_next_ply_, pos, limits, 1, 0);
            return;
        }
        evaluations_[graph_next_ply_] = terminal_evaluation(pos);
        events_.publish("evaluation", to_text(Json{{"ply", graph_next_ply_},
                                                   {"score", evaluations_[graph_next_ply_]},
                                                   {"best", Json()},
                                                   {"of", ply_count()}}));
        ++graph_next_ply_;
    }
    if (analysis_on_) {
        Position pos = position_after(analysis_ply_);
        if (pos.has_legal_moves()) {
            SearchLimits limits;
            limits.infinite = true;
            start_job(JobKind::ANALYSIS, analysis_ply_, pos, limits, analysis_lines_, 0);
        }
    }
}

void GameSession::start_job(JobKind kind, int ply, const Position& position, SearchLimits limits,
                            int lines, int elo, std::shared_ptr<ComputerPlayer> player) {
    running_job_ = kind;
    std::uint64_t generation = generation_;
    Position root = position.without_history();
    SearchJob job;
    job.position = position;
    job.limits = limits;
    job.multi_pv = lines;
    job.elo = elo;
    if (player) job.evaluation = player->evaluation();
    job.on_info = [this, generation, kind, ply, root](const SearchInfo& info) {
        report_search(generation, kind, ply, root, info);
    };
    // What the player decided without a search, passed from decide to on_done (both run on
    // the worker thread, one after the other).
    auto decided = std::make_shared<std::optional<PlayerDecision>>();
    if (player) {
        job.decide = [player, decided](const Position& pos) {
            *decided = player->decide(pos);
            return *decided ? (*decided)->move : Move::none();
        };
    }
    job.on_done = [this, generation, kind, root, decided](const SearchResult& result, Move chosen) {
        const PlayerDecision* decision =
            *decided && (*decided)->move == chosen ? &**decided : nullptr;
        finish_job(generation, kind, root, result, chosen, decision);
    };
    worker_->submit(std::move(job));
}

void GameSession::report_search(std::uint64_t generation, JobKind kind, int ply,
                                const Position& root, const SearchInfo& info) {
    if (generation != generation_ || info.current_move) return;
    Json report = search_info_json(info, root, worker_->win_rate_model());
    if (kind == JobKind::ENGINE_MOVE) {
        std::lock_guard lock(mutex_);
        if (generation != generation_) return;
        engine_report_ = report;
        events_.publish("thinking", to_text(report));
    } else if (kind == JobKind::ANALYSIS) {
        events_.publish("analysis", to_text(Json{{"ply", ply}, {"line", report}}));
    }
}

void GameSession::finish_job(std::uint64_t generation, JobKind kind, const Position& root,
                             const SearchResult& result, Move chosen,
                             const PlayerDecision* decided) {
    std::lock_guard lock(mutex_);
    if (generation != generation_ || stopping_) return;
    running_job_ = JobKind::NONE;
    switch (kind) {
        case JobKind::ENGINE_MOVE: {
            if (!end_if_flag_fallen(std::chrono::steady_clock::now())) {
                if (!chosen || !MoveList<LEGAL>(current_).contains(chosen)) return;
                if (decided) {
                    Json details = decided->details;
                    details["ply"] = ply_count();
                    details["side"] = side_to_move() == WHITE ? "white" : "black";
                    events_.publish("decision", to_text(details));
                    apply_move(chosen, decided->comment, std::move(details));
                    changed();
                    replan();
                    break;
                }
                engine_score_ = result.score;
                Json score = score_json(result.score, root, worker_->win_rate_model());
                evaluations_[std::size_t(ply_count())] = score;
                best_moves_[std::size_t(ply_count())] = best_move_json(root, result.best);
                char seconds[32];
                std::snprintf(seconds, sizeof seconds, "%.1fs", result.time_ms / 1000.0);
                // From White's view, as everywhere in the browser.
                apply_move(chosen,
                           score_text(score) + "/" + std::to_string(result.depth) + " " + seconds);
                // The position after the engine's best move has the score of the one before it,
                // so the evaluation bar follows the game without waiting for the next search (a
                // weaker move chosen by the strength setting has no score of its own).
                if (!over() && chosen == result.best)
                    evaluations_.back() = score;
                else if (!current_.has_legal_moves())
                    evaluations_.back() = terminal_evaluation(current_);
            }
            changed();
            replan();
            break;
        }
        case JobKind::HINT:
            hint_requested_ = false;
            if (chosen) {
                hint_ = {{"uci", move_to_uci(root, chosen)},
                         {"san", move_to_san(root, chosen)},
                         {"score", score_json(result.score, root, worker_->win_rate_model())},
                         {"depth", result.depth}};
                events_.publish("hint", to_text(hint_));
            }
            replan();
            break;
        case JobKind::GRAPH:
            if (graph_next_ply_ >= 0 && graph_next_ply_ <= ply_count()) {
                evaluations_[std::size_t(graph_next_ply_)] =
                    score_json(result.score, root, worker_->win_rate_model());
                best_moves_[std::size_t(graph_next_ply_)] = best_move_json(root, result.best);
                events_.publish("evaluation", to_text(Json{{"ply", graph_next_ply_},
                                                           {"score", evaluations_[graph_next_ply_]},
                                                           {"best", best_moves_[graph_next_ply_]},
                                                           {"of", ply_count()}}));
                ++graph_next_ply_;
            }
            replan();
            break;
        case JobKind::ANALYSIS:  // ended by itself (a forced mate, the depth limit): nothing to do
        case JobKind::NONE:
            break;
    }
    changed_signal_.notify_all();
}

void GameSession::request_hint() {
    std::lock_guard lock(mutex_);
    if (over()) throw conflict("the game is over: " + result_reason_);
    if (!human_to_move())
        throw conflict("a hint is for the player to move, and it is mneme's turn");
    hint_requested_ = true;
    replan();
}

void GameSession::move_now() {
    std::lock_guard lock(mutex_);
    if (running_job_ != JobKind::ENGINE_MOVE) throw conflict("mneme is not thinking about a move");
    worker_->hurry();
}

void GameSession::set_strength(const EngineStrength& strength) {
    std::lock_guard lock(mutex_);
    setup_.strength = strength;
    if (played_here_) {
        record_.headers.set("White", player_name(WHITE));
        record_.headers.set("Black", player_name(BLACK));
    }
    changed();
}

void GameSession::set_analysis(bool on, int ply, int lines) {
    std::lock_guard lock(mutex_);
    if (ply < 0 || ply > ply_count())
        throw bad_request("ply must be from 0 to " + std::to_string(ply_count()) + ", got " +
                          std::to_string(ply));
    analysis_on_ = on;
    analysis_ply_ = ply;
    analysis_lines_ = lines;
    if (running_job_ != JobKind::ENGINE_MOVE) replan();
}

void GameSession::evaluate_game(std::uint64_t nodes) {
    std::lock_guard lock(mutex_);
    graph_next_ply_ = 0;
    graph_nodes_ = nodes ? std::clamp(nodes, MIN_REVIEW_NODES, MAX_REVIEW_NODES) : review_nodes_;
    // From an empty table, so that what was searched before does not change the verdicts.
    worker_->clear_before_next_job();
    if (running_job_ != JobKind::ENGINE_MOVE) replan();
}

void GameSession::set_review_nodes(std::uint64_t nodes) {
    std::lock_guard lock(mutex_);
    review_nodes_ = std::max<std::uint64_t>(nodes, 1);
}

void GameSession::watch_clock() {
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        if (clock_.running() && !over()) {
            auto deadline = clock_.deadline() + std::chrono::milliseconds(1);
            if (std::chrono::steady_clock::now() >= deadline) {
                if (end_if_flag_fallen(std::chrono::steady_clock::now())) {
                    changed();
                    replan();
                }
                continue;
            }
            changed_signal_.wait_until(lock, deadline);
        } else {
            changed_signal_.wait(lock);
        }
    }
}

bool GameSession::wait_until_game_evaluated(int timeout_ms) const {
    std::unique_lock lock(mutex_);
    return changed_signal_.wait_for(lock, std::chrono::milliseconds(timeout_ms),
                                    [&] { return graph_next_ply_ < 0; });
}

bool GameSession::wait_until_engine_idle(int timeout_ms) const {
    std::unique_lock lock(mutex_);
    return changed_signal_.wait_for(lock, std::chrono::milliseconds(timeout_ms), [&] {
        return running_job_ != JobKind::ENGINE_MOVE && (over() || human_to_move());
    });
}

}  // namespace mneme::gui

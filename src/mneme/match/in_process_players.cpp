#include "mneme/match/in_process_players.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>

#include "mneme/book/book_learning.h"
#include "mneme/core/movegen.h"
#include "mneme/nnue/builtin_network.h"
#include "mneme/search/reported_score.h"
#include "mneme/search/static_exchange.h"
#include "mneme/util/text.h"

namespace mneme {

namespace {

using SteadyClock = std::chrono::steady_clock;

bool parse_switch(const std::string& value, bool& out) {
    std::string v = lower_case(value);
    if (v == "true" || v == "on" || v == "1") return out = true, true;
    if (v == "false" || v == "off" || v == "0") return out = false, true;
    return false;
}

bool parse_number(const std::string& value, long long low, long long high, long long& out) {
    try {
        std::size_t used = 0;
        out = std::stoll(value, &used);
        return used == value.size() && out >= low && out <= high;
    } catch (const std::exception&) {
        return false;
    }
}

// Calls searcher.stop() if the search is still running at the deadline.
class Watchdog {
public:
    // Stops the search after `after`, or as soon as `abort` (optional) is set.
    Watchdog(Searcher& searcher, std::chrono::milliseconds after, const std::atomic<bool>* abort) {
        thread_ = std::thread([this, &searcher, after, abort] {
            auto deadline = std::chrono::steady_clock::now() + after;
            std::unique_lock lock(mutex_);
            while (!done_) {
                auto now = std::chrono::steady_clock::now();
                if (now >= deadline || (abort && abort->load())) {
                    searcher.stop();
                    return;
                }
                auto wake =
                    abort ? std::min(deadline, now + std::chrono::milliseconds(50)) : deadline;
                done_cv_.wait_until(lock, wake);
            }
        });
    }
    ~Watchdog() {
        {
            std::lock_guard lock(mutex_);
            done_ = true;
        }
        done_cv_.notify_all();
        thread_.join();
    }

private:
    std::mutex mutex_;
    std::condition_variable done_cv_;
    bool done_ = false;
    std::thread thread_;
};

template <class Rng>
Move random_element(const std::vector<Move>& moves, Rng& random) {
    if (moves.empty()) return Move::none();
    std::uniform_int_distribution<std::size_t> pick(0, moves.size() - 1);
    return moves[pick(random)];
}

}  // namespace

MnemePlayer::MnemePlayer(PlayerSpec spec) : spec_(std::move(spec)) {}

bool MnemePlayer::start(std::string& error) {
    bool book_player = spec_.kind == PlayerKind::BOOK;
    searcher_ = book_player ? std::make_unique<Searcher>(1) : std::make_unique<Searcher>();
    book_ = EngineBook();
    book_.seed(spec_.seed);
    std::string message;
    if (book_player) book_.set_option("ownbook", "true", message);
    SearchOptions options;
    int skill_level = Skill::MAX_LEVEL;
    bool limit_strength = false;
    long long elo = Skill::MAX_ELO;
    // In-process players evaluate with the classic table unless told otherwise, so that the
    // thesis experiments keep their figures; Eval=nnue or an EvalFile picks the network.
    std::string eval_name, eval_file;
    bool eval_file_given = false;
    for (const auto& option : spec_.options) {
        const std::string& raw_name = option.first;
        const std::string& value = option.second;
        std::string name = lower_case(raw_name);
        long long number = 0;
        bool flag = false;
        auto bad = [&](const std::string& wanted) {
            error = "option " + raw_name + "=" + value + ": " + wanted;
            return false;
        };
        BookOptionResult book_result = book_.set_option(name, value, message);
        if (book_result == BookOptionResult::FAILED) return bad(message);
        if (book_result == BookOptionResult::SET) continue;
        if (name == "booklearning") {
            if (!parse_switch(value, learning_)) return bad("needs true or false");
        } else if (name == "booklearningweight") {
            if (!parse_number(value, 1, 1000000, number)) return bad("needs 1 or more games");
            learning_weight_ = std::uint32_t(number);
        } else if (name == "fallbackdepth" && book_player) {
            if (!parse_number(value, 1, MAX_PLY - 1, number)) return bad("needs a depth from 1");
            fallback_depth_ = int(number);
        } else if (name == "hash") {
            if (!parse_number(value, 1, TranspositionTable::MAX_SIZE_MB, number))
                return bad("needs 1 to " + std::to_string(TranspositionTable::MAX_SIZE_MB) + " MB");
            // A match played with less hash than asked would measure another engine.
            if (!searcher_->set_hash_size(std::size_t(number))) return bad("not enough memory");
        } else if (name == "threads") {
            if (!parse_number(value, 1, Searcher::MAX_THREADS, number)) return bad("needs 1 to 64");
            searcher_->set_threads(int(number));
        } else if (name == "eval") {
            eval_name = lower_case(value);
            if (eval_name != "classic" && eval_name != "nnue") return bad("needs classic or nnue");
        } else if (name == "evalfile") {
            eval_file = nnue::network_file_option(value);
            eval_file_given = true;
        } else if (name == "contempt") {
            if (!parse_number(value, -200, 200, number)) return bad("needs -200 to 200");
            options.contempt = Value(number);
        } else if (name == "skill level") {
            if (!parse_number(value, 0, Skill::MAX_LEVEL, number)) return bad("needs 0 to 20");
            skill_level = int(number);
        } else if (name == "uci_limitstrength") {
            if (!parse_switch(value, limit_strength)) return bad("needs true or false");
        } else if (name == "uci_elo") {
            if (!parse_number(value, Skill::MIN_ELO, Skill::MAX_ELO, elo))
                return bad("needs " + std::to_string(Skill::MIN_ELO) + " to " +
                           std::to_string(Skill::MAX_ELO));
        } else if (const SearchMarginOption* margin = find_search_margin(name)) {
            if (!set_search_margin(*margin, value, &options.margins, &message)) return bad(message);
        } else if (name == "algorithm") {
            std::string v = lower_case(value);
            if (v == "minimax")
                options.algorithm = SearchAlgorithm::MINIMAX;
            else if (v == "alphabeta")
                options.algorithm = SearchAlgorithm::ALPHABETA_FAIL_HARD;
            else if (v == "failsoft")
                options.algorithm = SearchAlgorithm::ALPHABETA_FAIL_SOFT;
            else if (v == "pvs")
                options.algorithm = SearchAlgorithm::PVS;
            else
                return bad("needs minimax, alphabeta, failsoft or pvs");
        } else if (const SearchRefinementOption* refinement = find_search_refinement(name)) {
            if (!parse_switch(value, flag)) return bad("needs true or false");
            options.*(refinement->field) = flag;
        } else {
            bool* target = name == "aspiration"            ? &options.aspiration
                           : name == "transpositiontable"  ? &options.transposition_table
                           : name == "ttmove"              ? &options.tt_move
                           : name == "captureordering"     ? &options.capture_ordering
                           : name == "killers"             ? &options.killers
                           : name == "countermoves"        ? &options.counter_moves
                           : name == "history"             ? &options.history
                           : name == "continuationhistory" ? &options.continuation_history
                           : name == "nullmove"            ? &options.null_move
                           : name == "lmr"                 ? &options.late_move_reductions
                           : name == "futility"            ? &options.futility
                           : name == "movecountpruning"    ? &options.move_count_pruning
                           : name == "seepruning"          ? &options.see_pruning
                                                           : nullptr;
            if (!target) {
                error = "unknown option '" + raw_name + "' for the mneme player";
                return false;
            }
            if (!parse_switch(value, flag)) return bad("needs true or false");
            *target = flag;
        }
    }
    if (learning_ && book_.experience_path().empty()) {
        error = "BookLearning needs option.BookExperience=FILE to learn into";
        return false;
    }
    if (book_player && !book_.book()) {
        error = "proto=book needs option.BookFile=FILE (this mneme has no built-in book)";
        return false;
    }
    if (eval_name.empty() && eval_file_given) eval_name = "nnue";
    if (!eval_name.empty()) {
        std::string why;
        std::unique_ptr<Evaluator> evaluator = nnue::make_evaluator(eval_name, eval_file, &why);
        if (!evaluator) {
            error = "option Eval=" + eval_name +
                    (eval_file.empty() ? "" : " EvalFile=" + eval_file) + ": " + why;
            return false;
        }
        searcher_->set_evaluator(std::move(evaluator));
    }
    if (limit_strength)
        skill_.set_elo(int(elo));
    else
        skill_.set_level(skill_level);
    options.multi_pv = skill_.candidate_lines();
    searcher_->set_options(options);
    searcher_->set_ordering_hint(book_.ordering_hint());
    return true;
}

void MnemePlayer::new_game(const Position& start, bool) {
    searcher_->clear();
    game_start_ = start;
    game_moves_.clear();
    // Other players of this process may have learned since: read the experience again.
    if (!book_.experience_path().empty()) {
        std::string message;
        book_.set_option("bookexperience", book_.experience_path(), message);
    }
}

void MnemePlayer::game_over(const std::string& result_text) {
    if (!learning_) return;
    LearnedGame game{game_start_, game_moves_, parse_result_text(result_text)};
    LearningOptions options;
    options.weight = learning_weight_;
    try {
        learn_from_games({game}, book_.experience_path(), options);
    } catch (const std::exception& e) {
        // The game is over and counted; a learning failure must not stop the match.
        std::fprintf(stderr, "mneme player %s: learning failed: %s\n", spec_.name.c_str(),
                     e.what());
    }
}

MoveReply MnemePlayer::play(const MoveRequest& request) {
    auto started = SteadyClock::now();
    game_start_ = request.start;
    game_moves_ = request.moves;
    if (auto decision = book_.choose(request.position)) {
        MoveReply reply;
        reply.move = decision->move;
        game_moves_.push_back(reply.move);
        reply.elapsed_ms =
            std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - started)
                .count();
        return reply;
    }
    SearchLimits limits;
    const TimeControl& tc = request.time_control;
    if (tc.has_clock()) {
        for (Color c : {WHITE, BLACK}) {
            limits.time_ms[c] = std::max<std::int64_t>(request.time_left_ms[c], 0);
            limits.increment_ms[c] = request.increment_ms[c];
        }
        limits.moves_to_go = request.moves_to_go;
    }
    limits.movetime_ms = tc.movetime_ms;
    limits.depth = tc.depth;
    limits.nodes = tc.nodes;
    if (std::uint64_t budget = skill_.node_limit())
        limits.nodes = limits.nodes ? std::min(limits.nodes, budget) : budget;
    // Nothing else limits the search: only the deadline (or the caller) can end it.
    if (!tc.is_limited() && !limits.nodes) limits.infinite = true;
    limits.move_overhead_ms = 5;  // no pipes in between
    if (spec_.kind == PlayerKind::BOOK) {
        limits = SearchLimits();
        limits.depth = fallback_depth_;
    }

    SearchResult result;
    {
        std::optional<Watchdog> watchdog;
        if (request.deadline || request.abort)
            watchdog.emplace(*searcher_, request.deadline.value_or(std::chrono::hours(24 * 365)),
                             request.abort);
        result = searcher_->search(request.position, limits);
    }
    MoveReply reply;
    reply.move = result.best;
    if (skill_.limits_strength() && !result.lines.empty()) reply.move = skill_.choose(result.lines);
    reply.has_score = result.depth > 0;
    // As an engine process would report it over UCI, so that adjudication thresholds mean the
    // same for both.
    reply.score =
        reported_score(result.score, searcher_->evaluator().win_rate_model().at(request.position));
    reply.depth = result.depth;
    reply.seldepth = result.seldepth;
    reply.nodes = result.nodes;
    reply.reported_time_ms = result.time_ms;
    if (reply.move == result.best) reply.pv = result.pv;
    reply.elapsed_ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - started).count();
    if (reply.move) game_moves_.push_back(reply.move);
    return reply;
}

MoveReply RandomPlayer::play(const MoveRequest& request) {
    MoveList<LEGAL> legal(request.position);
    MoveReply reply;
    reply.move = random_element(std::vector<Move>(legal.begin(), legal.end()), random_);
    return reply;
}

MoveReply GreedyPlayer::play(const MoveRequest& request) {
    Position pos = request.position;
    MoveList<LEGAL> legal(pos);
    std::vector<Move> best;
    Value best_gain = -VALUE_INFINITE;
    for (Move m : legal) {
        Value gain = static_exchange(pos, m);
        if (m.kind() == PROMOTION) gain += SEE_VALUE[m.promotion_type()] - SEE_VALUE[PAWN];
        pos.do_move(m);
        if (pos.is_checkmate()) gain = VALUE_MATE;
        pos.undo_move();
        if (gain > best_gain) best.clear(), best_gain = gain;
        if (gain == best_gain) best.push_back(m);
    }
    MoveReply reply;
    reply.move = random_element(best, random_);
    // Only a mate is a score worth reporting; material gains are not an evaluation.
    reply.has_score = best_gain == VALUE_MATE;
    reply.score = mate_in(1);
    reply.depth = 1;
    return reply;
}

}  // namespace mneme

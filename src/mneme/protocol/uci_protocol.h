// The Universal Chess Interface, engine side, plus the debugging commands "d", "eval" and
// "perft N".
#pragma once

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "mneme/book/engine_book.h"
#include "mneme/eval/win_rate_model.h"
#include "mneme/nnue/evaluation_choice.h"
#include "mneme/protocol/line_output.h"
#include "mneme/search/search_thread.h"
#include "mneme/search/skill.h"

namespace mneme {

class UciProtocol {
public:
    // `searcher`: one lent by the host and reset to a new searcher's state (see
    // Searcher::reset); null: the protocol makes its own.
    explicit UciProtocol(std::ostream& out, Searcher* searcher = nullptr);
    // Ends a search still running: its reports use members declared after the thread, which
    // would otherwise go first.
    ~UciProtocol() { thread_.stop_and_wait(); }
    UciProtocol(const UciProtocol&) = delete;
    UciProtocol& operator=(const UciProtocol&) = delete;

    // Handles one command line; false after "quit".
    bool handle(const std::string& line);
    // The input ended without "quit": let a limited search finish, stop an unlimited one.
    void end_of_input();

private:
    using Words = std::vector<std::string>;

    void identify();
    void set_option(const Words& words);
    void set_position(const Words& words);
    void go(const Words& words);
    void perft(const Words& words);
    // Installs what setting Eval or EvalFile gave and says what happened.
    void apply(nnue::EvaluationChoice::Change change);
    void info_string(const std::string& text) { out_.line("info string " + text); }

    LineOutput out_;
    std::unique_ptr<Searcher> own_searcher_;
    Searcher& searcher_;
    SearchThread thread_{searcher_};
    Position pos_;
    bool chess960_ = false;
    std::int64_t move_overhead_ms_ = 10;
    bool search_unlimited_ = false;  // the running search ends only on "stop"
    int multi_pv_ = 1;
    bool show_wdl_ = false;  // UCI_ShowWDL: win/draw/loss per mille on info lines
    bool debug_ = false;     // "debug on": the search's counters after each search
    Value contempt_ = 0;
    SearchMargins margins_;
    SearchOptions refinements_;  // only the SEARCH_REFINEMENT_OPTIONS switches are used
    int skill_level_ = Skill::MAX_LEVEL;
    bool limit_strength_ = false;
    int elo_ = Skill::MAX_ELO;
    Skill skill_;
    EngineBook book_;
    nnue::EvaluationChoice evaluation_;  // Eval and EvalFile
};

// "cp 25" or "mate -3": a search score as UCI reports it, in centipawns normalised by the
// evaluation's model at the root's material (cp 100: the side to move wins half its games).
std::string uci_score(Value internal, const WinRateParameters& model);

}  // namespace mneme

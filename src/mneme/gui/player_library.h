// The books and case bases that mneme serve was started with (--book, --cases, then the
// built-in ones unless turned off): loaded once, shared read-only by every game, and listed to
// the browser so that its New game dialog can offer the CBR player and the book player, and its
// Analyse tab the book table. Also the evaluations its searches use: the server's (--eval, --net)
// and the others a game's engine player may choose.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "mneme/book/opening_book.h"
#include "mneme/cbr/case_base.h"
#include "mneme/eval/evaluator.h"
#include "mneme/gui/json_views.h"

namespace mneme::gui {

struct LoadedBook {
    std::string id;    // the path as given on the command line ("builtin:NAME" when built in)
    std::string name;  // its file name, for people
    std::shared_ptr<const OpeningBook> book;
};

struct LoadedCaseBase {
    std::string id;
    std::string name;
    std::shared_ptr<const CaseBase> base;
};

struct EvaluationChoice {
    std::string id;           // "nnue" (the built-in network), "classic", or a --net file as given
    std::string description;  // for people: "the network (built in)"
    std::string label;        // in a player's name: "classic evaluation", "network v6.mnet"
    std::shared_ptr<const Evaluator> prototype;  // cloned for each searcher that uses it
};

// "builtin:NAME": one of the files built into the binary (mneme/util/builtin_files.h).
bool is_builtin(const LoadedBook& book);
bool is_builtin(const LoadedCaseBase& base);

class PlayerLibrary {
public:
    // With mneme's default evaluation (the built-in network; the classic evaluation in a build
    // without one) as the server's.
    PlayerLibrary();

    // Each throws std::runtime_error naming the file and the reason when it cannot be used.
    void add_book(const std::string& path);
    void add_case_base(const std::string& path);
    // The book and the case bases built into the binary (none when it was built without them),
    // after those added so far: the first book added stays the Analyse tab's default.
    void add_builtin_book();
    void add_builtin_case_bases();

    // The server's evaluation: that of hints, the analysis, the game review and of an engine
    // player whose game names no other. `id` as EvaluationChoice's.
    void set_evaluation(std::string id, std::unique_ptr<const Evaluator> prototype,
                        std::string description);
    // What a game's engine player may search with: the server's evaluation first, then the
    // built-in network and the classic evaluation when they are not it.
    const std::vector<EvaluationChoice>& evaluations() const { return evaluations_; }
    // By id ("" : the server's); null when there is no such evaluation here.
    const EvaluationChoice* find_evaluation(std::string_view id) const;
    const EvaluationChoice& server_evaluation() const { return evaluations_.front(); }
    const std::string& evaluation_description() const { return server_evaluation().description; }

    // By id, or by file name when that is unambiguous; null when there is no such file.
    const LoadedBook* find_book(std::string_view id) const;
    const LoadedCaseBase* find_case_base(std::string_view id) const;

    const std::vector<LoadedBook>& books() const { return books_; }
    const std::vector<LoadedCaseBase>& case_bases() const { return case_bases_; }

    // What a browser may choose: the player kinds with the files they can use, the book
    // policies and the CBR settings with their defaults.
    Json catalogue() const;

private:
    std::vector<LoadedBook> books_;
    std::vector<LoadedCaseBase> case_bases_;
    std::vector<EvaluationChoice> evaluations_;
};

}  // namespace mneme::gui

// The books and case bases that mneme serve was started with (--book, --cases, then the
// built-in ones unless turned off): loaded once, shared read-only by every game, and listed to
// the browser so that its New game dialog can offer the CBR player and the book player, and its
// Analyse tab the book table. Also the evaluation its searches use (--eval, --net).
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

// "builtin:NAME": one of the files built into the binary (mneme/util/builtin_files.h).
bool is_builtin(const LoadedBook& book);
bool is_builtin(const LoadedCaseBase& base);

class PlayerLibrary {
public:
    // Each throws std::runtime_error naming the file and the reason when it cannot be used.
    void add_book(const std::string& path);
    void add_case_base(const std::string& path);
    // The book and the case bases built into the binary (none when it was built without them),
    // after those added so far: the first book added stays the Analyse tab's default.
    void add_builtin_book();
    void add_builtin_case_bases();

    // The evaluation of the engine player, hints, the analysis and the game review, described
    // for people ("the network v5.mnet"). Unset: mneme's default, the built-in network (the
    // classic evaluation in a build without one), as the engine plays over UCI.
    void set_evaluation(std::unique_ptr<const Evaluator> prototype, std::string description);
    // A copy of it for a new searcher.
    std::unique_ptr<Evaluator> make_evaluator() const;
    const std::string& evaluation_description() const { return evaluation_description_; }

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
    std::unique_ptr<const Evaluator> evaluation_;
    std::string evaluation_description_ = default_evaluation_description();

    static std::string default_evaluation_description();
};

}  // namespace mneme::gui

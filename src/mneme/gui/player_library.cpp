#include "mneme/gui/player_library.h"

#include <filesystem>
#include <stdexcept>

#include "mneme/book/book_policy.h"
#include "mneme/cbr/cbr_agent.h"
#include "mneme/nnue/builtin_network.h"
#include "mneme/util/builtin_files.h"

namespace mneme::gui {

namespace {

std::string file_name(const std::string& path) {
    std::string name = std::filesystem::path(path).filename().string();
    return name.empty() ? path : name;
}

template <typename Loaded>
const Loaded* find_loaded(const std::vector<Loaded>& loaded, std::string_view id) {
    for (const Loaded& item : loaded)
        if (item.id == id) return &item;
    const Loaded* by_name = nullptr;
    for (const Loaded& item : loaded) {
        if (item.name != id) continue;
        if (by_name) return nullptr;  // two files of that name: the id must say which
        by_name = &item;
    }
    return by_name;
}

}  // namespace

bool is_builtin(const LoadedBook& book) { return is_builtin_path(book.id); }
bool is_builtin(const LoadedCaseBase& base) { return is_builtin_path(base.id); }

void PlayerLibrary::add_builtin_book() {
    if (std::string path = builtin_book_path(); !path.empty()) add_book(path);
}

void PlayerLibrary::add_builtin_case_bases() {
    for (const std::string& path : builtin_case_base_paths()) add_case_base(path);
}

void PlayerLibrary::add_book(const std::string& path) {
    if (find_book(path)) return;
    // OpeningBook::open names the file in its message.
    books_.push_back(
        {path, file_name(path), std::make_shared<OpeningBook>(OpeningBook::open(path))});
}

void PlayerLibrary::add_case_base(const std::string& path) {
    if (find_case_base(path)) return;
    std::shared_ptr<const CaseBase> base;
    try {
        base = CaseBase::open(path);
    } catch (const std::exception& e) {
        std::string why = e.what();
        throw std::runtime_error(why.find(path) == std::string::npos ? path + ": " + why : why);
    }
    case_bases_.push_back({path, file_name(path), std::move(base)});
}

const LoadedBook* PlayerLibrary::find_book(std::string_view id) const {
    return find_loaded(books_, id);
}

const LoadedCaseBase* PlayerLibrary::find_case_base(std::string_view id) const {
    return find_loaded(case_bases_, id);
}

PlayerLibrary::PlayerLibrary() {
    const std::string name = nnue::default_evaluation_name();
    std::string error;
    std::unique_ptr<Evaluator> evaluator = nnue::make_evaluator(name, "", &error);
    if (!evaluator) throw std::logic_error("the default evaluation: " + error);
    set_evaluation(name, std::move(evaluator), nnue::describe_evaluation(name, ""));
}

void PlayerLibrary::set_evaluation(std::string id, std::unique_ptr<const Evaluator> prototype,
                                   std::string description) {
    auto label = [](const std::string& of) {
        if (of == "classic") return std::string("classic evaluation");
        return of == "nnue" ? std::string("network") : "network " + file_name(of);
    };
    evaluations_.clear();
    evaluations_.push_back({id, std::move(description), label(id), std::move(prototype)});
    // The others a game may choose instead: the built-in network (when there is one) and the
    // classic evaluation, unless the server's is already that one.
    for (const char* name : {"nnue", "classic"}) {
        if (find_evaluation(name)) continue;
        std::string error;
        if (std::unique_ptr<Evaluator> other = nnue::make_evaluator(name, "", &error))
            evaluations_.push_back(
                {name, nnue::describe_evaluation(name, ""), label(name), std::move(other)});
    }
}

const EvaluationChoice* PlayerLibrary::find_evaluation(std::string_view id) const {
    if (id.empty()) return &server_evaluation();
    for (const EvaluationChoice& choice : evaluations_)
        if (choice.id == id) return &choice;
    return nullptr;
}

Json PlayerLibrary::catalogue() const {
    Json books = Json::array();
    for (const LoadedBook& b : books_)
        books.push_back({{"id", b.id},
                         {"name", b.name},
                         {"summary", b.book->summary()},
                         {"counts", b.book->has_counts()},
                         {"builtin", is_builtin(b)}});
    Json bases = Json::array();
    for (const LoadedCaseBase& c : case_bases_) {
        const CaseBaseFile* file = c.base->file();
        bases.push_back({{"id", c.id},
                         {"name", c.name},
                         {"cases", c.base->cases().size()},
                         {"description", file ? file->description() : std::string()},
                         {"builtin", is_builtin(c)}});
    }
    Json kinds = Json::array({"human", "engine"});
    if (!case_bases_.empty()) kinds.push_back("cbr");
    if (!books_.empty()) kinds.push_back("book");
    Json policies = Json::array();
    for (BookPolicyKind kind :
         {BookPolicyKind::OPTA1, BookPolicyKind::OPTA2, BookPolicyKind::OPTA3,
          BookPolicyKind::WILSON, BookPolicyKind::BEST, BookPolicyKind::WEIGHTED})
        policies.push_back(std::string(book_policy_name(kind)));
    Json evaluations = Json::array();
    for (const EvaluationChoice& choice : evaluations_)
        evaluations.push_back({{"id", choice.id},
                               {"name", choice.description},
                               {"default", &choice == &server_evaluation()}});
    CbrSettings defaults;
    return {
        {"kinds", kinds},
        {"books", books},
        {"case_bases", bases},
        {"book_policies", policies},
        {"evaluation", evaluation_description()},
        {"evaluations", evaluations},
        {"cbr_defaults",
         {{"weights", {defaults.weights.v1, defaults.weights.v2, defaults.weights.v3}},
          {"k", defaults.neighbours},
          {"choice", "random"},
          {"mirror", defaults.mirror},
          {"repetition", defaults.avoid_repetition},
          {"verify", defaults.verify_depth},
          {"margin", defaults.verify_margin}}},
    };
}

}  // namespace mneme::gui

#include "mneme/book/opening_book.h"

#include <algorithm>
#include <map>
#include <mutex>

#include "mneme/book/book_probe.h"
#include "mneme/util/builtin_files.h"

namespace mneme {

namespace {

// A built-in book's bytes never change, so it is checked once and then shared.
std::shared_ptr<const BookFile> open_native(const std::string& path) {
    if (!is_builtin_path(path)) return std::make_shared<const BookFile>(BookFile::open(path));
    static std::mutex mutex;
    static std::map<std::string, std::shared_ptr<const BookFile>> checked;
    std::lock_guard lock(mutex);
    std::shared_ptr<const BookFile>& book = checked[path];
    if (!book) book = std::make_shared<const BookFile>(BookFile::open(path));
    return book;
}

}  // namespace

std::string builtin_book_path() {
    std::vector<std::string> paths = builtin_paths(".mbook");
    return paths.empty() ? std::string() : paths.front();
}

OpeningBook OpeningBook::open(const std::string& path) {
    OpeningBook book;
    book.path_ = path;
    if (BookFile::has_native_magic(path))
        book.native_ = open_native(path);
    else
        book.polyglot_ = PolyglotBook::open(path);
    return book;
}

void OpeningBook::set_experience(const std::string& path) { experience_ = BookFile::open(path); }

std::string OpeningBook::summary() const {
    if (native_) return "mneme book, " + std::to_string(native_->size()) + " entries";
    return "Polyglot book, " + std::to_string(polyglot_->size()) + " entries";
}

std::vector<OpeningBookMove> OpeningBook::moves(const Position& pos) const {
    std::vector<OpeningBookMove> result;
    if (polyglot_) {
        for (const PolyglotEntry& e : polyglot_->probe(pos)) {
            OpeningBookMove m;
            m.move = e.move;
            m.weight = e.weight;
            result.push_back(m);
        }
        std::stable_sort(result.begin(), result.end(),
                         [](const auto& a, const auto& b) { return a.weight > b.weight; });
        return result;
    }
    for (const BookMove& b : book_moves(*native_, pos)) result.push_back({b.move, b.counts, 0, 0});
    if (experience_) {
        // Experience adds to the same move, or brings a move the database never saw.
        for (const BookMove& b : book_moves(*experience_, pos)) {
            auto same = std::find_if(result.begin(), result.end(),
                                     [&](const OpeningBookMove& m) { return m.move == b.move; });
            if (same == result.end()) {
                result.push_back({b.move, b.counts, b.counts.games(), 0});
                continue;
            }
            // The engine's games have no Elo: the average stays that of the database games.
            BookCandidate& c = same->counts;
            c.wins += b.counts.wins;
            c.draws += b.counts.draws;
            c.losses += b.counts.losses;
            same->experience_games += b.counts.games();
        }
        std::stable_sort(result.begin(), result.end(), [](const auto& a, const auto& b) {
            return a.counts.games() > b.counts.games();
        });
    }
    return result;
}

int OpeningBook::choose(const std::vector<OpeningBookMove>& moves, const BookPolicy& policy,
                        std::mt19937_64& rng) const {
    if (moves.empty()) return -1;
    if (native_) {
        std::vector<BookCandidate> candidates;
        for (const OpeningBookMove& m : moves) candidates.push_back(m.counts);
        return choose_candidate(candidates, policy, rng);
    }
    bool draw_at_random =
        policy.kind == BookPolicyKind::OPTA1 || policy.kind == BookPolicyKind::WEIGHTED;
    if (!draw_at_random) {
        int best = 0;
        for (std::size_t i = 1; i < moves.size(); ++i)
            if (moves[i].weight > moves[std::size_t(best)].weight) best = int(i);
        return best;
    }
    std::uint64_t total = 0;
    for (const OpeningBookMove& m : moves) total += m.weight;
    if (total == 0) return int(rng() % moves.size());
    std::uint64_t ticket = rng() % total;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (ticket < moves[i].weight) return int(i);
        ticket -= moves[i].weight;
    }
    return int(moves.size()) - 1;  // not reached: the tickets cover exactly `total`
}

}  // namespace mneme

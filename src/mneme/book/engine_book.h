// The opening book as an engine option set: what UCI, XBoard and the match runner's in-process
// player share. Options (names case-insensitive):
//   OwnBook         true|false (false)   answer from the book when it has a move
//   BookFile        path                 .mbook or Polyglot .bin, recognised by content;
//                                        empty: the built-in book (builtin_book_path())
//   BookPolicy      opta1|opta2|opta3|wilson|best|weighted (opta3)
//   BookDepth       plies from the start of the game (40): no book move at or after it
//   BookExperience  path                 an OPTA FB experience file added to the counts
//   BookOrdering    true|false (false)   technique 1 (OPTA 3.1): a native BookFile's moves first
//                                        in the search just after the book
//   OphistaFile     path                 technique 2 (OPHISTA): the history tables of
//                                        `mneme book ophista` for quiet moves after the book
//   BookSeed        0..2^62 (0)          seeds the policy's random draws (OPTA 1, OPTA 3's
//                                        noise, weighted); 0 keeps the system's random seed
// The last two reach the search through ordering_hint(); OwnBook need not be on for them.
// A file that cannot be used leaves no book (or no experience) and a message; the engine goes on.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "mneme/book/database_ordering.h"
#include "mneme/book/opening_book.h"
#include "mneme/util/fresh_seed.h"

namespace mneme {

enum class BookOptionResult {
    NOT_BOOK_OPTION,  // the name is not one of the book's
    SET,              // set; the message, if any, says what was loaded
    FAILED,           // the message says why; a file that failed leaves no book
};

// A move from the book and the line that tells why.
struct BookDecision {
    Move move;
    std::string description;  // "book move e2e4: 1234 games, score 55.1%, policy opta3 (...)"
};

class EngineBook {
public:
    static constexpr int DEFAULT_DEPTH = 40;
    static constexpr int MAX_DEPTH = 1000;
    static constexpr std::uint64_t MAX_SEED = std::uint64_t(1) << 62;

    // With the built-in book loaded (when the binary has one) and OwnBook off.
    EngineBook();

    // Sets one option when `name` (lower case) is a book option; `message` says what was
    // loaded or what is wrong (empty when there is nothing to say).
    BookOptionResult set_option(std::string_view name, const std::string& value,
                                std::string& message);

    // The policy's move for `pos`, among `allowed` when it is not empty; nullopt when the book
    // is off or not loaded, the game is past BookDepth, or no book move passes the policy.
    std::optional<BookDecision> choose(const Position& pos, const std::vector<Move>& allowed = {});

    // The book moves of `pos` with their statistics, one line each (for XBoard's "bk"); a line
    // saying so when there are none.
    std::vector<std::string> listing(const Position& pos) const;

    // The move-ordering knowledge for the search (null when BookOrdering and OphistaFile are
    // both off). A new object after each change of these options.
    std::shared_ptr<MoveOrderingHint> ordering_hint() const { return hint_; }

    // Seeds the random draws with `value` mixed with BookSeed (a game seed of a match runner).
    void seed(std::uint64_t value) { rng_.seed(book_seed_ ^ value); }
    std::uint64_t book_seed() const { return book_seed_; }
    bool enabled() const { return enabled_; }
    const OpeningBook* book() const { return book_ ? &*book_ : nullptr; }
    const BookPolicy& policy() const { return policy_; }
    int depth() const { return depth_; }
    const std::string& experience_path() const { return experience_path_; }

private:
    // Opens BookFile `value` (empty or "<empty>": the built-in book) in place of the book.
    BookOptionResult load_book(const std::string& value, std::string& message);
    // (Re)applies the experience file to the loaded book, appending to `message`.
    BookOptionResult load_experience(std::string& message);
    // Makes hint_ from the current BookOrdering, BookFile and OPHISTA file.
    BookOptionResult rebuild_hint(std::string& message);

    bool enabled_ = false;
    int depth_ = DEFAULT_DEPTH;
    BookPolicy policy_;
    std::string experience_path_;
    std::optional<OpeningBook> book_;
    bool book_ordering_ = false;
    std::shared_ptr<const OphistaFile> ophista_;
    std::shared_ptr<MoveOrderingHint> hint_;
    std::uint64_t book_seed_ = 0;
    std::mt19937_64 rng_{fresh_seed()};
};

}  // namespace mneme

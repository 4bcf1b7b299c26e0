#include "mneme/book/engine_book.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>

#include "mneme/notation/san.h"
#include "mneme/notation/uci_move.h"
#include "mneme/util/text.h"

namespace mneme {

namespace {

bool parse_bool(const std::string& value, bool& out) {
    std::string v = lower_case(value);
    if (v == "true" || v == "on" || v == "1") return out = true, true;
    if (v == "false" || v == "off" || v == "0") return out = false, true;
    return false;
}

// "1234 games, +40.1% =30.2% -29.7%, score 55.2%" or "weight 123 (45.6%)".
std::string statistics_text(const OpeningBookMove& m, bool counts, std::uint64_t total_weight) {
    char text[160];
    if (!counts) {
        std::snprintf(text, sizeof text, "weight %u (%.1f%%)", unsigned(m.weight),
                      total_weight ? 100.0 * m.weight / double(total_weight) : 0.0);
        return text;
    }
    const BookCandidate& c = m.counts;
    double games = double(std::max<std::uint64_t>(c.games(), 1));
    std::snprintf(text, sizeof text, "%llu games, +%.1f%% =%.1f%% -%.1f%%, score %.1f%%",
                  static_cast<unsigned long long>(c.games()), 100 * double(c.wins) / games,
                  100 * double(c.draws) / games, 100 * double(c.losses) / games, 100 * c.score());
    std::string result = text;
    if (m.experience_games)
        result += " (" + std::to_string(m.experience_games) + " from experience)";
    if (c.average_elo > 0) {
        std::snprintf(text, sizeof text, ", Elo %.0f", c.average_elo);
        result += text;
    }
    return result;
}

std::uint64_t total_weight(const std::vector<OpeningBookMove>& moves) {
    std::uint64_t total = 0;
    for (const OpeningBookMove& m : moves) total += m.weight;
    return total;
}

}  // namespace

EngineBook::EngineBook() {
    std::string message;
    load_book("", message);
}

BookOptionResult EngineBook::load_book(const std::string& value, std::string& message) {
    book_.reset();
    std::string path = value == "<empty>" ? "" : value;
    bool builtin = path.empty();
    if (builtin) path = builtin_book_path();
    if (path.empty()) return rebuild_hint(message);  // no file given, and none built in
    try {
        book_ = OpeningBook::open(path);
    } catch (const std::exception& e) {
        rebuild_hint(message);
        message = std::string(e.what()) + "; playing without a book";
        return BookOptionResult::FAILED;
    }
    message = (builtin ? "built-in book " : "book ") + path + " loaded (" + book_->summary() + ")";
    if (!experience_path_.empty() && load_experience(message) == BookOptionResult::FAILED)
        return BookOptionResult::FAILED;
    return rebuild_hint(message);
}

BookOptionResult EngineBook::set_option(std::string_view name, const std::string& value,
                                        std::string& message) {
    message.clear();
    auto failed = [&](std::string why) {
        message = std::move(why);
        return BookOptionResult::FAILED;
    };
    if (name == "ownbook") {
        if (!parse_bool(value, enabled_))
            return failed("OwnBook needs true or false, got '" + value + "'");
    } else if (name == "bookfile") {
        return load_book(value, message);
    } else if (name == "bookpolicy") {
        BookPolicyKind kind;
        if (!parse_book_policy(lower_case(value), kind))
            return failed("BookPolicy needs one of " + book_policy_names() + ", got '" + value +
                          "'");
        policy_.kind = kind;
    } else if (name == "bookdepth") {
        int depth = 0;
        auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), depth);
        if (error != std::errc() || end != value.data() + value.size() || depth < 0 ||
            depth > MAX_DEPTH)
            return failed("BookDepth needs plies from 0 to " + std::to_string(MAX_DEPTH) +
                          ", got '" + value + "'");
        depth_ = depth;
    } else if (name == "bookordering") {
        if (!parse_bool(value, book_ordering_))
            return failed("BookOrdering needs true or false, got '" + value + "'");
        return rebuild_hint(message);
    } else if (name == "ophistafile") {
        ophista_.reset();
        if (!value.empty() && value != "<empty>") {
            try {
                ophista_ = std::make_shared<const OphistaFile>(OphistaFile::open(value));
            } catch (const std::exception& e) {
                rebuild_hint(message);
                return failed(std::string(e.what()) + "; searching without OPHISTA tables");
            }
            message = "OPHISTA " + value + " loaded (" + std::to_string(ophista_->positions()) +
                      " positions)";
        }
        return rebuild_hint(message);
    } else if (name == "bookseed") {
        std::uint64_t seed = 0;
        auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), seed);
        if (error != std::errc() || end != value.data() + value.size() || seed > MAX_SEED)
            return failed("BookSeed needs a whole number from 0 to " + std::to_string(MAX_SEED) +
                          ", got '" + value + "'");
        book_seed_ = seed;
        // 0 is the default and means "not reproducible": a fresh seed from the system.
        rng_.seed(seed ? seed : fresh_seed());
    } else if (name == "bookexperience") {
        experience_path_ = value == "<empty>" ? "" : value;
        if (!book_) return BookOptionResult::SET;  // applied when a book is loaded
        return load_experience(message);
    } else {
        return BookOptionResult::NOT_BOOK_OPTION;
    }
    return BookOptionResult::SET;
}

BookOptionResult EngineBook::load_experience(std::string& message) {
    book_->clear_experience();
    if (experience_path_.empty()) return BookOptionResult::SET;
    if (!std::filesystem::exists(experience_path_)) {
        // The first game of a training run: learning will create it.
        message += (message.empty() ? "" : "; ") + std::string("experience ") + experience_path_ +
                   " does not exist yet";
        return BookOptionResult::SET;
    }
    try {
        book_->set_experience(experience_path_);
    } catch (const std::exception& e) {
        message = std::string(e.what()) + "; playing without experience";
        return BookOptionResult::FAILED;
    }
    message +=
        (message.empty() ? "" : "; ") + std::string("experience ") + experience_path_ + " loaded";
    return BookOptionResult::SET;
}

BookOptionResult EngineBook::rebuild_hint(std::string& message) {
    hint_.reset();
    std::shared_ptr<const BookFile> book;
    BookOptionResult result = BookOptionResult::SET;
    if (book_ordering_ && book_ && book_->has_counts()) {
        book = book_->native();
    } else if (book_ordering_ && book_) {
        message += (message.empty() ? "" : "; ") +
                   std::string("BookOrdering needs a native .mbook book (with counts)");
        result = BookOptionResult::FAILED;
    }
    if (book || ophista_) hint_ = std::make_shared<DatabaseOrdering>(book, ophista_);
    return result;
}

std::optional<BookDecision> EngineBook::choose(const Position& pos,
                                               const std::vector<Move>& allowed) {
    if (!enabled_ || !book_ || pos.game_ply() >= depth_) return std::nullopt;
    std::vector<OpeningBookMove> moves = book_->moves(pos);
    if (!allowed.empty())
        std::erase_if(moves, [&](const OpeningBookMove& m) {
            return std::find(allowed.begin(), allowed.end(), m.move) == allowed.end();
        });
    int chosen = book_->choose(moves, policy_, rng_);
    if (chosen < 0) return std::nullopt;
    const OpeningBookMove& m = moves[std::size_t(chosen)];
    BookDecision decision;
    decision.move = m.move;
    decision.description = "book move " + move_to_uci(pos, m.move) + ": " +
                           statistics_text(m, book_->has_counts(), total_weight(moves)) +
                           ", policy " + std::string(book_policy_name(policy_.kind)) + ", " +
                           std::to_string(moves.size()) + " book moves";
    return decision;
}

std::vector<std::string> EngineBook::listing(const Position& pos) const {
    if (!book_) return {"no book loaded (set the BookFile option)"};
    std::vector<OpeningBookMove> moves = book_->moves(pos);
    if (moves.empty()) return {"position not in " + book_->path()};
    std::vector<std::string> lines;
    std::uint64_t total = total_weight(moves);
    for (const OpeningBookMove& m : moves) {
        std::string san = move_to_san(pos, m.move);
        san.resize(std::max<std::size_t>(san.size(), 7), ' ');
        lines.push_back(san + " " + statistics_text(m, book_->has_counts(), total));
    }
    return lines;
}

}  // namespace mneme

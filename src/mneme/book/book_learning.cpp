#include "mneme/book/book_learning.h"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <mutex>
#include <stdexcept>

#include "mneme/book/book_file.h"
#include "mneme/book/entry_source.h"
#include "mneme/book/polyglot_book.h"
#include "mneme/pgn/pgn_reader.h"

namespace mneme {

namespace {

std::mutex& writers() {
    static std::mutex mutex;
    return mutex;
}

void add_result(BookEntry& entry, GameResult result, std::uint32_t weight) {
    if (result == GameResult::WHITE_WINS)
        entry.white_wins = add_saturating(entry.white_wins, weight);
    else if (result == GameResult::BLACK_WINS)
        entry.black_wins = add_saturating(entry.black_wins, weight);
    else
        entry.draws = add_saturating(entry.draws, weight);
}

}  // namespace

GameResult parse_result_text(const std::string& text) {
    if (text == "1-0") return GameResult::WHITE_WINS;
    if (text == "0-1") return GameResult::BLACK_WINS;
    if (text == "1/2-1/2") return GameResult::DRAW;
    return GameResult::ONGOING;
}

LearningStats learn_from_games(const std::vector<LearnedGame>& games, const std::string& path,
                               const LearningOptions& options) {
    LearningStats stats;
    std::vector<BookEntry> learned;
    for (const LearnedGame& game : games) {
        if (game.result == GameResult::ONGOING) {
            ++stats.unfinished;
            continue;
        }
        ++stats.games_learned;
        std::vector<BookEntry> plies;
        Position pos = game.start;
        std::size_t last = std::min(game.moves.size(), std::size_t(std::max(options.max_ply, 0)));
        for (std::size_t i = 0; i < last; ++i) {
            BookEntry e;
            e.key = pos.key();
            e.move = PolyglotBook::encode_move(game.moves[i], pos);
            e.mover = std::uint8_t(pos.side_to_move());
            add_result(e, game.result, options.weight);
            plies.push_back(e);
            pos.do_move(game.moves[i]);
        }
        // A game that repeats a (position, move) learns it once, as the book counts games.
        std::sort(plies.begin(), plies.end(), entry_order);
        plies.erase(std::unique(plies.begin(), plies.end(),
                                [](const BookEntry& a, const BookEntry& b) {
                                    return a.same_key_and_move(b);
                                }),
                    plies.end());
        learned.insert(learned.end(), plies.begin(), plies.end());
    }
    std::sort(learned.begin(), learned.end(), entry_order);

    std::lock_guard lock(writers());
    std::vector<std::unique_ptr<EntrySource>> sources;
    std::unique_ptr<BookFile> existing;
    std::string description =
        "mneme experience (OPTA FB, weight " + std::to_string(options.weight) + ")";
    if (std::filesystem::exists(path)) {
        existing = std::make_unique<BookFile>(BookFile::open(path));
        sources.push_back(std::make_unique<SpanSource>(existing->entries()));
        description = existing->description();
    }
    // Equal pairs from different games are neighbours after the sort: the merge adds them.
    sources.push_back(std::make_unique<SpanSource>(learned));
    MergedSource merged(std::move(sources));
    stats.entries = write_book(path, description, merged);
    return stats;
}

std::vector<LearnedGame> read_games_to_learn(
    const std::vector<std::string>& inputs, const std::function<void(const std::string&)>& report) {
    std::vector<LearnedGame> games;
    PgnReaderOptions options;
    options.mainline_only = true;
    for (const std::string& path : inputs) {
        PgnReader reader(path, options);
        PgnMainline game;
        while (reader.next_mainline(game))
            games.push_back({game.start_position(), game.moves, game.result});
        if (report)
            for (const PgnError& e : reader.errors()) report(e.message());
        if (reader.failed())
            throw std::runtime_error(path + " could not be read to its end; nothing was learned");
    }
    return games;
}

}  // namespace mneme

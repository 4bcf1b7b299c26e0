// Building books from hand-written PGN: counts per (position, move) against hand-computed
// W/D/L, transpositions, skipped games, filters, spilling to disk and merging.
#include "mneme/book/book_builder.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>

#include "book_test_util.h"
#include "mneme/book/book_merge.h"
#include "mneme/book/book_probe.h"
#include "mneme/book/entry_source.h"
#include "test_data.h"

namespace mneme {
namespace {

using test::after;
using test::find_entry;

// Games 1 and 2 reach the same position by different move orders (1.e4 e5 2.Nf3 Nc6 and
// 1.Nf3 Nc6 2.e4 e5) and both go on 3.Bb5 a6. Game 3 is drawn, game 4 has no result, game 5
// has an illegal move.
constexpr const char* SMALL_PGN = R"([Event "Classic Open"]
[Date "2000.01.01"]
[White "A"]
[Black "B"]
[Result "1-0"]
[WhiteElo "2500"]
[BlackElo "2400"]
[ECO "C60"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0

[Event "World Blitz"]
[Date "2010.05.05"]
[White "C"]
[Black "D"]
[Result "0-1"]
[WhiteElo "2600"]
[BlackElo "2200"]
[ECO "A04"]

1. Nf3 Nc6 2. e4 e5 3. Bb5 a6 0-1

[Event "Rapid"]
[Date "1990.??.??"]
[White "E"]
[Black "F"]
[Result "1/2-1/2"]
[WhiteElo "1800"]
[BlackElo ""]
[TimeControl "600+5"]
[ECO "B20"]

1. e4 c5 1/2-1/2

[Event "Unfinished"]
[White "G"]
[Black "H"]
[Result "*"]

1. d4 d5 *

[Event "Broken"]
[White "I"]
[Black "J"]
[Result "1-0"]

1. e4 e5 2. Ke3 1-0
)";

// Where both games 1 and 2 arrive after four plies.
const char* TRANSPOSED = "e2e4 e7e5 g1f3 b8c6";

struct SmallBook {
    test::ScratchDirectory dir{"book_builder_test"};
    BookBuildStats stats;
    BookFile book;

    explicit SmallBook(BookBuildOptions options = {}) {
        std::vector<std::string> messages;
        options.report = [&](const std::string& m) { messages.push_back(m); };
        std::string pgn = dir.write("small.pgn", SMALL_PGN);
        stats = build_book({pgn}, dir.file("small.mbook"), options);
        book = BookFile::open(dir.file("small.mbook"));
        EXPECT_EQ(messages.size(), 1u);
        if (!messages.empty()) {
            EXPECT_NE(messages[0].find("Ke3"), std::string::npos) << messages[0];
        }
    }
    const BookEntry* at(const std::string& moves, const std::string& uci) const {
        return find_entry(book, after(moves), uci);
    }
};

void expect_counts(const BookEntry* e, std::uint32_t white, std::uint32_t draws,
                   std::uint32_t black, std::uint32_t elo_count, std::uint64_t elo_sum) {
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->white_wins, white);
    EXPECT_EQ(e->draws, draws);
    EXPECT_EQ(e->black_wins, black);
    EXPECT_EQ(e->elo_count, elo_count);
    EXPECT_EQ(e->elo_sum(), elo_sum);
}

TEST(BookBuilder, CountsEqualHandComputedResultsPerPositionAndMove) {
    SmallBook small;
    EXPECT_EQ(small.stats.games_seen, 5u);
    EXPECT_EQ(small.stats.games_used, 3u);
    EXPECT_EQ(small.stats.unreadable, 1u);
    EXPECT_EQ(small.stats.no_result, 1u);
    EXPECT_EQ(small.stats.filtered, 0u);
    EXPECT_EQ(small.stats.moves_counted, 6u + 6u + 2u);
    EXPECT_EQ(small.stats.runs, 0u);

    // 1.e4 in games 1 (1-0, White 2500) and 3 (draw, White 1800); 1.Nf3 in game 2 (0-1).
    expect_counts(small.at("", "e2e4"), 1, 1, 0, 2, 2500 + 1800);
    expect_counts(small.at("", "g1f3"), 0, 0, 1, 1, 2600);
    expect_counts(small.at("e2e4", "e7e5"), 1, 0, 0, 1, 2400);
    expect_counts(small.at("e2e4", "c7c5"), 0, 1, 0, 0, 0);  // Black's Elo is empty
    expect_counts(small.at("g1f3", "b8c6"), 0, 0, 1, 1, 2200);
    expect_counts(small.at("e2e4 e7e5 g1f3", "b8c6"), 1, 0, 0, 1, 2400);
    expect_counts(small.at("g1f3 b8c6 e2e4", "e7e5"), 0, 0, 1, 1, 2200);
    EXPECT_EQ(small.at("", "d2d4"), nullptr);  // only in the game without a result
    EXPECT_EQ(small.book.size(), 11u);

    const BookEntry* e4 = small.at("", "e2e4");
    EXPECT_EQ(e4->mover_color(), WHITE);
    EXPECT_DOUBLE_EQ(e4->average_elo(), 2150.0);
    EXPECT_EQ(small.at("e2e4", "e7e5")->mover_color(), BLACK);
    EXPECT_NE(small.book.description().find("small.pgn"), std::string::npos);
}

TEST(BookBuilder, TransposedMoveOrdersShareOneEntry) {
    SmallBook small;
    EXPECT_EQ(after(TRANSPOSED).key(), after("g1f3 b8c6 e2e4 e7e5").key());
    EXPECT_EQ(small.book.lookup(after(TRANSPOSED).key()).size(), 1u);
    expect_counts(small.at(TRANSPOSED, "f1b5"), 1, 0, 1, 2, 2500 + 2600);
    expect_counts(small.at(std::string(TRANSPOSED) + " f1b5", "a7a6"), 1, 0, 1, 2, 2400 + 2200);
}

TEST(BookBuilder, ProbingGivesLegalMovesMostPlayedFirstAndThePolicysPick) {
    SmallBook small;
    Position start;
    std::vector<BookMove> moves = book_moves(small.book, start);
    ASSERT_EQ(moves.size(), 2u);
    EXPECT_EQ(move_to_uci(start, moves[0].move), "e2e4");
    EXPECT_EQ(moves[0].counts.wins, 1u);
    EXPECT_EQ(moves[0].counts.draws, 1u);
    EXPECT_EQ(move_to_uci(start, moves[1].move), "g1f3");
    EXPECT_EQ(moves[1].counts.losses, 1u);  // White's view: Black won

    Position after_e4 = after("e2e4");
    std::vector<BookMove> replies = book_moves(small.book, after_e4);
    ASSERT_EQ(replies.size(), 2u);
    const BookMove& e5 = move_to_uci(after_e4, replies[0].move) == "e7e5" ? replies[0] : replies[1];
    EXPECT_EQ(e5.counts.losses, 1u);  // Black's view: White won game 1

    std::mt19937_64 rng(1);
    BookPolicy best;
    best.kind = BookPolicyKind::BEST;
    EXPECT_EQ(pick_book_move(small.book, start, best, rng), Move::none());  // N < 20
    best.min_games = 1;
    EXPECT_EQ(move_to_uci(start, pick_book_move(small.book, start, best, rng)), "e2e4");
    EXPECT_EQ(pick_book_move(small.book, after("d2d4"), best, rng), Move::none());
}

TEST(BookBuilder, MinimumMoverEloLeavesOutMovesOfWeakerPlayers) {
    BookBuildOptions options;
    options.filter.min_mover_elo = 2450;
    SmallBook small(options);
    expect_counts(small.at("", "e2e4"), 1, 0, 0, 1, 2500);  // not game 3's 1800
    expect_counts(small.at("", "g1f3"), 0, 0, 1, 1, 2600);
    EXPECT_EQ(small.at("e2e4", "e7e5"), nullptr);  // Black 2400
    EXPECT_EQ(small.at("e2e4", "c7c5"), nullptr);  // unrated
    expect_counts(small.at(TRANSPOSED, "f1b5"), 1, 0, 1, 2, 5100);
    EXPECT_EQ(small.at(std::string(TRANSPOSED) + " f1b5", "a7a6"), nullptr);
}

TEST(BookBuilder, MinimumBothEloSkipsWholeGames) {
    BookBuildOptions options;
    options.filter.min_both_elo = 2300;
    SmallBook small(options);
    EXPECT_EQ(small.stats.games_used, 1u);
    EXPECT_EQ(small.stats.filtered, 2u);
    expect_counts(small.at("", "e2e4"), 1, 0, 0, 1, 2500);
    EXPECT_EQ(small.at("", "g1f3"), nullptr);
    EXPECT_EQ(small.book.size(), 6u);
}

TEST(BookBuilder, EcoRangesKeepOnlyGamesInside) {
    BookBuildOptions options;
    ASSERT_TRUE(parse_eco_ranges("C00-C99", options.filter.eco, nullptr));
    SmallBook french_to_ruy(options);
    EXPECT_EQ(french_to_ruy.stats.games_used, 1u);
    expect_counts(french_to_ruy.at("", "e2e4"), 1, 0, 0, 1, 2500);
    EXPECT_EQ(french_to_ruy.at("", "g1f3"), nullptr);

    ASSERT_TRUE(parse_eco_ranges("a00-A99, B20", options.filter.eco, nullptr));
    SmallBook flank(options);
    EXPECT_EQ(flank.stats.games_used, 2u);
    expect_counts(flank.at("", "e2e4"), 0, 1, 0, 1, 1800);
    expect_counts(flank.at("", "g1f3"), 0, 0, 1, 1, 2600);
}

TEST(BookBuilder, MaxPlyStopsCountingAfterThatManyMoves) {
    BookBuildOptions options;
    options.max_ply = 2;
    SmallBook small(options);
    EXPECT_EQ(small.book.size(), 5u);  // 1.e4, 1.Nf3, 1...e5, 1...c5, 1...Nc6
    EXPECT_NE(small.at("e2e4", "e7e5"), nullptr);
    EXPECT_EQ(small.at("e2e4 e7e5", "g1f3"), nullptr);
    EXPECT_NE(small.book.description().find("--max-ply 2"), std::string::npos);
}

TEST(BookBuilder, DateTimeClassAndMinCountFilters) {
    BookBuildOptions options;
    options.filter.from_date = "2000.01.01";
    EXPECT_EQ(SmallBook(options).stats.games_used, 2u);
    options.filter.from_date = "";
    options.filter.to_date = "1999.12.31";  // "1990.??.??" is before it
    EXPECT_EQ(SmallBook(options).stats.games_used, 1u);

    BookBuildOptions fast;
    fast.filter.time_class = TimeClass::BLITZ;  // "World Blitz"
    SmallBook blitz(fast);
    EXPECT_EQ(blitz.stats.games_used, 1u);
    EXPECT_NE(blitz.at("", "g1f3"), nullptr);
    fast.filter.time_class = TimeClass::RAPID;  // TimeControl 600+5: 900 s estimated
    EXPECT_EQ(SmallBook(fast).stats.games_used, 1u);

    BookBuildOptions common;
    common.min_count = 2;
    SmallBook small(common);
    EXPECT_EQ(small.book.size(), 3u);  // 1.e4, 3.Bb5 and 3...a6 have two games each
    EXPECT_NE(small.at("", "e2e4"), nullptr);
}

TEST(BookBuilder, TimeClassHeuristic) {
    auto classify = [](std::initializer_list<std::pair<const char*, const char*>> tags) {
        GameHeaders headers;
        for (auto& [name, value] : tags) headers.set(name, value);
        return classify_time_class(headers);
    };
    EXPECT_EQ(classify({{"TimeControl", "180+2"}}), TimeClass::BLITZ);
    EXPECT_EQ(classify({{"TimeControl", "600"}}), TimeClass::BLITZ);
    EXPECT_EQ(classify({{"TimeControl", "900+10"}}), TimeClass::RAPID);
    EXPECT_EQ(classify({{"TimeControl", "40/7200:3600"}}), TimeClass::CLASSICAL);
    EXPECT_EQ(classify({{"TimeControl", "5400+30"}}), TimeClass::CLASSICAL);
    EXPECT_EQ(classify({{"TimeControl", "?"}, {"Event", "Tata Steel Rapid"}}), TimeClass::RAPID);
    EXPECT_EQ(classify({{"Event", "chess.com Speed 2020"}}), TimeClass::BLITZ);
    EXPECT_EQ(classify({{"Event", "ch-UZB 1st League 2014"}}), TimeClass::CLASSICAL);

    std::vector<EcoRange> ranges;
    std::string error;
    EXPECT_FALSE(parse_eco_ranges("C00-F10", ranges, &error));
    EXPECT_NE(error.find("C00-F10"), std::string::npos);
    EXPECT_FALSE(parse_eco_ranges("C19-C00", ranges, &error));
    EXPECT_TRUE(is_filter_date("2024.01.31"));
    EXPECT_FALSE(is_filter_date("2024.1.31"));
    // Only days of the calendar: a month 13 or a 30 February would filter out every game.
    EXPECT_TRUE(is_filter_date("2024.02.29"));
    EXPECT_TRUE(is_filter_date("2000.02.29"));
    EXPECT_TRUE(is_filter_date("1999.12.31"));
    EXPECT_FALSE(is_filter_date("2023.02.29"));
    EXPECT_FALSE(is_filter_date("1900.02.29"));
    EXPECT_FALSE(is_filter_date("2020.13.01"));
    EXPECT_FALSE(is_filter_date("2020.00.10"));
    EXPECT_FALSE(is_filter_date("2020.04.31"));
    EXPECT_FALSE(is_filter_date("2020.04.00"));
}

TEST(BookBuilder, ARepeatedPositionAndMoveCountsOnceInAGame) {
    test::ScratchDirectory dir("book_builder_repeat_test");
    std::string pgn =
        dir.write("repeat.pgn", "[Result \"1-0\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nc6 1-0\n");
    build_book({pgn}, dir.file("repeat.mbook"), {});
    BookFile book = BookFile::open(dir.file("repeat.mbook"));
    expect_counts(find_entry(book, Position(), "g1f3"), 1, 0, 0, 0, 0);
    expect_counts(find_entry(book, after("g1f3"), "g8f6"), 1, 0, 0, 0, 0);
    expect_counts(find_entry(book, after("g1f3"), "b8c6"), 1, 0, 0, 0, 0);
}

TEST(BookBuilder, SpillingWithATinyBudgetGivesTheSameBook) {
    test::ScratchDirectory dir("book_builder_spill_test");
    std::string pgn = dir.write("random.pgn", test::random_games(300, 30, 7));
    BookBuildStats in_memory = build_book({pgn}, dir.file("memory.mbook"), {});
    BookBuildOptions tiny;
    tiny.memory_bytes = 8 << 10;
    BookBuildStats spilled = build_book({pgn}, dir.file("spilled.mbook"), tiny);

    EXPECT_EQ(in_memory.runs, 0u);
    EXPECT_GT(spilled.runs, 10u);
    EXPECT_EQ(spilled.entries, in_memory.entries);
    EXPECT_GT(in_memory.entries, 5000u);
    BookFile a = BookFile::open(dir.file("memory.mbook"));
    BookFile b = BookFile::open(dir.file("spilled.mbook"));
    EXPECT_EQ(test::all_entries(a), test::all_entries(b));
    EXPECT_EQ(a.checksum(), b.checksum());
    // The runs are removed.
    for (const auto& f : std::filesystem::directory_iterator(dir.file("")))
        EXPECT_NE(f.path().extension(), ".tmp") << f.path();
}

TEST(BookBuilder, MergingTheBooksOfTwoHalvesEqualsBuildingTheWhole) {
    test::ScratchDirectory dir("book_builder_merge_test");
    std::string first = test::random_games(150, 30, 11), second = test::random_games(150, 30, 12);
    std::string first_path = dir.write("first.pgn", first),
                second_path = dir.write("second.pgn", second);
    std::string whole_path = dir.write("whole.pgn", first + second);

    BookBuildOptions small_budget;
    small_budget.memory_bytes = 16 << 10;
    build_book({whole_path}, dir.file("whole.mbook"), {});
    build_book({first_path}, dir.file("first.mbook"), small_budget);
    build_book({second_path}, dir.file("second.mbook"), {});
    build_book({first_path, second_path}, dir.file("both.mbook"), {});

    BookFile a = BookFile::open(dir.file("first.mbook")),
             b = BookFile::open(dir.file("second.mbook"));
    std::vector<std::unique_ptr<EntrySource>> sources;
    sources.push_back(std::make_unique<SpanSource>(a.entries()));
    sources.push_back(std::make_unique<SpanSource>(b.entries()));
    MergedSource merged(std::move(sources));
    write_book(dir.file("merged.mbook"), "merged", merged);

    BookFile whole = BookFile::open(dir.file("whole.mbook"));
    BookFile merged_book = BookFile::open(dir.file("merged.mbook"));
    EXPECT_LT(a.size(), whole.size());
    EXPECT_EQ(test::all_entries(merged_book), test::all_entries(whole));
    EXPECT_EQ(merged_book.checksum(), whole.checksum());
    EXPECT_EQ(test::all_entries(BookFile::open(dir.file("both.mbook"))), test::all_entries(whole));
    // The start position's entries hold all 300 games (a few more: random knight moves can
    // come back to the start and go on differently).
    std::uint64_t games = 0;
    for (const BookEntry& e : whole.lookup(Position().key())) games += e.games();
    EXPECT_GE(games, 300u);
    EXPECT_LT(games, 330u);
}

TEST(BookBuilder, ShardsMergeIntoTheSingleBuildByteForByte) {
    test::ScratchDirectory dir("book_builder_shard_test");
    std::string pgn = dir.write("games.pgn", test::random_games(200, 30, 21));
    std::string more = dir.write("more.pgn", test::random_games(61, 20, 22));
    BookBuildOptions options;
    options.max_ply = 24;
    build_book({pgn, more}, dir.file("single.mbook"), options);

    std::vector<std::string> shards;
    std::uint64_t used = 0;
    for (int s = 0; s < 3; ++s) {
        BookBuildOptions shard = options;
        shard.shard = s;
        shard.shards = 3;
        shards.push_back(dir.file("shard" + std::to_string(s) + ".mbook"));
        BookBuildStats stats = build_book({pgn, more}, shards.back(), shard);
        EXPECT_EQ(stats.games_used + stats.other_shards, 261u);
        used += stats.games_used;
    }
    EXPECT_EQ(used, 261u);
    // In any order: the shards are recognised as one build's and merge into its exact file.
    BookMergeStats merged =
        merge_books({shards[2], shards[0], shards[1]}, dir.file("merged.mbook"));
    EXPECT_EQ(merged.shards, 3);
    EXPECT_EQ(test::file_bytes(dir.file("merged.mbook")),
              test::file_bytes(dir.file("single.mbook")));
    EXPECT_EQ(BookFile::open(dir.file("merged.mbook")).description(),
              BookFile::open(dir.file("single.mbook")).description());

    // With --min-count applied at the merge it is still the single build's file.
    options.min_count = 2;
    build_book({pgn, more}, dir.file("single2.mbook"), options);
    merge_books(shards, dir.file("merged2.mbook"), 2);
    EXPECT_EQ(test::file_bytes(dir.file("merged2.mbook")),
              test::file_bytes(dir.file("single2.mbook")));

    // Rebuilding a finished shard gives the same file.
    std::string before = test::file_bytes(shards[1]);
    BookBuildOptions again = options;
    again.min_count = 1;
    again.shard = 1;
    again.shards = 3;
    build_book({pgn, more}, shards[1], again);
    EXPECT_EQ(test::file_bytes(shards[1]), before);
}

// A tree of merges: groups of shards merged with --partial, then the groups' books, give the
// single build's file; a partial merge says which shards it holds and refuses --min-count.
TEST(BookBuilder, ATreeOfPartialMergesGivesTheSingleBuild) {
    test::ScratchDirectory dir("book_builder_tree_merge");
    std::string pgn = dir.write("games.pgn", test::random_games(150, 24, 27));
    BookBuildOptions options;
    options.max_ply = 20;
    build_book({pgn}, dir.file("single.mbook"), options);
    std::vector<std::string> shards;
    for (int s = 0; s < 5; ++s) {
        BookBuildOptions shard = options;
        shard.shard = s;
        shard.shards = 5;
        shards.push_back(dir.file("shard" + std::to_string(s) + ".mbook"));
        build_book({pgn}, shards.back(), shard);
    }
    BookMergeStats low =
        merge_books({shards[0], shards[1], shards[3]}, dir.file("low.mbook"), 1, true);
    EXPECT_EQ(low.partial, "0-1,3");
    EXPECT_NE(BookFile::open(dir.file("low.mbook")).description().find(" --shard 0-1,3/5"),
              std::string::npos);
    BookMergeStats high = merge_books({shards[4]}, dir.file("high.mbook"), 1, true);
    EXPECT_EQ(high.partial, "4");
    // Without --partial an incomplete set is refused; with it, --min-count is.
    EXPECT_THROW(merge_books({dir.file("low.mbook"), shards[2]}, dir.file("no.mbook")),
                 BookFileError);
    EXPECT_THROW(merge_books({dir.file("low.mbook")}, dir.file("no.mbook"), 2, true),
                 BookFileError);
    // A shard held twice, once inside a group, is refused.
    EXPECT_THROW(merge_books({dir.file("low.mbook"), shards[1], shards[2], dir.file("high.mbook")},
                             dir.file("no.mbook")),
                 BookFileError);
    BookMergeStats all = merge_books({dir.file("high.mbook"), shards[2], dir.file("low.mbook")},
                                     dir.file("tree.mbook"));
    EXPECT_EQ(all.shards, 5);
    EXPECT_EQ(all.partial, "");
    EXPECT_EQ(test::file_bytes(dir.file("tree.mbook")), test::file_bytes(dir.file("single.mbook")));
    merge_books({dir.file("high.mbook"), shards[2], dir.file("low.mbook")}, dir.file("tree2.mbook"),
                2);
    options.min_count = 2;
    build_book({pgn}, dir.file("single2.mbook"), options);
    EXPECT_EQ(test::file_bytes(dir.file("tree2.mbook")),
              test::file_bytes(dir.file("single2.mbook")));
}

// The message of the BookFileError that merging `inputs` throws ("" when none is thrown).
std::string merge_error(const std::vector<std::string>& inputs, const std::string& output) {
    try {
        merge_books(inputs, output);
    } catch (const BookFileError& e) {
        EXPECT_FALSE(std::filesystem::exists(output)) << output;
        return e.what();
    }
    return "";
}

TEST(BookBuilder, MergeRefusesACorruptMissingOrRepeatedShardNamingTheFile) {
    test::ScratchDirectory dir("book_builder_bad_shard_test");
    std::string pgn = dir.write("games.pgn", test::random_games(60, 20, 23));
    std::vector<std::string> shards;
    for (int s = 0; s < 3; ++s) {
        BookBuildOptions options;
        options.shard = s;
        options.shards = 3;
        shards.push_back(dir.file("shard" + std::to_string(s) + ".mbook"));
        build_book({pgn}, shards.back(), options);
    }
    std::string out = dir.file("merged.mbook");

    std::string missing = merge_error({shards[0], shards[2]}, out);
    EXPECT_NE(missing.find("shard 1/3 of its build is missing"), std::string::npos) << missing;
    std::string twice = merge_error({shards[0], shards[1], shards[2], shards[1]}, out);
    EXPECT_NE(twice.find(shards[1] + ": shard 1/3 is also given as " + shards[1]),
              std::string::npos)
        << twice;

    BookBuildOptions other;
    other.max_ply = 10;
    other.shard = 1;
    other.shards = 3;
    std::string foreign = dir.file("foreign.mbook");
    build_book({pgn}, foreign, other);
    std::string mixed = merge_error({shards[0], foreign, shards[2]}, out);
    EXPECT_NE(mixed.find(foreign + ": shard of another build"), std::string::npos) << mixed;

    // One byte of an entry changed: the checksum no longer matches.
    {
        std::fstream file(shards[2], std::ios::in | std::ios::out | std::ios::binary);
        file.seekg(-5, std::ios::end);
        char byte = char(file.get());
        file.seekp(-5, std::ios::end);
        file.put(char(byte ^ 0x5a));
    }
    std::string corrupt = merge_error(shards, out);
    EXPECT_EQ(corrupt.rfind(shards[2] + ": not a usable mneme book: ", 0), 0u) << corrupt;
    EXPECT_NE(corrupt.find("checksum"), std::string::npos) << corrupt;
    // Cut short, as by a killed job that wrote without renaming.
    std::filesystem::resize_file(shards[2], std::filesystem::file_size(shards[2]) - 40);
    std::string truncated = merge_error(shards, out);
    EXPECT_EQ(truncated.rfind(shards[2] + ": not a usable mneme book: ", 0), 0u) << truncated;
}

TEST(BookBuilder, AStopRequestLeavesNeitherBookNorRuns) {
    test::ScratchDirectory dir("book_builder_stop_test");
    // The stop comes with the broken game at the end, after the counting thread has taken at
    // least one full batch (the reader runs at most a few batches ahead) and spilled runs.
    std::string pgn = dir.write("random.pgn", test::random_games(3000, 16, 5) +
                                                  "[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 1-0\n\n" +
                                                  test::random_games(10, 16, 6));
    std::atomic<bool> stop{false};
    BookBuildOptions options;
    options.stop = &stop;
    options.report = [&](const std::string&) { stop = true; };
    options.memory_bytes = 4 << 10;
    EXPECT_THROW(build_book({pgn}, dir.file("stopped.mbook"), options), BookBuildInterrupted);
    std::vector<std::string> left;
    for (const auto& f : std::filesystem::directory_iterator(dir.file("")))
        left.push_back(f.path().filename().string());
    EXPECT_EQ(left, std::vector<std::string>{"random.pgn"});

    stop = false;
    options.report = nullptr;
    EXPECT_GT(build_book({pgn}, dir.file("whole.mbook"), options).runs, 10u);
}

TEST(BookBuilder, UnwritableOutputIsReportedWithItsName) {
    test::ScratchDirectory dir("book_builder_output_test");
    std::string pgn = dir.write("small.pgn", SMALL_PGN);
    std::string output = dir.file("missing/dir/out.mbook");
    try {
        build_book({pgn}, output, {});
        FAIL() << "no error";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("missing/dir"), std::string::npos) << e.what();
    }
}

TEST(BookBuilder, MissingInputIsRefusedBeforeAnythingIsWritten) {
    test::ScratchDirectory dir("book_builder_missing_input_test");
    std::string pgn = dir.write("small.pgn", SMALL_PGN);
    std::string missing = dir.file("no-such-games.pgn");
    std::string output = dir.file("out.mbook");
    try {
        build_book({pgn, missing}, output, {});
        FAIL() << "no error";
    } catch (const std::runtime_error& e) {
        std::string message = e.what();
        EXPECT_NE(message.find(missing), std::string::npos) << message;
        EXPECT_NE(message.find("was not written"), std::string::npos) << message;
    }
    std::vector<std::string> left;
    for (const auto& f : std::filesystem::directory_iterator(dir.file("")))
        left.push_back(f.path().filename().string());
    EXPECT_EQ(left, std::vector<std::string>{"small.pgn"});
}

TEST(BookBuilder, TruncatedCompressedInputWritesNoBook) {
    test::ScratchDirectory dir("book_builder_truncated_test");
    // The zstd magic and then nothing: the reader fails partway.
    std::string broken = dir.write("broken.pgn.zst", std::string("\x28\xb5\x2f\xfd\x00", 5));
    std::string output = dir.file("out.mbook");
    EXPECT_THROW(build_book({broken}, output, {}), std::runtime_error);
    EXPECT_FALSE(std::filesystem::exists(output));
}

}  // namespace
}  // namespace mneme

// Feedback learning (OPTA FB): results added with a weight to an experience file, combined with
// the database counts by OpeningBook, and learned by the match runner's mneme player.
#include "mneme/book/book_learning.h"

#include <gtest/gtest.h>

#include "book_test_util.h"
#include "mneme/book/opening_book.h"
#include "mneme/match/in_process_players.h"
#include "test_data.h"

namespace mneme {
namespace {

LearnedGame game_of(const std::string& moves, GameResult result) {
    LearnedGame game;
    Position pos;
    std::string word;
    for (char c : moves + " ") {
        if (c != ' ') {
            word += c;
        } else if (!word.empty()) {
            Move m = parse_uci_move(pos, word);
            game.moves.push_back(m);
            pos.do_move(m);
            word.clear();
        }
    }
    game.result = result;
    return game;
}

TEST(BookLearning, AddsWeightedResultsToEveryPositionOfTheGame) {
    test::ScratchDirectory dir("book_learning_test");
    std::string experience = dir.file("experience.mbook");
    LearningStats stats = learn_from_games(
        {game_of("e2e4 e7e5 g1f3", GameResult::WHITE_WINS), game_of("d2d4", GameResult::ONGOING)},
        experience, {});
    EXPECT_EQ(stats.games_learned, 1u);
    EXPECT_EQ(stats.unfinished, 1u);
    EXPECT_EQ(stats.entries, 3u);
    {
        BookFile book = BookFile::open(experience);
        const BookEntry* e4 = test::find_entry(book, Position(), "e2e4");
        ASSERT_NE(e4, nullptr);
        EXPECT_EQ(e4->white_wins, 5u);
        const BookEntry* e5 = test::find_entry(book, test::after("e2e4"), "e7e5");
        ASSERT_NE(e5, nullptr);
        EXPECT_EQ(e5->white_wins, 5u);
        EXPECT_EQ(e5->mover_color(), BLACK);
    }
    LearningOptions heavy;
    heavy.weight = 2;
    learn_from_games({game_of("e2e4 c7c5", GameResult::BLACK_WINS)}, experience, heavy);
    BookFile book = BookFile::open(experience);
    const BookEntry* e4 = test::find_entry(book, Position(), "e2e4");
    ASSERT_NE(e4, nullptr);
    EXPECT_EQ(e4->white_wins, 5u);
    EXPECT_EQ(e4->black_wins, 2u);
    EXPECT_EQ(book.size(), 4u);
}

TEST(BookLearning, ExperienceAddsToTheDatabaseCounts) {
    test::ScratchDirectory dir("book_learning_combine_test");
    std::string pgn;
    for (int i = 0; i < 20; ++i) pgn += "[Result \"1/2-1/2\"]\n\n1. e4 e5 1/2-1/2\n\n";
    build_book({dir.write("db.pgn", pgn)}, dir.file("db.mbook"), {});
    std::string experience = dir.file("experience.mbook");
    learn_from_games(
        {game_of("e2e4 e7e5", GameResult::WHITE_WINS), game_of("b2b3", GameResult::BLACK_WINS)},
        experience, {});

    OpeningBook book = OpeningBook::open(dir.file("db.mbook"));
    book.set_experience(experience);
    std::vector<OpeningBookMove> moves = book.moves(Position());
    ASSERT_EQ(moves.size(), 2u);
    EXPECT_EQ(move_to_uci(Position(), moves[0].move), "e2e4");
    EXPECT_EQ(moves[0].counts.games(), 25u);
    EXPECT_EQ(moves[0].counts.wins, 5u);
    EXPECT_EQ(moves[0].experience_games, 5u);
    // A move only the engine played enters the book through experience.
    EXPECT_EQ(move_to_uci(Position(), moves[1].move), "b2b3");
    EXPECT_EQ(moves[1].counts.losses, 5u);

    std::vector<LearnedGame> read = read_games_to_learn(
        {dir.write("games.pgn", "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n")}, nullptr);
    ASSERT_EQ(read.size(), 1u);
    EXPECT_EQ(read[0].moves.size(), 4u);
    EXPECT_EQ(read[0].result, GameResult::BLACK_WINS);
    EXPECT_EQ(parse_result_text("1/2-1/2"), GameResult::DRAW);
    EXPECT_EQ(parse_result_text("*"), GameResult::ONGOING);
}

TEST(BookLearning, TheMnemePlayerLearnsAfterEachGame) {
    test::ScratchDirectory dir("book_learning_player_test");
    std::string experience = dir.file("experience.mbook");
    std::string pgn;
    for (int i = 0; i < 20; ++i) pgn += "[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n";
    build_book({dir.write("db.pgn", pgn)}, dir.file("db.mbook"), {});
    MnemePlayer player(parse_player_spec(
        {"proto=mneme", "option.OwnBook=true", "option.BookFile=" + dir.file("db.mbook"),
         "option.BookExperience=" + experience, "option.BookLearning=true", "depth=1"}));
    std::string error;
    ASSERT_TRUE(player.start(error)) << error;
    player.new_game(Position(), false);
    MoveRequest request;
    request.position = Position();
    request.time_control.depth = 1;
    MoveReply reply = player.play(request);
    EXPECT_EQ(move_to_uci(Position(), reply.move), "e2e4");
    player.game_over("0-1");
    BookFile book = BookFile::open(experience);
    const BookEntry* e4 = test::find_entry(book, Position(), "e2e4");
    ASSERT_NE(e4, nullptr);
    EXPECT_EQ(e4->black_wins, 5u);

    MnemePlayer no_file(parse_player_spec({"proto=mneme", "option.BookLearning=true"}));
    EXPECT_FALSE(no_file.start(error));
    EXPECT_NE(error.find("BookExperience"), std::string::npos) << error;
}

}  // namespace
}  // namespace mneme

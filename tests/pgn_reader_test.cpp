// PGN reader: headers, moves resolved by replay, comments on the right move, nested variations,
// NAGs, FEN/SetUp and Chess960 games, results, and bad input: each bad game skipped with a
// message naming file, game, line and move while the next game is still read.
#include "mneme/pgn/pgn_reader.h"

#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

#include "mneme/notation/uci_move.h"
#include "mneme/pgn/pgn_writer.h"

namespace mneme {
namespace {

using Strings = std::vector<std::string>;

PgnReader reader_for(const std::string& text, bool mainline_only = false) {
    PgnReaderOptions options;
    options.mainline_only = mainline_only;
    options.name = "test.pgn";
    return PgnReader::from_string(text, options);
}

Strings uci(const std::vector<Move>& moves, bool chess960 = false) {
    Strings out;
    for (Move m : moves) out.push_back(move_to_uci(m, chess960));
    return out;
}

Strings uci(const PgnLine& line) {
    Strings out;
    for (const PgnNode& node : line.moves) out.push_back(move_to_uci(node.move, false));
    return out;
}

std::vector<PgnGame> read_all(PgnReader& reader) {
    std::vector<PgnGame> games;
    while (auto game = reader.next()) games.push_back(std::move(*game));
    return games;
}

Strings messages(const PgnReader& reader) {
    Strings out;
    for (const PgnError& e : reader.errors()) out.push_back(e.message());
    return out;
}

TEST(PgnReader, HeadersMovesAndFinalPosition) {
    auto reader = reader_for(
        "[Event \"Casual\"]\n[Site \"London\"]\n[Date \"1858.??.??\"]\n[Round \"?\"]\n"
        "[White \"Morphy, Paul\"]\n[Black \"NN\"]\n[Result \"1-0\"]\n[ECO \"C41\"]\n\n"
        "1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 1-0\n");
    auto game = reader.next();
    ASSERT_TRUE(game);
    Strings names;
    for (const PgnTag& tag : game->headers) names.push_back(tag.name);
    EXPECT_EQ(names,
              (Strings{"Event", "Site", "Date", "Round", "White", "Black", "Result", "ECO"}));
    EXPECT_EQ(game->headers.get("White"), "Morphy, Paul");
    EXPECT_EQ(game->headers.get("Missing", "none"), "none");
    EXPECT_EQ(uci(game->mainline), (Strings{"e2e4", "e7e5", "g1f3", "d7d6", "f1c4", "c8g4"}));
    EXPECT_EQ(game->result, GameResult::WHITE_WINS);
    EXPECT_EQ(game->source.game_number, 1u);
    EXPECT_EQ(game->source.line, 1u);
    EXPECT_EQ(reader.position().fen(),
              "rn1qkbnr/ppp2ppp/3p4/4p3/2B1P1b1/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 4");
    EXPECT_FALSE(reader.next());
    EXPECT_EQ(reader.stats().games_read, 1u);
    EXPECT_EQ(reader.stats().plies, 6u);
    EXPECT_TRUE(reader.errors().empty());
}

TEST(PgnReader, CommentsAttachToTheRightMove) {
    auto reader = reader_for(
        "[Event \"c\"]\n\n{Start} 1. e4 {best by test} e5 2. Nf3 {develops} {second} Nc6 {last} "
        "*\n");
    auto game = reader.next();
    ASSERT_TRUE(game);
    const auto& moves = game->mainline.moves;
    ASSERT_EQ(moves.size(), 4u);
    EXPECT_EQ(game->mainline.comment, "Start");
    EXPECT_EQ(moves[0].comment, "best by test");
    EXPECT_EQ(moves[1].comment, "");
    EXPECT_EQ(moves[2].comment, "develops second");
    EXPECT_EQ(moves[3].comment, "last");
}

TEST(PgnReader, NestedVariations) {
    const std::string text = "1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) d6) (1... e6) 2. Nf3 *\n";
    auto reader = reader_for(text);
    auto game = reader.next();
    ASSERT_TRUE(game);
    const auto& moves = game->mainline.moves;
    EXPECT_EQ(uci(game->mainline), (Strings{"e2e4", "e7e5", "g1f3"}));
    EXPECT_TRUE(moves[0].variations.empty());
    ASSERT_EQ(moves[1].variations.size(), 2u);
    const PgnLine& sicilian = moves[1].variations[0];
    EXPECT_EQ(uci(sicilian), (Strings{"c7c5", "g1f3", "d7d6"}));
    ASSERT_EQ(sicilian.moves[1].variations.size(), 1u);
    EXPECT_EQ(uci(sicilian.moves[1].variations[0]), (Strings{"c2c3", "d7d5"}));
    EXPECT_EQ(uci(moves[1].variations[1]), (Strings{"e7e6"}));
    EXPECT_TRUE(moves[2].variations.empty());
    EXPECT_EQ(reader.position().fen(),
              "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");

    for (bool mainline_only : {false, true}) {
        auto mainline_reader = reader_for(text, mainline_only);
        PgnMainline mainline;
        ASSERT_TRUE(mainline_reader.next_mainline(mainline));
        EXPECT_EQ(uci(mainline.moves), (Strings{"e2e4", "e7e5", "g1f3"}));
        EXPECT_EQ(mainline.result, GameResult::ONGOING);
    }
}

TEST(PgnReader, CommentsInsideAndAfterVariations) {
    auto reader = reader_for("1. e4 ( {alt} 1. d4 {queen pawn} ) {after} e5 *");
    auto game = reader.next();
    ASSERT_TRUE(game);
    const PgnNode& e4 = game->mainline.moves[0];
    ASSERT_EQ(e4.variations.size(), 1u);
    EXPECT_EQ(e4.variations[0].comment, "alt");
    EXPECT_EQ(e4.variations[0].moves[0].comment, "queen pawn");
    EXPECT_EQ(e4.comment, "after");
}

TEST(PgnReader, Nags) {
    auto reader = reader_for("1. e4! $14 e5?! $2 2. Nf3 $1 $18 Nc6 *");
    auto game = reader.next();
    ASSERT_TRUE(game);
    const auto& moves = game->mainline.moves;
    EXPECT_EQ(moves[0].nags, (std::vector<std::uint8_t>{1, 14}));
    EXPECT_EQ(moves[1].nags, (std::vector<std::uint8_t>{6, 2}));
    EXPECT_EQ(moves[2].nags, (std::vector<std::uint8_t>{1, 18}));
    EXPECT_TRUE(moves[3].nags.empty());
}

TEST(PgnReader, FenAndSetUpGames) {
    auto reader = reader_for(
        "[Event \"Endgame\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/5k2/8/4K2R w K - 0 1\"]\n\n"
        "1. O-O+ Kg3 2. Rf3+ Kxf3 1/2-1/2\n\n"
        "[Event \"No SetUp tag, Black to move\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n\n"
        "40... Kd7 41. e4 Ke6 *\n");
    auto castle = reader.next();
    ASSERT_TRUE(castle);
    EXPECT_EQ(castle->start_position().fen(), "8/8/8/8/8/5k2/8/4K2R w K - 0 1");
    ASSERT_EQ(castle->mainline.moves.size(), 4u);
    Move o_o = castle->mainline.moves[0].move;
    EXPECT_EQ(o_o.kind(), CASTLING);
    EXPECT_EQ(o_o.from(), SQ_E1);
    EXPECT_EQ(o_o.to(), SQ_H1);  // king takes own rook
    EXPECT_EQ(reader.position().fen(), "8/8/8/8/8/5k2/8/6K1 w - - 0 3");
    EXPECT_EQ(castle->result, GameResult::DRAW);

    auto black_first = reader.next();
    ASSERT_TRUE(black_first);
    EXPECT_EQ(uci(black_first->mainline), (Strings{"e8d7", "e2e4", "d7e6"}));
    EXPECT_EQ(reader.position().fen(), "8/8/4k3/8/4P3/8/8/4K3 w - - 1 42");
}

// A Chess960 game (start position 0) with both castlings: White's O-O-O takes the f1 rook and
// Black's O-O leaves the king on g8.
const std::string CHESS960_MOVES =
    "1. Nf3 Nf6 2. d4 b6 3. Qf4 h6 4. Nh4 Nd5 5. Ne3 Nb7 6. O-O-O Nf6 7. Nhf5 Rd8 8. c4 O-O "
    "9. b3 Rfe8 10. Bd3 g6 11. Rhf1 g5 12. Bc2 Ng4 13. Rfe1 Nd6 14. Rd2 Nxf2 15. Bb1 e5 *\n";
const char* const CHESS960_END =
    "bbqrr1k1/p1pp1p2/1p1n3p/4pNp1/2PP1Q2/1P2N3/P2RPnPP/BBK1R3 w - - 0 16";

TEST(PgnReader, Chess960Game) {
    // Shredder-FEN castling letters and X-FEN "KQkq" name the same rooks here.
    const std::pair<const char*, const char*> setups[] = {
        {"Chess960", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"},
        {"chess 960", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"},
        {"Fischerandom", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"},
    };
    for (const auto& [variant, fen] : setups) {
        auto reader = reader_for(std::string("[Variant \"") + variant +
                                 "\"]\n[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n\n" + CHESS960_MOVES);
        auto game = reader.next();
        ASSERT_TRUE(game) << variant;
        ASSERT_EQ(game->mainline.moves.size(), 30u);
        EXPECT_TRUE(reader.position().is_chess960());
        Move white_long = game->mainline.moves[10].move;
        EXPECT_EQ(white_long.kind(), CASTLING);
        EXPECT_EQ(white_long.from(), SQ_G1);
        EXPECT_EQ(white_long.to(), SQ_F1);
        Move black_short = game->mainline.moves[15].move;
        EXPECT_EQ(black_short.kind(), CASTLING);
        EXPECT_EQ(black_short.from(), SQ_G8);
        EXPECT_EQ(black_short.to(), SQ_H8);
        EXPECT_EQ(reader.position().fen(), CHESS960_END);
    }
}

TEST(PgnReader, VariantNames) {
    bool standard = false;
    for (const char* name : {"Chess960", "chess 960", "Fischerandom", "FischerRandom",
                             "Fischer Random", "chess-960", "960"}) {
        EXPECT_TRUE(is_chess960_variant(name, &standard)) << name;
        EXPECT_FALSE(standard);
    }
    for (const char* name : {"", "Standard", "normal", "From Position"}) {
        EXPECT_FALSE(is_chess960_variant(name, &standard)) << name;
        EXPECT_TRUE(standard) << name;
    }
    EXPECT_FALSE(is_chess960_variant("crazyhouse", &standard));
    EXPECT_FALSE(standard);

    auto reader = reader_for(
        "[Event \"zh\"]\n[Variant \"crazyhouse\"]\n\n1. e4 *\n\n[Event \"ok\"]\n\n1. e4 *\n");
    EXPECT_EQ(read_all(reader).size(), 1u);
    EXPECT_EQ(messages(reader),
              (Strings{"test.pgn: game 1 (line 1): unsupported variant 'crazyhouse'"}));
}

TEST(PgnReader, ResultTokensAndResultTagFallback) {
    auto reader = reader_for(
        "[Event \"a\"]\n1. e4 1-0\n[Event \"b\"]\n1. e4 0-1\n[Event \"c\"]\n1. e4 1/2-1/2\n"
        "[Event \"d\"]\n1. e4 *\n[Event \"e\"]\n[Result \"0-1\"]\n1. e4");
    std::vector<GameResult> results;
    for (const PgnGame& game : read_all(reader)) results.push_back(game.result);
    EXPECT_EQ(results, (std::vector<GameResult>{GameResult::WHITE_WINS, GameResult::BLACK_WINS,
                                                GameResult::DRAW, GameResult::ONGOING,
                                                GameResult::BLACK_WINS}));
    EXPECT_EQ(reader.stats().games_read, 5u);
    EXPECT_TRUE(reader.errors().empty());
}

// A Result tag that the movetext's termination marker contradicts is said, naming both. The
// tag's finished result is kept: over "*" (an export cut short) and over another finished result
// (the tag is what databases index and what mneme report scores). A "*" tag claims no result, so
// the marker's is taken without a word.
TEST(PgnReader, AResultTagTheMovetextContradictsIsKeptWithAWarning) {
    for (bool mainline_only : {false, true}) {
        auto reader = reader_for(
            "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 *\n\n"                // lines 1-4
            "[Event \"b\"]\n[Result \"0-1\"]\n\n1. e4 e5 1-0\n\n"              // lines 6-9
            "[Event \"c\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5\n2. Nf3 0-1\n\n"  // 11-15
            "[Event \"d\"]\n[Result \"*\"]\n\n1. e4 e5 1-0\n\n"                // lines 17-20
            "[Event \"e\"]\n[Result \"0-1\"]\n\n1. e4 e5 0-1\n",
            mainline_only);
        std::vector<GameResult> results;
        PgnMainline mainline;
        if (mainline_only)
            while (reader.next_mainline(mainline)) results.push_back(mainline.result);
        else
            for (const PgnGame& game : read_all(reader)) results.push_back(game.result);
        EXPECT_EQ(results, (std::vector<GameResult>{GameResult::WHITE_WINS, GameResult::BLACK_WINS,
                                                    GameResult::DRAW, GameResult::WHITE_WINS,
                                                    GameResult::BLACK_WINS}));
        EXPECT_EQ(messages(reader),
                  (Strings{
                      "test.pgn: game 1 (line 4): warning: the Result tag \"1-0\" disagrees with "
                      "the movetext's \"*\"; kept \"1-0\"",
                      "test.pgn: game 2 (line 9): warning: the Result tag \"0-1\" disagrees with "
                      "the movetext's \"1-0\"; kept \"0-1\"",
                      "test.pgn: game 3 (line 15): warning: the Result tag \"1/2-1/2\" disagrees "
                      "with the movetext's \"0-1\"; kept \"1/2-1/2\"",
                  }));
        EXPECT_EQ(reader.stats().warnings, 3u);
        EXPECT_EQ(reader.stats().games_read, 5u);
    }

    // Written out again, the game carries the kept result in its tag and its movetext alike.
    auto reader = reader_for("[Result \"1-0\"]\n\n1. e4 e5 *\n");
    auto games = read_all(reader);
    ASSERT_EQ(games.size(), 1u);
    std::string written = write_pgn(games[0]);
    EXPECT_NE(written.find("[Result \"1-0\"]"), std::string::npos) << written;
    EXPECT_NE(written.find("1. e4 e5 1-0\n"), std::string::npos) << written;
}

TEST(PgnReader, SkippedGamesNameFileGameLineAndMove) {
    auto reader = reader_for(
        "[Event \"good 1\"]\n"  // line 1
        "\n"
        "1. e4 e5 *\n"
        "\n"
        "[Event \"illegal\"]\n"  // line 5
        "\n"
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6\n"
        "4. Bxc6 dxc6 5. Nxe5 Qd4 6. Ke3 Qxe5 *\n"  // line 8
        "\n"
        "[Event \"black illegal\"]\n"  // line 10
        "1. e4 Ke7?? 2. d4 *\n"
        "[Event \"unparseable\"]\n"  // line 12
        "1. e4 Zz9 *\n"
        "[Event \"ambiguous\"]\n"  // line 14
        "1. d4 d5 2. Nf3 Nf6 3. Nd2 *\n"
        "[Event \"good 2\"]\n"  // line 16
        "\n"
        "1. d4 d5 1/2-1/2\n");
    auto games = read_all(reader);
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(games[0].headers.get("Event"), "good 1");
    EXPECT_EQ(games[1].headers.get("Event"), "good 2");
    EXPECT_EQ(games[1].source.game_number, 6u);
    EXPECT_EQ(games[1].source.line, 16u);
    EXPECT_EQ(uci(games[1].mainline), (Strings{"d2d4", "d7d5"}));
    EXPECT_EQ(messages(reader),
              (Strings{
                  "test.pgn: game 2 (line 8): illegal move 'Ke3' at ply 11 (6.)",
                  "test.pgn: game 3 (line 11): illegal move 'Ke7' at ply 2 (1. ...)",
                  "test.pgn: game 4 (line 13): unparseable move 'Zz9' at ply 2 (1. ...)",
                  "test.pgn: game 5 (line 15): ambiguous move 'Nd2' at ply 5 (3.)",
              }));
    const PgnError& first = reader.errors()[0];
    EXPECT_EQ(first.file, "test.pgn");
    EXPECT_EQ(first.game_number, 2u);
    EXPECT_EQ(first.line, 8u);
    EXPECT_FALSE(first.warning);
    EXPECT_EQ(reader.stats().games_read, 2u);
    EXPECT_EQ(reader.stats().games_skipped, 4u);
    EXPECT_EQ(reader.stats().plies, 4u);

    // The fast path reports the same games the same way.
    auto fast = reader_for(
        "[Event \"x\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n\n40... Kd7 41. e5 *\n[Event "
        "\"y\"]\n1. e4 *\n",
        true);
    PgnMainline game;
    ASSERT_TRUE(fast.next_mainline(game));
    EXPECT_EQ(game.headers.get("Event"), "y");
    EXPECT_EQ(messages(fast),
              (Strings{"test.pgn: game 1 (line 4): illegal move 'e5' at ply 2 (41.)"}));
}

TEST(PgnReader, TextBetweenGamesIsReportedAndIgnored) {
    auto reader = reader_for(
        "Downloaded from somewhere\n[Event \"a\"]\n\n1. e4 *\n\n"
        "this line is junk <>\n### separator ###\n[Event \"b\"]\n\n1. d4 *\n");
    auto games = read_all(reader);
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(games[0].source.game_number, 1u);
    EXPECT_EQ(games[1].source.game_number, 2u);
    EXPECT_EQ(messages(reader),
              (Strings{
                  "test.pgn: line 1: warning: text between games ignored: 'Downloaded'",
                  "test.pgn: line 6: warning: text between games ignored: 'this'",
              }));
    EXPECT_EQ(reader.stats().games_skipped, 0u);
    EXPECT_EQ(reader.stats().warnings, 2u);

    auto separator = reader_for("### separator ###\n[Event \"b\"]\n\n1. d4 *\n");
    EXPECT_EQ(read_all(separator).size(), 1u);
    EXPECT_EQ(
        messages(separator),
        (Strings{
            "test.pgn: line 1: warning: text between games ignored: unexpected character '#'"}));
}

// A tag pair left open is read to its line's end, and said: the value may be cut short.
TEST(PgnReader, ATagPairLeftOpenIsKeptWithAWarning) {
    auto reader = reader_for(
        "[Event \"a\"]\n[White \"Kasparov, G\n[Black \"Karpov\"\n\n1. e4 *\n\n[Event \"b\"]\n\n1. "
        "d4 *\n");
    auto games = read_all(reader);
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(games[0].headers.get("White"), "Kasparov, G");
    EXPECT_EQ(games[0].headers.get("Black"), "Karpov");
    EXPECT_EQ(uci(games[0].mainline), (Strings{"e2e4"}));
    EXPECT_EQ(messages(reader),
              (Strings{
                  "test.pgn: game 1 (line 2): warning: tag pair White not closed on its line; "
                  "read as \"Kasparov, G\"",
                  "test.pgn: game 1 (line 3): warning: tag pair Black not closed on its line; "
                  "read as \"Karpov\"",
              }));
    EXPECT_EQ(reader.stats().games_skipped, 0u);
}

// Junk on a tag pair's line is passed over with a warning: the tags after it stay the game's
// (they made a game of their own before), and the game is read.
TEST(PgnReader, JunkAfterATagPairKeepsTheGameTogether) {
    auto reader = reader_for(
        "[Event \"a\"]]\n[Site \"b\"] @@ #\n[White \"w\"]\n\n1. e4 e5 *\n\n[Event \"next\"]\n\n1. "
        "d4 *\n");
    auto games = read_all(reader);
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(games[0].headers.get("Event"), "a");
    EXPECT_EQ(games[0].headers.get("Site"), "b");
    EXPECT_EQ(games[0].headers.get("White"), "w");
    EXPECT_EQ(uci(games[0].mainline), (Strings{"e2e4", "e7e5"}));
    EXPECT_EQ(games[1].source.game_number, 2u);
    EXPECT_EQ(messages(reader),
              (Strings{
                  "test.pgn: game 1 (line 1): warning: text after a tag pair ignored: unexpected "
                  "character ']'",
                  "test.pgn: game 1 (line 2): warning: text after a tag pair ignored: unexpected "
                  "character '@'",
              }));
    EXPECT_EQ(reader.stats().games_skipped, 0u);

    // An unterminated comment on a tag pair's line is an error that skips the game, as before.
    auto unterminated = reader_for("[Event \"a\"] {no end\n\n1. e4 *\n");
    EXPECT_TRUE(read_all(unterminated).empty());
    EXPECT_EQ(messages(unterminated), (Strings{"test.pgn: game 1 (line 1): unterminated comment"}));

    // A tag pair spanning two lines is one tag of the game.
    auto spanning = reader_for("[Event\n\"two lines\"]\n[Site \"s\"]\n\n1. e4 *\n");
    auto spanned = read_all(spanning);
    ASSERT_EQ(spanned.size(), 1u);
    EXPECT_EQ(spanned[0].headers.get("Event"), "two lines");
    EXPECT_EQ(spanned[0].headers.get("Site"), "s");
    EXPECT_TRUE(spanning.errors().empty());
}

// Input text quoted in a message has its control bytes written as \xNN, so that a file cannot
// drive the terminal the message is read on (ESC [ 2J clears it); UTF-8 letters stay as they are.
TEST(PgnReader, MessagesWriteTheControlBytesOfQuotedInputAsEscapes) {
    auto reader = reader_for(
        "[Event \"a\"]\n[White \"M\u00fcller \u00d1\x1b]0;PWNED\x07\x1b[2J\n\n1. e4 *\n");
    EXPECT_EQ(read_all(reader).size(), 1u);
    EXPECT_EQ(messages(reader),
              (Strings{"test.pgn: game 1 (line 2): warning: tag pair White not closed on its "
                       "line; read as \"M\u00fcller \u00d1\\x1b]0;PWNED\\x07\\x1b[2J\""}));
}

TEST(PgnReader, GamesWithoutMovesOrBlankLinesOrTagValues) {
    auto reader = reader_for(
        "[Event \"no movetext\"]\n[Site \"x\"]\n\n"
        "[Event \"only a result\"]\n[Result \"1-0\"]\n1-0\n"
        "[Event]\n[Site \"\"]\n[White]\n1. e4 *\n"
        "[Event \"glued\"]\n1. d4 d5 [Event \"next\"]\n1. c4\n");
    auto games = read_all(reader);
    ASSERT_EQ(games.size(), 5u);
    EXPECT_EQ(games[0].headers.get("Event"), "no movetext");
    EXPECT_EQ(games[0].headers.size(), 2u);
    EXPECT_TRUE(games[0].mainline.moves.empty());
    EXPECT_EQ(games[0].result, GameResult::ONGOING);
    EXPECT_TRUE(games[1].mainline.moves.empty());
    EXPECT_EQ(games[1].result, GameResult::WHITE_WINS);
    EXPECT_EQ(games[2].headers.size(), 3u);
    EXPECT_EQ(games[2].headers.get("White", "absent"), "");
    EXPECT_EQ(uci(games[2].mainline), (Strings{"e2e4"}));
    EXPECT_EQ(uci(games[3].mainline), (Strings{"d2d4", "d7d5"}));
    EXPECT_EQ(games[4].headers.get("Event"), "next");
    EXPECT_EQ(uci(games[4].mainline), (Strings{"c2c4"}));
    EXPECT_TRUE(reader.errors().empty());
}

TEST(PgnReader, UnterminatedCommentOrVariationSkipsTheGame) {
    for (bool mainline_only : {false, true}) {
        auto comment = reader_for(
            "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 {unterminated\nd5 *\n",
            mainline_only);
        EXPECT_EQ(read_all(comment).size(), 1u);
        EXPECT_EQ(messages(comment), (Strings{"test.pgn: game 2 (line 7): unterminated comment"}));
        EXPECT_EQ(comment.stats().games_skipped, 1u);

        // A comment never closed ends at the next game's tags, which are read.
        auto comment_before_tags = reader_for(
            "[Event \"a\"]\n\n1. e4 e5 2. Nf3 {no end\n\n[Event \"b\"]\n\n1. d4 d5 *\n\n"
            "[Event \"c\"]\n\n1. c4 *\n",
            mainline_only);
        auto read = read_all(comment_before_tags);
        ASSERT_EQ(read.size(), 2u);
        EXPECT_EQ(read[0].headers.get("Event"), "b");
        EXPECT_EQ(uci(read[0].mainline), (Strings{"d2d4", "d7d5"}));
        EXPECT_EQ(read[1].headers.get("Event"), "c");
        EXPECT_EQ(messages(comment_before_tags),
                  (Strings{"test.pgn: game 1 (line 3): unterminated comment"}));

        auto before_tags = reader_for(
            "[Event \"a\"]\n\n1. e4 (1. d4 d5\n\n[Event \"b\"]\n\n1. c4 *\n", mainline_only);
        auto games = read_all(before_tags);
        ASSERT_EQ(games.size(), 1u);
        EXPECT_EQ(games[0].headers.get("Event"), "b");
        EXPECT_EQ(messages(before_tags),
                  (Strings{"test.pgn: game 1 (line 3): unterminated variation"}));

        auto at_end = reader_for("1. e4 e5 *\n1. e4 (1. d4", mainline_only);
        EXPECT_EQ(read_all(at_end).size(), 1u);
        EXPECT_EQ(messages(at_end), (Strings{"test.pgn: game 2 (line 2): unterminated variation"}));
    }
}

TEST(PgnReader, MisplacedVariationBrackets) {
    auto reader = reader_for(
        "[Event \"a\"]\n1. e4 ) e5 *\n[Event \"b\"]\n( 1. d4 ) 1. e4 *\n[Event \"c\"]\n1. c4 *\n");
    auto games = read_all(reader);
    ASSERT_EQ(games.size(), 1u);
    EXPECT_EQ(messages(reader),
              (Strings{"test.pgn: game 1 (line 2): ')' without a matching '('",
                       "test.pgn: game 2 (line 4): variation before any move it could replace"}));
}

// "1. e4 (1. d4 (1. d4 ... ))) *": every variation replaces the move before it.
std::string nested_variations(int levels) {
    std::string text = "1. e4 ";
    for (int i = 0; i < levels; ++i) text += "(1. d4 ";
    text.append(std::size_t(levels), ')');
    return text + " *\n";
}

TEST(PgnReader, VariationsNestedTooDeepSkipTheGame) {
    for (int levels : {MAX_VARIATION_DEPTH + 1, 200000}) {
        auto reader = reader_for("[Event \"deep\"]\n\n" + nested_variations(levels) +
                                 "\n[Event \"next\"]\n\n1. c4 *\n");
        auto games = read_all(reader);
        ASSERT_EQ(games.size(), 1u);
        EXPECT_EQ(games[0].headers.get("Event"), "next");
        EXPECT_EQ(messages(reader),
                  (Strings{"test.pgn: game 1 (line 3): variations nested deeper than " +
                           std::to_string(MAX_VARIATION_DEPTH) + " levels"}));
        EXPECT_EQ(reader.stats().games_skipped, 1u);
    }
    auto at_the_limit = reader_for(nested_variations(MAX_VARIATION_DEPTH));
    ASSERT_TRUE(at_the_limit.next());
    EXPECT_TRUE(at_the_limit.errors().empty());
}

TEST(PgnReader, AnyNestingCanBeReadCopiedComparedAndFreedWhenAllowed) {
    // Without the limit nothing recurses per level: a tree 200,000 levels deep is no problem.
    PgnReaderOptions options;
    options.max_variation_depth = std::numeric_limits<int>::max();
    auto reader = PgnReader::from_string(nested_variations(200000), options);
    auto game = reader.next();
    ASSERT_TRUE(game);
    int depth = 0;
    for (const PgnLine* line = &game->mainline; !line->moves[0].variations.empty();
         line = &line->moves[0].variations[0])
        ++depth;
    EXPECT_EQ(depth, 200000);
    PgnGame copy = *game;
    EXPECT_TRUE(copy.mainline == game->mainline);
    copy.mainline.moves[0].variations[0].moves[0].variations[0].comment = "changed";
    EXPECT_FALSE(copy.mainline == game->mainline);
    copy = *game;
    EXPECT_TRUE(copy.mainline == game->mainline);
}

TEST(PgnReader, IllegalMoveInsideAVariation) {
    const std::string text = "[Event \"a\"]\n1. e4 (1. Ke2) e5 *\n";
    auto full = reader_for(text);
    EXPECT_FALSE(full.next());
    EXPECT_EQ(
        messages(full),
        (Strings{"test.pgn: game 1 (line 2): illegal move 'Ke2' at ply 1 (1.) in a variation"}));
    // The mainline-only path never looks inside variations.
    auto fast = reader_for(text, true);
    PgnMainline game;
    EXPECT_TRUE(fast.next_mainline(game));
    EXPECT_EQ(uci(game.moves), (Strings{"e2e4", "e7e5"}));
}

TEST(PgnReader, MainlineFormMatchesTheFullGame) {
    const std::string text =
        "[Event \"a\"]\n[White \"W\"]\n\n{intro} 1. e4 $1 {c} (1. d4 d5 (1... Nf6)) e5 2. Nf3 Nc6 "
        "1-0\n\n"
        "[Event \"b\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n\n40... Kd7 (40... Kf7 41. e4) "
        "41. e4 *\n";
    auto full_reader = reader_for(text);
    auto full = read_all(full_reader);
    ASSERT_EQ(full.size(), 2u);
    for (bool mainline_only : {false, true}) {
        auto reader = reader_for(text, mainline_only);
        PgnMainline game;
        for (const PgnGame& expected : full) {
            ASSERT_TRUE(reader.next_mainline(game));
            EXPECT_EQ(game.moves, expected.mainline_moves());
            EXPECT_EQ(game.headers, expected.headers);
            EXPECT_EQ(game.result, expected.result);
            EXPECT_EQ(game.source.game_number, expected.source.game_number);
            EXPECT_EQ(game.start_position().fen(), expected.start_position().fen());
        }
        EXPECT_FALSE(reader.next_mainline(game));
        EXPECT_EQ(reader.stats().plies, full_reader.stats().plies);
    }
}

TEST(PgnReader, MissingFileIsOneError) {
    PgnReader reader("/nonexistent/missing.pgn");
    EXPECT_FALSE(reader.next());
    EXPECT_TRUE(reader.failed());
    EXPECT_EQ(messages(reader), (Strings{"/nonexistent/missing.pgn: cannot open "
                                         "/nonexistent/missing.pgn: No such file or directory"}));
}

}  // namespace
}  // namespace mneme

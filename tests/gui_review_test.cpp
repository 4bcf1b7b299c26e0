// The graphical program's computer review and opening names: moves judged by the drop in their
// player's winning chances against a better move, and the named opening of each position.
#include <gtest/gtest.h>

#include <vector>

#include "mneme/core/position.h"
#include "mneme/gui/api_router.h"
#include "mneme/gui/event_stream.h"
#include "mneme/gui/game_review.h"
#include "mneme/gui/game_session.h"
#include "mneme/notation/san.h"
#include "mneme/pgn/eco_table.h"

namespace mneme::gui {
namespace {

// A fifth of the program's budget per position: enough for these games' verdicts, and fast
// under the sanitizers.
constexpr std::uint64_t REVIEW_NODES = GameSession::DEFAULT_REVIEW_NODES / 5;

Json cp(int centipawns) { return {{"cp", centipawns}}; }
Json best(const std::string& san, const std::string& uci) { return {{"san", san}, {"uci", uci}}; }

TEST(GameReview, WinningChancesFollowTheBrowsersCurve) {
    EXPECT_DOUBLE_EQ(*white_winning_chances(cp(0)), 0.5);
    EXPECT_NEAR(*white_winning_chances(cp(100)), 0.5987, 1e-4);
    EXPECT_NEAR(*white_winning_chances(cp(-100)), 0.4013, 1e-4);
    EXPECT_EQ(*white_winning_chances(cp(5000)), *white_winning_chances(cp(1000)));  // clamped
    EXPECT_EQ(*white_winning_chances({{"mate", 3}}), 1.0);
    EXPECT_EQ(*white_winning_chances({{"mate", -2}}), 0.0);
    EXPECT_FALSE(white_winning_chances(Json()).has_value());
    // A checkmate on the board is certain, not the curve's 98% of its score.
    EXPECT_EQ(*white_winning_chances({{"cp", 10000}, {"checkmate", true}}), 1.0);
    EXPECT_EQ(*white_winning_chances({{"cp", -10000}, {"checkmate", true}}), 0.0);
}

TEST(GameReview, ThresholdsAreLichesss) {
    EXPECT_EQ(judge_drop(0.049), MoveJudgement::NONE);
    EXPECT_EQ(judge_drop(0.05), MoveJudgement::INACCURACY);
    EXPECT_EQ(judge_drop(0.0999), MoveJudgement::INACCURACY);
    EXPECT_EQ(judge_drop(0.10), MoveJudgement::MISTAKE);
    EXPECT_EQ(judge_drop(0.15), MoveJudgement::BLUNDER);
    EXPECT_EQ(judge_drop(-0.3), MoveJudgement::NONE);  // a move that gains
}

TEST(GameReview, JudgesEachMoveFromItsPlayersSide) {
    // White keeps +0.20; Black's reply drops to +1.50 for White (a mistake for Black: 0.52 to
    // 0.65 of White's chances is -0.13 for Black); White then throws it all away (-5.00); Black
    // plays the best move, which keeps the score.
    std::vector<Json> evaluations = {cp(20), cp(20), cp(150), cp(-500), cp(-500)};
    std::vector<ReviewedMove> moves = {
        {"e2e4", true, best("e4", "e2e4")},
        {"f7f6", false, best("e5", "e7e5")},
        {"d1h5", true, best("d4", "d2d4")},
        {"g7g6", false, best("g6", "g7g6")},
    };
    Json review = review_json(evaluations, moves);
    ASSERT_EQ(review.size(), 4u);
    EXPECT_TRUE(review[0].is_null());  // the best move
    EXPECT_EQ(review[1]["judgement"], "mistake") << review[1];
    EXPECT_EQ(review[1]["best_san"], "e5");
    EXPECT_EQ(review[2]["judgement"], "blunder");
    EXPECT_EQ(review[2]["best_uci"], "d2d4");
    EXPECT_NEAR(review[2]["drop"].get<double>(), 0.6457 - 0.1192, 1e-3);
    EXPECT_TRUE(review[3].is_null());
}

TEST(GameReview, NoJudgementWithoutBothScoresOrABetterMove) {
    std::vector<Json> evaluations = {cp(0), Json(), cp(-900)};
    std::vector<ReviewedMove> moves = {
        {"e2e4", true, best("d4", "d2d4")},  // the score after it is unknown
        {"e7e5", false, Json()},             // no best move known
    };
    Json review = review_json(evaluations, moves);
    EXPECT_TRUE(review[0].is_null());
    EXPECT_TRUE(review[1].is_null());
}

TEST(EcoTable, BuiltInTablesNameTranspositions) {
    const EcoTable& table = EcoTable::builtin();
    ASSERT_GT(table.size(), 3000u)
        << "the binary was built without defaults/lichess_openings_?.tsv";
    Position pos;
    for (const char* san : {"e4", "e6", "d4", "d5"}) pos.do_move(parse_san(pos, san));
    const EcoOpening* french = table.find(pos.key());
    ASSERT_NE(french, nullptr);
    EXPECT_EQ(french->code, "C00");
    EXPECT_EQ(french->name, "French Defense");
    // 1.d4 d5 2.e4 e6 reaches the same position.
    Position other;
    for (const char* san : {"d4", "d5", "e4", "e6"}) other.do_move(parse_san(other, san));
    EXPECT_EQ(table.find(other.key()), french);
}

// A game read from PGN and evaluated: the hanging queen is a blunder with a better move shown,
// and every move's position carries its opening name where the tables have one.
TEST(GameReview, AnEvaluatedGameMarksTheBlunderAndNamesTheOpening) {
    EventStream events;
    GameSession session{events, nullptr};
    session.set_review_nodes(REVIEW_NODES);
    std::string pgn =
        "[Event \"review\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n"
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 Qg5 4. Nxg5 *\n";
    ApiResponse loaded = handle_api_request(session, "POST", "/api/pgn/load", {},
                                            Json{{"pgn", pgn}, {"index", 0}}.dump());
    ASSERT_EQ(loaded.status, 200) << loaded.body;
    ASSERT_EQ(handle_api_request(session, "POST", "/api/evaluate-game", {}, "{}").status, 200);
    ASSERT_TRUE(session.wait_until_game_evaluated(60000));
    Json state = Json::parse(handle_api_request(session, "GET", "/api/state", {}, "").body);
    ASSERT_EQ(state["review"].size(), 7u);
    Json queen = state["review"][5];  // 3... Qg5
    EXPECT_EQ(queen["judgement"], "blunder")
        << state["review"] << state["evaluations"] << state["best_moves"];
    EXPECT_NE(queen["best_uci"], "d8g5");
    // The queen thrown away is a third of Black's moves: Black's accuracy is the lower, and its
    // average loss is hundreds of centipawns.
    Json accuracy = state["accuracy"];
    ASSERT_TRUE(accuracy.is_object()) << accuracy;
    EXPECT_LT(accuracy["black"]["accuracy"].get<double>(),
              accuracy["white"]["accuracy"].get<double>())
        << accuracy;
    EXPECT_GT(accuracy["black"]["acpl"].get<int>(), 200) << accuracy;
    for (std::size_t ply = 0; ply + 1 < state["evaluations"].size(); ++ply)
        EXPECT_FALSE(state["evaluations"][ply].is_null()) << ply;
    EXPECT_FALSE(state["best_moves"][0].is_null());
    EXPECT_EQ(state["moves"][4]["opening"]["eco"], "C60");  // 3.Bb5: the Ruy Lopez
    EXPECT_EQ(state["moves"][4]["opening"]["name"], "Ruy Lopez");
    EXPECT_TRUE(state["moves"][6]["opening"].is_null());
}

// The review searches a node budget from an empty table, not a time: the same game gets the
// same scores, best moves and verdicts however loaded the machine is and whatever was searched
// before (here the review itself, run again in the same session).
TEST(GameReview, TheSameGameGetsTheSameReviewEveryTime) {
    std::string pgn =
        "[Event \"review\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n"
        "1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. e3 O-O 5. Bd3 d5 6. Nf3 c5 7. O-O Nc6 8. a3 Bxc3 *\n";
    auto review = [](GameSession& session) {
        EXPECT_EQ(handle_api_request(session, "POST", "/api/evaluate-game", {}, "{}").status, 200);
        EXPECT_TRUE(session.wait_until_game_evaluated(120000));
        return Json::parse(handle_api_request(session, "GET", "/api/state", {}, "").body);
    };
    std::vector<Json> reviews;
    for (int session_number = 0; session_number < 2; ++session_number) {
        EventStream events;
        GameSession session{events, nullptr};
        session.set_review_nodes(REVIEW_NODES);
        ApiResponse loaded = handle_api_request(session, "POST", "/api/pgn/load", {},
                                                Json{{"pgn", pgn}, {"index", 0}}.dump());
        ASSERT_EQ(loaded.status, 200) << loaded.body;
        reviews.push_back(review(session));
        if (session_number == 0) reviews.push_back(review(session));
    }
    ASSERT_EQ(reviews[0]["evaluations"].size(), 17u);
    for (std::size_t i = 1; i < reviews.size(); ++i) {
        EXPECT_EQ(reviews[0]["evaluations"], reviews[i]["evaluations"]) << "review " << i;
        EXPECT_EQ(reviews[0]["best_moves"], reviews[i]["best_moves"]) << "review " << i;
        EXPECT_EQ(reviews[0]["review"], reviews[i]["review"]) << "review " << i;
    }
}

// The page offers deeper reviews: a review's request names its node budget, which the state
// reports, and the review then is the one a session with that default budget gives; a budget
// out of range is refused with the reason.
TEST(GameReview, EachReviewSearchesTheBudgetItAsksFor) {
    std::string pgn =
        "[Event \"review\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n"
        "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *\n";
    auto state_of = [](GameSession& session) {
        return Json::parse(handle_api_request(session, "GET", "/api/state", {}, "").body);
    };
    auto load = [&pgn](GameSession& session) {
        ApiResponse loaded = handle_api_request(session, "POST", "/api/pgn/load", {},
                                                Json{{"pgn", pgn}, {"index", 0}}.dump());
        ASSERT_EQ(loaded.status, 200) << loaded.body;
    };
    constexpr std::uint64_t DEEPER = 2 * REVIEW_NODES;

    EventStream events;
    GameSession asked{events, nullptr};
    asked.set_review_nodes(REVIEW_NODES);
    load(asked);
    EXPECT_EQ(state_of(asked)["review_nodes"], 0);  // no review yet
    for (const char* body :
         {R"({"nodes": 999})", R"({"nodes": 100000001})", R"({"nodes": "deep"})"}) {
        ApiResponse refused = handle_api_request(asked, "POST", "/api/evaluate-game", {}, body);
        EXPECT_EQ(refused.status, 400) << body;
        EXPECT_NE(refused.body.find("'nodes' must be a whole number from 1000 to 100000000"),
                  std::string::npos)
            << refused.body;
    }
    ApiResponse started =
        handle_api_request(asked, "POST", "/api/evaluate-game", {}, Json{{"nodes", DEEPER}}.dump());
    ASSERT_EQ(started.status, 200) << started.body;
    ASSERT_TRUE(asked.wait_until_game_evaluated(120000));
    Json deep = state_of(asked);
    EXPECT_EQ(deep["review_nodes"], DEEPER);

    EventStream other_events;
    GameSession by_default{other_events, nullptr};
    by_default.set_review_nodes(DEEPER);
    load(by_default);
    ASSERT_EQ(handle_api_request(by_default, "POST", "/api/evaluate-game", {}, "{}").status, 200);
    ASSERT_TRUE(by_default.wait_until_game_evaluated(120000));
    Json expected = state_of(by_default);
    EXPECT_EQ(expected["review_nodes"], DEEPER);
    EXPECT_EQ(deep["evaluations"], expected["evaluations"]);
    EXPECT_EQ(deep["best_moves"], expected["best_moves"]);

    // Another game starts without a review.
    load(asked);
    EXPECT_EQ(state_of(asked)["review_nodes"], 0);
}

}  // namespace
}  // namespace mneme::gui

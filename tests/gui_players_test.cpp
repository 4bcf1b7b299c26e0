// The players of mneme serve besides a human and the search: a book player with a tiny book and
// a CBR player with a tiny case base, both built here; the book table of the Analyse tab; and
// the refusals for files the server was not given.
#include <gtest/gtest.h>

#include "mneme/book/book_builder.h"
#include "mneme/cbr/case_base_file.h"
#include "mneme/gui/api_router.h"
#include "mneme/gui/event_stream.h"
#include "mneme/gui/game_session.h"
#include "mneme/gui/game_store.h"
#include "mneme/gui/player_library.h"
#include "mneme/nnue/builtin_network.h"
#include "mneme/notation/uci_move.h"
#include "mneme/search/search.h"
#include "test_data.h"

namespace mneme::gui {
namespace {

struct Reply {
    int status;
    Json body;
};

// 1. e4: 30 games (20 won, 5 drawn, 5 lost by White); 1. d4: 10 draws; 1. c4: 2 wins.
std::string tiny_book(const test::ScratchDirectory& dir) {
    std::string pgn = test::repeated_games(20, "1. e4 e5", "1-0") +
                      test::repeated_games(5, "1. e4 c5", "1/2-1/2") +
                      test::repeated_games(5, "1. e4 e6", "0-1") +
                      test::repeated_games(10, "1. d4 d5", "1/2-1/2") +
                      test::repeated_games(2, "1. c4 e5", "1-0");
    std::string path = dir.file("tiny.mbook");
    build_book({dir.write("tiny.pgn", pgn)}, path, {});
    return path;
}

CaseRecord case_of(const Position& pos, const std::string& uci, std::uint32_t game, int ply) {
    CaseRecord record;
    record.board = CaseBoard::from_position(pos);
    record.move = parse_uci_move(pos, uci).raw();
    record.game = game;
    record.ply = std::uint16_t(ply);
    record.mover = pos.side_to_move();
    record.mover_elo = 2700;
    record.result = std::uint8_t(GameResult::WHITE_WINS);
    return record;
}

// The score a fresh searcher with `evaluator` gives `pos` at depth 5, as the GUI reports it.
Json depth5_score(const Position& pos, std::unique_ptr<Evaluator> evaluator) {
    Searcher direct(64);
    direct.set_evaluator(std::move(evaluator));
    SearchLimits limits;
    limits.depth = 5;
    SearchResult result = direct.search(pos, limits);
    return score_json(result.score, pos, direct.evaluator().win_rate_model());
}

// White's cases: the start (1. d4, game 7) and after 1. d4 Nf6 (2. c4); Black's: after 1. e4 (c5).
std::string tiny_case_base(const test::ScratchDirectory& dir) {
    Position start;
    Position after_d4_nf6 = start;
    after_d4_nf6.do_move(parse_uci_move(after_d4_nf6, "d2d4"));
    after_d4_nf6.do_move(parse_uci_move(after_d4_nf6, "g8f6"));
    Position after_e4 = start;
    after_e4.do_move(parse_uci_move(after_e4, "e2e4"));
    std::vector<CaseRecord> cases = {case_of(start, "d2d4", 7, 0),
                                     case_of(after_d4_nf6, "c2c4", 7, 2),
                                     case_of(after_e4, "c7c5", 8, 1)};
    std::string path = dir.file("tiny.mcases");
    write_case_base(path, "three hand-made cases", cases, 2);
    return path;
}

class GuiPlayersTest : public ::testing::Test {
protected:
    GuiPlayersTest() : dir("gui_players") {
        auto loaded = std::make_shared<PlayerLibrary>();
        book_path = tiny_book(dir);
        cases_path = tiny_case_base(dir);
        loaded->add_book(book_path);
        loaded->add_case_base(cases_path);
        library = loaded;
        session = std::make_unique<GameSession>(events, nullptr, library);
    }
    ~GuiPlayersTest() override { session->shutdown(); }

    Reply request(const std::string& method, const std::string& path, const std::string& body = "",
                  const QueryParameters& query = {}) {
        ApiResponse response = handle_api_request(*session, method, path, query, body);
        return {response.status, Json::parse(response.body)};
    }
    Reply post(const std::string& path, const Json& body) {
        return request("POST", path, body.dump());
    }

    test::ScratchDirectory dir;
    std::string book_path, cases_path;
    std::shared_ptr<const PlayerLibrary> library;
    EventStream events;
    std::unique_ptr<GameSession> session;
};

TEST_F(GuiPlayersTest, ThePlayersListNamesTheBooksAndCaseBases) {
    Reply players = request("GET", "/api/players");
    ASSERT_EQ(players.status, 200);
    EXPECT_EQ(players.body["kinds"], Json({"human", "engine", "cbr", "book"}));
    ASSERT_EQ(players.body["books"].size(), 1u);
    EXPECT_EQ(players.body["books"][0]["name"], "tiny.mbook");
    EXPECT_TRUE(players.body["books"][0]["counts"].get<bool>());
    ASSERT_EQ(players.body["case_bases"].size(), 1u);
    EXPECT_EQ(players.body["case_bases"][0]["cases"], 3);
    EXPECT_EQ(players.body["case_bases"][0]["description"], "three hand-made cases");
}

TEST_F(GuiPlayersTest, TheBookTableOfAPositionWithThePolicysChoice) {
    Reply table = request("GET", "/api/book", "", {{"ply", "0"}});
    ASSERT_EQ(table.status, 200) << table.body.dump();
    EXPECT_EQ(table.body["kind"], "native");
    EXPECT_EQ(table.body["policy"], "opta3");
    EXPECT_EQ(table.body["games"], 42);
    const Json& moves = table.body["moves"];
    ASSERT_EQ(moves.size(), 3u);
    EXPECT_EQ(moves[0]["san"], "e4");
    EXPECT_EQ(moves[0]["games"], 30);
    EXPECT_NEAR(moves[0]["win_pct"].get<double>(), 66.667, 0.01);
    EXPECT_NEAR(moves[0]["draw_pct"].get<double>(), 16.667, 0.01);
    EXPECT_NEAR(moves[0]["score_pct"].get<double>(), 75.0, 1e-9);
    EXPECT_TRUE(moves[0]["chosen"].get<bool>());
    // Under opta3's 20 games, d4 and c4 do not pass the filter.
    EXPECT_EQ(moves[1]["san"], "d4");
    EXPECT_FALSE(moves[1]["eligible"].get<bool>());
    EXPECT_FALSE(moves[1]["chosen"].get<bool>());
    EXPECT_NEAR(moves[1]["score_pct"].get<double>(), 50.0, 1e-9);
    // With no minimum (weighted), every move passes; after 1. e4 Black's replies are listed.
    Reply weighted = request("GET", "/api/book", "", {{"ply", "0"}, {"policy", "weighted"}});
    EXPECT_TRUE(weighted.body["moves"][2]["eligible"].get<bool>());
    ASSERT_EQ(post("/api/new-game", {{"players", {{"white", "human"}, {"black", "human"}}}}).status,
              200);
    ASSERT_EQ(post("/api/move", {{"uci", "e2e4"}}).status, 200);
    Reply after_e4 = request("GET", "/api/book", "", {{"ply", "1"}, {"book", "tiny.mbook"}});
    ASSERT_EQ(after_e4.body["moves"].size(), 3u);
    EXPECT_EQ(after_e4.body["moves"][0]["san"], "e5");
    EXPECT_NEAR(after_e4.body["moves"][0]["loss_pct"].get<double>(), 100.0, 1e-9);  // Black's view

    EXPECT_EQ(request("GET", "/api/book", "", {{"ply", "5"}}).status, 400);
    EXPECT_EQ(request("GET", "/api/book", "", {{"ply", "0"}, {"policy", "coin"}}).status, 400);
    EXPECT_EQ(request("GET", "/api/book", "", {{"ply", "0"}, {"book", "other.bin"}}).status, 422);
}

TEST_F(GuiPlayersTest, WithoutABookTheTableSaysHowToGetOne) {
    EventStream other_events;
    GameSession bare(other_events, nullptr);
    ApiResponse response = handle_api_request(bare, "GET", "/api/book", {{"ply", "0"}}, "");
    EXPECT_EQ(response.status, 409);
    EXPECT_NE(response.body.find("--book"), std::string::npos);
    ApiResponse refused = handle_api_request(bare, "POST", "/api/new-game", {},
                                             R"({"players": {"white": "human", "black": "cbr"}})");
    EXPECT_EQ(refused.status, 422);
    EXPECT_NE(refused.body.find("--cases"), std::string::npos);
    bare.shutdown();
}

// The engine of a server started with --eval classic searches with the classic evaluation, and
// one started without it with mneme's default, the built-in network (until 2026-11-28 the GUI
// played the classic evaluation while UCI played the network): its reply's evaluation is the one
// a search of the same depth with that evaluation gives, and /api/players names it.
TEST_F(GuiPlayersTest, TheEngineSearchesWithTheServersEvaluation) {
    ASSERT_TRUE(nnue::builtin_network()) << "a build without networks/default.mnet";
    Position after_e4;
    after_e4.do_move(parse_uci_move(after_e4, "e2e4"));
    auto engine_evaluation = [&](GameSession& game) {
        auto ask = [&](const std::string& method, const std::string& path, const Json& body) {
            ApiResponse r =
                handle_api_request(game, method, path, {}, body.is_null() ? "" : body.dump());
            return Reply{r.status, Json::parse(r.body)};
        };
        EXPECT_EQ(ask("POST", "/api/new-game",
                      {{"players", {{"white", "human"}, {"black", "engine"}}},
                       {"strength", {{"depth", 5}}}})
                      .status,
                  200);
        EXPECT_EQ(ask("POST", "/api/move", {{"uci", "e2e4"}}).status, 200);
        EXPECT_TRUE(game.wait_until_engine_idle(20000));
        return ask("GET", "/api/state", nullptr).body["evaluations"][1];
    };
    auto classic_library = std::make_shared<PlayerLibrary>();
    classic_library->set_evaluation("classic", std::make_unique<ClassicEvaluator>(),
                                    "the classic evaluation");
    EventStream classic_events;
    GameSession classic(classic_events, nullptr, classic_library);
    Json classic_score = engine_evaluation(classic);
    Json players = Json::parse(handle_api_request(classic, "GET", "/api/players", {}, "").body);
    EXPECT_EQ(players["evaluation"], "the classic evaluation");
    // Its games may still choose the built-in network, listed after the server's own.
    ASSERT_EQ(players["evaluations"].size(), 2u);
    EXPECT_EQ(players["evaluations"][0]["id"], "classic");
    EXPECT_EQ(players["evaluations"][0]["default"], true);
    EXPECT_EQ(players["evaluations"][1]["id"], "nnue");
    EXPECT_EQ(players["evaluations"][1]["name"], "the network (built in)");
    classic.shutdown();

    EXPECT_EQ(classic_score, depth5_score(after_e4, std::make_unique<ClassicEvaluator>()));

    Json default_score = engine_evaluation(*session);  // the fixture's library sets none
    std::string error;
    EXPECT_EQ(default_score, depth5_score(after_e4, nnue::make_evaluator("nnue", "", &error)))
        << error;
    EXPECT_NE(default_score, classic_score);
    EXPECT_EQ(request("GET", "/api/players").body["evaluation"], "the network (built in)");
}

// A game may give its engine another evaluation than the server's (the classic one beside the
// built-in network): it searches with it, a later game that names the server's (or none) goes
// back to the network, the player's name says which, and an evaluation the server lacks is
// refused.
TEST_F(GuiPlayersTest, AGameMayChooseItsEnginesEvaluation) {
    ASSERT_TRUE(nnue::builtin_network()) << "a build without networks/default.mnet";
    Json players = request("GET", "/api/players").body;
    ASSERT_EQ(players["evaluations"].size(), 2u);
    EXPECT_EQ(players["evaluations"][0]["id"], "nnue");
    EXPECT_EQ(players["evaluations"][0]["default"], true);
    EXPECT_EQ(players["evaluations"][1]["id"], "classic");
    EXPECT_EQ(players["evaluations"][1]["name"], "the classic evaluation");

    std::string error;
    auto network = [&] { return nnue::make_evaluator("nnue", "", &error); };
    Position after_e4;
    after_e4.do_move(parse_uci_move(after_e4, "e2e4"));

    // A new game in which Black, an engine searching with `evaluation` to depth 5, answers 1. e4.
    auto black_answers_e4 = [&](const char* evaluation) {
        Json black = {{"kind", "engine"}, {"evaluation", evaluation}};
        EXPECT_EQ(post("/api/new-game", {{"players", {{"white", "human"}, {"black", black}}},
                                         {"strength", {{"depth", 5}}}})
                      .status,
                  200);
        EXPECT_EQ(post("/api/move", {{"uci", "e2e4"}}).status, 200);
        EXPECT_TRUE(session->wait_until_engine_idle(20000));
        return request("GET", "/api/state").body;
    };

    // Black the classic evaluation: its answer to 1. e4 has the classic score.
    Json state = black_answers_e4("classic");
    ASSERT_EQ(state["moves"].size(), 2u);
    EXPECT_EQ(state["names"]["black"], "mneme (classic evaluation, depth 5)");
    EXPECT_EQ(state["player_setups"]["black"]["evaluation"], "classic");
    EXPECT_EQ(state["evaluations"][1],
              depth5_score(after_e4, std::make_unique<ClassicEvaluator>()));
    EXPECT_NE(state["evaluations"][1], depth5_score(after_e4, network())) << error;

    // Naming the server's own is the same as naming none: the network again.
    state = black_answers_e4("nnue");
    EXPECT_EQ(state["names"]["black"], "mneme (depth 5)");
    EXPECT_FALSE(state["player_setups"]["black"].contains("evaluation"));
    EXPECT_EQ(state["evaluations"][1], depth5_score(after_e4, network()));

    Reply refused = post(
        "/api/new-game",
        {{"players",
          {{"white", "human"}, {"black", {{"kind", "engine"}, {"evaluation", "stockfish"}}}}}});
    EXPECT_EQ(refused.status, 422);
    EXPECT_NE(refused.body["error"].get<std::string>().find("no evaluation 'stockfish'"),
              std::string::npos)
        << refused.body;
}

TEST_F(GuiPlayersTest, TheBookPlayerPlaysItsBookThenSearches) {
    ASSERT_EQ(post("/api/new-game",
                   {{"players",
                     {{"white", {{"kind", "book"}, {"policy", "opta3"}}}, {"black", "human"}}}})
                  .status,
              200);
    ASSERT_TRUE(session->wait_until_engine_idle(20000));
    Reply state = request("GET", "/api/state");
    ASSERT_EQ(state.body["moves"].size(), 1u);
    EXPECT_EQ(state.body["moves"][0]["san"], "e4");
    EXPECT_EQ(state.body["names"]["white"], "mneme book (tiny.mbook)");
    EXPECT_EQ(state.body["decisions"][0]["kind"], "book");
    EXPECT_EQ(state.body["decisions"][0]["table"]["moves"][0]["games"], 30);
    EXPECT_NE(state.body["moves"][0]["comment"].get<std::string>().find("30 games"),
              std::string::npos);
    // 1... e5 2.?: not in the book, so the fallback search moves, with a search comment.
    std::uint64_t before = state.body["version"];
    Reply answer = post("/api/move", {{"uci", "e7e5"}});
    ASSERT_EQ(answer.status, 200);
    ASSERT_TRUE(session->wait_until_engine_idle(20000));
    state = request("GET", "/api/state");
    // The answer is the state just after the human's move, so its version is older than the
    // state after the computer's reply -- unless the fallback search was done before the answer
    // was taken, and then the answer holds the reply too, with the same version.
    std::uint64_t answered = answer.body["version"];
    std::uint64_t latest = state.body["version"];
    EXPECT_GT(answered, before);
    EXPECT_GE(latest, answered);
    EXPECT_EQ(answer.body["moves"].size(), latest == answered ? 3u : 2u);
    ASSERT_EQ(state.body["moves"].size(), 3u);
    EXPECT_TRUE(state.body["decisions"][2].is_null());
    EXPECT_EQ(state.body["moves"][2]["comment"].get<std::string>().find("book"), std::string::npos);
}

TEST_F(GuiPlayersTest, TheCbrPlayerShowsTheCaseItUsedAndItsSimilarity) {
    Json cbr = {
        {"kind", "cbr"}, {"cases", "tiny.mcases"}, {"options", {{"k", 2}, {"choice", "vote"}}}};
    ASSERT_EQ(post("/api/new-game", {{"players", {{"white", cbr}, {"black", "human"}}}}).status,
              200);
    ASSERT_TRUE(session->wait_until_engine_idle(20000));
    Reply state = request("GET", "/api/state");
    ASSERT_EQ(state.body["moves"].size(), 1u);
    EXPECT_EQ(state.body["moves"][0]["san"], "d4");
    EXPECT_EQ(state.body["player_setups"]["white"]["options"]["choice"], "vote");
    const Json& decision = state.body["decisions"][0];
    EXPECT_EQ(decision["kind"], "cbr");
    EXPECT_EQ(decision["similarity"], 256);
    EXPECT_EQ(decision["retrieved"], 2);  // k = 2: the start, then the position after 1. d4 Nf6
    EXPECT_EQ(decision["used_case"]["game"], 7);
    EXPECT_EQ(decision["used_case"]["move"], "d2d4");
    EXPECT_EQ(decision["used_case"]["board"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    ASSERT_EQ(decision["cases"].size(), 2u);
    EXPECT_LT(decision["cases"][1]["similarity"].get<int>(), 256);
    EXPECT_FALSE(decision["trace"].empty());
    EXPECT_NE(state.body["moves"][0]["comment"].get<std::string>().find("similarity 256"),
              std::string::npos);

    // Black's own cases mirrored for White (mirror=true): after 1. e4 c5 is Black's case.
    ASSERT_EQ(
        post("/api/new-game", {{"players",
                                {{"white", "human"},
                                 {"black", {{"kind", "cbr"}, {"options", {{"mirror", true}}}}}}}})
            .status,
        200);
    ASSERT_EQ(post("/api/move", {{"uci", "e2e4"}}).status, 200);
    ASSERT_TRUE(session->wait_until_engine_idle(20000));
    state = request("GET", "/api/state");
    EXPECT_EQ(state.body["moves"][1]["san"], "c5");
    EXPECT_EQ(state.body["decisions"][1]["used_case"]["game"], 8);
    // Taking back drops the CBR move's decision with it.
    Reply back = post("/api/take-back", Json::object());
    EXPECT_TRUE(back.body["decisions"].empty());
}

TEST_F(GuiPlayersTest, BadPlayerSettingsAreRefusedNamingTheSetting) {
    Reply bad_k = post("/api/new-game",
                       {{"players", {{"white", {{"kind", "cbr"}, {"options", {{"k", "zero"}}}}}}}});
    EXPECT_EQ(bad_k.status, 422);
    EXPECT_NE(bad_k.body["error"].get<std::string>().find("k=zero"), std::string::npos);
    Reply deep = post("/api/new-game",
                      {{"players", {{"white", {{"kind", "cbr"}, {"options", {{"verify", 15}}}}}}}});
    EXPECT_EQ(deep.status, 422);
    Reply no_base =
        post("/api/new-game", {{"players", {{"black", {{"kind", "cbr"}, {"cases", "x.mcases"}}}}}});
    EXPECT_EQ(no_base.status, 422);
    EXPECT_NE(no_base.body["error"].get<std::string>().find("x.mcases"), std::string::npos);
    Reply bad_policy =
        post("/api/new-game", {{"players", {{"black", {{"kind", "book"}, {"policy", "coin"}}}}}});
    EXPECT_EQ(bad_policy.status, 422);
    EXPECT_EQ(post("/api/new-game", {{"players", {{"black", "robot"}}}}).status, 400);
    EXPECT_EQ(post("/api/new-game", {{"players", {{"black", {{"cases", "tiny.mcases"}}}}}}).status,
              400);
    // A refused setup leaves the game as it was.
    EXPECT_EQ(request("GET", "/api/state").body["players"]["black"], "engine");
}

TEST_F(GuiPlayersTest, ASavedGameKeepsItsCbrPlayer) {
    GameStore store(dir.file("games"));
    Json cbr = {{"kind", "cbr"}, {"cases", cases_path}, {"options", {{"weights", "0.8,0.2,0.5"}}}};
    {
        EventStream store_events;
        GameSession saved(store_events, &store, library);
        ApiResponse started =
            handle_api_request(saved, "POST", "/api/new-game", {},
                               Json{{"players", {{"white", "human"}, {"black", cbr}}}}.dump());
        ASSERT_EQ(started.status, 200);
        saved.shutdown();
    }
    EventStream store_events;
    GameSession resumed(store_events, &store, library);
    Json state = resumed.state();
    EXPECT_EQ(state["players"]["black"], "cbr");
    EXPECT_EQ(state["player_setups"]["black"]["options"]["weights"], "0.8,0.2,0.5");
    resumed.shutdown();
    // A server without the case base resumes the game with a human in its place.
    EventStream bare_events;
    GameSession without(bare_events, &store);
    Json bare = without.state();
    EXPECT_EQ(bare["players"]["black"], "human");
    // ... and the page is told why, once: a new game has nothing to say.
    const std::string notice = bare["notice"].get<std::string>();
    EXPECT_EQ(notice.rfind("The saved game's black player cannot play here: ", 0), 0u) << notice;
    EXPECT_NE(notice.find(cases_path), std::string::npos) << notice;
    EXPECT_NE(notice.find(". You play Black."), std::string::npos) << notice;
    ASSERT_EQ(handle_api_request(without, "POST", "/api/new-game", {}, "{}").status, 200);
    EXPECT_EQ(without.state()["notice"], "");
    without.shutdown();
    EXPECT_EQ(state["notice"], "");
}

}  // namespace
}  // namespace mneme::gui

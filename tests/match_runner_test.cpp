// The match runner: time controls and clocks, adjudication, whole games between in-process
// players, faults of scripted fake engines recorded without stopping the run, resume.
#include <gtest/gtest.h>

#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <thread>

#include "mneme/core/movegen.h"
#include "mneme/match/adjudication.h"
#include "mneme/match/game_runner.h"
#include "mneme/match/in_process_players.h"
#include "mneme/match/match_report.h"
#include "mneme/match/tournament.h"
#include "mneme/nnue/builtin_network.h"
#include "mneme/notation/uci_move.h"
#include "mneme/pgn/pgn_reader.h"
#include "mneme/pgn/pgn_writer.h"
#include "mneme/search/reported_score.h"
#include "test_data.h"

namespace mneme {
namespace {

namespace fs = std::filesystem;

// One scratch directory for the whole test process.
fs::path temp_file(const std::string& name) {
    static test::ScratchDirectory scratch("match_test");
    fs::path path = scratch.file(name);
    fs::remove(path);
    return path;
}

PlayerSpec spec(std::vector<std::string> words) { return parse_player_spec(words); }

TEST(MatchTimeControl, ParsesCutechessForms) {
    TimeControl a = TimeControl::parse("40/60+0.6");
    EXPECT_EQ(a.moves, 40);
    EXPECT_EQ(a.base_ms, 60000);
    EXPECT_EQ(a.increment_ms, 600);
    EXPECT_EQ(a.pgn_tag(), "40/60+0.6");
    TimeControl b = TimeControl::parse("10+0.1");
    EXPECT_EQ(b.moves, 0);
    EXPECT_EQ(b.base_ms, 10000);
    EXPECT_EQ(b.increment_ms, 100);
    EXPECT_EQ(b.pgn_tag(), "10+0.1");
    EXPECT_EQ(TimeControl::parse("1:30").base_ms, 90000);
    EXPECT_TRUE(TimeControl::parse("inf").infinite);
    EXPECT_FALSE(TimeControl::parse("inf").is_limited());
    EXPECT_THROW(TimeControl::parse("ten"), std::invalid_argument);
    EXPECT_THROW(TimeControl::parse("0/60"), std::invalid_argument);
    EXPECT_THROW(TimeControl::parse("0+0"), std::invalid_argument);
    TimeControl st;
    st.movetime_ms = 1500;
    EXPECT_EQ(st.pgn_tag(), "1.5/move");
    EXPECT_EQ(st.describe(), "1.5s/move");
}

// A depth or node limit of 0 would be no limit, under which a game never ends: refused, as a
// negative one is, wherever a player is described (match, tournament, epd-test --engine).
TEST(MatchTimeControl, ADepthOrNodeLimitOfZeroIsRefused) {
    for (const char* limit : {"depth=0", "nodes=0", "depth=-3", "depth=128", "nodes=x"})
        EXPECT_THROW(spec({"proto=random", limit}), std::invalid_argument) << limit;
    EXPECT_EQ(spec({"proto=random", "depth=127"}).time_control.depth, 127);
    EXPECT_EQ(spec({"proto=random", "nodes=1"}).time_control.nodes, 1u);
}

TEST(MatchTimeControl, ClockAddsIncrementAndNewPeriods) {
    GameClock clock(TimeControl::parse("2/10+1"));
    EXPECT_EQ(clock.moves_to_go(), 2);
    EXPECT_TRUE(clock.charge(4000, 0));
    EXPECT_EQ(clock.remaining_ms(), 7000);  // 10 - 4 + 1
    EXPECT_EQ(clock.moves_to_go(), 1);
    EXPECT_TRUE(clock.charge(3000, 0));
    EXPECT_EQ(clock.remaining_ms(), 15000);  // 7 - 3 + 1 + a new 10 s period
    EXPECT_EQ(clock.moves_to_go(), 2);
    // Overrunning by less than the margin is allowed, by more is a forfeit.
    GameClock tight(TimeControl::parse("1"));
    EXPECT_TRUE(tight.charge(1050, 100));
    GameClock tighter(TimeControl::parse("1"));
    EXPECT_FALSE(tighter.charge(1150, 100));
}

// The opening's moves count toward a moves/ period (cutechess charges them so): they cost no
// time and earn no increment, and the period's end brings the next base.
TEST(MatchTimeControl, OpeningMovesCountTowardThePeriod) {
    GameClock clock(TimeControl::parse("3/10+1"));
    clock.count_opening_move();
    clock.count_opening_move();
    EXPECT_EQ(clock.remaining_ms(), 10000);
    EXPECT_EQ(clock.moves_to_go(), 1);
    clock.count_opening_move();
    EXPECT_EQ(clock.remaining_ms(), 20000);
    EXPECT_EQ(clock.moves_to_go(), 3);
}

// A player that records the requests it was asked and plays the first legal move.
class RecordingPlayer final : public Player {
public:
    const std::string& name() const override { return name_; }
    bool start(std::string&) override { return true; }
    void new_game(const Position&, bool) override {}
    MoveReply play(const MoveRequest& request) override {
        requests.push_back(request);
        MoveReply reply;
        reply.move = *MoveList<LEGAL>(request.position).begin();
        return reply;
    }
    bool healthy() const override { return true; }
    bool restart(std::string&) override { return true; }
    std::vector<MoveRequest> requests;

private:
    std::string name_ = "recorder";
};

TEST(MatchGame, TheEnginesFirstMovesToGoCountsTheOpening) {
    RecordingPlayer white, black;
    GameSettings settings;
    settings.time_control[WHITE] = settings.time_control[BLACK] = TimeControl::parse("40/60");
    settings.max_plies = 12;
    Opening opening;
    opening.start = Position::from_fen(START_FEN);
    Position pos = opening.start;
    for (const char* uci : {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"}) {
        opening.moves.push_back(parse_uci_move(pos, uci));
        pos.do_move(opening.moves.back());
    }
    play_game(white, black, opening, settings);
    // White played three opening moves and Black two; Black moves first after the opening.
    ASSERT_FALSE(black.requests.empty());
    ASSERT_FALSE(white.requests.empty());
    EXPECT_EQ(black.requests[0].moves_to_go, 38);
    EXPECT_EQ(white.requests[0].moves_to_go, 37);
    EXPECT_EQ(white.requests[0].time_left_ms[WHITE], 60000);
}

TEST(MatchAdjudication, ThesisResultFunction) {
    EXPECT_EQ(thesis_result_function(300), 1.0);
    EXPECT_EQ(thesis_result_function(-251), 0.0);
    EXPECT_EQ(thesis_result_function(49), 0.5);
    EXPECT_EQ(thesis_result_function(-49), 0.5);
    EXPECT_DOUBLE_EQ(thesis_result_function(50), 0.5);   // (50 + 150) / 400
    EXPECT_DOUBLE_EQ(thesis_result_function(130), 0.7);  // (130 + 150) / 400
    EXPECT_DOUBLE_EQ(thesis_result_function(250), 1.0);
    EXPECT_DOUBLE_EQ(thesis_result_function(-130), 0.3);  // (250 - 130) / 400
    EXPECT_EQ(thesis_result_function(mate_in(5)), 1.0);
}

TEST(MatchAdjudication, DrawAndResignRules) {
    ScoreAdjudicator draw({/*move_number*/ 10, /*move_count*/ 2, /*score*/ 10}, {});
    draw.record(WHITE, 5, 9);
    draw.record(BLACK, -3, 9);
    draw.record(WHITE, 0, 10);
    EXPECT_FALSE(draw.draw_due());
    draw.record(BLACK, 40, 10);  // breaks the run
    EXPECT_FALSE(draw.draw_due());
    draw.record(WHITE, 1, 11);
    draw.record(BLACK, 1, 11);
    draw.record(WHITE, 1, 12);
    EXPECT_FALSE(draw.draw_due());
    draw.record(BLACK, 1, 12);
    EXPECT_TRUE(draw.draw_due());

    ScoreAdjudicator resign({}, {/*move_count*/ 3, /*score*/ 500, false});
    resign.record(WHITE, -600, 1);
    resign.record(BLACK, 600, 1);
    resign.record(WHITE, -600, 2);
    resign.record(BLACK, 600, 2);
    EXPECT_FALSE(resign.loser());
    resign.record(WHITE, -700, 3);
    ASSERT_TRUE(resign.loser());
    EXPECT_EQ(*resign.loser(), WHITE);
    ScoreAdjudicator no_score({}, {3, 500, false});
    for (int i = 0; i < 5; ++i) no_score.record(BLACK, std::nullopt, i + 1);
    EXPECT_FALSE(no_score.loser());
}

// As cutechess: a capture or a pawn move starts the draw rule's count again.
TEST(MatchAdjudication, ACaptureOrPawnMoveStartsTheDrawCountAgain) {
    ScoreAdjudicator draw({/*move_number*/ 0, /*move_count*/ 2, /*score*/ 10}, {});
    draw.record(WHITE, 0, 0);
    draw.record(BLACK, 0, 1);
    draw.record(WHITE, 0, 1);
    draw.record(BLACK, 0, 2, /*irreversible*/ true);  // the fourth drawish ply, but a capture
    EXPECT_FALSE(draw.draw_due());
    draw.record(WHITE, 0, 2);
    draw.record(BLACK, 0, 3);
    EXPECT_FALSE(draw.draw_due());
    draw.record(WHITE, 0, 3);  // four plies since the capture, the capture's own included
    EXPECT_TRUE(draw.draw_due());
}

// The rules come before adjudication (as in cutechess): a mate on the move that would also
// complete a resign run is a mate. Black's only move is Kb8, and Rh8 mates; both engines see it,
// so two-sided resign adjudication after one move each would have scored it "Black loses by
// resign adjudication".
TEST(MatchGame, AMateIsAMateWhateverTheAdjudicationSays) {
    MnemePlayer white(spec({"proto=mneme", "depth=3"}));
    MnemePlayer black(spec({"proto=mneme", "depth=3"}));
    std::string error;
    ASSERT_TRUE(white.start(error)) << error;
    ASSERT_TRUE(black.start(error)) << error;
    GameSettings settings;
    settings.time_control[WHITE].depth = settings.time_control[BLACK].depth = 3;
    settings.resign = {/*move_count*/ 1, /*score*/ 300, /*two_sided*/ true};
    Opening opening{Position::from_fen("k7/8/1K6/8/8/8/8/7R b - - 0 1"), {}, "", false};
    GameRecord record = play_game(white, black, opening, settings);
    ASSERT_TRUE(record.white_score);
    EXPECT_EQ(*record.white_score, 1.0);
    EXPECT_EQ(record.termination, "normal");
    EXPECT_EQ(record.reason, "White mates");
    EXPECT_EQ(record.plies, 2);
}

TEST(MatchGame, MnemeMatesARandomMoverAndThePgnReadsBack) {
    MnemePlayer mneme(spec({"proto=mneme", "depth=3"}));
    RandomPlayer random(spec({"proto=random", "depth=1", "seed=7"}));
    std::string error;
    ASSERT_TRUE(mneme.start(error)) << error;
    ASSERT_TRUE(random.start(error));
    GameSettings settings;
    settings.time_control[WHITE].depth = 3;
    settings.time_control[BLACK].depth = 1;
    settings.round = "1.1";
    GameRecord record =
        play_game(mneme, random, OpeningSuite::standard_start().opening(0), settings);
    ASSERT_TRUE(record.white_score);
    EXPECT_EQ(*record.white_score, 1.0);
    EXPECT_EQ(record.termination, "normal");
    EXPECT_EQ(record.reason, "White mates");
    EXPECT_EQ(record.pgn.headers.get("Result"), "1-0");
    EXPECT_EQ(record.pgn.headers.get("White"), "mneme");
    EXPECT_EQ(record.pgn.headers.get("Black"), "random");
    EXPECT_EQ(record.pgn.headers.get("Termination"), "normal");
    EXPECT_EQ(record.pgn.headers.get("PlyCount"), std::to_string(record.plies));

    // The written PGN is valid and replays to a checkmate.
    std::string text = write_pgn(record.pgn);
    fs::path path = temp_file("mate.pgn");
    std::ofstream(path) << text;
    PgnReader reader(path.string());
    PgnGame read;
    ASSERT_TRUE(reader.next(read));
    EXPECT_EQ(read.mainline_moves(), record.pgn.mainline_moves());
    Position pos = read.start_position();
    for (Move m : read.mainline_moves()) pos.do_move(m);
    EXPECT_TRUE(pos.is_checkmate());
    // Per-move comments carry score, depth and time: "+0.25/3 0.001s".
    EXPECT_NE(read.mainline.moves.front().comment.find("/3 "), std::string::npos)
        << read.mainline.moves.front().comment;
    EXPECT_NE(read.mainline.moves.back().comment.find("White mates"), std::string::npos);
}

// The in-process player reports what mneme's binary reports over UCI: normalised centipawns,
// so that adjudication thresholds mean the same for both.
TEST(MatchGame, InProcessMnemeReportsNormalisedScores) {
    MnemePlayer mneme(spec({"proto=mneme", "depth=5"}));
    std::string error;
    ASSERT_TRUE(mneme.start(error)) << error;
    MoveRequest request;
    request.start = request.position =
        Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR b KQkq - 0 1");
    request.time_control.depth = 5;
    mneme.new_game(request.start, false);
    MoveReply reply = mneme.play(request);
    ASSERT_TRUE(reply.has_score);

    Searcher searcher;
    SearchLimits limits;
    limits.depth = 5;
    SearchResult result = searcher.search(request.position, limits);
    WinRateParameters scale = CLASSIC_WIN_RATE_MODEL.at(request.position);
    EXPECT_EQ(reply.score, reported_score(result.score, scale)) << "internal " << result.score;
}

// option.Eval=nnue (or an EvalFile) makes an in-process player search with the network, as the
// engine does over UCI; without it the player keeps the classic table the experiments used.
TEST(MatchGame, InProcessMnemeEvaluatesWithTheNetworkWhenAsked) {
    if (!nnue::builtin_network()) GTEST_SKIP() << "this build has no built-in network";
    Position position =
        Position::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
    auto search_with = [&](std::vector<std::string> words, Value* score) {
        MnemePlayer player(spec(words));
        std::string error;
        if (!player.start(error)) return error;
        MoveRequest request;
        request.start = request.position = position;
        request.time_control.depth = 4;
        player.new_game(request.start, false);
        MoveReply reply = player.play(request);
        *score = reply.score;
        return std::string();
    };
    auto searched_score = [&](std::unique_ptr<Evaluator> evaluator) {
        Searcher searcher;
        searcher.set_evaluator(std::move(evaluator));
        SearchLimits limits;
        limits.depth = 4;
        SearchResult result = searcher.search(position, limits);
        return reported_score(result.score, searcher.evaluator().win_rate_model().at(position));
    };
    Value classic = 0, network = 0;
    ASSERT_EQ(search_with({"proto=mneme"}, &classic), "");
    ASSERT_EQ(search_with({"proto=mneme", "option.Eval=NNUE"}, &network), "");
    std::string error;
    EXPECT_EQ(classic, searched_score(nnue::make_evaluator("classic", "", &error)));
    EXPECT_EQ(network, searched_score(nnue::make_evaluator("nnue", "", &error)));
    EXPECT_NE(classic, network);

    Value ignored = 0;
    EXPECT_EQ(search_with({"proto=mneme", "option.Eval=fancy"}, &ignored),
              "option Eval=fancy: needs classic or nnue");
    // More than the table's maximum is refused, not shrunk unseen to another engine's size.
    EXPECT_EQ(search_with({"proto=mneme", "option.Hash=100000"}, &ignored),
              "option Hash=100000: needs 1 to 65536 MB");
    std::string missing =
        search_with({"proto=mneme", "option.EvalFile=/nonexistent.mnet"}, &ignored);
    const std::string prefix = "option Eval=nnue EvalFile=/nonexistent.mnet: ";
    EXPECT_EQ(missing.rfind(prefix, 0), 0u) << missing;
    // The reason names the file too, as the engine's own refusal does.
    EXPECT_NE(missing.find("/nonexistent.mnet", prefix.size()), std::string::npos) << missing;
}

TEST(MatchGame, ResultFunctionGivesFractionalPoints) {
    // Black is a queen down; the greedy referee reports no score, mneme's does.
    MnemePlayer white(spec({"proto=mneme", "name=w", "depth=1"}));
    MnemePlayer black(spec({"proto=mneme", "name=b", "depth=1"}));
    MnemePlayer referee(spec({"proto=mneme", "name=referee", "depth=4"}));
    std::string error;
    ASSERT_TRUE(white.start(error) && black.start(error) && referee.start(error));
    Opening opening;
    opening.start = Position::from_fen("4k3/8/8/8/8/8/4P3/3QK3 w - - 0 1");
    GameSettings settings;
    settings.time_control[WHITE].depth = settings.time_control[BLACK].depth = 1;
    settings.result_function.after_moves = 1;
    settings.result_function.referee = &referee;
    settings.result_function.referee_limit.depth = 4;
    GameRecord record = play_game(white, black, opening, settings);
    ASSERT_TRUE(record.white_score);
    EXPECT_EQ(*record.white_score, 1.0);  // a queen up is far beyond +250
    EXPECT_EQ(record.termination, "adjudication");
    EXPECT_EQ(record.plies, 2);
    EXPECT_NE(record.reason.find("Result function after 1 moves"), std::string::npos)
        << record.reason;
}

TEST(MatchSchedule, EveryOpeningIsPlayedWithBothColours) {
    TournamentSettings settings;
    for (const char* name : {"a", "b", "c"})
        settings.players.push_back(spec({"proto=random", std::string("name=") + name, "depth=1"}));
    settings.rounds = 2;
    settings.games_per_encounter = 2;
    std::vector<ScheduledGame> schedule = make_schedule(settings);
    ASSERT_EQ(schedule.size(), 12u);  // 3 pairs x 2 games x 2 rounds
    std::map<std::string, std::vector<const ScheduledGame*>> by_key;
    for (std::size_t i = 0; i < schedule.size(); ++i) {
        EXPECT_EQ(schedule[i].number, int(i) + 1);
        by_key[schedule[i].pair_key].push_back(&schedule[i]);
    }
    EXPECT_EQ(by_key.size(), 6u);
    for (const auto& [key, games] : by_key) {
        ASSERT_EQ(games.size(), 2u) << key;
        EXPECT_EQ(games[0]->white, games[1]->black);
        EXPECT_EQ(games[0]->opening, games[1]->opening);
    }
    EXPECT_EQ(schedule[6].round_tag(), "2.1");
    settings.format = TournamentFormat::GAUNTLET;
    for (const ScheduledGame& g : make_schedule(settings))
        EXPECT_TRUE(g.white == 0 || g.black == 0);
}

#ifdef MNEME_FAKE_ENGINE
// A tournament where one engine misbehaves in every game: each fault is recorded with its
// termination, the engine is restarted, and every scheduled game is played.
void expect_fault_recorded(const std::vector<std::string>& behaviour, const std::string& tc,
                           const std::string& termination) {
    TournamentSettings settings;
    std::vector<std::string> words = {std::string("cmd=") + MNEME_FAKE_ENGINE, "proto=uci",
                                      "name=faulty", tc};
    words.insert(words.end(), behaviour.begin(), behaviour.end());
    // The behaviour flags are part of the command line.
    std::string command = std::string("cmd=") + MNEME_FAKE_ENGINE;
    for (const std::string& b : behaviour) command += " " + b;
    settings.players.push_back(spec({command, "proto=uci", "name=faulty", tc}));
    settings.players.push_back(spec({"proto=greedy", "name=greedy", tc}));
    settings.games_per_encounter = 2;
    settings.rounds = 2;
    settings.concurrency = 2;
    settings.game.hang_timeout = std::chrono::milliseconds(300);
    for (auto& p : settings.players) p.stop_grace = std::chrono::milliseconds(200);
    fs::path pgn = temp_file("faults_" + termination + ".pgn");
    settings.pgn_out = pgn.string();
    std::ostringstream log;
    TournamentOutcome outcome = run_tournament(settings, log);
    ASSERT_EQ(outcome.games.size(), 4u) << log.str();
    for (const GameSummary& game : outcome.games) {
        EXPECT_EQ(game.termination, termination) << log.str();
        double faulty_score = game.white == 0 ? game.white_score : 1 - game.white_score;
        EXPECT_EQ(faulty_score, 0.0);
    }
    EXPECT_EQ(outcome.report.losses_by_termination[0].at(termination), 4);
    // The PGN has all four games with the Termination tag.
    PgnReader reader(pgn.string());
    PgnGame game;
    int count = 0;
    while (reader.next(game)) {
        EXPECT_EQ(game.headers.get("Termination"), termination);
        ++count;
    }
    EXPECT_EQ(count, 4);
}

TEST(MatchFaults, CrashIsALossAndTheEngineIsRestarted) {
    expect_fault_recorded({"--crash-after", "2"}, "depth=1", "crash");
}
TEST(MatchFaults, IllegalMoveIsALoss) {
    expect_fault_recorded({"--illegal-after", "2"}, "depth=1", "illegal move");
}
TEST(MatchFaults, HangWithoutAClockIsAStalledConnection) {
    expect_fault_recorded({"--hang-after", "2"}, "depth=1", "stalled connection");
}
TEST(MatchFaults, SlowMoveIsATimeForfeit) {
    expect_fault_recorded({"--slow-after", "2", "--delay-ms", "700"}, "st=0.1", "time forfeit");
}
TEST(MatchFaults, AnEngineThatCannotStartStopsTheRunBeforeItBegins) {
    TournamentSettings settings;
    settings.players.push_back(spec({"cmd=/nonexistent/engine", "name=ghost", "depth=1"}));
    settings.players.push_back(spec({"proto=random", "depth=1"}));
    std::ostringstream log;
    try {
        run_tournament(settings, log);
        FAIL() << "expected an error";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("ghost"), std::string::npos) << e.what();
    }
}
#endif

// The greedy player g1 against the random player r1, both seeded, their games written to `pgn`.
TournamentSettings greedy_against_random(const fs::path& pgn, int max_plies) {
    TournamentSettings settings;
    settings.players.push_back(spec({"proto=greedy", "name=g1", "depth=1", "seed=1"}));
    settings.players.push_back(spec({"proto=random", "name=r1", "depth=1", "seed=2"}));
    settings.game.max_plies = max_plies;
    settings.pgn_out = pgn.string();
    return settings;
}

TEST(MatchResume, ContinuesFromTheFinishedGamesAndDropsACutOffTail) {
    fs::path pgn = temp_file("resume.pgn");
    TournamentSettings settings = greedy_against_random(pgn, 60);
    settings.concurrency = 2;
    std::ostringstream log;
    TournamentOutcome first = run_tournament(settings, log);
    ASSERT_EQ(first.games_played, 2);

    // A run cut off mid-write leaves half a game behind.
    {
        std::ofstream(pgn, std::ios::app)
            << "[Event \"mneme match\"]\n[Round \"2.1\"]\n[White \"g1\"]\n\n1. e4 e5 2.";
    }
    settings.rounds = 2;
    settings.resume = true;
    TournamentOutcome second = run_tournament(settings, log);
    EXPECT_EQ(second.games_resumed, 2) << log.str();
    EXPECT_EQ(second.games_played, 2);
    EXPECT_EQ(second.games.size(), 4u);
    EXPECT_FALSE(second.interrupted);

    // The file now holds exactly the four games, readable without errors, and the report
    // recomputed from it matches the live one.
    std::vector<std::string> names, errors, warnings;
    int skipped = 0;
    std::vector<GameSummary> games =
        summaries_from_pgn({pgn.string()}, names, skipped, errors, warnings);
    EXPECT_TRUE(errors.empty());
    ASSERT_EQ(games.size(), 4u);
    TournamentReport from_file = compute_report(names, games);
    ASSERT_EQ(from_file.pairs.size(), 1u);
    EXPECT_EQ(
        from_file.pairs[0].wdl.wins + from_file.pairs[0].wdl.losses + from_file.pairs[0].wdl.draws,
        4);
    EXPECT_EQ(from_file.pairs[0].pentanomial.total(), 2u);
    double live_points = second.report.points[0];
    std::size_t g1 = names[0] == "g1" ? 0 : 1;
    EXPECT_EQ(from_file.points[g1], live_points);

    // A PGN from another tournament is refused rather than mixed in.
    settings.players[1].name = "someone-else";
    EXPECT_THROW(run_tournament(settings, log), std::runtime_error);
    // And a file with games is not overwritten by accident.
    settings.players[1].name = "r1";
    settings.resume = false;
    EXPECT_THROW(run_tournament(settings, log), std::runtime_error);
}

// A test decided by its games stays decided when run again: resuming plays no game more and
// leaves the PGN as it was, so a queue of tests can simply be started again.
TEST(MatchResume, ADecidedSprtPlaysNoMoreGames) {
    fs::path pgn = temp_file("resume_sprt.pgn");
    TournamentSettings settings = greedy_against_random(pgn, 80);
    settings.rounds = 200;
    settings.sprt = SprtParameters{0, 10, 0.05, 0.05};
    std::ostringstream log;
    TournamentOutcome first = run_tournament(settings, log);
    ASSERT_TRUE(first.sprt);
    ASSERT_NE(first.sprt->decision, SprtDecision::CONTINUE) << log.str();
    ASSERT_LT(first.games.size(), 400u);
    // The last progress line shows where the decision came from.
    EXPECT_NE(log.str().find(llr_text(*first.sprt) + "  ETA"), std::string::npos) << log.str();
    EXPECT_NE(llr_text(*first.sprt).find(" (-2.94, 2.94)"), std::string::npos);
    std::ifstream before_stream(pgn);
    std::string before((std::istreambuf_iterator<char>(before_stream)), {});

    settings.resume = true;
    TournamentOutcome again = run_tournament(settings, log);
    EXPECT_EQ(again.games_played, 0);
    EXPECT_EQ(again.games_resumed, int(first.games.size()));
    ASSERT_TRUE(again.sprt);
    EXPECT_EQ(again.sprt->decision, first.sprt->decision);
    std::ifstream after_stream(pgn);
    std::string after((std::istreambuf_iterator<char>(after_stream)), {});
    EXPECT_EQ(after, before);
}

// "+0.25/3 0.004s, White mates" as "+0.25/3 #s, White mates": every "DIGITS.DIGITSs" replaced.
std::string without_seconds(const std::string& comment) {
    std::string out;
    for (std::size_t i = 0; i < comment.size();) {
        std::size_t end = i;
        while (end < comment.size() && std::isdigit(static_cast<unsigned char>(comment[end])))
            ++end;
        std::size_t digits = end;
        if (end > i && end < comment.size() && comment[end] == '.') {
            ++end;
            while (end < comment.size() && std::isdigit(static_cast<unsigned char>(comment[end])))
                ++end;
            if (end > digits + 1 && end < comment.size() && comment[end] == 's') {
                out += "#s";
                i = end + 1;
                continue;
            }
        }
        out += comment[i++];
    }
    return out;
}

// The games of a PGN file by Round tag, as written, without the time each move took: that is
// the wall clock's (a sanitizer build takes 0.004s where a release build takes 0.001s); the
// score, depth and result around it are the game's.
std::map<std::string, std::string> games_by_round(const fs::path& path) {
    std::map<std::string, std::string> games;
    PgnReader reader(path.string());
    PgnGame game;
    while (reader.next(game)) {
        for (PgnNode& node : game.mainline.moves) node.comment = without_seconds(node.comment);
        games[std::string(game.headers.get("Round"))] = write_pgn(game);
    }
    EXPECT_TRUE(reader.errors().empty()) << path;
    return games;
}

std::string report_of(const std::vector<std::string>& paths) {
    std::vector<std::string> names, errors, warnings;
    int skipped = 0;
    std::vector<GameSummary> games = summaries_from_pgn(paths, names, skipped, errors, warnings);
    EXPECT_TRUE(errors.empty());
    return format_report(compute_report(names, games)) + report_json(compute_report(names, games));
}

// Four one-move openings in an EPD file of `dir`; returns its path.
std::string write_four_openings(const test::ScratchDirectory& dir) {
    return dir.write("openings.epd",
                     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";\n"
                     "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - id \"d4\";\n"
                     "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - id \"c4\";\n"
                     "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - id \"Nf3\";\n");
}

TEST(MatchShard, ShardsPlayTheRunsGamesAndReportAsTheRun) {
    test::ScratchDirectory dir("match_shard_test");
    std::string openings = write_four_openings(dir);
    TournamentSettings settings;
    settings.players.push_back(spec({"proto=greedy", "name=greedy", "depth=1", "seed=5"}));
    settings.players.push_back(spec({"proto=random", "name=random", "depth=1", "seed=6"}));
    settings.game.max_plies = 80;
    settings.rounds = 7;
    settings.seed = 42;
    OpeningOptions options;
    options.file = openings;
    options.order = OpeningOrder::RANDOM;
    options.seed = 42;
    settings.openings = options;
    // The single run with two games at once: its file holds the games in the order they ended.
    settings.concurrency = 2;
    settings.pgn_out = dir.file("single.pgn");
    std::ostringstream log;
    TournamentOutcome single = run_tournament(settings, log);
    ASSERT_EQ(single.games.size(), 14u);

    settings.concurrency = 1;
    settings.shards = 3;  // rounds 1-2, 3-4 and 5-7
    std::vector<std::string> shard_files;
    std::map<std::string, std::string> shard_games;
    const int expected_games[] = {4, 4, 6};
    for (int s = 0; s < 3; ++s) {
        settings.shard = s;
        settings.pgn_out = dir.file("shard" + std::to_string(s) + ".pgn");
        TournamentOutcome outcome = run_tournament(settings, log);
        EXPECT_EQ(outcome.games_played, expected_games[s]);
        EXPECT_FALSE(outcome.interrupted);
        shard_files.insert(shard_files.begin(), settings.pgn_out);  // listed last shard first
        for (auto& [round, text] : games_by_round(settings.pgn_out)) shard_games[round] = text;
    }
    // Game for game the same moves, openings and tags as the single run.
    EXPECT_EQ(shard_games, games_by_round(dir.file("single.pgn")));
    EXPECT_EQ(report_of(shard_files), report_of({dir.file("single.pgn")}));

    // A finished shard run again changes nothing; another shard's file is refused.
    settings.shard = 1;
    settings.pgn_out = dir.file("shard1.pgn");
    settings.resume = true;
    std::string before = test::file_bytes(settings.pgn_out);
    TournamentOutcome again = run_tournament(settings, log);
    EXPECT_EQ(again.games_played, 0);
    EXPECT_EQ(again.games_resumed, 4);
    EXPECT_EQ(test::file_bytes(settings.pgn_out), before);
    settings.pgn_out = dir.file("shard2.pgn");
    EXPECT_THROW(run_tournament(settings, log), std::runtime_error);

    settings.shard = 3;
    EXPECT_THROW(make_schedule(settings), std::invalid_argument);
    settings.shard = 0;
    settings.shards = 8;  // more shards than the 7 rounds
    EXPECT_THROW(make_schedule(settings), std::invalid_argument);
}

// With one game (or an odd number of games) per encounter and round, a colour-swapped pair
// spans two rounds; the report read back from the PGN pairs the games as the live run did.
TEST(MatchReport, TheFilesPairsAreTheLiveRunsWhateverTheGamesPerRound) {
    test::ScratchDirectory dir("match_report_pairs_test");
    std::string openings = write_four_openings(dir);
    for (int per_round : {1, 3}) {
        SCOPED_TRACE("games per round " + std::to_string(per_round));
        TournamentSettings settings;
        settings.players.push_back(spec({"proto=greedy", "name=greedy", "depth=1", "seed=5"}));
        settings.players.push_back(spec({"proto=random", "name=random", "depth=1", "seed=6"}));
        settings.game.max_plies = 60;
        settings.games_per_encounter = per_round;
        settings.rounds = 6 / per_round;
        OpeningOptions options;
        options.file = openings;
        settings.openings = options;
        settings.pgn_out = dir.file("games" + std::to_string(per_round) + ".pgn");
        std::ostringstream log;
        TournamentOutcome live = run_tournament(settings, log);
        ASSERT_EQ(live.games.size(), 6u);
        const PentanomialCounts& played = live.report.pairs[0].pentanomial;
        EXPECT_EQ(played.total(), 3u);

        std::vector<std::string> names, errors, warnings;
        int skipped = 0;
        std::vector<GameSummary> games =
            summaries_from_pgn({settings.pgn_out}, names, skipped, errors, warnings);
        EXPECT_TRUE(errors.empty());
        TournamentReport from_file = compute_report(names, games);
        ASSERT_EQ(from_file.pairs.size(), 1u);
        // The file may name the players in the other order: the pair scores then mirror.
        bool same_order = names[0] == "greedy";
        for (int k = 0; k < 5; ++k)
            EXPECT_EQ(from_file.pairs[0].pentanomial.pairs[same_order ? k : 4 - k], played.pairs[k])
                << k;
    }
}

TEST(MatchReport, AGameWithoutAResultTagCountsByItsMovetextResultAndOneWithoutPlayersIsNamed) {
    test::ScratchDirectory dir("match_report_movetext_result");
    std::string pgn = dir.write("games.pgn",
                                "[White \"a\"]\n[Black \"b\"]\n\n1. e4 e5 0-1\n\n"
                                "[White \"b\"]\n[Black \"a\"]\n[Result \"*\"]\n\n1. d4 1/2-1/2\n\n"
                                "[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. c4 *\n\n"
                                "[Event \"no players\"]\n\n1. e4 1-0\n");
    std::vector<std::string> names, errors, warnings;
    int skipped = 0;
    std::vector<GameSummary> games = summaries_from_pgn({pgn}, names, skipped, errors, warnings);
    // A game without player tags cannot be rated: named, left out, the rest still counted.
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0], pgn + ": game 4 (line 18): White and Black are both '?'; left out");
    EXPECT_EQ(skipped, 1);  // the unfinished game
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(games[0].white_score, 0.0);
    EXPECT_EQ(games[1].white_score, 0.5);
    ASSERT_EQ(names.size(), 2u);
}

TEST(MatchReport, SprtOfTheFirstPairUsesItsGamePairs) {
    std::vector<GameSummary> games;
    for (int i = 0; i < 40; ++i) {
        std::string key = std::to_string(i);
        games.push_back({0, 1, 1, "normal", key});
        games.push_back({1, 0, i % 4 == 0 ? 1.0 : 0.5, "normal", key});
    }
    TournamentReport report = compute_report({"new", "old"}, games);
    SprtParameters parameters;
    parameters.elo0 = 0;
    parameters.elo1 = 10;
    SprtState state = report_sprt(report, parameters);
    EXPECT_EQ(state.llr, sprt_pentanomial(report.pairs[0].pentanomial, parameters).llr);
    EXPECT_EQ(state.decision, SprtDecision::ACCEPT_H1);
    EXPECT_NE(sprt_line(state).find("H1 accepted"), std::string::npos) << sprt_line(state);
}

TEST(MatchReport, CrosstableFollowsTheRanking) {
    // "strong" is named last but wins every game: it heads the ranking, and the crosstable
    // numbers its rows and columns in the same order, so "#1" is "strong" in both.
    std::vector<std::string> names = {"weak", "middle", "strong"};
    std::vector<GameSummary> games;
    auto play = [&](int white, int black, double score) {
        games.push_back({white, black, score, "normal", ""});
    };
    for (int i = 0; i < 4; ++i) {
        play(2, 0, 1);
        play(0, 2, 0);
        play(2, 1, 1);
        play(1, 2, 0);
        play(1, 0, 1);
        play(0, 1, 0.5);
    }
    std::string text = format_report(compute_report(names, games));
    std::size_t table = text.find("Crosstable");
    ASSERT_NE(table, std::string::npos) << text;
    std::size_t strong = text.find("strong #1", table), middle = text.find("middle #2", table),
                weak = text.find("weak #3", table);
    ASSERT_NE(strong, std::string::npos) << text;
    ASSERT_NE(middle, std::string::npos) << text;
    ASSERT_NE(weak, std::string::npos) << text;
    EXPECT_LT(strong, middle);
    EXPECT_LT(middle, weak);
    // The cells of a player's row, after its label.
    auto row = [&](std::size_t at, const std::string& label) {
        std::istringstream line(
            text.substr(at + label.size(), text.find('\n', at) - at - label.size()));
        std::vector<std::string> cells;
        for (std::string cell; line >> cell;) cells.push_back(cell);
        return cells;
    };
    // strong: "." against itself, then 8/8 against middle (#2) and weak (#3); weak: 0/8 against
    // strong, 2/8 (four draws) against middle, then itself.
    EXPECT_EQ(row(strong, "strong #1"), (std::vector<std::string>{".", "8/8", "8/8"}));
    EXPECT_EQ(row(weak, "weak #3"), (std::vector<std::string>{"0/8", "2/8", "."}));
}

// The orderings' exact search takes at most 64 players. A report of more (a database of master
// games) keeps every other statistic and says in plain words what it left out and why.
TEST(MatchReport, MoreThanSixtyFourPlayersLeaveOutOnlyTheOrderings) {
    const int players = 70;
    std::vector<std::string> names;
    std::vector<GameSummary> games;
    for (int i = 0; i < players; ++i) names.push_back("player" + std::to_string(i));
    for (int i = 0; i + 1 < players; ++i) games.push_back({i, i + 1, 1, "normal", ""});
    TournamentReport report = compute_report(names, games);
    EXPECT_EQ(report.ratings.size(), std::size_t(players));
    EXPECT_TRUE(report.strict_ordering.empty());
    EXPECT_TRUE(report.non_strict_ordering.empty());

    std::string text = format_report(report);
    EXPECT_NE(text.find("Results of 69 games"), std::string::npos) << text;
    EXPECT_NE(text.find("Ranking"), std::string::npos) << text;
    EXPECT_NE(text.find("Crosstable"), std::string::npos) << text;
    EXPECT_NE(text.find("Showdown orderings left out: 70 players"), std::string::npos) << text;
    EXPECT_EQ(text.find("strict (more than half the points)"), std::string::npos) << text;
    std::string json = report_json(report);
    EXPECT_NE(json.find("\"strict_ordering\": null"), std::string::npos) << json;
    EXPECT_NE(json.find("\"non_strict_ordering\": null"), std::string::npos) << json;
}

TEST(MatchStop, AStopRequestEndsTheRunWithAValidPgn) {
    fs::path pgn = temp_file("stop.pgn");
    TournamentSettings settings;
    settings.players.push_back(spec({"proto=mneme", "name=m1", "st=0.05"}));
    settings.players.push_back(spec({"proto=mneme", "name=m2", "st=0.05"}));
    settings.rounds = 50;
    settings.concurrency = 2;
    settings.pgn_out = pgn.string();
    std::atomic<bool> stop{false};
    std::ostringstream log;
    std::thread stopper([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(1500));
        stop = true;
    });
    TournamentOutcome outcome = run_tournament(settings, log, &stop);
    stopper.join();
    EXPECT_TRUE(outcome.interrupted);
    EXPECT_LT(outcome.games.size(), 100u);
    PgnReader reader(pgn.string());
    PgnGame game;
    std::size_t count = 0;
    while (reader.next(game)) ++count;
    EXPECT_TRUE(reader.errors().empty());
    EXPECT_EQ(count, outcome.games.size());
}

#ifdef MNEME_FAKE_ENGINE
// The stop request (Ctrl-C) does not wait for a silent engine's minute-long clock to run out.
TEST(MatchStop, AStopRequestDoesNotWaitForAThinkingEngine) {
    TournamentSettings settings;
    settings.players.push_back(spec({std::string("cmd=") + MNEME_FAKE_ENGINE + " --hang-after 1",
                                     "proto=uci", "name=silent", "tc=60"}));
    settings.players.push_back(spec({"proto=greedy", "name=greedy", "tc=60"}));
    settings.games_per_encounter = 2;
    settings.concurrency = 2;
    std::atomic<bool> stop{false};
    std::ostringstream log;
    std::thread stopper([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
        stop = true;
    });
    auto start = std::chrono::steady_clock::now();
    TournamentOutcome outcome = run_tournament(settings, log, &stop);
    auto took = std::chrono::steady_clock::now() - start;
    stopper.join();
    EXPECT_TRUE(outcome.interrupted);
    EXPECT_LT(took, std::chrono::seconds(5)) << log.str();
}
#endif

}  // namespace
}  // namespace mneme

// The CBR agent: the thesis's behaviour (seeded, reproducible, adapted moves always legal,
// fallback without cases) and the switches (repetition avoidance, the hybrid's search).
#include "mneme/cbr/cbr_agent.h"

#include <gtest/gtest.h>

#include "cbr_test_util.h"
#include "mneme/core/movegen.h"
#include "mneme/notation/uci_move.h"

namespace mneme {
namespace {

std::shared_ptr<const CaseBase> random_base() {
    static auto base = std::make_shared<const CaseBase>(test::random_cases(21, 100, 60));
    return base;
}

// A game between two agents with one seed (the thesis's protocol), as UCI moves.
std::vector<std::string> self_play(CbrSettings settings, std::uint64_t seed, int plies) {
    CbrAgent white(random_base(), settings), black(random_base(), settings);
    white.seed(seed);
    black.seed(seed);
    Position pos;
    std::vector<std::string> moves;
    for (int ply = 0; ply < plies && MoveList<LEGAL>(pos).size() > 0; ++ply) {
        CbrDecision d = (pos.side_to_move() == WHITE ? white : black).choose(pos);
        EXPECT_TRUE(MoveList<LEGAL>(pos).contains(d.move));
        moves.push_back(move_to_uci(pos, d.move));
        pos.do_move(d.move);
    }
    return moves;
}

TEST(CbrAgent, SameSeedSameGame) {
    CbrSettings settings;
    EXPECT_EQ(self_play(settings, 0, 60), self_play(settings, 0, 60));
    EXPECT_NE(self_play(settings, 0, 60), self_play(settings, 1, 60));
}

TEST(CbrAgent, ImprovementsPlayLegalMoves) {
    for (const char* choice : {"vote", "penalise"}) {
        CbrSettings settings;
        std::string error;
        ASSERT_TRUE(parse_cbr_setting("choice", choice, settings, error)) << error;
        ASSERT_TRUE(parse_cbr_setting("k", "8", settings, error)) << error;
        ASSERT_TRUE(parse_cbr_setting("mirror", "true", settings, error)) << error;
        ASSERT_TRUE(parse_cbr_setting("exact", "on", settings, error)) << error;
        EXPECT_EQ(self_play(settings, 4, 40).size(), 40u);
    }
}

TEST(CbrAgent, PlaysTheExpertMoveInAKnownPosition) {
    Position start;
    CaseRecord record;
    record.board = CaseBoard::from_position(start);
    record.move = parse_uci_move(start, "c2c4").raw();
    auto base = std::make_shared<const CaseBase>(std::vector<CaseRecord>{record});
    CbrAgent agent(base, {});
    CbrDecision d = agent.choose(start, true);
    EXPECT_EQ(move_to_uci(start, d.move), "c2c4");
    EXPECT_EQ(d.similarity, 256);
    EXPECT_FALSE(d.trace.empty());
    // Black has no case: the fallback is a random legal move.
    start.do_move(d.move);
    CbrDecision fallback = agent.choose(start);
    EXPECT_TRUE(fallback.fallback);
    EXPECT_TRUE(MoveList<LEGAL>(start).contains(fallback.move));
    // With mirroring, White's case serves Black on the mirrored board: 1...c5.
    CbrSettings mirror;
    mirror.mirror = true;
    CbrAgent mirrored(base, mirror);
    Position after_e4 =
        Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    EXPECT_EQ(move_to_uci(after_e4, mirrored.choose(after_e4).move), "c7c5");
}

TEST(CbrAgent, RepetitionAvoidanceBreaksTheShuffle) {
    // The only case says: knight g1 to f3 and back; with avoidance, the third visit is avoided.
    Position pos = Position::from_fen("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1");
    std::vector<CaseRecord> cases;
    for (const char* fen : {"4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", "4k3/8/8/8/8/5N2/8/4K3 w - - 0 1",
                            "8/3k4/8/8/8/8/8/4K1N1 b - - 0 1", "4k3/8/8/8/8/8/8/4K1N1 b - - 0 1"}) {
        Position p = Position::from_fen(fen);
        CaseRecord r;
        r.board = CaseBoard::from_position(p);
        r.mover = p.side_to_move();
        r.move =
            parse_uci_move(p, p.side_to_move() == WHITE ? (p.piece_on(SQ_G1) ? "g1f3" : "f3g1")
                                                        : (p.piece_on(SQ_E8) ? "e8d7" : "d7e8"))
                .raw();
        cases.push_back(r);
    }
    auto base = std::make_shared<const CaseBase>(cases);
    auto repetitions = [&](bool avoid) {
        CbrSettings settings;
        settings.avoid_repetition = avoid;
        CbrAgent agent(base, settings);
        Position game = pos;
        int most = 0;
        for (int ply = 0; ply < 24; ++ply) {
            game.do_move(agent.choose(game).move);
            most = std::max(most, game.repetition_count());
        }
        return most;
    };
    EXPECT_GE(repetitions(false), 2);
    EXPECT_LE(repetitions(true), 1);
}

TEST(CbrAgent, HybridTakesTheFreeQueen) {
    // The cases know only quiet king moves; the hybrid's search must still take the queen.
    Position pos = Position::from_fen("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
    CaseRecord r;
    r.board = CaseBoard::from_position(pos);
    r.move = parse_uci_move(pos, "e1f1").raw();
    auto base = std::make_shared<const CaseBase>(std::vector<CaseRecord>{r});
    CbrAgent thesis(base, {});
    EXPECT_EQ(move_to_uci(pos, thesis.choose(pos).move), "e1f1");
    CbrSettings settings;
    settings.verify_depth = 3;
    CbrAgent hybrid(base, settings);
    CbrDecision d = hybrid.choose(pos, true);
    EXPECT_EQ(move_to_uci(pos, d.move), "d2d5");
    EXPECT_TRUE(d.verified);
}

TEST(CbrAgent, SettingsAreCheckedByName) {
    CbrSettings settings;
    std::string error;
    EXPECT_TRUE(parse_cbr_setting("weights", "0.8,0.2,0.5", settings, error));
    EXPECT_DOUBLE_EQ(settings.weights.v2, 0.2);
    EXPECT_FALSE(parse_cbr_setting("weights", "0.8,0.2", settings, error));
    EXPECT_NE(error.find("weights"), std::string::npos);
    EXPECT_FALSE(parse_cbr_setting("weights", "0.8,2,0.5", settings, error));
    EXPECT_FALSE(parse_cbr_setting("k", "0", settings, error));
    EXPECT_FALSE(parse_cbr_setting("colour", "x", settings, error));
    EXPECT_NE(error.find("unknown"), std::string::npos);
}

}  // namespace
}  // namespace mneme

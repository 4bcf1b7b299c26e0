// The search switches: every exact algorithm agrees with minimax, the refinements keep the
// engine's tactics, and MultiPV returns distinct lines best first.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include <sstream>
#include "mneme/core/movegen.h"
#include "mneme/notation/uci_move.h"
#include "mneme/protocol/engine_protocol.h"
#include "mneme/search/search.h"
#include "mneme/search/skill.h"
#include "search_test_util.h"

namespace mneme {
namespace {

// Small enough for minimax to finish depth 3 in well under a second each.
const char* const VARIANT_POSITIONS[] = {
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "4k3/pp3ppp/2n5/3p4/3P4/2N5/PP3PPP/4K3 w - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
};

TEST(SearchVariants, ExactAlgorithmsAgreeWithMinimaxAtDepthThree) {
    for (const char* fen : VARIANT_POSITIONS) {
        Position pos = Position::from_fen(fen);
        Value reference = search_with(pos, SearchOptions::plain(SearchAlgorithm::MINIMAX), 3).score;
        for (SearchAlgorithm a : {SearchAlgorithm::ALPHABETA_FAIL_HARD,
                                  SearchAlgorithm::ALPHABETA_FAIL_SOFT, SearchAlgorithm::PVS}) {
            SearchOptions plain = SearchOptions::plain(a);
            EXPECT_EQ(search_with(pos, plain, 3).score, reference)
                << algorithm_name(a) << " in " << fen;
            // Move ordering changes how much is searched, never the value.
            SearchOptions ordered = plain;
            ordered.capture_ordering = ordered.killers = ordered.counter_moves = ordered.history =
                true;
            EXPECT_EQ(search_with(pos, ordered, 3).score, reference)
                << algorithm_name(a) << " with ordering in " << fen;
        }
    }
}

TEST(SearchVariants, AlphaBetaVisitsFewerNodesThanMinimax) {
    Position pos = Position::from_fen(VARIANT_POSITIONS[0]);
    auto minimax = search_with(pos, SearchOptions::plain(SearchAlgorithm::MINIMAX), 3);
    auto alphabeta =
        search_with(pos, SearchOptions::plain(SearchAlgorithm::ALPHABETA_FAIL_HARD), 3);
    EXPECT_LT(alphabeta.nodes * 3, minimax.nodes);
}

TEST(SearchVariants, MultiPvReturnsDistinctMovesBestFirst) {
    Position pos =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    SearchOptions options;
    options.multi_pv = 4;
    SearchResult result = search_with(pos, options, 5);
    ASSERT_EQ(result.lines.size(), 4u);
    std::set<std::uint16_t> moves;
    for (std::size_t i = 0; i < result.lines.size(); ++i) {
        moves.insert(result.lines[i].move.raw());
        EXPECT_TRUE(pos.pseudo_legal(result.lines[i].move) && pos.legal(result.lines[i].move));
        if (i > 0) {
            EXPECT_GE(result.lines[i - 1].score, result.lines[i].score);
        }
    }
    EXPECT_EQ(moves.size(), 4u);
    EXPECT_EQ(result.lines[0].move, result.best);
}

TEST(SearchVariants, MultiPvLargerThanTheMoveCountListsEveryMove) {
    Position pos = Position::from_fen("7k/8/8/8/8/8/8/K7 w - - 0 1");  // three king moves
    SearchOptions options;
    options.multi_pv = 10;
    EXPECT_EQ(search_with(pos, options, 4).lines.size(), 3u);
}

TEST(SearchVariants, ContemptMakesTheRootSideDislikeDraws) {
    // Bare kings: every line is a draw, scored -contempt for the side to move at the root.
    Position pos = Position::from_fen("7k/8/8/8/8/8/8/K7 w - - 0 1");
    SearchOptions options;
    options.contempt = 30;
    EXPECT_EQ(search_with(pos, options, 3).score, -30);
}

std::string run_uci(const std::string& input) {
    std::istringstream in(input);
    std::ostringstream out;
    run_engine(in, out);
    return out.str();
}

std::string last_bestmove(const std::string& output) {
    std::size_t at = output.rfind("bestmove ");
    if (at == std::string::npos) return "";
    std::istringstream rest(output.substr(at + 9));
    std::string word;
    rest >> word;
    return word;
}

TEST(SearchVariants, SkillLevelZeroStillPlaysLegalMoves) {
    for (int game = 0; game < 5; ++game) {
        std::string out = run_uci(
            "uci\nsetoption name Skill Level value 0\nposition startpos moves e2e4\n"
            "go depth 6\n");
        Position pos;
        pos.do_move(parse_uci_move(pos, "e2e4"));
        EXPECT_TRUE(parse_uci_move(pos, last_bestmove(out))) << out;
    }
    std::string out = run_uci(
        "uci\nsetoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value 1500\n"
        "position startpos\ngo movetime 50\n");
    EXPECT_TRUE(parse_uci_move(Position(), last_bestmove(out))) << out;
}

TEST(SearchVariants, UciMultiPvPrintsEachLine) {
    std::string out =
        run_uci("uci\ndebug on\nsetoption name MultiPV value 3\nposition startpos\ngo depth 4\n");
    EXPECT_NE(out.find("info depth 4 seldepth"), std::string::npos);
    EXPECT_NE(out.find(" multipv 3 "), std::string::npos) << out;
    EXPECT_NE(out.find("info string cutoffs"), std::string::npos) << out;
}

TEST(SearchVariants, SkillChoosesAmongCloseLines) {
    // Level 0's weakness is 240 centipawns: each line gets a random bonus of 0 to 240, so a
    // line 240 or more below the best can never overtake it. Scores fall by 40 a line: lines
    // 0..5 may be played, 6..19 never.
    Position pos;
    MoveList<LEGAL> legal(pos);
    std::vector<RootLine> lines;
    for (Move m : legal) lines.push_back({m, Value(-int(lines.size()) * 40), {m}});
    ASSERT_EQ(lines.size(), 20u);
    Skill skill(0);
    std::set<std::size_t> chosen_lines;
    for (int i = 0; i < 400; ++i) {
        Move chosen = skill.choose(lines);
        ASSERT_TRUE(legal.contains(chosen));
        std::size_t index = 0;
        while (lines[index].move != chosen) ++index;
        EXPECT_LE(index, 5u) << "a line " << index * 40 << " below the best was played";
        chosen_lines.insert(index);
    }
    // A random bonus of up to 240 per line: the best line is not always the one played.
    EXPECT_GT(chosen_lines.size(), 3u);
    EXPECT_EQ(Skill(Skill::MAX_LEVEL).choose(lines), lines.front().move);
    // A mate for us is never thrown away.
    std::vector<RootLine> mating = lines;
    mating.front().score = mate_in(3);
    for (int i = 0; i < 50; ++i) EXPECT_EQ(skill.choose(mating), mating.front().move);
}

}  // namespace
}  // namespace mneme

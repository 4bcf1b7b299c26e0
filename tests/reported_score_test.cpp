// Reported scores: the win-rate model's numbers, the normalised centipawns and win/draw/loss
// chances built on it, UCI's info lines with and without UCI_ShowWDL, the debug counters only
// after "debug on", and the fit that produces the model's constants.
#include "mneme/search/reported_score.h"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <string>

#include "mneme/eval/win_rate_model.h"
#include "mneme/learn/win_rate_fit.h"
#include "mneme/protocol/engine_protocol.h"
#include "mneme/search/search.h"

namespace mneme {
namespace {

TEST(WinRateModel, ExactValuesAtAFewPoints) {
    const WinRateParameters model{50, 40};
    EXPECT_DOUBLE_EQ(model.win_probability(50), 0.5);
    EXPECT_NEAR(model.win_probability(90), 0.7310585786300049, 1e-12);    // 1/(1+e^-1)
    EXPECT_NEAR(model.loss_probability(0), 0.22270013882530884, 1e-12);   // 1/(1+e^1.25)
    EXPECT_NEAR(model.loss_probability(50), 0.07585818002124355, 1e-12);  // 1/(1+e^2.5)

    // 100 * s / a, rounded: a is +1.00.
    EXPECT_EQ(model.to_centipawns(50), 100);
    EXPECT_EQ(model.to_centipawns(-75), -150);
    EXPECT_EQ(model.to_centipawns(37), 74);
    EXPECT_EQ(model.to_centipawns(1), 2);
    EXPECT_EQ(model.to_centipawns(0), 0);
    EXPECT_EQ(WinRateParameters({64, 40}).to_centipawns(100), 156);  // 156.25
    EXPECT_EQ(WinRateParameters({64, 40}).to_centipawns(-2), -3);    // -3.125
}

// a and b interpolated linearly in material between the knots, constant beyond them.
TEST(WinRateModel, ParametersFollowTheMaterial) {
    const WinRateModel model{{{10, 300, 200}, {40, 150, 100}, {70, 60, 80}}};
    EXPECT_EQ(win_rate_material(Position()), 78);
    EXPECT_EQ(win_rate_material(Position::from_fen("4k3/8/8/8/8/8/4P3/R3K3 w - - 0 1")), 6);
    WinRateParameters opening = model.at(Position());
    EXPECT_DOUBLE_EQ(opening.a, 60);
    EXPECT_DOUBLE_EQ(opening.b, 80);
    EXPECT_DOUBLE_EQ(model.at_material(6).a, 300);
    EXPECT_DOUBLE_EQ(model.at_material(10).a, 300);
    EXPECT_NEAR(model.at_material(20).a, 250, 1e-9);
    EXPECT_NEAR(model.at_material(20).b, 200 - 100.0 / 3, 1e-9);
    EXPECT_NEAR(model.at_material(40).a, 150, 1e-9);
    EXPECT_NEAR(model.at_material(61).a, 87, 1e-9);
    EXPECT_DOUBLE_EQ(model.at_material(70).b, 80);
}

TEST(ReportedScore, MatesPassThroughAndOtherScoresStayOutOfTheMateBands) {
    const WinRateParameters model{50, 40};
    EXPECT_EQ(reported_score(150, model), 300);
    EXPECT_EQ(reported_score(-150, model), -300);
    for (Value mate : {mate_in(1), mate_in(7), mated_in(2), mated_in(40)})
        EXPECT_EQ(reported_score(mate, model), mate);
    Value big = reported_score(VALUE_MATE_IN_MAX_PLY - 1, model);
    EXPECT_FALSE(is_mate_score(big));
    EXPECT_EQ(big, VALUE_MATE_IN_MAX_PLY - 1);
    EXPECT_FALSE(is_mate_score(reported_score(VALUE_MATED_IN_MAX_PLY + 1, model)));
}

TEST(ReportedScore, WinDrawLossPerMilleSumsTo1000) {
    const WinRateParameters model{50, 40};
    WinDrawLoss even = win_draw_loss(0, model);
    EXPECT_EQ(even.win, 223);
    EXPECT_EQ(even.loss, 223);
    EXPECT_EQ(even.draw, 554);
    WinDrawLoss pawn_up = win_draw_loss(50, model);  // reported +1.00: half the games won
    EXPECT_EQ(pawn_up.win, 500);
    EXPECT_EQ(pawn_up.draw, 424);
    EXPECT_EQ(pawn_up.loss, 76);
    WinDrawLoss pawn_down = win_draw_loss(-50, model);
    EXPECT_EQ(pawn_down.win, 76);
    EXPECT_EQ(pawn_down.loss, 500);

    WinDrawLoss mating = win_draw_loss(mate_in(5), model);
    EXPECT_EQ(mating.win, 1000);
    EXPECT_EQ(mating.draw + mating.loss, 0);
    WinDrawLoss mated = win_draw_loss(mated_in(4), model);
    EXPECT_EQ(mated.loss, 1000);

    std::vector<WinRateParameters> models = {model, {1, 0.5}};
    for (int material = 0; material <= 78; material += 6) {
        models.push_back(CLASSIC_WIN_RATE_MODEL.at_material(material));
        models.push_back(NNUE_WIN_RATE_MODEL.at_material(material));
    }
    for (const WinRateParameters& m : models)
        for (Value v = -4000; v <= 4000; v += 7) {
            WinDrawLoss chances = win_draw_loss(v, m);
            EXPECT_EQ(chances.win + chances.draw + chances.loss, 1000) << v;
            EXPECT_GE(chances.draw, 0) << v;
            EXPECT_GE(chances.win, 0) << v;
            EXPECT_GE(chances.loss, 0) << v;
        }
}

// The fitted constants give every material a sensible a and b, and more material a smaller a
// (a pawn more wins more often with pieces on the board).
TEST(WinRateModel, TheCommittedConstantsAreSensible) {
    for (const WinRateModel& model : {CLASSIC_WIN_RATE_MODEL, NNUE_WIN_RATE_MODEL}) {
        for (int material = 0; material <= 78; ++material) {
            WinRateParameters m = model.at_material(material);
            EXPECT_DOUBLE_EQ(m.win_probability(m.a), 0.5);
            EXPECT_GT(m.a, 20) << material;
            EXPECT_LT(m.a, 2000) << material;
            EXPECT_GT(m.b, 10) << material;
            EXPECT_LT(m.b, 2000) << material;
        }
        EXPECT_LT(model.at_material(78).a, model.at_material(17).a);
        for (std::size_t i = 1; i < model.knots.size(); ++i)
            EXPECT_LT(model.knots[i - 1].material, model.knots[i].material);
    }
}

// Counts drawn exactly from a model are fitted back to it.
TEST(WinRateFit, RecoversTheParametersThatMadeTheCounts) {
    const WinRateParameters truth{70, 45};
    WinRateCounts counts;
    for (int s = -600; s <= 600; s += 5) {
        double win = truth.win_probability(s), loss = truth.loss_probability(s);
        const double chances[3] = {loss, 1 - win - loss, win};
        for (int r = 0; r < 3; ++r)
            counts.add(s, ScoredResult(r), std::uint64_t(std::lround(20000 * chances[r])));
    }
    WinRateFit fit = fit_win_rate_parameters(counts);
    EXPECT_NEAR(fit.parameters.a, 70, 0.2);
    EXPECT_NEAR(fit.parameters.b, 45, 0.2);
    EXPECT_LT(fit.log_loss, fit.baseline_log_loss);
    EXPECT_EQ(fit.positions, counts.positions());
}

TEST(WinRateFit, FitsEachBandOfMaterial) {
    // a falls from 300 in bare endgames to 60 in the opening, b stays 80.
    auto truth = [](double material) { return WinRateParameters{300 - 240.0 * material / 78, 80}; };
    MaterialWinRateCounts counts;
    for (int material = 0; material <= 78; ++material) {
        WinRateParameters here = truth(material);
        for (int s = -900; s <= 900; s += 10) {
            double win = here.win_probability(s), loss = here.loss_probability(s);
            const double chances[3] = {loss, 1 - win - loss, win};
            for (int r = 0; r < 3; ++r)
                for (long k = std::lround(100 * chances[r]); k > 0; --k)
                    counts.add(material, s, ScoredResult(r));
        }
    }
    MaterialWinRateFit fit = fit_win_rate_model(counts);
    ASSERT_EQ(fit.model.knots.size(), std::size(WIN_RATE_BANDS));
    for (const WinRateModel::Knot& knot : fit.model.knots) {
        // Within a band a is linear in material, so the band's fit is close to a at its mean.
        EXPECT_NEAR(knot.a, truth(knot.material).a, 3) << knot.material;
        EXPECT_NEAR(knot.b, 80, 3) << knot.material;
    }
    EXPECT_NEAR(fit.model.knots.front().material, 21.5, 0.01);  // 17..26, about as many each
    EXPECT_LT(fit.log_loss, fit_win_rate_parameters(counts.range(0, 78)).log_loss);
    EXPECT_EQ(fit.positions, counts.range(17, 78).positions());

    // A band without enough positions gets no knot.
    MaterialWinRateCounts opening_only;
    for (int s = -300; s <= 300; s += 3)
        opening_only.add(78, s, s > 0 ? ScoredResult::WIN : ScoredResult::DRAW);
    MaterialWinRateFit one = fit_win_rate_model(opening_only, 100);
    ASSERT_EQ(one.model.knots.size(), 1u);
    EXPECT_EQ(one.model.knots[0].material, 78);
}

// ---- UCI

std::string run_uci(const std::string& input) {
    std::istringstream in(input);
    std::ostringstream out;
    run_engine(in, out);
    return out.str();
}

// The last line of `output` that starts with `prefix`.
std::string last_line_starting(const std::string& output, const std::string& prefix) {
    std::istringstream lines(output);
    std::string line, found;
    while (std::getline(lines, line))
        if (line.rfind(prefix, 0) == 0) found = line;
    return found;
}

// The integers after `key` in `line` ("score cp" -> 1 number, "wdl" -> 3).
std::vector<int> numbers_after(const std::string& line, const std::string& key, int count) {
    std::vector<int> numbers;
    std::size_t at = line.find(" " + key + " ");
    if (at == std::string::npos) return numbers;
    std::istringstream rest(line.substr(at + key.size() + 2));
    for (int i = 0, n = 0; i < count && rest >> n; ++i) numbers.push_back(n);
    return numbers;
}

// Black to move, a knight up: a clear score, far from the mate bands.
const char* const KNIGHT_UP_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR b KQkq - 0 1";

TEST(UciScores, InfoLinesShowNormalisedCentipawnsAndWdlWhenAsked) {
    // The same search in this process: a fresh searcher with the classic evaluation and the
    // protocol's default table size is deterministic to a fixed depth.
    Searcher searcher;
    SearchLimits limits;
    limits.depth = 6;
    SearchResult result = searcher.search(Position::from_fen(KNIGHT_UP_FEN), limits);
    ASSERT_FALSE(is_mate_score(result.score));
    const WinRateParameters model = CLASSIC_WIN_RATE_MODEL.at(Position::from_fen(KNIGHT_UP_FEN));

    std::string plain =
        run_uci(std::string("uci\nsetoption name Eval value classic\nposition fen ") +
                KNIGHT_UP_FEN + "\ngo depth 6\n");
    EXPECT_NE(plain.find("option name UCI_ShowWDL type check default false"), std::string::npos);
    std::string line = last_line_starting(plain, "info depth 6 seldepth");
    ASSERT_FALSE(line.empty()) << plain;
    EXPECT_EQ(numbers_after(line, "score cp", 1),
              std::vector<int>{reported_score(result.score, model)})
        << line << " (internal " << result.score << ")";
    EXPECT_EQ(line.find(" wdl "), std::string::npos) << line;

    std::string with_wdl =
        run_uci(std::string("uci\nsetoption name Eval value classic\n"
                            "setoption name UCI_ShowWDL value true\nposition fen ") +
                KNIGHT_UP_FEN + "\ngo depth 6\n");
    line = last_line_starting(with_wdl, "info depth 6 seldepth");
    std::vector<int> wdl = numbers_after(line, "wdl", 3);
    ASSERT_EQ(wdl.size(), 3u) << line;
    WinDrawLoss expected = win_draw_loss(result.score, model);
    EXPECT_EQ(wdl, (std::vector<int>{expected.win, expected.draw, expected.loss})) << line;
    EXPECT_EQ(wdl[0] + wdl[1] + wdl[2], 1000) << line;
    EXPECT_GT(wdl[0], wdl[2]) << line;  // the side a knight up wins more than it loses
    // Every line with a score has its chances after it.
    std::istringstream lines(with_wdl);
    for (std::string each; std::getline(lines, each);) {
        if (each.find(" score ") != std::string::npos) {
            EXPECT_NE(each.find(" wdl "), std::string::npos) << each;
        }
    }
}

TEST(UciScores, MatesStayMovesToMateWithCertainChances) {
    std::string out = run_uci(
        "uci\nsetoption name UCI_ShowWDL value true\n"
        "position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\ngo depth 4\n");
    EXPECT_NE(out.find(" score mate 1 wdl 1000 0 0 "), std::string::npos) << out;
}

TEST(UciScores, SearchCountersOnlyInDebugMode) {
    const std::string go = "uci\nposition startpos\ngo depth 4\n";
    EXPECT_EQ(run_uci(go).find("info string cutoffs"), std::string::npos);
    EXPECT_NE(run_uci("debug on\n" + go).find("info string cutoffs"), std::string::npos);
    EXPECT_EQ(run_uci("debug on\ndebug off\n" + go).find("info string cutoffs"), std::string::npos);
}

TEST(UciScores, EvalCommandReportsTheNormalisedScore) {
    std::string out = run_uci(std::string("uci\nsetoption name Eval value classic\nposition fen ") +
                              KNIGHT_UP_FEN + "\neval\n");
    std::string line = last_line_starting(out, "reported cp ");
    ASSERT_FALSE(line.empty()) << out;
    EXPECT_GT(numbers_after(" " + line, "reported cp", 1).at(0), 100) << line;
}

}  // namespace
}  // namespace mneme

// The Bayesian evaluation on a tiny hand-made data set: means and covariances by hand,
// the expected score between the classes, and the model file.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include "mneme/learn/bayes_evaluation.h"
#include "test_data.h"

namespace mneme {
namespace {

BayesFeatures features(double material, double mobility = 0) {
    BayesFeatures x{};
    x[CATEGORY_MATERIAL] = material;
    x[CATEGORY_MOBILITY] = mobility;
    return x;
}

// Nine positions per class in stage 4: wins around +100, losses around -100, draws around 0,
// each spread the same way, with mobility varying independently of the material.
BayesModel three_class_model(BayesOptions options = {}) {
    BayesModel model(options);
    const double spread[] = {-30, -20, -10, -5, 0, 5, 10, 20, 30};
    for (int k = 0; k < 9; ++k) {
        double d = spread[k], mobility = spread[(k * 4) % 9] / 2;
        model.add(features(100 + d, mobility), 4, 1.0);
        model.add(features(0 + d, mobility), 4, 0.5);
        model.add(features(-100 + d, mobility), 4, 0.0);
    }
    model.finish();
    return model;
}

TEST(LearnBayes, MeansAndCovariancesOfAHandMadeSet) {
    BayesModel model(BayesOptions{false, false, 1.0});
    model.add(features(10, 20), 2, 1.0);
    model.add(features(30, 40), 2, 1.0);
    model.add(features(20, 0), 2, 1.0);
    model.add(features(-50, 0), 2, 0.0);
    model.finish();
    for (int stage : {2, BAYES_STAGES}) {  // the stage and the pooled model
        const BayesClassModel& win = model.model(stage, BAYES_WIN);
        EXPECT_EQ(win.count, 3u);
        EXPECT_DOUBLE_EQ(win.mean[CATEGORY_MATERIAL], 20);
        EXPECT_DOUBLE_EQ(win.mean[CATEGORY_MOBILITY], 20);
        EXPECT_NEAR(win.covariance[CATEGORY_MATERIAL][CATEGORY_MATERIAL], 200.0 / 3, 1e-9);
        EXPECT_NEAR(win.covariance[CATEGORY_MATERIAL][CATEGORY_MOBILITY], 200.0 / 3, 1e-9);
        EXPECT_NEAR(win.covariance[CATEGORY_MOBILITY][CATEGORY_MATERIAL], 200.0 / 3, 1e-9);
        EXPECT_NEAR(win.covariance[CATEGORY_MOBILITY][CATEGORY_MOBILITY], 800.0 / 3, 1e-9);
        EXPECT_EQ(win.covariance[CATEGORY_CENTRE][CATEGORY_CENTRE], 0);
        EXPECT_EQ(model.model(stage, BAYES_LOSS).count, 1u);
        EXPECT_DOUBLE_EQ(model.model(stage, BAYES_LOSS).mean[CATEGORY_MATERIAL], -50);
    }
    EXPECT_EQ(model.model(3, BAYES_WIN).count, 0u);
    // A singular covariance (constant categories) is still inverted thanks to the ridge.
    EXPECT_TRUE(std::isfinite(model.model(2, BAYES_WIN).log_determinant));
}

TEST(LearnBayes, ExpectedScoreLiesBetweenTheClasses) {
    BayesModel model = three_class_model();
    double at_win = model.expected_score(features(100, 0), 4);
    double at_draw = model.expected_score(features(0, 0), 4);
    double at_loss = model.expected_score(features(-100, 0), 4);
    EXPECT_GT(at_win, 0.95);
    EXPECT_NEAR(at_draw, 0.5, 0.02);
    EXPECT_LT(at_loss, 0.05);
    EXPECT_GT(model.expected_score(features(50, 0), 4), at_draw);
    // Stage 7 has no data: the pooled model answers.
    EXPECT_DOUBLE_EQ(model.expected_score(features(100, 0), 7), at_win);

    BayesOptions no_draws;
    no_draws.exclude_draws = true;
    BayesModel two = three_class_model(no_draws);
    EXPECT_EQ(two.model(4, BAYES_DRAW).count, 0u);
    EXPECT_NEAR(two.expected_score(features(0, 0), 4), 0.5, 0.05);
    EXPECT_GT(two.expected_score(features(100, 0), 4), 0.95);
}

TEST(LearnBayes, EvaluationIsScaledTo256AndMixedOutsideTheGate) {
    BayesModel model = three_class_model();
    EvalParams params = EvalParams::defaults();
    Position queen_up = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    int bayes = model.evaluate(queen_up, params);
    EXPECT_GE(bayes, -256);
    EXPECT_LE(bayes, 256);
    EXPECT_GT(bayes, 200);  // far beyond the winning class's mean
    EXPECT_EQ(mixed_bayes_evaluate(queen_up, params, model), evaluate(queen_up, params));
    Position level;
    EXPECT_EQ(mixed_bayes_evaluate(level, params, model), model.evaluate(level, params));
}

TEST(LearnBayes, ModelFileRoundTripsAndBadFilesNameTheLine) {
    test::ScratchDirectory dir("learn_bayes");
    BayesOptions options;
    options.independent_terms = true;
    options.ridge = 2.5;
    BayesModel model = three_class_model(options);
    model.save(dir.file("m.bayes"));
    BayesModel loaded = BayesModel::load(dir.file("m.bayes"));
    EXPECT_TRUE(loaded.options().independent_terms);
    EXPECT_EQ(loaded.options().ridge, 2.5);
    for (double material : {-120.0, -40.0, 0.0, 35.0, 90.0})
        EXPECT_NEAR(loaded.expected_score(features(material, 3), 4),
                    model.expected_score(features(material, 3), 4), 1e-12);

    std::string bad = dir.write("bad.bayes",
                                "mneme-bayes-model 1\nexclude_draws 0\n"
                                "independent_terms 0\nridge 1\nstage 0 class win\n");
    try {
        BayesModel::load(bad);
        FAIL() << "a broken model loaded";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("bad.bayes:5:"), std::string::npos) << e.what();
    }
    EXPECT_THROW(BayesModel::load(dir.file("missing")), std::runtime_error);
}

TEST(LearnBayes, StagesRunFromOpeningToBareEndgame) {
    EXPECT_EQ(bayes_stage(MAX_PHASE), 0);
    EXPECT_EQ(bayes_stage(0), BAYES_STAGES - 1);
    EXPECT_EQ(bayes_stage(MAX_PHASE / 2), 5);
}

}  // namespace
}  // namespace mneme

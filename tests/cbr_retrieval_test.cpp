// Indexed retrieval must give exactly the linear scan's answer: the same cases in the same
// order, for 1-NN and k-NN, with and without mirroring; the exact-match table agrees too.
#include <gtest/gtest.h>

#include "cbr_test_util.h"
#include "mneme/cbr/case_base.h"

namespace mneme {
namespace {

class CbrRetrieval : public ::testing::Test {
protected:
    // 300 random games of 80 plies, with some duplicated so that ties occur.
    static void SetUpTestSuite() {
        std::vector<CaseRecord> cases = test::random_cases(3, 300, 80);
        std::vector<CaseRecord> copies(cases.begin(), cases.begin() + 2000);
        cases.insert(cases.end(), copies.begin(), copies.end());
        base_ = new CaseBase(std::move(cases));
        // Queries: other random games, and positions that are in the base.
        queries_ = test::random_positions(5, 20, 80);
        std::vector<Position> known = test::random_positions(3, 3, 80);
        queries_.insert(queries_.end(), known.begin(), known.end());
    }
    static void TearDownTestSuite() { delete base_; }

    static void expect_identical(std::size_t k, bool mirror) {
        std::size_t total = 0;
        for (const Position& pos : queries_) {
            RetrievalQuery query{CaseBoard::from_position(pos), pos.side_to_move(), k, mirror};
            std::vector<RetrievedCase> linear = base_->retrieve_linear(query);
            std::vector<RetrievedCase> indexed = base_->retrieve(query);
            ASSERT_EQ(indexed, linear) << pos.fen() << " k=" << k << " mirror=" << mirror;
            ASSERT_GE(linear.size(), std::min<std::size_t>(k, 1));
            total += linear.size();
        }
        EXPECT_GE(total, queries_.size() * k);
    }

    static CaseBase* base_;
    static std::vector<Position> queries_;
};

CaseBase* CbrRetrieval::base_ = nullptr;
std::vector<Position> CbrRetrieval::queries_;

TEST_F(CbrRetrieval, IndexEqualsLinearScanForOneNearest) { expect_identical(1, false); }
TEST_F(CbrRetrieval, IndexEqualsLinearScanWithMirroring) { expect_identical(1, true); }
TEST_F(CbrRetrieval, IndexEqualsLinearScanForKNearest) {
    expect_identical(5, false);
    expect_identical(40, true);
}

TEST_F(CbrRetrieval, ExactTableFindsEveryIdenticalBoard) {
    int hits = 0;
    for (const Position& pos : queries_)
        for (bool mirror : {false, true}) {
            RetrievalQuery query{CaseBoard::from_position(pos), pos.side_to_move(), 1, mirror};
            std::vector<RetrievedCase> exact = base_->retrieve_exact(query);
            std::vector<RetrievedCase> linear = base_->retrieve_linear(query);
            if (exact.empty()) {
                ASSERT_LT(linear.front().similarity, 256);
                continue;
            }
            ++hits;
            ASSERT_EQ(exact, linear) << pos.fen();
        }
    EXPECT_GT(hits, 200);
}

TEST_F(CbrRetrieval, MostSimilarCaseIsFoundForAPositionInTheBase) {
    Position pos;  // the start position is the first case of every game
    RetrievalQuery query{CaseBoard::from_position(pos), WHITE, 1, false};
    std::vector<RetrievedCase> found = base_->retrieve(query);
    EXPECT_EQ(found.size(), 300u + 25u);  // each game's first case, and the duplicated games'
    for (const RetrievedCase& r : found) EXPECT_EQ(r.similarity, 256);
}

}  // namespace
}  // namespace mneme

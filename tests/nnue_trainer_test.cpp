// The network trainer: its gradient against finite differences of the reference evaluation,
// learning material from random positions, quantisation against an integer reference,
// bitwise-equal resumption from a checkpoint, and refusal of damaged checkpoints.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>

#include "mneme/core/movegen.h"
#include "mneme/core/position.h"
#include "mneme/learn/loss_curve.h"
#include "mneme/learn/nnue_checkpoint.h"
#include "mneme/learn/nnue_dataset.h"
#include "mneme/learn/nnue_loss.h"
#include "mneme/learn/nnue_trainer.h"
#include "mneme/learn/training_data_file.h"
#include "mneme/nnue/network.h"
#include "test_data.h"

namespace mneme {
namespace {

int material_for_side_to_move(const Position& pos) {
    static constexpr int VALUE[] = {0, 100, 300, 300, 500, 900, 0};
    int balance = 0;
    for (Bitboard b = pos.pieces(); b;) {
        Piece piece = pos.piece_on(pop_lsb(b));
        int value = VALUE[type_of(piece)];
        balance += color_of(piece) == pos.side_to_move() ? value : -value;
    }
    return balance;
}

// Positions after 8 to 80 random legal moves from the start, scored by material (centipawns for
// the side to move); the result is a win or loss when a side is ahead by more than a pawn.
std::vector<Position> random_positions(std::size_t count, std::uint64_t seed) {
    std::mt19937_64 random(seed);
    std::vector<Position> positions;
    while (positions.size() < count) {
        Position pos = Position::from_fen(START_FEN);
        int plies = 8 + int(random() % 73);
        for (int ply = 0; ply < plies; ++ply) {
            MoveList<LEGAL> moves(pos);
            if (moves.size() == 0) break;
            pos.do_move(*(moves.begin() + random() % moves.size()));
        }
        if (MoveList<LEGAL>(pos).size() > 0) positions.push_back(Position::from_fen(pos.fen()));
    }
    return positions;
}

NnueDataset material_dataset(const std::vector<Position>& positions) {
    NnueDataset data;
    for (const Position& pos : positions) {
        int score = material_for_side_to_move(pos);
        ScoredResult result = score > 100    ? ScoredResult::WIN
                              : score < -100 ? ScoredResult::LOSS
                                             : ScoredResult::DRAW;
        data.add(ScoredPosition::from_position(pos, score, result));
    }
    return data;
}

double mean_loss(const nnue::FloatNetwork& net, const std::vector<Position>& positions,
                 const NnueDataset& data, const LossSettings& settings) {
    double sum = 0;
    for (std::size_t i = 0; i < positions.size(); ++i) {
        double predicted = 1 / (1 + std::exp(-net.evaluate(positions[i]) / settings.sigmoid_scale));
        double error = predicted - training_target(data[i], settings);
        sum += error * error;
    }
    return sum / double(positions.size());
}

// The engine-style integer evaluation of a quantised network, written independently here.
long long integer_score(const nnue::QuantisedNetwork& q, const Position& pos) {
    const auto& a = q.architecture;
    const int h = a.hidden;
    std::vector<int> acc[2] = {std::vector<int>(q.feature_bias.begin(), q.feature_bias.end()),
                               std::vector<int>(q.feature_bias.begin(), q.feature_bias.end())};
    for (Bitboard b = pos.pieces(); b;) {
        Square s = pop_lsb(b);
        for (Color side : {WHITE, BLACK}) {
            int feature = nnue::feature_index(side, pos.piece_on(s), s);
            for (int i = 0; i < h; ++i)
                acc[side][i] += q.feature_weights[std::size_t(feature) * h + i];
        }
    }
    Color us = pos.side_to_move();
    // The output layer of the bucket for the men on the board: 2..32 in equal steps.
    const int men = popcount(pos.pieces());
    const int bucket = std::min(a.output_buckets - 1, (men - 2) * a.output_buckets / 31);
    long long sum = 0;
    for (int half = 0; half < 2; ++half) {
        const std::vector<int>& values = acc[half == 0 ? us : ~us];
        for (int i = 0; i < h; ++i) {
            EXPECT_GE(values[i], -32768);
            EXPECT_LE(values[i], 32767);
            long long v = std::clamp(values[i], 0, a.qa);
            long long w = q.output_weights[std::size_t((bucket * 2 + half) * h + i)];
            sum += a.activation == nnue::Activation::SCRELU ? v * v * w : v * w;
        }
    }
    long long output = (a.activation == nnue::Activation::SCRELU ? sum / a.qa : sum) +
                       q.output_bias[std::size_t(bucket)];
    return output * a.scale / (a.qa * a.qb);
}

NnueTrainerOptions small_options(int hidden) {
    NnueTrainerOptions o;
    o.architecture.hidden = hidden;
    o.batch_size = 256;
    o.learning_rate = 0.005;
    o.epochs = 12;
    o.validation_fraction = 0.1;
    o.weight_decay = 0.0;
    o.threads = 2;
    o.seed = 7;
    return o;
}

TEST(NnueTrainer, BlackFeaturesFollowFromWhites) {
    for (Piece piece : {W_PAWN, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING, B_PAWN, B_KNIGHT,
                        B_BISHOP, B_ROOK, B_QUEEN, B_KING})
        for (int s = 0; s < 64; ++s)
            ASSERT_EQ(black_feature_of(nnue::feature_index(WHITE, piece, Square(s))),
                      nnue::feature_index(BLACK, piece, Square(s)));
}

void check_gradient(nnue::Activation activation, int buckets = 1) {
    std::vector<Position> positions = random_positions(12, 3);
    NnueDataset data = material_dataset(positions);
    nnue::Architecture a;
    a.hidden = 16;
    a.activation = activation;
    a.output_buckets = buckets;
    NnueParameters p = NnueParameters::initial(a, 11);
    // Biases lifted so that most hidden units sit inside (0, 1), where they have a gradient.
    for (std::size_t i = p.feature_bias_offset(); i < p.output_weights_offset(); ++i)
        p.values[i] += 0.4f;
    for (std::size_t i = p.output_weights_offset(); i < p.output_bias_offset(); ++i)
        p.values[i] *= 8;
    LossSettings settings{400, 0.3};
    std::vector<std::uint32_t> all(positions.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = std::uint32_t(i);
    std::vector<float> gradient(p.size(), 0.0f);
    accumulate_gradient(p, settings, data, all.data(), all.size(), 1.0f / float(all.size()),
                        gradient.data());

    // The rows of a piece that is on the board in the first position, and of its square from
    // Black's side.
    std::size_t h = p.hidden();
    int feature = data[0].features[3];
    // The output layer of the first position's bucket.
    std::size_t bucket = std::size_t(nnue::output_bucket(data[0].count, buckets));
    std::size_t output = p.output_weights_offset() + bucket * 2 * h;
    std::vector<std::size_t> chosen = {std::size_t(feature) * h + 2,
                                       std::size_t(feature) * h + 9,
                                       std::size_t(black_feature_of(feature)) * h + 5,
                                       p.feature_bias_offset() + 1,
                                       p.feature_bias_offset() + 14,
                                       output + 3,
                                       output + h + 7,
                                       p.output_bias_offset() + bucket};
    int compared = 0;
    for (std::size_t index : chosen) {
        const float epsilon = 1e-3f;
        NnueParameters plus = p, minus = p;
        plus.values[index] += epsilon;
        minus.values[index] -= epsilon;
        double numeric = (mean_loss(plus.network(), positions, data, settings) -
                          mean_loss(minus.network(), positions, data, settings)) /
                         double(plus.values[index] - minus.values[index]);
        EXPECT_NEAR(gradient[index], numeric, 0.01 * std::abs(numeric) + 2e-6)
            << "parameter " << index;
        compared += std::abs(numeric) > 1e-5;
    }
    EXPECT_GE(compared, 6) << "most chosen parameters should have a gradient to compare";
}

TEST(NnueTrainer, GradientMatchesFiniteDifferencesSCReLU) {
    check_gradient(nnue::Activation::SCRELU);
}
TEST(NnueTrainer, GradientMatchesFiniteDifferencesClippedReLU) {
    check_gradient(nnue::Activation::CLIPPED_RELU);
}
TEST(NnueTrainer, GradientMatchesFiniteDifferencesWithOutputBuckets) {
    check_gradient(nnue::Activation::SCRELU, 4);
}

TEST(NnueTrainer, SplitIsDeterministicAndDisjoint) {
    DataSplit a = split_dataset(10'050, 0.1, 5), b = split_dataset(10'050, 0.1, 5);
    EXPECT_EQ(a.training, b.training);
    EXPECT_EQ(a.validation, b.validation);
    EXPECT_EQ(a.training.size() + a.validation.size(), 10'050u);
    EXPECT_NEAR(double(a.validation.size()), 1005, 100);
    std::vector<bool> seen(10'050, false);
    for (auto i : a.training) seen[i] = true;
    for (auto i : a.validation) EXPECT_FALSE(seen[i]);
    EXPECT_NE(split_dataset(10'050, 0.1, 6).validation, a.validation);
}

struct TrainedMaterialNet {
    std::vector<Position> positions;
    NnueDataset data;
    double initial_validation = 0, final_validation = 0;
    nnue::FloatNetwork net;
    std::vector<std::uint32_t> validation;
};

const TrainedMaterialNet& trained_material_net() {
    static const TrainedMaterialNet result = [] {
        TrainedMaterialNet t;
        t.positions = random_positions(6000, 1);
        t.data = material_dataset(t.positions);
        NnueTrainer trainer(t.data, small_options(32));
        t.initial_validation = trainer.validation_loss();
        trainer.train();
        t.final_validation = trainer.validation_loss();
        t.net = trainer.parameters().network();
        t.validation = trainer.split().validation;
        return t;
    }();
    return result;
}

TEST(NnueTrainer, LearnsMaterialOnHeldOutPositions) {
    const TrainedMaterialNet& t = trained_material_net();
    std::printf("validation loss %.5f -> %.5f\n", t.initial_validation, t.final_validation);
    EXPECT_LT(t.final_validation, 0.3 * t.initial_validation);
    int agree = 0, decided = 0;
    for (std::uint32_t i : t.validation) {
        int material = material_for_side_to_move(t.positions[i]);
        if (std::abs(material) < 200) continue;
        ++decided;
        agree += (t.net.evaluate(t.positions[i]) > 0) == (material > 0);
    }
    std::printf(
        "sign agrees with material in %d of %d held-out positions with a 2-pawn imbalance\n", agree,
        decided);
    ASSERT_GT(decided, 100);
    EXPECT_GE(agree, decided * 95 / 100);
}

// The float network whose parameters are the quantised ones, divided back.
nnue::FloatNetwork dequantised(const nnue::QuantisedNetwork& q) {
    nnue::FloatNetwork net(q.architecture);
    for (std::size_t i = 0; i < q.feature_weights.size(); ++i)
        net.feature_weights[i] = float(q.feature_weights[i]) / float(q.architecture.qa);
    for (std::size_t i = 0; i < q.feature_bias.size(); ++i)
        net.feature_bias[i] = float(q.feature_bias[i]) / float(q.architecture.qa);
    for (std::size_t i = 0; i < q.output_weights.size(); ++i)
        net.output_weights[i] = float(q.output_weights[i]) / float(q.architecture.qb);
    for (std::size_t i = 0; i < q.output_bias.size(); ++i)
        net.output_bias[i] =
            float(double(q.output_bias[i]) / (q.architecture.qa * q.architecture.qb));
    return net;
}

// Measured on this test's network (768->32, 600 positions): integer vs trained float network
// mean 6.6, largest 26 centipawns; rounding only the output weights (steps of 1/QB = 1/64,
// 6 centipawns of a fully active unit at scale 400) already gives mean 5.4, largest 15. The
// integer score against the float network of the same quantised parameters differs only by
// the integer divisions' truncation (measured: at most 1.01 centipawns).
TEST(NnueTrainer, QuantisedNetworkAgreesWithTheFloatNetwork) {
    const TrainedMaterialNet& t = trained_material_net();
    nnue::QuantisedNetwork q = nnue::quantise(t.net, "test");
    nnue::FloatNetwork same_parameters = dequantised(q);
    double largest = 0, total = 0, largest_exact = 0;
    for (std::uint32_t i : t.validation) {
        double integer = double(integer_score(q, t.positions[i]));
        double difference = std::abs(integer - t.net.evaluate(t.positions[i]));
        largest = std::max(largest, difference);
        total += difference;
        largest_exact =
            std::max(largest_exact, std::abs(integer - same_parameters.evaluate(t.positions[i])));
    }
    double mean = total / double(t.validation.size());
    std::printf(
        "integer vs float score over %zu positions: mean %.2f, largest %.2f centipawns; "
        "vs the dequantised float network largest %.2f\n",
        t.validation.size(), mean, largest, largest_exact);
    EXPECT_LT(largest_exact, 1.1);
    EXPECT_LT(mean, 10.0);
    EXPECT_LT(largest, 40.0);
}

TEST(NnueTrainer, ResumedRunEqualsUninterruptedRunBitwise) {
    test::ScratchDirectory scratch("nnue_resume");
    std::vector<Position> positions = random_positions(3000, 2);
    NnueDataset data = material_dataset(positions);
    NnueTrainerOptions options = small_options(16);
    options.architecture.output_buckets = 4;  // the checkpoint keeps them too
    options.batch_size = 2500;                // three gradient slices per batch
    options.epochs = 3;
    options.weight_decay = 0.01;
    options.lr_drop_epoch = 2;

    NnueTrainer whole(data, options);
    whole.train();

    options.checkpoint_path = scratch.file("run.mckpt");
    NnueTrainer first(data, options);
    first.train({}, [](const NnueEpochReport& r) { return r.epoch < 2; });
    ASSERT_EQ(first.completed_epochs(), 2);
    options.threads = 1;  // the reduction does not depend on the number of threads
    NnueTrainer second(data, options);
    second.resume(options.checkpoint_path);
    EXPECT_EQ(second.completed_epochs(), 2);
    second.train();
    EXPECT_EQ(second.completed_epochs(), 3);
    EXPECT_TRUE(second.parameters().values == whole.parameters().values);
    EXPECT_EQ(second.validation_loss(), whole.validation_loss());
}

TEST(NnueTrainer, RunStoppedInsideAnEpochResumesFromTheNextBatchBitwise) {
    test::ScratchDirectory scratch("nnue_stop");
    std::vector<Position> positions = random_positions(3000, 7);
    NnueDataset data = material_dataset(positions);
    NnueTrainerOptions options = small_options(16);
    options.batch_size = 500;  // six batches an epoch
    options.epochs = 2;
    options.cosine = true;

    NnueTrainer whole(data, options);
    whole.train();

    options.checkpoint_path = scratch.file("run.mckpt");
    NnueTrainer first(data, options);
    ASSERT_EQ(first.batches_per_epoch(), 6u);
    int batches_seen = 0;
    first.train([&](const NnueBatchProgress&) { ++batches_seen; }, {},
                [&] { return batches_seen == 8; });  // epoch 2, after its second batch
    EXPECT_EQ(first.completed_epochs(), 1);
    EXPECT_EQ(first.epoch_batches_done(), 2u);
    NnueCheckpoint stopped = load_nnue_checkpoint(options.checkpoint_path);
    EXPECT_EQ(stopped.completed_epochs, 1u);
    EXPECT_EQ(stopped.epoch_batches_done, 2u);
    EXPECT_EQ(stopped.batch_size, 500u);
    EXPECT_EQ(stopped.steps, 8u);

    NnueTrainerOptions other_batch = options;
    other_batch.batch_size = 250;
    NnueTrainer mismatched(data, other_batch);
    try {
        mismatched.resume(options.checkpoint_path);
        ADD_FAILURE() << "a mid-epoch checkpoint was resumed with another batch size";
    } catch (const NnueCheckpointError& e) {
        EXPECT_NE(std::string(e.what()).find("--batch 500"), std::string::npos) << e.what();
    }

    NnueTrainer second(data, options);
    second.resume(options.checkpoint_path);
    EXPECT_EQ(second.epoch_batches_done(), 2u);
    std::vector<std::size_t> batches_run;
    std::vector<double> epoch_losses;
    second.train([&](const NnueBatchProgress& p) { batches_run.push_back(p.batch); },
                 [&](const NnueEpochReport& r) {
                     epoch_losses.push_back(r.training_loss);
                     return true;
                 });
    EXPECT_EQ(batches_run, (std::vector<std::size_t>{3, 4, 5, 6}));
    EXPECT_EQ(second.completed_epochs(), 2);
    EXPECT_EQ(second.epoch_batches_done(), 0u);
    EXPECT_TRUE(second.parameters().values == whole.parameters().values);
    EXPECT_EQ(second.validation_loss(), whole.validation_loss());
    ASSERT_EQ(epoch_losses.size(), 1u);  // the epoch's mean includes the batches before the stop
    EXPECT_GT(epoch_losses[0], 0.0);
    EXPECT_EQ(load_nnue_checkpoint(options.checkpoint_path).epoch_batches_done, 0u);
}

TEST(NnueTrainer, VersionOneCheckpointIsStillRead) {
    test::ScratchDirectory scratch("nnue_checkpoint_v1");
    NnueDataset data = material_dataset(random_positions(300, 8));
    NnueTrainerOptions options = small_options(16);
    options.epochs = 1;
    options.checkpoint_path = scratch.file("v2.mckpt");
    NnueTrainer trainer(data, options);
    trainer.train();
    std::string bytes = test::file_bytes(options.checkpoint_path);
    // Version 1: the same first 96 bytes (version 1), no position inside an epoch, the same
    // arrays; the checksum (FNV-1a of all but its own 8 bytes at 88) computed again.
    std::string v1 = bytes.substr(0, 96) + bytes.substr(120);
    v1[8] = 1;
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    for (std::size_t i = 0; i < v1.size(); ++i)
        if (i < 88 || i >= 96) hash = (hash ^ std::uint8_t(v1[i])) * 0x100000001b3ULL;
    for (int i = 0; i < 8; ++i) v1[88 + i] = char(hash >> (8 * i));
    NnueCheckpoint old = load_nnue_checkpoint(scratch.write("v1.mckpt", v1));
    EXPECT_EQ(old.completed_epochs, 1u);
    EXPECT_EQ(old.epoch_batches_done, 0u);
    EXPECT_TRUE(old.parameters.values == trainer.parameters().values);
    v1[8] = 3;
    try {
        load_nnue_checkpoint(scratch.write("v3.mckpt", v1));
        ADD_FAILURE() << "version 3 accepted";
    } catch (const NnueCheckpointError& e) {
        EXPECT_NE(std::string(e.what()).find("format version 3"), std::string::npos) << e.what();
    }
}

TEST(NnueTrainer, DamagedOrForeignCheckpointIsRefused) {
    test::ScratchDirectory scratch("nnue_checkpoint");
    std::vector<Position> positions = random_positions(300, 4);
    NnueDataset data = material_dataset(positions);
    NnueTrainerOptions options = small_options(16);
    options.epochs = 1;
    options.checkpoint_path = scratch.file("good.mckpt");
    NnueTrainer trainer(data, options);
    trainer.train();
    NnueCheckpoint good = load_nnue_checkpoint(options.checkpoint_path);
    EXPECT_EQ(good.completed_epochs, 1u);
    EXPECT_TRUE(good.parameters.values == trainer.parameters().values);

    std::string bytes = test::file_bytes(options.checkpoint_path);
    auto message_of = [&](const std::string& content) {
        std::string path = scratch.write("bad.mckpt", content);
        try {
            load_nnue_checkpoint(path);
        } catch (const NnueCheckpointError& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    EXPECT_NE(message_of(bytes.substr(0, bytes.size() / 2)).find("truncated"), std::string::npos);
    EXPECT_NE(message_of(bytes.substr(0, 40)).find("truncated"), std::string::npos);
    std::string flipped = bytes;
    flipped[bytes.size() / 2] ^= 0x10;
    EXPECT_NE(message_of(flipped).find("checksum mismatch"), std::string::npos);
    EXPECT_NE(message_of(std::string(200, 'x')).find("bad magic"), std::string::npos);

    NnueDataset other = material_dataset(random_positions(300, 5));
    NnueTrainer stranger(other, options);
    try {
        stranger.resume(options.checkpoint_path);
        ADD_FAILURE() << "a checkpoint of other data was accepted";
    } catch (const NnueCheckpointError& e) {
        EXPECT_NE(std::string(e.what()).find("other training data"), std::string::npos) << e.what();
    }
    options.architecture.hidden = 32;
    NnueTrainer wider(data, options);
    EXPECT_THROW(wider.resume(options.checkpoint_path), NnueCheckpointError);
}

TEST(NnueTrainer, ReadsTrainingDataFiles) {
    test::ScratchDirectory scratch("nnue_data");
    std::vector<Position> positions = random_positions(50, 6);
    std::vector<ScoredPosition> game;
    for (const Position& pos : positions)
        game.push_back(
            ScoredPosition::from_position(pos, material_for_side_to_move(pos), ScoredResult::DRAW));
    std::string path = scratch.file("data.mdata");
    {
        TrainingDataWriter writer = TrainingDataWriter::create(path, "test", 0);
        writer.add_game(game);
        writer.commit();
    }
    NnueDataset data;
    data.add_file(path);
    ASSERT_EQ(data.size(), 50u);
    ASSERT_EQ(data.sources().size(), 1u);
    EXPECT_EQ(data.sources()[0].positions, 50u);
    for (std::size_t i = 0; i < 50; ++i) {
        EXPECT_EQ(data[i].score, material_for_side_to_move(positions[i]));
        EXPECT_EQ(data[i].count, popcount(positions[i].pieces()));
        EXPECT_EQ(data[i].side_to_move, positions[i].side_to_move());
    }
    NnueDataset limited;
    limited.add_file(path, 20);
    EXPECT_EQ(limited.size(), 20u);
    EXPECT_NE(limited.fingerprint(), data.fingerprint());
}

TEST(NnueTrainer, LossCurveRoundTripsAndDraws) {
    test::ScratchDirectory scratch("nnue_loss_curve");
    std::string text =
        loss_curve_csv_header() + "\n" + loss_curve_csv_row({1, 0.05, 0.06, 10, 1000}) + "\n" +
        loss_curve_csv_header() + "\n" + loss_curve_csv_row({2, 0.04, 0.05, 20, 1100}) + "\n";
    std::string path = scratch.write("log.csv", text);
    std::vector<LossCurvePoint> points = read_loss_curve_csv(path);
    ASSERT_EQ(points.size(), 2u);
    EXPECT_EQ(points[1].epoch, 2);
    EXPECT_DOUBLE_EQ(points[1].validation_loss, 0.05);
    std::string svg = loss_curve_svg(points, "title", "subtitle");
    EXPECT_NE(svg.find("<polyline"), std::string::npos);
    EXPECT_NE(svg.find("validation"), std::string::npos);
    EXPECT_THROW(read_loss_curve_csv(scratch.write("bad.csv", "1,2,3\n")), std::runtime_error);
}

}  // namespace
}  // namespace mneme

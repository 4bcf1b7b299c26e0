// The network evaluation: incremental accumulators equal a refresh along real games, the SIMD
// output equals the portable one, the integer network follows the float one, and damaged
// network files are refused with the reason.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>

#include "mneme/core/movegen.h"
#include "mneme/nnue/inference.h"
#include "mneme/nnue/network.h"
#include "mneme/nnue/nnue_evaluator.h"
#include "mneme/notation/uci_move.h"
#include "mneme/pgn/pgn_reader.h"
#include "mneme/protocol/engine_protocol.h"
#include "test_data.h"

namespace mneme {
namespace {

using namespace nnue;

// A network with random weights of the size trained networks have.
FloatNetwork random_network(int hidden, Activation activation, unsigned seed, int buckets = 1) {
    Architecture a;
    a.hidden = hidden;
    a.activation = activation;
    a.output_buckets = buckets;
    FloatNetwork net(a);
    std::mt19937 random(seed);
    std::normal_distribution<float> feature(0.0f, 0.05f), output(0.0f, 0.3f);
    for (float& w : net.feature_weights) w = feature(random);
    for (float& b : net.feature_bias) b = 0.1f + feature(random);
    for (float& w : net.output_weights) w = std::clamp(output(random), -1.9f, 1.9f);
    for (float& b : net.output_bias) b = 0.05f + output(random) / 10;
    return net;
}

std::shared_ptr<const QuantisedNetwork> quantised(int hidden = 64,
                                                  Activation activation = Activation::SCRELU,
                                                  int buckets = 1) {
    return std::make_shared<QuantisedNetwork>(
        quantise(random_network(hidden, activation, 7, buckets), "test network"));
}

// The move lists of up to `count` real games (the master games), or of seeded random games
// when the data set is absent.
std::vector<std::vector<Move>> sample_games(int count) {
    std::vector<std::vector<Move>> games;
    if (test::have_data()) {
        PgnReader reader(test::data_path("pgn/human/pgnmentor_players_union.pgn.zst"));
        PgnMainline game;
        while (int(games.size()) < count && reader.next_mainline(game))
            if (game.start_position().fen() == Position().fen()) games.push_back(game.moves);
    }
    std::mt19937 random(11);
    while (int(games.size()) < count) {
        Position pos;
        std::vector<Move> moves;
        for (int ply = 0; ply < 120; ++ply) {
            MoveList<LEGAL> legal(pos);
            if (legal.size() == 0) break;
            Move m = *(legal.begin() + random() % legal.size());
            moves.push_back(m);
            pos.do_move(m);
        }
        games.push_back(moves);
    }
    return games;
}

TEST(Nnue, IncrementalEqualsRefreshAlongAThousandGames) {
    auto net = quantised(64);
    const int count = test::sanitized_build() ? 100 : 1000;
    std::uint64_t positions = 0;
    for (const auto& moves : sample_games(count)) {
        NnueEvaluator evaluator(net);
        Position pos;
        evaluator.reset(pos);
        for (Move m : moves) {
            evaluator.push(pos, m);
            pos.do_move(m);
            // Evaluate only every other ply, so that updates also run over two moves.
            if (pos.game_ply() % 2 == 0 || pos.in_check()) {
                ASSERT_EQ(evaluator.evaluate(pos), evaluate_position(*net, pos)) << pos.fen();
                ++positions;
            }
        }
        // Unwinding returns to the same scores.
        while (pos.history_length() > 0) {
            pos.undo_move();
            evaluator.pop();
            if (pos.history_length() % 7 == 0) {
                ASSERT_EQ(evaluator.evaluate(pos), evaluate_position(*net, pos)) << pos.fen();
            }
        }
    }
    EXPECT_GT(positions, std::uint64_t(count) * 10);
}

// The accumulator stack starts 256 plies deep and grows: a game of 600 plies (the knights going
// out and back), evaluated every 50 plies so that lazy updates run across each growth, and at
// every ply on the way back.
TEST(Nnue, AGameDeeperThanTheAccumulatorStackGrowsIt) {
    auto net = quantised(32);
    NnueEvaluator evaluator(net);
    Position pos;
    evaluator.reset(pos);
    const char* cycle[] = {"g1f3", "g8f6", "f3g1", "f6g8", "b1c3", "b8c6", "c3b1", "c6b8"};
    for (int ply = 0; ply < 600; ++ply) {
        Move m = parse_uci_move(pos, cycle[ply % 8]);
        evaluator.push(pos, m);
        pos.do_move(m);
        if ((ply + 1) % 50 == 0) {
            ASSERT_EQ(evaluator.evaluate(pos), evaluate_position(*net, pos)) << "ply " << ply + 1;
        }
    }
    while (pos.history_length() > 0) {
        pos.undo_move();
        evaluator.pop();
        ASSERT_EQ(evaluator.evaluate(pos), evaluate_position(*net, pos))
            << "ply " << pos.history_length();
    }
}

TEST(Nnue, NullMovesAndCastlingAndPromotionsKeepTheAccumulatorTrue) {
    auto net = quantised(32);
    for (const char* fen : {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
                            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
                            "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9"}) {
        bool chess960 = std::string(fen).find("FBfb") != std::string::npos;
        Position root = Position::from_fen(fen, chess960);
        NnueEvaluator evaluator(net);
        evaluator.reset(root);
        for (Move m : MoveList<LEGAL>(root)) {
            Position pos = root;
            evaluator.push(pos, m);
            pos.do_move(m);
            ASSERT_EQ(evaluator.evaluate(pos), evaluate_position(*net, pos))
                << fen << " " << pos.fen();
            if (!pos.in_check()) {
                evaluator.push_null();
                pos.do_null_move();
                ASSERT_EQ(evaluator.evaluate(pos), evaluate_position(*net, pos));
                pos.undo_null_move();
                evaluator.pop();
            }
            for (Move reply : MoveList<LEGAL>(pos)) {
                evaluator.push(pos, reply);
                pos.do_move(reply);
                ASSERT_EQ(evaluator.evaluate(pos), evaluate_position(*net, pos)) << pos.fen();
                pos.undo_move();
                evaluator.pop();
            }
            evaluator.pop();
        }
    }
}

// The SIMD output layer of a random network of this shape gives the portable one's scores over
// real positions and over saturated and negative accumulators (the clamps), in every bucket.
void expect_simd_equals_portable(int hidden, Activation activation, int buckets) {
    SCOPED_TRACE("width " + std::to_string(hidden) + ", " + std::to_string(buckets) + " buckets");
    auto net = quantised(hidden, activation, buckets);
    std::mt19937 random(3);
    int checked = 0;
    for (const auto& moves : sample_games(50)) {
        Position pos;
        for (Move m : moves) {
            pos.do_move(m);
            Accumulator acc;
            refresh_accumulator(*net, pos, acc);
            int bucket = output_bucket(pos, buckets);
            ASSERT_EQ(evaluate_output(*net, acc, pos.side_to_move(), bucket),
                      evaluate_output_portable(*net, acc, pos.side_to_move(), bucket));
            ++checked;
        }
    }
    for (int trial = 0; trial < 200; ++trial) {
        Accumulator acc;
        for (auto& side : acc.values)
            for (auto& v : side) v = std::int16_t(int(random() % 1200) - 400);
        int bucket = trial % buckets;
        ASSERT_EQ(evaluate_output(*net, acc, WHITE, bucket),
                  evaluate_output_portable(*net, acc, WHITE, bucket));
        ASSERT_EQ(evaluate_output(*net, acc, BLACK, bucket),
                  evaluate_output_portable(*net, acc, BLACK, bucket));
    }
    EXPECT_GT(checked, 1000) << simd_name();
}

// Also at a width that is a multiple of 16 but not of 32 (48): AVX-512 takes 32 neurons a step,
// and its last step there must not read past the layer (it read the next 16 weights and
// accumulator values: ASan found it replaying the mnet fuzz seeds on an AVX-512 machine).
TEST(Nnue, SimdOutputEqualsPortableOutput) {
    for (int hidden : {256, 48})
        for (int buckets : {1, 8})
            for (Activation activation : {Activation::SCRELU, Activation::CLIPPED_RELU})
                expect_simd_equals_portable(hidden, activation, buckets);
}

// The bucket follows the men on the board in equal steps, and each bucket has weights of its
// own: the same accumulator scores differently in the opening's bucket and the ending's.
TEST(Nnue, OutputBucketsFollowTheMaterial) {
    EXPECT_EQ(output_bucket(32, 8), 7);
    EXPECT_EQ(output_bucket(2, 8), 0);
    EXPECT_EQ(output_bucket(6, 8), 1);
    EXPECT_EQ(output_bucket(17, 8), 3);
    for (int men = 2; men <= 32; ++men) EXPECT_EQ(output_bucket(men, 1), 0);
    for (int men = 3; men <= 32; ++men) EXPECT_GE(output_bucket(men, 8), output_bucket(men - 1, 8));
    EXPECT_EQ(output_bucket(Position(), 8), 7);
    EXPECT_EQ(output_bucket(Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"), 8), 0);

    auto net = quantised(64, Activation::SCRELU, 8);
    Accumulator acc;
    refresh_accumulator(*net, Position(), acc);
    EXPECT_NE(evaluate_output(*net, acc, WHITE, 0), evaluate_output(*net, acc, WHITE, 7));
    // The whole evaluation uses the position's bucket, whichever way it is computed.
    FloatNetwork floats = random_network(64, Activation::SCRELU, 7, 8);
    Position ending = Position::from_fen("4k3/pp6/8/8/8/8/PP3R2/4K3 w - - 0 1");
    EXPECT_NEAR(evaluate_position(*net, ending), floats.evaluate(ending), 12.0);
    EXPECT_NEAR(evaluate_position(*net, Position()), floats.evaluate(Position()), 12.0);
}

TEST(Nnue, QuantisedScoreFollowsTheFloatNetwork) {
    FloatNetwork net = random_network(256, Activation::SCRELU, 5);
    QuantisedNetwork q = quantise(net, "");
    double worst = 0, total = 0, spread = 0;
    int n = 0;
    for (const auto& moves : sample_games(40)) {
        Position pos;
        for (Move m : moves) {
            pos.do_move(m);
            double exact = net.evaluate(pos);
            double difference = std::abs(evaluate_position(q, pos) - exact);
            worst = std::max(worst, difference);
            total += difference;
            spread += std::abs(exact);
            ++n;
        }
    }
    // Rounding the output weights to 1/64 dominates: each active neuron moves the output by up
    // to 1/128 of its activation, times the scale of 400. Scores themselves are hundreds of
    // units apart, so a bug (a wrong index, sign or scale) would show far beyond this.
    std::printf("quantised vs float over %d positions: mean %.2f, worst %.2f, mean |score| %.1f\n",
                n, total / n, worst, spread / n);
    EXPECT_LT(total / n, 12.0);
    EXPECT_LT(worst, 40.0);
    EXPECT_GT(spread / n, 100.0);
}

// A network rescaled (its output scale in the header changed, as `learn nnue-rescale` does)
// scores in proportion, and its winning-chance model follows, so the scores it reports stay.
TEST(Nnue, ARescaledNetworkScoresInProportionAndReportsTheSame) {
    QuantisedNetwork q = quantise(random_network(64, Activation::SCRELU, 9), "");
    QuantisedNetwork rescaled = q;
    rescaled.architecture.scale = 288;
    const WinRateModel model = win_rate_model_for(q), model_rescaled = win_rate_model_for(rescaled);
    int checked = 0;
    for (const auto& moves : sample_games(5)) {
        Position pos;
        for (Move m : moves) {
            pos.do_move(m);
            const int score = evaluate_position(q, pos), smaller = evaluate_position(rescaled, pos);
            EXPECT_NEAR(smaller, score * 0.72, 1.0) << pos.fen();
            const int reported = model.at(pos).to_centipawns(score);
            // The rescaled score's own rounding (a unit is about a centipawn) and both
            // conversions' rounding; an unscaled model would be 28% off.
            EXPECT_NEAR(model_rescaled.at(pos).to_centipawns(smaller), reported,
                        2 + std::abs(reported) / 100)
                << pos.fen();
            ++checked;
        }
    }
    EXPECT_GT(checked, 200);
    // The evaluator the search uses reports through the rescaled model too.
    NnueEvaluator evaluator(std::make_shared<const QuantisedNetwork>(rescaled));
    EXPECT_DOUBLE_EQ(evaluator.win_rate_model().at(Position()).a,
                     NNUE_WIN_RATE_MODEL.at(Position()).a * 0.72);
}

TEST(Nnue, ColourSymmetricPositionsScoreTheSame) {
    auto net = quantised(64);
    Position a =
        Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    Position b =
        Position::from_fen("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3");
    EXPECT_EQ(evaluate_position(*net, a), evaluate_position(*net, b));
}

TEST(NnueFile, RoundTripKeepsEveryParameter) {
    test::ScratchDirectory dir("nnue_file");
    auto net = quantised(64);
    save_network_file(dir.file("a.mnet"), *net);
    QuantisedNetwork back = load_network_file(dir.file("a.mnet"));
    EXPECT_EQ(back.architecture, net->architecture);
    EXPECT_EQ(back.feature_weights, net->feature_weights);
    EXPECT_EQ(back.feature_bias, net->feature_bias);
    EXPECT_EQ(back.output_weights, net->output_weights);
    EXPECT_EQ(back.output_bias, net->output_bias);
    EXPECT_EQ(back.description, "test network");
    EXPECT_EQ(back.checksum(), net->checksum());
    // A network of one output bucket is written as the files before buckets were (the field
    // stays zero), so the networks made then keep their bytes and checksums.
    EXPECT_EQ(encode_network(*net)[48], 0);

    auto bucketed = quantised(64, Activation::SCRELU, 8);
    save_network_file(dir.file("b.mnet"), *bucketed);
    QuantisedNetwork bucketed_back = load_network_file(dir.file("b.mnet"));
    EXPECT_EQ(bucketed_back.architecture.output_buckets, 8);
    EXPECT_EQ(bucketed_back.output_weights, bucketed->output_weights);
    EXPECT_EQ(bucketed_back.output_bias, bucketed->output_bias);
    EXPECT_EQ(bucketed_back.output_bias.size(), 8u);
    EXPECT_NE(bucketed_back.architecture.describe().find("[8 buckets]"), std::string::npos);
}

std::string refusal(const std::vector<std::uint8_t>& bytes) {
    try {
        decode_network(bytes.data(), bytes.size(), "x.mnet");
    } catch (const NetworkFileError& e) {
        return e.what();
    }
    return "accepted";
}

TEST(NnueFile, DamagedFilesAreRefusedWithTheReason) {
    auto bytes = encode_network(*quantised(64));
    auto truncated = bytes;
    truncated.resize(bytes.size() - 100);
    EXPECT_NE(refusal(truncated).find("x.mnet: truncated"), std::string::npos)
        << refusal(truncated);
    auto flipped = bytes;
    flipped[bytes.size() / 2] ^= 4;
    EXPECT_NE(refusal(flipped).find("checksum mismatch"), std::string::npos);
    auto magic = bytes;
    magic[0] = 'X';
    EXPECT_NE(refusal(magic).find("bad magic"), std::string::npos);
    auto wide = bytes;
    wide[16] = 0x10, wide[17] = 0x27;  // 10,000 neurons
    EXPECT_NE(refusal(wide).find("hidden layer of 10000"), std::string::npos) << refusal(wide);
    auto inputs = bytes;
    inputs[12] = 0x00, inputs[13] = 0x01;  // 256 inputs
    EXPECT_NE(refusal(inputs).find("256 inputs"), std::string::npos) << refusal(inputs);
    auto buckets = bytes;
    buckets[48] = 99;
    EXPECT_NE(refusal(buckets).find("99 output buckets"), std::string::npos) << refusal(buckets);
    buckets[48] = 8;  // a valid count, but the parameters of one bucket
    EXPECT_NE(refusal(buckets).find("truncated"), std::string::npos) << refusal(buckets);
    EXPECT_NE(refusal({}).find("truncated"), std::string::npos);
    EXPECT_EQ(refusal(bytes), "accepted");
    EXPECT_THROW(load_network_file("/nonexistent/net.mnet"), NetworkFileError);
}

}  // namespace
}  // namespace mneme

namespace mneme {
namespace {

std::string run_uci(const std::string& input);
std::string write_material_network(test::ScratchDirectory& dir);

// The engine takes a network by EvalFile, searches with it (the scores differ from the classic
// ones), and refuses a damaged file with the reason while keeping the evaluation it had.
TEST(NnueUci, EvalAndEvalFileChooseTheEvaluation) {
    test::ScratchDirectory dir("nnue_uci");
    std::string path = write_material_network(dir);
    std::string damaged = dir.write("damaged.mnet", "MNEMENET but nothing else");

    std::string out =
        run_uci("uci\nsetoption name EvalFile value " + path +
                "\nsetoption name Eval value nnue\nsetoption name EvalFile value " + damaged +
                "\nposition fen 4k3/8/8/8/8/8/8/3QK3 w - - 0 1\neval\ngo depth 1\n");
    EXPECT_NE(out.find("option name Eval type combo"), std::string::npos) << out;
    EXPECT_NE(out.find("info string evaluation nnue: " + path), std::string::npos) << out;
    EXPECT_NE(out.find("info string error: " + damaged + ": truncated"), std::string::npos) << out;
    EXPECT_NE(out.find("the evaluation stays nnue (" + path + ")"), std::string::npos) << out;
    // The queen's neuron: clamp(0.5)^2 * 9/16, times 400: about 56 for White, the side to move.
    Position pos = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    int expected = evaluate_position(load_network_file(path), pos);
    EXPECT_NEAR(expected, 56, 2);
    EXPECT_NE(out.find("network " + std::to_string(expected) + " (side to move)"),
              std::string::npos)
        << out;
    EXPECT_NE(out.find("bestmove "), std::string::npos);
}

// A material-only network (one neuron per piece type and side), whose scores are predictable.
std::string write_material_network(test::ScratchDirectory& dir) {
    Architecture a;
    a.hidden = 32;
    FloatNetwork net(a);
    for (int piece = 0; piece < 5; ++piece)
        for (int square = 0; square < 64; ++square) {
            net.feature_weights[std::size_t(piece * 64 + square) * a.hidden + piece] = 0.5f;
            net.feature_weights[std::size_t((6 + piece) * 64 + square) * a.hidden + 8 + piece] =
                0.5f;
        }
    const float values[5] = {1, 3, 3, 5, 9};
    for (int piece = 0; piece < 5; ++piece) {
        net.output_weights[piece] = values[piece] / 4 * 0.25f;
        net.output_weights[8 + piece] = -values[piece] / 4 * 0.25f;
    }
    std::string path = dir.file("material.mnet");
    save_network_file(path, quantise(net, "material"));
    return path;
}

// Eval=nnue before EvalFile, the order cutechess and mneme's runner send options in: a mneme
// without a built-in network must wait for the file, not drop the wish and stay classic (which
// it did until 2026-11-26, so that every network test by option played the classic evaluation).
TEST(NnueUci, EvalBeforeEvalFileStillPlaysTheNetwork) {
    test::ScratchDirectory dir("nnue_uci_order");
    std::string path = write_material_network(dir);
    Position pos = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    std::string expected =
        "network " + std::to_string(evaluate_position(load_network_file(path), pos));
    std::string out =
        run_uci("uci\nsetoption name Eval value nnue\nsetoption name EvalFile value " + path +
                "\nposition fen 4k3/8/8/8/8/8/8/3QK3 w - - 0 1\neval\n");
    EXPECT_NE(out.find("info string evaluation nnue: " + path), std::string::npos) << out;
    EXPECT_NE(out.find(expected + " (side to move)"), std::string::npos) << out;
    // Asked for without a network at all (a build without networks/default.mnet), the search
    // says what it plays with: ctest's no_builtin_network (tests/no_network_test.sh).
    // XBoard, in the same order: the network's score decides the evaluation's sign and size.
    std::string xboard =
        run_uci("xboard\nprotover 2\noption Eval=nnue\noption EvalFile=" + path + "\nquit\n");
    EXPECT_NE(xboard.find("# evaluation nnue: " + path), std::string::npos) << xboard;
    EXPECT_EQ(xboard.find("telluser"), std::string::npos) << xboard;
    // A value the option does not take is the GUI's error; a file that cannot be read is told
    // to the user.
    std::string refused =
        run_uci("xboard\nprotover 2\noption Eval=fancy\noption EvalFile=/nonexistent.mnet\nquit\n");
    EXPECT_NE(refused.find("Error (Eval needs classic or nnue, got 'fancy'): option Eval=fancy"),
              std::string::npos)
        << refused;
    EXPECT_NE(refused.find("telluser mneme: "), std::string::npos) << refused;
    std::size_t first_error = refused.find("Error (");
    EXPECT_EQ(refused.find("Error (", first_error + 1), std::string::npos) << refused;
}

std::string run_uci(const std::string& input) {
    std::istringstream in(input);
    std::ostringstream out;
    run_engine(in, out);
    return out.str();
}

}  // namespace
}  // namespace mneme

namespace mneme {
namespace {

// The committed networks load, and know the most basic thing: a queen up is good for the side
// that has it, from either side to move.
TEST(NnueFile, TheCommittedNetworksLoadAndValueMaterial) {
    for (const char* name : {"v1", "v3", "v3b8", "v4", "v5", "v6", "v6b", "v6h512"}) {
        SCOPED_TRACE(name);
        nnue::QuantisedNetwork net =
            nnue::load_network_file(std::string(MNEME_SOURCE_DIR) + "/networks/" + name + ".mnet");
        EXPECT_EQ(net.architecture.hidden, std::string(name) == "v6h512" ? 512 : 256);
        EXPECT_EQ(net.architecture.output_buckets, std::string(name) == "v3b8" ? 8 : 1);
        EXPECT_NE(net.description.find("validation loss"), std::string::npos) << net.description;
        int start = nnue::evaluate_position(net, Position());
        EXPECT_LT(std::abs(start), 150);
        Position white_queen_up =
            Position::from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        Position black_to_move =
            Position::from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
        EXPECT_GT(nnue::evaluate_position(net, white_queen_up), start + 300);
        EXPECT_LT(nnue::evaluate_position(net, black_to_move), -300);
    }
}

}  // namespace
}  // namespace mneme

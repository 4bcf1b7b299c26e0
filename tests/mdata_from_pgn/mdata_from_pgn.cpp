// Test and benchmark helper: network-training data (.mdata) from games, without a search.
// Positions are sampled as `mneme learn positions` does (quiet ones after the opening, each
// distinct position once); the score is the static evaluation for the side to move and the
// result the game's. Real training data comes from `mneme learn datagen`; this only gives the
// trainer's benchmark a realistic, learnable data set.
//
//   mneme_mdata_from_pgn OUT.mdata IN.pgn[.zst]... [--max-positions N] [--seed S]
#include <cmath>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "mneme/eval/evaluate.h"
#include "mneme/learn/position_sampler.h"
#include "mneme/learn/training_data_file.h"

int main(int argc, char** argv) {
    using namespace mneme;
    std::vector<std::string> inputs;
    std::string output;
    SamplerOptions options;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--max-positions" && i + 1 < argc)
            options.max_positions = std::stoull(argv[++i]);
        else if (a == "--seed" && i + 1 < argc)
            options.seed = std::stoull(argv[++i]);
        else if (output.empty())
            output = a;
        else
            inputs.push_back(a);
    }
    if (output.empty() || inputs.empty()) {
        std::fprintf(
            stderr,
            "usage: mneme_mdata_from_pgn OUT.mdata IN.pgn... [--max-positions N] [--seed S]\n");
        return 2;
    }
    try {
        SamplerStats stats;
        std::vector<TrainingPosition> sampled = sample_positions(inputs, options, stats);
        std::string description = "mneme_mdata_from_pgn: static evaluation and game result of " +
                                  std::to_string(sampled.size()) + " quiet positions from";
        for (const std::string& input : inputs) description += " " + input;
        TrainingDataWriter writer = TrainingDataWriter::create(output, description, 0);
        std::vector<ScoredPosition> chunk;
        for (const TrainingPosition& t : sampled) {
            Position pos = t.to_position();
            double result = t.result_value();
            ScoredResult r = result > 0.75   ? ScoredResult::WIN
                             : result < 0.25 ? ScoredResult::LOSS
                                             : ScoredResult::DRAW;
            chunk.push_back(ScoredPosition::from_position(pos, evaluate(pos), r));
            if (chunk.size() == 4096) {
                writer.add_game(chunk);
                chunk.clear();
            }
        }
        if (!chunk.empty()) writer.add_game(chunk);
        writer.commit();
        std::printf("wrote %s: %llu positions from %llu games\n", output.c_str(),
                    (unsigned long long)writer.header().positions,
                    (unsigned long long)stats.games_used);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "mneme_mdata_from_pgn: %s\n", e.what());
        return 1;
    }
    return 0;
}

// mneme learn ga: the 1996 thesis's genetic algorithm over the evaluation's category weights.
#include <chrono>
#include <cstdio>
#include <map>

#include "book_arguments.h"
#include "learn_support.h"
#include "mneme/learn/category_weights.h"
#include "mneme/learn/genetic_algorithm.h"
#include "mneme/learn/move_reproduction.h"
#include "mneme/util/atomic_file.h"
#include "required_inputs.h"

namespace mneme::app {

namespace {

CategoryWeights to_weights(const std::vector<double>& genes) {
    CategoryWeights w{};
    for (int c = 0; c < EVAL_CATEGORY_COUNT; ++c) w[std::size_t(c)] = genes[std::size_t(c)];
    return w;
}

}  // namespace

int learn_ga_command(const Arguments& args) {
    std::vector<std::string> inputs;
    std::string output, params_path;
    MasterMoveOptions sample_options;
    GeneticOptions options;
    options.genes = EVAL_CATEGORY_COUNT;
    int threads = 2;
    std::size_t test_positions = 0;
    ArgumentReader reader(args);
    while (reader.more()) {
        std::string a = reader.next();
        if (a == "-o" || a == "--output")
            output = reader.value(a);
        else if (a == "--positions")
            sample_options.positions = std::size_t(reader.integer(a, 1, 1000000));
        else if (a == "--generations")
            options.generations = int(reader.integer(a, 0, 100000));
        else if (a == "--population")
            options.population = int(reader.integer(a, 2, 10000));
        else if (a == "--crossover")
            options.crossover_rate = reader.real(a, 0, 1);
        else if (a == "--mutation")
            options.mutation_rate = reader.real(a, 0, 1);
        else if (a == "--bits")
            options.bits_per_gene = int(reader.integer(a, 2, 16));
        else if (a == "--elitism")
            options.elitism = int(reader.integer(a, 0, 10000));
        else if (a == "--first-move")
            sample_options.first_move = int(reader.integer(a, 1, 1000));
        else if (a == "--last-move")
            sample_options.last_move = int(reader.integer(a, 1, 1000));
        else if (a == "--per-game")
            sample_options.per_game = int(reader.integer(a, 1, 1000));
        else if (a == "--min-elo")
            sample_options.min_elo = int(reader.integer(a, 0, 10000));
        else if (a == "--params")
            params_path = reader.value(a);
        else if (a == "--test-positions")
            test_positions = std::size_t(reader.integer(a, 0, 1000000));
        else if (a == "--threads")
            threads = int(reader.integer(a, 1, 64));
        else if (a == "--seed") {
            options.seed = std::uint64_t(reader.integer(a, 0, 1LL << 62));
            sample_options.seed = options.seed;
        } else if (a == "-" || a.rfind("-", 0) != 0)
            inputs.push_back(a);
        else
            reader.unexpected(a);
    }
    require_arguments({{!inputs.empty(), "GAMES.pgn..."}, {!output.empty(), "-o OUT.params"}});
    require_readable_files(inputs);
    require_distinct_inputs(inputs);
    require_outputs_apart(with_file(inputs, params_path), {output});
    require_writable_outputs({output});
    if (sample_options.first_move > sample_options.last_move)
        throw UsageError("--first-move must not be after --last-move");
    EvalParams base =
        params_path.empty() ? EvalParams::defaults() : load_params_or_throw(params_path);

    sample_options.report = [](const std::string& message) { std::cerr << message << '\n'; };
    MasterMoveStats stats;
    auto started = std::chrono::steady_clock::now();
    // Test positions come from the games after the training ones: the GA never sees them.
    const std::size_t wanted = sample_options.positions;
    sample_options.positions += test_positions;
    std::vector<MasterMove> sample = sample_master_moves(inputs, sample_options, stats);
    sample_options.positions = wanted;
    std::vector<MasterMove> test;
    if (test_positions > 0 && sample.size() > wanted) {
        test.assign(sample.begin() + std::ptrdiff_t(wanted), sample.end());
        sample.resize(wanted);
    }
    std::printf(
        "sample     %zu positions (winner to move, moves %d-%d) from %llu games of %llu "
        "read; %llu skipped (draws, unfinished, Elo, Chess960)\n",
        sample.size(), sample_options.first_move, sample_options.last_move,
        (unsigned long long)stats.games_used, (unsigned long long)stats.games_seen,
        (unsigned long long)stats.skipped);
    if (test_positions > 0)
        std::printf("test       %zu positions from the games after those (not used for learning)\n",
                    test.size());
    if (sample.empty())
        throw std::runtime_error("no sample positions in the input; nothing learned");
    if (sample.size() < sample_options.positions)
        std::fprintf(stderr, "note: only %zu of the %zu positions asked for were found\n",
                     sample.size(), sample_options.positions);

    // The hand-set evaluation competes in the first generation, so the GA starts from it.
    options.seeds.push_back(std::vector<double>(EVAL_CATEGORY_COUNT, 1.0));
    const int baseline = reproduced_moves(sample, base, threads);
    std::printf(
        "baseline   the hand-set weights reproduce %d of %zu moves (%.1f%%), fitness %.4f\n",
        baseline, sample.size(), 100.0 * baseline / double(sample.size()),
        thesis_fitness(baseline, sample.size()));
    std::printf(
        "GA         population %d, PC %.2f, PM %.3f, %d bits per weight, elitism %d, %d "
        "generations\n",
        options.population, options.crossover_rate, options.mutation_rate, options.bits_per_gene,
        options.elitism, options.generations);
    std::fflush(stdout);

    std::map<std::vector<double>, int> reproduced_by;
    auto fitness = [&](const std::vector<std::vector<double>>& individuals) {
        std::vector<double> values;
        for (const std::vector<double>& genes : individuals) {
            int n =
                reproduced_moves(sample, apply_category_weights(base, to_weights(genes)), threads);
            reproduced_by[genes] = n;
            values.push_back(thesis_fitness(n, sample.size()));
        }
        return values;
    };
    auto on_generation = [&](const GenerationReport& r) {
        double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        std::printf(
            "generation %3d  best %4d moves (fitness %.4f)  mean fitness %.4f  "
            "%d evaluations  %.0f s\n",
            r.generation, reproduced_by[r.best_genes], r.best_fitness, r.mean_fitness,
            r.evaluations, seconds);
        std::fflush(stdout);
    };
    GeneticResult result = run_genetic_algorithm(options, fitness, on_generation);

    CategoryWeights found = to_weights(result.best_genes);
    CategoryWeights relative = relative_to_material(found);
    EvalParams learned = apply_category_weights(base, relative);
    int reproduced = reproduced_moves(sample, learned, threads);
    std::printf("best       %s\n", category_weights_text(found).c_str());
    std::printf("engine     %s (divided by the material weight)\n",
                category_weights_text(relative).c_str());
    std::printf(
        "result     %d of %zu moves reproduced (%.1f%%) with the written table, against "
        "%d with the hand-set weights\n",
        reproduced, sample.size(), 100.0 * reproduced / double(sample.size()), baseline);

    if (!test.empty()) {
        int before = reproduced_moves(test, base, threads),
            after = reproduced_moves(test, learned, threads);
        std::printf(
            "test       %d of %zu moves (%.1f%%) with the written table, %d (%.1f%%) with the "
            "hand-set weights\n",
            after, test.size(), 100.0 * after / double(test.size()), before,
            100.0 * before / double(test.size()));
    }

    write_file_atomically(output, [&](std::ostream& out) {
        out << "# " << joined_command("ga", args) << "\n"
            << "# category weights (relative to material): " << category_weights_text(relative)
            << "\n"
            << "# reproduces " << reproduced << " of " << sample.size()
            << " sample moves by one ply + quiescence (hand-set weights: " << baseline << ")\n";
        write_eval_params(out, learned);
    });
    std::printf("wrote      %s\n", output.c_str());
    return stats.input_failed ? 1 : 0;
}

}  // namespace mneme::app

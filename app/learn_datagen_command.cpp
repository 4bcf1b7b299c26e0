// mneme learn datagen | data-merge | data-info: training data for the network evaluation.
#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <map>

#include "book_arguments.h"
#include "build_info.h"
#include "learn_support.h"
#include "mneme/learn/game_labelling.h"
#include "mneme/learn/self_play_data.h"
#include "mneme/learn/training_data_file.h"
#include "mneme/nnue/builtin_network.h"
#include "required_inputs.h"
#include "shard_argument.h"

namespace mneme::app {

namespace {

std::atomic<bool> interrupted{false};
extern "C" void on_datagen_interrupt(int) { interrupted = true; }

std::string commit_text() { return build_commit(); }

}  // namespace

int learn_datagen_command(const Arguments& args) {
    DatagenOptions options;
    DatagenRun run;
    run.games = 0;
    bool progress_enabled = true;
    ArgumentReader reader(args);
    while (reader.more()) {
        std::string a = reader.next();
        if (a == "-o" || a == "--output")
            run.output = reader.value(a);
        else if (a == "--games")
            run.games = std::uint64_t(reader.integer(a, 1, 1LL << 40));
        else if (a == "--nodes")
            options.nodes = std::uint64_t(reader.integer(a, 1, 1LL << 32));
        else if (a == "--seed")
            options.seed = std::uint64_t(reader.integer(a, 0, 1LL << 62));
        else if (a == "--random-plies")
            options.random_plies = int(reader.integer(a, 0, 40));
        else if (a == "--skip-plies")
            options.skip_plies = int(reader.integer(a, 0, 1000));
        else if (a == "--max-plies")
            options.max_plies = int(reader.integer(a, 10, 2000));
        else if (a == "--threads")
            run.threads = int(reader.integer(a, 1, 256));
        else if (a == "--shard-games")
            run.shard_games = std::uint64_t(reader.integer(a, 1, 1LL << 40));
        else if (a == "--hash")
            options.hash_mb = std::size_t(reader.integer(a, 1, 4096));
        else if (a == "--no-progress")
            progress_enabled = false;
        else if (a == "--eval")
            options.eval = reader.value(a);
        else if (a == "--net") {
            options.net_file = reader.value(a);
            options.eval = "nnue";
        } else if (a == "--shard") {
            read_shard("--shard", reader.value(a), run.shard, run.shards);
        } else {
            throw UsageError("unknown option '" + a + "'");
        }
    }
    require_arguments({{!run.output.empty(), "-o OUT.mdata"}, {run.games != 0, "--games N"}});
    require_outputs_apart(with_file({}, options.net_file), {run.output});
    {
        std::string error;
        if (!nnue::make_evaluator(options.eval, options.net_file, &error))
            throw std::runtime_error(error);
    }
    run.provenance =
        "command: " + joined_command("datagen", args) + "\ncommit: " + commit_text() + "\n";
    ProgressLine progress(progress_enabled);
    const std::uint64_t shard_games = shard_games_asked(run);
    run.progress = [&](std::uint64_t games, std::uint64_t positions, double seconds,
                       std::uint64_t left) {
        double rate = positions / std::max(seconds, 1e-9);
        double games_rate = games / std::max(seconds, 1e-9);
        double eta = games_rate > 0 ? left / games_rate : 0;
        progress.show(
            seconds,
            format("datagen shard %d/%d: %llu/%llu games, %llu positions, %.0f positions/s, "
                   "ETA %.0f min",
                   run.shard, run.shards, (unsigned long long)(shard_games - left),
                   (unsigned long long)shard_games, (unsigned long long)positions, rate, eta / 60));
    };
    run.stop_requested = [] { return interrupted.load(); };
    std::signal(SIGINT, on_datagen_interrupt);
    std::signal(SIGTERM, on_datagen_interrupt);
    DatagenSummary summary = run_datagen(options, run);
    progress.clear();
    std::printf("%s: %s%llu games, %llu positions, checksum %s, %s\n", run.output.c_str(),
                summary.resumed ? "resumed; " : "", (unsigned long long)summary.games,
                (unsigned long long)summary.positions, hex64(summary.checksum).c_str(),
                summary.complete ? "complete" : "interrupted (run the same command to resume)");
    return summary.complete ? 0 : 3;
}

int learn_label_games_command(const Arguments& args) {
    GameLabelOptions options;
    GameLabelRun run;
    bool progress_enabled = true;
    ArgumentReader reader(args);
    while (reader.more()) {
        std::string a = reader.next();
        if (a == "-o" || a == "--output")
            run.output = reader.value(a);
        else if (a == "--nodes")
            options.nodes = std::uint64_t(reader.integer(a, 1, 1LL << 32));
        else if (a == "--sample-rate")
            options.sample_rate = reader.share(a);
        else if (a == "--skip-plies")
            options.skip_plies = int(reader.integer(a, 0, 1000));
        else if (a == "--min-elo")
            options.min_elo = int(reader.integer(a, 0, 4000));
        else if (a == "--seed")
            options.seed = std::uint64_t(reader.integer(a, 0, 1LL << 62));
        else if (a == "--threads")
            run.threads = int(reader.integer(a, 1, 256));
        else if (a == "--max-games")
            run.max_games = std::uint64_t(reader.integer(a, 1, 1LL << 40));
        else if (a == "--eval")
            options.eval = reader.value(a);
        else if (a == "--net") {
            options.net_file = reader.value(a);
            options.eval = "nnue";
        } else if (a == "--no-progress")
            progress_enabled = false;
        else if (a == "--shard") {
            read_shard("--shard", reader.value(a), run.shard, run.shards);
        } else if (!a.empty() && a[0] == '-') {
            throw UsageError("unknown option '" + a + "'");
        } else {
            run.inputs.push_back(a);
        }
    }
    require_arguments({{!run.inputs.empty(), "IN.pgn..."}, {!run.output.empty(), "-o OUT.mdata"}});
    require_readable_files(run.inputs);
    require_distinct_inputs(run.inputs);
    require_outputs_apart(with_file(run.inputs, options.net_file), {run.output});
    run.provenance =
        "command: " + joined_command("label-games", args) + "\ncommit: " + commit_text() + "\n";
    ProgressLine progress(progress_enabled);
    run.progress = [&](std::uint64_t games, std::uint64_t positions, double seconds,
                       double fraction) {
        double eta = fraction > 0 ? seconds * (1 - fraction) / fraction : 0;
        progress.show(
            seconds,
            format("label-games shard %d/%d: %llu games, %llu positions, %.0f positions/s, "
                   "%.1f%% read, ETA %.0f min",
                   run.shard, run.shards, (unsigned long long)games, (unsigned long long)positions,
                   positions / std::max(seconds, 1e-9), 100 * fraction, eta / 60));
    };
    std::uint64_t reported = 0;
    run.report = [&](const std::string& message) {
        if (++reported <= 20) {
            progress.clear();
            std::fprintf(stderr, "%s\n", message.c_str());
        }
    };
    run.stop_requested = [] { return interrupted.load(); };
    std::signal(SIGINT, on_datagen_interrupt);
    std::signal(SIGTERM, on_datagen_interrupt);
    GameLabelSummary summary = label_games(options, run);
    progress.clear();
    if (reported > 20)
        std::fprintf(stderr, "... and %llu more problems in the input\n",
                     (unsigned long long)(reported - 20));
    if (summary.complete && summary.games_in_inputs == 0) {
        // An empty file made now would only block a rerun with the right inputs.
        if (!summary.resumed) std::filesystem::remove(run.output);
        std::fprintf(stderr, "mneme learn label-games: no game found in %s; nothing written\n",
                     run.inputs.size() == 1 ? run.inputs[0].c_str() : "the inputs");
        return 1;
    }
    std::printf("%s: %s%llu games, %llu positions, checksum %s, %s\n", run.output.c_str(),
                summary.resumed ? "resumed; " : "", (unsigned long long)summary.games,
                (unsigned long long)summary.positions, hex64(summary.checksum).c_str(),
                summary.complete ? "complete" : "interrupted (run the same command to resume)");
    return summary.complete ? 0 : 3;
}

int learn_data_merge_command(const Arguments& args) {
    Arguments files;
    bool unfinished_shards = false;
    for (const std::string& a : args) {
        if (a == "--unfinished-shards")
            unfinished_shards = true;
        else
            files.push_back(a);
    }
    auto [inputs, output] = read_merge_arguments(files, "IN.mdata...", "-o OUT.mdata");
    std::string description =
        "mneme learn data-merge\ncommand: " + joined_command("data-merge", args) + "\n";
    for (const auto& path : inputs) {
        TrainingDataReader r(path, false);
        description += "input: " + path + " " + std::to_string(r.header().positions) +
                       " positions " + std::to_string(r.header().games) + " games from game " +
                       std::to_string(r.header().first_game) + " " + hex64(r.header().checksum) +
                       "\n";
    }
    TrainingDataHeader h = merge_training_data(inputs, output, description, unfinished_shards);
    std::printf("%s: %llu games, %llu positions, checksum %s\n", output.c_str(),
                (unsigned long long)h.games, (unsigned long long)h.positions,
                hex64(h.checksum).c_str());
    return 0;
}

int learn_data_info_command(const Arguments& args) {
    std::string path;
    long long show = 0;
    ArgumentReader reader(args);
    while (reader.more()) {
        std::string a = reader.next();
        if (a == "--show")
            show = reader.integer(a, 0, 1000000);
        else if (!a.empty() && a[0] == '-')
            throw UsageError("unknown option '" + a + "'");
        else
            path = a;
    }
    require_arguments({{!path.empty(), "FILE.mdata"}});
    TrainingDataReader data(path);
    const auto& h = data.header();
    std::uint64_t results[3] = {0, 0, 0};
    double score_sum = 0, abs_sum = 0;
    std::map<int, std::uint64_t> pieces;
    for (std::uint64_t i = 0; i < data.size(); ++i) {
        ScoredPosition p = data.at(i);
        ++results[int(p.result)];
        score_sum += p.score;
        abs_sum += std::abs(p.score);
        ++pieces[popcount(p.occupied)];
    }
    double n = double(std::max<std::uint64_t>(data.size(), 1));
    std::printf(
        "file        %s\npositions   %llu\ngames       %llu (first %llu)\nchecksum    %s\n"
        "results     %.1f%% won, %.1f%% drawn, %.1f%% lost (side to move)\n"
        "scores      mean %.1f, mean |score| %.1f\n",
        path.c_str(), (unsigned long long)h.positions, (unsigned long long)h.games,
        (unsigned long long)h.first_game, hex64(h.checksum).c_str(), 100 * results[2] / n,
        100 * results[1] / n, 100 * results[0] / n, score_sum / n, abs_sum / n);
    std::printf("made by\n%s", h.description.c_str());
    if (!h.description.empty() && h.description.back() != '\n') std::printf("\n");
    for (long long i = 0; i < show && i < (long long)data.size(); ++i) {
        ScoredPosition p = data.at(std::uint64_t(i));
        std::printf("%s  score %d  result %s\n", p.fen().c_str(), p.score,
                    p.result == ScoredResult::WIN    ? "win"
                    : p.result == ScoredResult::LOSS ? "loss"
                                                     : "draw");
    }
    return 0;
}

}  // namespace mneme::app

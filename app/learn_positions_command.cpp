// mneme learn positions, positions-merge and relabel: training positions sampled from games,
// in one run or in shards that merge into the single run's file, and relabelled by search,
// again in one run or in shards.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>

#include "book_arguments.h"
#include "commands.h"
#include "learn_support.h"
#include "mneme/eval/evaluate.h"
#include "mneme/learn/position_file.h"
#include "mneme/learn/position_sampler.h"
#include "mneme/learn/position_shard_file.h"
#include "mneme/learn/search_relabel.h"
#include "required_inputs.h"
#include "shard_argument.h"

namespace mneme::app {

namespace {

void print_sampler_stats(const SamplerStats& stats) {
    std::printf(
        "games    %llu read, %llu used; skipped: %llu unreadable, %llu without result, "
        "%llu below Elo, %llu Chess960\n",
        (unsigned long long)stats.games_seen, (unsigned long long)stats.games_used,
        (unsigned long long)stats.unreadable, (unsigned long long)stats.no_result,
        (unsigned long long)stats.below_elo, (unsigned long long)stats.variant);
    std::printf(
        "sampled  %llu considered: %llu in check, %llu not quiet, %llu mate scores, "
        "%llu duplicates\n",
        (unsigned long long)stats.considered, (unsigned long long)stats.in_check,
        (unsigned long long)stats.not_quiet, (unsigned long long)stats.mate_scores,
        (unsigned long long)stats.duplicates);
}

void print_written(const std::string& path, const std::vector<TrainingPosition>& positions) {
    std::printf("wrote    %s (%zu positions, checksum 0x%016llx)\n", path.c_str(), positions.size(),
                (unsigned long long)position_records_checksum(positions));
}

// What every shard of one run must share: the command without the options that only say
// which shard, where to write and how to report.
std::string run_key(const Arguments& args) {
    Arguments kept;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "-o" || a == "--output" || a == "--shard" || a == "--threads")
            ++i;
        else if (a != "--no-progress")
            kept.push_back(a);
    }
    return joined_command("positions", kept);
}

// Relabels in place with a progress line, then prints what it took.
void relabel_positions(std::vector<TrainingPosition>& positions, RelabelOptions relabel,
                       ProgressLine& progress) {
    relabel.progress = [&](std::uint64_t done, double seconds) {
        progress.show(seconds,
                      format("relabelled %llu/%zu, %.0f positions/s", (unsigned long long)done,
                             positions.size(), done / std::max(seconds, 1e-9)));
    };
    auto started = std::chrono::steady_clock::now();
    double nodes = relabel_by_search(positions, relabel);
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    progress.clear();
    std::printf("relabel  depth %d, lambda %.2f: %.1f s (%.0f positions/s, %.0f nodes each)\n",
                relabel.depth, relabel.lambda, seconds, positions.size() / std::max(seconds, 1e-9),
                nodes);
}

// "relabel shard I/N of SOURCE: ..." as `learn relabel --shard` describes its output.
struct RelabelPart {
    int shard = -1, shards = 0;
    std::string source;
};

RelabelPart relabel_part(const std::string& description) {
    RelabelPart part;
    unsigned s = 0, n = 0;
    int consumed = 0;
    if (std::sscanf(description.c_str(), "relabel shard %u/%u of %n", &s, &n, &consumed) == 2 &&
        consumed > 0) {
        part.shard = int(s);
        part.shards = int(n);
        std::string rest = description.substr(std::size_t(consumed));
        part.source = rest.substr(0, rest.find(": "));
    }
    return part;
}

// Reads a relabelling option (`depth_option` names the depth) into `relabel` or the params
// path; false when `option` is not one.
bool relabel_option(ArgumentReader& reader, const std::string& option,
                    const std::string& depth_option, RelabelOptions& relabel,
                    std::string& params_path) {
    if (option == depth_option)
        relabel.depth = int(reader.integer(option, 1, 60));
    else if (option == "--lambda")
        relabel.lambda = reader.real(option, 0, 1);
    else if (option == "--score-scale")
        relabel.score_scale = reader.real(option, 1, 100000);
    else if (option == "--threads")
        relabel.threads = int(reader.integer(option, 1, 64));
    else if (option == "--params")
        params_path = reader.value(option);
    else
        return false;
    return true;
}

}  // namespace

int learn_positions_command(const Arguments& args) {
    std::vector<std::string> inputs;
    std::string output, params_path;
    SamplerOptions options;
    RelabelOptions relabel;
    relabel.depth = 0;
    relabel.threads = 2;
    bool progress_enabled = true, sharded = false;
    ArgumentReader reader(args);
    while (reader.more()) {
        std::string a = reader.next();
        if (a == "-o" || a == "--output")
            output = reader.value(a);
        else if (a == "--skip-plies")
            options.skip_plies = int(reader.integer(a, 0, 10000));
        else if (a == "--sample-rate")
            options.sample_rate = reader.share(a);
        else if (a == "--max-per-game")
            options.max_per_game = int(reader.integer(a, 0, 10000));
        else if (a == "--min-elo")
            options.min_elo = int(reader.integer(a, 0, 10000));
        else if (a == "--quiet") {
            std::string value = reader.value(a);
            if (!parse_quiet_filter(value, options.quiet))
                throw UsageError("--quiet: '" + value + "' is not none, stable or resolve");
        } else if (a == "--max-positions")
            options.max_positions = reader.integer(a, 1, 1LL << 40);
        else if (a == "--max-games")
            options.max_games = reader.integer(a, 1, 1LL << 40);
        else if (relabel_option(reader, a, "--relabel-depth", relabel, params_path))
            continue;
        else if (a == "--seed")
            options.seed = std::uint64_t(reader.integer(a, 0, 1LL << 62));
        else if (a == "--shard") {
            read_shard(a, reader.value(a), options.shard, options.shards);
            sharded = true;
        } else if (a == "--no-progress")
            progress_enabled = false;
        else if (a == "-" || a.rfind("-", 0) != 0)
            inputs.push_back(a);
        else
            reader.unexpected(a);
    }
    require_arguments({{!inputs.empty(), "IN.pgn..."},
                       {!output.empty(), sharded ? "-o SHARD.mpshard" : "-o OUT.mpos"}});
    if (sharded && options.max_positions)
        throw UsageError(
            "--max-positions with --shard: where the single run stops depends on every shard; "
            "give it to the merge ('learn positions-merge ... --max-positions N')");
    if (sharded && relabel.depth > 0)
        throw UsageError(
            "--relabel-depth with --shard: merge the shards first ('learn positions-merge'), then "
            "relabel the merged file, in shards too ('learn relabel --shard')");
    require_readable_files(inputs);
    require_distinct_inputs(inputs);
    require_outputs_apart(with_file(inputs, params_path), {output});
    require_writable_outputs({output});
    // The quiet test and the relabelling search both use this table.
    if (!params_path.empty()) set_active_eval_params(load_params_or_throw(params_path));

    ProgressLine progress(progress_enabled);
    options.progress = [&](const SamplerProgress& p) {
        std::string text =
            format("%llu games, %.0f games/s, %llu %s", (unsigned long long)p.games_seen,
                   p.games_seen / std::max(p.seconds, 1e-9), (unsigned long long)p.positions,
                   sharded ? "candidates passed" : "positions");
        if (p.bytes_total > 0 && p.bytes_read > 0 && !options.max_games && !options.max_positions) {
            double fraction = double(p.bytes_read) / double(p.bytes_total);
            text += format(", %.0f%%, ETA %.0f s", 100 * fraction,
                           p.seconds * (1 - fraction) / std::max(fraction, 1e-9));
        }
        progress.show(p.seconds, text);
    };
    options.report = [&](const std::string& message) {
        progress.clear();
        std::cerr << message << '\n';
    };

    if (sharded) {
        PositionShard shard = sample_position_shard(inputs, options);
        progress.clear();
        shard.run = run_key(args);
        shard.description = joined_command("positions", args);
        std::uint64_t candidates = 0, passed = 0;
        for (const ShardGame& game : shard.shard_games)
            for (const CandidateOutcome& c : game.candidates) {
                ++candidates;
                passed += c.kind == CandidateOutcome::PASSED;
            }
        std::printf(
            "shard    %d/%d: %zu games of its own (of the %llu the run uses), %llu candidates "
            "(%llu passed the filters) in %.1f s\n",
            shard.shard, shard.shards, shard.shard_games.size(),
            (unsigned long long)shard.games.games_used, (unsigned long long)candidates,
            (unsigned long long)passed, shard.games.seconds);
        save_position_shard(output, shard);
        std::printf("wrote    %s (merge every shard with 'mneme learn positions-merge')\n",
                    output.c_str());
        return shard.games.input_failed ? 1 : 0;
    }

    SamplerStats stats;
    std::vector<TrainingPosition> positions = sample_positions(inputs, options, stats);
    progress.clear();
    print_sampler_stats(stats);
    std::printf("kept     %llu positions in %.1f s (%.0f games/s, %.0f positions/s)\n",
                (unsigned long long)stats.positions, stats.seconds,
                stats.games_seen / std::max(stats.seconds, 1e-9),
                stats.positions / std::max(stats.seconds, 1e-9));
    if (positions.empty()) throw std::runtime_error("no positions sampled; nothing written");
    if (relabel.depth > 0) relabel_positions(positions, relabel, progress);
    save_position_file(output, {joined_command("positions", args), positions});
    print_written(output, positions);
    if (stats.input_failed) {
        std::fprintf(stderr,
                     "mneme learn positions: an input could not be read to its end "
                     "(see above); the positions of the rest were written\n");
        return 1;
    }
    return 0;
}

int learn_positions_merge_command(const Arguments& args) {
    // --params FILE: the table the shards' quiet filter used, for the candidates the merge tests.
    // --max-positions N: where the single run with --max-positions N stops.
    Arguments merge_args;
    std::string params_path;
    std::uint64_t max_positions = 0;
    ArgumentReader reader(args);
    while (reader.more()) {
        std::string a = reader.next();
        if (a == "--params")
            params_path = reader.value(a);
        else if (a == "--max-positions")
            max_positions = std::uint64_t(reader.integer(a, 1, 1LL << 40));
        else
            merge_args.push_back(a);
    }
    auto [inputs, output] =
        read_merge_arguments(merge_args, "IN.mpshard... or IN.mpos...", "-o OUT.mpos");
    require_readable_files(inputs);
    require_outputs_apart(with_file(inputs, params_path), {output});
    if (!params_path.empty()) set_active_eval_params(load_params_or_throw(params_path));

    if (is_position_shard_file(inputs.front())) {
        std::vector<PositionShard> shards;
        for (const std::string& path : inputs) {
            if (!is_position_shard_file(path))
                throw PositionFileError(path + ": not a shard of 'mneme learn positions', unlike " +
                                        inputs.front());
            shards.push_back(load_position_shard(path));
        }
        SamplerStats stats;
        std::vector<TrainingPosition> positions =
            merge_position_shards(shards, inputs, active_eval_params(), stats, max_positions);
        print_sampler_stats(stats);
        if (max_positions && stats.positions >= max_positions)
            std::printf(
                "stopped  at --max-positions %llu after %llu used games (the other game "
                "counts are of every game the shards read)\n",
                (unsigned long long)max_positions, (unsigned long long)stats.games_used);
        std::printf("kept     %llu positions from %zu shards\n",
                    (unsigned long long)stats.positions, shards.size());
        if (positions.empty())
            throw std::runtime_error("no positions in the shards; nothing written");
        save_position_file(output, {shards.front().run + " (merged from " +
                                        std::to_string(shards.size()) + " shards)",
                                    positions});
        print_written(output, positions);
        return stats.input_failed ? 1 : 0;
    }
    if (max_positions)
        throw UsageError("--max-positions cuts the merge of sampling shards (.mpshard), not of " +
                         inputs.front());

    // Position files are joined in order; the parts of one 'learn relabel --shard' run are
    // checked to be complete and put in shard order whatever order they were given in.
    std::vector<PositionFile> files;
    std::vector<RelabelPart> parts;
    for (const std::string& path : inputs) {
        files.push_back(load_position_file(path));
        parts.push_back(relabel_part(files.back().description));
    }
    std::vector<std::size_t> order(files.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    if (parts.front().shards > 0) {
        const RelabelPart& first = parts.front();
        std::vector<int> seen(std::size_t(first.shards), -1);
        for (std::size_t i = 0; i < parts.size(); ++i) {
            const RelabelPart& p = parts[i];
            if (p.shards != first.shards || p.source != first.source || p.shard < 0 ||
                p.shard >= first.shards)
                throw PositionFileError(inputs[i] + ": not a part of the same relabelling as " +
                                        inputs.front() + " (" + first.source + " in " +
                                        std::to_string(first.shards) + " shards)");
            if (seen[std::size_t(p.shard)] >= 0)
                throw PositionFileError(inputs[i] + ": shard " + std::to_string(p.shard) +
                                        " is given twice");
            seen[std::size_t(p.shard)] = int(i);
        }
        for (std::size_t s = 0; s < seen.size(); ++s) {
            if (seen[s] < 0)
                throw PositionFileError("relabel shard " + std::to_string(s) + "/" +
                                        std::to_string(first.shards) + " of " + first.source +
                                        " is missing");
            order[s] = std::size_t(seen[s]);
        }
    }
    PositionFile merged;
    for (std::size_t i : order)
        merged.positions.insert(merged.positions.end(), files[i].positions.begin(),
                                files[i].positions.end());
    merged.description =
        parts.front().shards > 0
            ? "relabelled " + parts.front().source + " (merged from " +
                  std::to_string(files.size()) + " shards)"
            : "mneme learn positions-merge of " + std::to_string(files.size()) + " files";
    save_position_file(output, merged);
    print_written(output, merged.positions);
    return 0;
}

int learn_relabel_command(const Arguments& args) {
    std::string input, output, params_path;
    RelabelOptions relabel;
    relabel.depth = 0;
    relabel.threads = 2;
    int shard = 0, shards = 1;
    bool progress_enabled = true, sharded = false;
    ArgumentReader reader(args);
    while (reader.more()) {
        std::string a = reader.next();
        if (a == "-o" || a == "--output")
            output = reader.value(a);
        else if (relabel_option(reader, a, "--depth", relabel, params_path))
            continue;
        else if (a == "--shard") {
            read_shard(a, reader.value(a), shard, shards);
            sharded = true;
        } else if (a == "--no-progress")
            progress_enabled = false;
        else if (a.rfind("-", 0) != 0 && input.empty())
            input = a;
        else
            reader.unexpected(a);
    }
    require_arguments({{!input.empty(), "IN.mpos"},
                       {!output.empty(), "-o OUT.mpos"},
                       {relabel.depth > 0, "--depth D"}});
    require_readable_files({input});
    require_outputs_apart(with_file({input}, params_path), {output});
    require_writable_outputs({output});
    if (!params_path.empty()) set_active_eval_params(load_params_or_throw(params_path));

    PositionFile file = load_position_file(input);
    const std::size_t total = file.positions.size();
    const std::uint64_t source_checksum = position_records_checksum(file.positions);
    // Shard I takes the positions [I*P/N, (I+1)*P/N), so the parts join in shard order.
    std::size_t first = total * std::size_t(shard) / std::size_t(shards);
    std::size_t last = total * std::size_t(shard + 1) / std::size_t(shards);
    std::vector<TrainingPosition> positions(file.positions.begin() + std::ptrdiff_t(first),
                                            file.positions.begin() + std::ptrdiff_t(last));
    file.positions.clear();
    ProgressLine progress(progress_enabled);
    if (!positions.empty()) relabel_positions(positions, relabel, progress);
    std::string command = "mneme learn relabel";
    for (const std::string& a : args) command += " " + a;
    std::string description = sharded ? format("relabel shard %d/%d of ", shard, shards) + input +
                                            format(" (%zu positions, checksum 0x%016llx): ", total,
                                                   (unsigned long long)source_checksum) +
                                            command
                                      : command;
    save_position_file(output, {description, positions});
    if (sharded)
        std::printf("shard    %d/%d: positions %zu to %zu of %zu\n", shard, shards, first + 1, last,
                    total);
    print_written(output, positions);
    return 0;
}

}  // namespace mneme::app

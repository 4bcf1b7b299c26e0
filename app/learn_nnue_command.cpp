// mneme learn nnue: trains the (768 -> H) x 2 -> 1 network on .mdata files and writes the
// quantised network (.mnet); mneme learn loss-curve draws the trainer's log.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "book_arguments.h"
#include "learn_support.h"
#include "mneme/learn/loss_curve.h"
#include "mneme/learn/nnue_checkpoint.h"
#include "mneme/learn/nnue_trainer.h"
#include "mneme/learn/training_data_file.h"
#include "mneme/nnue/network.h"
#include "mneme/util/atomic_file.h"
#include "mneme/util/record_file.h"
#include "required_inputs.h"

namespace mneme::app {

namespace {

// The first Ctrl-C or TERM stops training after the current batch, with a checkpoint; a second
// one leaves at once (the last checkpoint stays).
std::atomic<bool> training_stop_requested{false};
extern "C" void on_training_interrupt(int) {
    if (training_stop_requested.exchange(true)) _exit(130);
}

// Where a run stands: "in epoch E after batch B of N" inside an epoch, else "after epoch E".
std::string run_position(const NnueTrainer& trainer) {
    if (trainer.epoch_batches_done() == 0)
        return format("after epoch %d", trainer.completed_epochs());
    return format("in epoch %d after batch %zu of %zu", trainer.completed_epochs() + 1,
                  trainer.epoch_batches_done(), trainer.batches_per_epoch());
}

std::string schedule_text(const NnueTrainerOptions& o) {
    if (o.cosine) return format("lr %g cosine to 1%%", o.learning_rate);
    if (o.lr_drop_epoch > 0)
        return format("lr %g x %g every %d epochs", o.learning_rate, o.lr_drop_factor,
                      o.lr_drop_epoch);
    return format("lr %g constant", o.learning_rate);
}

// What the .mnet's description says: the data, the architecture, the options and the result.
std::string network_description(const NnueDataset& data, const NnueTrainerOptions& o,
                                const NnueTrainer& trainer, double validation_loss,
                                const Arguments& args) {
    std::string text = "mneme learn nnue; data:";
    for (const TrainingDataSource& s : data.sources())
        text += format(" %s (%llu positions, checksum %s)",
                       std::filesystem::path(s.path).filename().string().c_str(),
                       (unsigned long long)s.positions, hex64(s.checksum).c_str());
    text += format("; %s", o.architecture.describe().c_str());
    text += format("; %d epochs, batch %zu, ", trainer.completed_epochs(), o.batch_size) +
            schedule_text(o);
    text += format(
        ", AdamW weight decay %g, K %g, WDL weight %g, validation %g (%zu positions), seed %llu",
        o.weight_decay, o.loss.sigmoid_scale, o.loss.result_weight, o.validation_fraction,
        trainer.split().validation.size(), (unsigned long long)o.seed);
    text += format("; validation loss %.6f", validation_loss);
    text += "; command: " + joined_command("nnue", args);
    return text;
}

}  // namespace

int learn_nnue_command(const Arguments& args) {
    std::vector<std::string> inputs;
    std::string output, checkpoint, resume, log_path;
    std::uint64_t max_positions = 0;
    bool progress_enabled = true;
    NnueTrainerOptions options;
    ArgumentReader reader(args);
    while (reader.more()) {
        std::string a = reader.next();
        if (a == "-o" || a == "--output")
            output = reader.value(a);
        else if (a == "--hidden")
            options.architecture.hidden = int(reader.integer(a, 16, nnue::MAX_HIDDEN));
        else if (a == "--buckets")
            options.architecture.output_buckets =
                int(reader.integer(a, 1, nnue::MAX_OUTPUT_BUCKETS));
        else if (a == "--activation") {
            std::string value = reader.value(a);
            if (value == "screlu")
                options.architecture.activation = nnue::Activation::SCRELU;
            else if (value == "crelu")
                options.architecture.activation = nnue::Activation::CLIPPED_RELU;
            else
                throw UsageError("--activation: '" + value + "' is not screlu or crelu");
        } else if (a == "--epochs")
            options.epochs = int(reader.integer(a, 1, 100000));
        else if (a == "--batch")
            options.batch_size = std::size_t(reader.integer(a, 1, 1 << 24));
        else if (a == "--lr")
            options.learning_rate = reader.real(a, 1e-9, 10);
        else if (a == "--lr-drop-epoch")
            options.lr_drop_epoch = int(reader.integer(a, 0, 100000));
        else if (a == "--lr-drop-factor")
            options.lr_drop_factor = reader.real(a, 0, 1);
        else if (a == "--cosine")
            options.cosine = true;
        else if (a == "--weight-decay")
            options.weight_decay = reader.real(a, 0, 100);
        else if (a == "--k")
            options.loss.sigmoid_scale = reader.real(a, 1, 100000);
        else if (a == "--wdl")
            options.loss.result_weight = reader.real(a, 0, 1);
        else if (a == "--validation")
            options.validation_fraction = reader.real(a, 0, 0.5);
        else if (a == "--threads")
            options.threads = int(reader.integer(a, 1, 256));
        else if (a == "--seed")
            options.seed = std::uint64_t(reader.integer(a, 0, 1LL << 62));
        else if (a == "--checkpoint")
            checkpoint = reader.value(a);
        else if (a == "--resume")
            resume = reader.value(a);
        else if (a == "--log")
            log_path = reader.value(a);
        else if (a == "--max-positions")
            max_positions = std::uint64_t(reader.integer(a, 1, 1LL << 32));
        else if (a == "--no-progress")
            progress_enabled = false;
        else if (a.rfind("-", 0) != 0)
            inputs.push_back(a);
        else
            reader.unexpected(a);
    }
    require_arguments({{!inputs.empty(), "IN.mdata..."}, {!output.empty(), "-o OUT.mnet"}});
    if (options.architecture.hidden % 16 != 0)
        throw UsageError("--hidden: the network file takes multiples of 16");
    options.checkpoint_path = checkpoint.empty() ? output + ".ckpt" : checkpoint;
    // --resume may name the checkpoint this run goes on writing: it is no input to keep apart.
    require_distinct_inputs(inputs);
    require_outputs_apart(inputs, {output, options.checkpoint_path, log_path});
    require_writable_outputs({output, options.checkpoint_path, log_path});

    using Clock = std::chrono::steady_clock;
    auto loading = Clock::now();
    NnueDataset data;
    for (const std::string& path : inputs) {
        if (max_positions && data.size() >= max_positions) break;
        data.add_file(path, max_positions);
        const TrainingDataSource& s = data.sources().back();
        std::printf("data        %s: %llu positions (checksum %s)\n", path.c_str(),
                    (unsigned long long)s.positions, hex64(s.checksum).c_str());
    }
    if (data.size() < 2)
        throw std::runtime_error("fewer than two positions in the input; nothing to train");
    NnueTrainer trainer(data, options);
    std::printf("split       %zu training, %zu validation positions; loaded in %.1f s (%.0f MB)\n",
                trainer.split().training.size(), trainer.split().validation.size(),
                std::chrono::duration<double>(Clock::now() - loading).count(),
                double(data.size() * sizeof(PackedPosition)) / 1e6);
    if (!resume.empty()) {
        trainer.resume(resume);
        std::printf("resumed     %s %s\n", resume.c_str(), run_position(trainer).c_str());
    }
    // A finished run resumed again (a pipeline script re-run) leaves its network as it is.
    if (!resume.empty() && trainer.completed_epochs() >= options.epochs &&
        std::filesystem::exists(output)) {
        std::printf("done        %s was trained to epoch %d already; delete it to export again\n",
                    output.c_str(), trainer.completed_epochs());
        return 0;
    }
    std::printf("network     %s, %s, batch %zu, %d threads\n",
                options.architecture.describe().c_str(), schedule_text(options).c_str(),
                options.batch_size, options.threads);
    std::fflush(stdout);

    std::ofstream log;
    if (!log_path.empty()) {
        bool fresh =
            !std::filesystem::exists(log_path) || std::filesystem::file_size(log_path) == 0;
        // A resumed run adds its epochs to the log; a new run starts it again.
        log.open(log_path, resume.empty() ? std::ios::trunc : std::ios::app);
        if (!log) throw std::runtime_error(log_path + ": cannot be written");
        if (fresh || resume.empty()) log << loss_curve_csv_header() << std::endl;
    }
    ProgressLine progress(progress_enabled);
    auto started = Clock::now();
    double last_shown = -1;
    std::signal(SIGINT, on_training_interrupt);
    std::signal(SIGTERM, on_training_interrupt);
    trainer.train(
        [&](const NnueBatchProgress& p) {
            double seconds = std::chrono::duration<double>(Clock::now() - started).count();
            if (seconds - last_shown < 1) return;
            last_shown = seconds;
            progress.show(
                seconds,
                format("epoch %d  batch %zu/%zu  training loss %.6f  %.0f positions/s", p.epoch,
                       p.batch, p.batches, p.training_loss, p.positions_per_second));
        },
        [&](const NnueEpochReport& r) {
            progress.clear();
            std::fprintf(
                stderr,
                "epoch %3d  training %.6f  validation %.6f  lr %.3g  %.0f positions/s  %.0f s\n",
                r.epoch, r.training_loss, r.validation_loss, r.learning_rate,
                r.positions_per_second, r.seconds);
            if (log.is_open())
                log << loss_curve_csv_row({r.epoch, r.training_loss, r.validation_loss, r.seconds,
                                           r.positions_per_second})
                    << std::endl;
            return true;
        },
        [] { return training_stop_requested.load(); });
    progress.clear();
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    if (trainer.completed_epochs() < options.epochs) {
        std::printf("stopped     %s; checkpoint %s (the same command with --resume %s goes on)\n",
                    run_position(trainer).c_str(), options.checkpoint_path.c_str(),
                    options.checkpoint_path.c_str());
        return 3;
    }

    double validation = trainer.validation_loss();
    nnue::QuantisedNetwork network =
        nnue::quantise(trainer.parameters().network(),
                       network_description(data, options, trainer, validation, args));
    nnue::save_network_file(output, network);
    std::printf("wrote       %s (%s, validation loss %.6f, checksum %s); checkpoint %s\n",
                output.c_str(), options.architecture.describe().c_str(), validation,
                hex64(network.checksum()).c_str(), options.checkpoint_path.c_str());
    return 0;
}

// The same network with its scores multiplied: only the output scale in the header changes, so
// that a network can be put on the scale the search's margins were tuned for.
int learn_nnue_rescale_command(const Arguments& args) {
    std::string input, output;
    long long scale = 0;
    double factor = 0;
    ArgumentReader reader(args);
    while (reader.more()) {
        std::string a = reader.next();
        if (a == "-o" || a == "--output")
            output = reader.value(a);
        else if (a == "--scale")
            scale = reader.integer(a, 1, 10000);
        else if (a == "--factor")
            factor = reader.real(a, 0.01, 100);
        else if (a.rfind("-", 0) != 0 && input.empty())
            input = a;
        else
            reader.unexpected(a);
    }
    require_arguments({{!input.empty(), "IN.mnet"},
                       {!output.empty(), "-o OUT.mnet"},
                       {scale > 0 || factor > 0, "--scale S or --factor F"}});
    if (scale > 0 && factor > 0) throw UsageError("give --scale or --factor, not both");
    require_readable_files({input});
    require_output_apart({input}, output);
    nnue::QuantisedNetwork net = nnue::load_network_file(input);
    const int before = net.architecture.scale;
    const long long after = scale > 0 ? scale : std::llround(before * factor);
    if (after < 1 || after > 10000)
        throw UsageError(
            format("--factor %g makes the output scale %lld, outside 1..10000", factor, after));
    net.architecture.scale = int(after);
    net.description +=
        format(" [output scale %d -> %lld: mneme learn nnue-rescale]", before, after);
    nnue::save_network_file(output, net);
    std::printf("network  %s: output scale %d -> %lld (scores x %.3f), %s, checksum %s\n",
                output.c_str(), before, after, double(after) / before,
                net.architecture.describe().c_str(), hex64(net.checksum()).c_str());
    return 0;
}

int learn_loss_curve_command(const Arguments& args) {
    auto [input, output, title, subtitle] =
        read_chart_arguments(args, "Network training loss", "LOG.csv");
    std::vector<LossCurvePoint> points = read_loss_curve_csv(input);
    std::string svg = loss_curve_svg(points, title, subtitle);
    write_file_atomically(output, [&](std::ostream& out) { out << svg; });
    std::printf("wrote %s (%zu epochs)\n", output.c_str(), points.size());
    return 0;
}

}  // namespace mneme::app

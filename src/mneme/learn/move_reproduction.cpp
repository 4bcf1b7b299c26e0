#include "mneme/learn/move_reproduction.h"

#include <algorithm>
#include <random>
#include <thread>

#include "mneme/book/game_filter.h"
#include "mneme/core/movegen.h"
#include "mneme/learn/quiescence.h"
#include "mneme/pgn/pgn_reader.h"

namespace mneme {

std::vector<MasterMove> sample_master_moves(const std::vector<std::string>& inputs,
                                            const MasterMoveOptions& options,
                                            MasterMoveStats& stats) {
    stats = MasterMoveStats{};
    std::vector<MasterMove> sample;
    std::mt19937_64 random(options.seed);
    PgnMainline game;
    for (const std::string& path : inputs) {
        if (sample.size() >= options.positions) break;
        PgnReaderOptions reader_options;
        reader_options.mainline_only = true;
        PgnReader reader(path, reader_options);
        std::uint64_t seen_before = stats.games_seen;
        while (sample.size() < options.positions && reader.next_mainline(game)) {
            if (options.report)
                for (const PgnError& e : reader.errors()) options.report(e.message());
            reader.clear_errors();
            stats.games_seen = seen_before + reader.stats().games_seen();
            bool decisive =
                game.result == GameResult::WHITE_WINS || game.result == GameResult::BLACK_WINS;
            bool rated = options.min_elo <= 0 ||
                         std::min(parse_elo(game.headers.get("WhiteElo")),
                                  parse_elo(game.headers.get("BlackElo"))) >= options.min_elo;
            Position pos = game.start_position();
            if (!decisive || !rated || pos.is_chess960()) {
                ++stats.skipped;
                continue;
            }
            Color winner = game.result == GameResult::WHITE_WINS ? WHITE : BLACK;
            std::vector<MasterMove> eligible;
            for (Move m : game.moves) {
                if (pos.side_to_move() == winner && pos.fullmove_number() >= options.first_move &&
                    pos.fullmove_number() <= options.last_move)
                    eligible.push_back({pos.without_history(), m});
                pos.do_move(m);
            }
            if (eligible.empty()) {
                ++stats.skipped;
                continue;
            }
            ++stats.games_used;
            std::shuffle(eligible.begin(), eligible.end(), random);
            for (int i = 0; i < options.per_game && i < int(eligible.size()) &&
                            sample.size() < options.positions;
                 ++i)
                sample.push_back(eligible[std::size_t(i)]);
        }
        if (options.report)
            for (const PgnError& e : reader.errors()) options.report(e.message());
        stats.games_seen = seen_before + reader.stats().games_seen();
        stats.input_failed = stats.input_failed || reader.failed();
    }
    return sample;
}

Move one_ply_choice(const Position& pos, const EvalParams& params) {
    Move best = Move::none();
    int best_score = 0;
    Position child = pos;
    for (Move m : MoveList<LEGAL>(pos)) {
        child.do_move(m);
        int score = -quiescence(child, params).score;
        child.undo_move();
        if (best == Move::none() || score > best_score) {
            best = m;
            best_score = score;
        }
    }
    return best;
}

int reproduced_moves(const std::vector<MasterMove>& sample, const EvalParams& params, int threads) {
    threads = std::max(1, std::min<int>(threads, int(sample.size())));
    std::vector<int> counts(std::size_t(threads), 0);
    auto work = [&](int part) {
        for (std::size_t i = std::size_t(part); i < sample.size(); i += std::size_t(threads))
            counts[std::size_t(part)] +=
                one_ply_choice(sample[i].position, params) == sample[i].move;
    };
    std::vector<std::thread> workers;
    for (int t = 1; t < threads; ++t) workers.emplace_back(work, t);
    work(0);
    for (std::thread& w : workers) w.join();
    int total = 0;
    for (int c : counts) total += c;
    return total;
}

double thesis_fitness(int reproduced, std::size_t sample_size) {
    double n = double(sample_size), fifth = n / 5;
    if (sample_size == 0 || reproduced < fifth) return 1;
    return (reproduced - fifth) / n + 1;
}

}  // namespace mneme

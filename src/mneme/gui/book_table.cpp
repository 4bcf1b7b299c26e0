#include "mneme/gui/book_table.h"

#include <random>

#include "mneme/notation/san.h"
#include "mneme/notation/uci_move.h"

namespace mneme::gui {

namespace {

double percent(std::uint64_t part, std::uint64_t whole) {
    return whole ? 100.0 * double(part) / double(whole) : 0.0;
}

}  // namespace

Json book_table_json(const OpeningBook& book, const Position& pos, const BookPolicy& policy) {
    std::vector<OpeningBookMove> moves = book.moves(pos);
    std::mt19937_64 rng(pos.key());
    int chosen = book.choose(moves, policy, rng);

    std::vector<PolicyRating> ratings;
    if (book.has_counts()) {
        std::vector<BookCandidate> candidates;
        for (const OpeningBookMove& m : moves) candidates.push_back(m.counts);
        ratings = rate_candidates(candidates, policy);
    }
    std::uint64_t root_games = 0, total_weight = 0;
    for (const OpeningBookMove& m : moves) {
        root_games += m.counts.games();
        total_weight += m.weight;
    }
    Json rows = Json::array();
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const OpeningBookMove& m = moves[i];
        const BookCandidate& c = m.counts;
        rows.push_back({
            {"san", move_to_san(pos, m.move)},
            {"uci", move_to_uci(pos, m.move)},
            {"games", c.games()},
            {"wins", c.wins},
            {"draws", c.draws},
            {"losses", c.losses},
            {"win_pct", percent(c.wins, c.games())},
            {"draw_pct", percent(c.draws, c.games())},
            {"loss_pct", percent(c.losses, c.games())},
            {"score_pct", 100.0 * c.score()},
            {"average_elo", c.average_elo},
            {"weight", m.weight},
            {"weight_pct", percent(m.weight, total_weight)},
            {"eligible", ratings.empty() || ratings[i].eligible},
            {"chosen", int(i) == chosen},
        });
    }
    return {
        {"kind", book.has_counts() ? "native" : "polyglot"},
        {"policy", std::string(book_policy_name(policy.kind))},
        {"min_games", policy.effective_min_games()},
        {"games", root_games},
        {"moves", rows},
    };
}

}  // namespace mneme::gui

#include "mneme/cbr/cbr_agent.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>

#include "mneme/core/movegen.h"
#include "mneme/notation/uci_move.h"
#include "mneme/util/text.h"

namespace mneme {

namespace {

bool parse_flag(const std::string& value, bool& out) {
    std::string v = lower_case(value);
    if (v == "true" || v == "on" || v == "1" || v == "yes") return out = true, true;
    if (v == "false" || v == "off" || v == "0" || v == "no") return out = false, true;
    return false;
}

bool parse_real(const std::string& text, double low, double high, double& out) {
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out);
    return error == std::errc() && end == text.data() + text.size() && out >= low && out <= high;
}

bool parse_whole(const std::string& text, long long low, long long high, long long& out) {
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out);
    return error == std::errc() && end == text.data() + text.size() && out >= low && out <= high;
}

std::string square_move(Move m) {
    std::string text = square_name(m.from()) + square_name(adaptation_destination(m));
    if (m.kind() == PROMOTION) text += "?nbrq"[m.promotion_type() - KNIGHT + 1];
    return text;
}

std::string fixed3(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", value);
    return text;
}

// One distinct problem-solution pair among the retrieved cases (duplicates are common).
struct DistinctCase {
    CaseBoard board;
    Move move;
    int similarity;
    std::size_t count;
    std::uint32_t first_index;
};

std::vector<DistinctCase> distinct_cases(const CaseBase& base,
                                         const std::vector<RetrievedCase>& cases) {
    std::map<std::pair<std::array<Bitboard, 5>, std::uint16_t>, std::size_t> seen;
    std::vector<DistinctCase> distinct;
    for (const RetrievedCase& r : cases) {
        const CaseRecord& record = base.cases()[r.index];
        CaseBoard board = case_board_for(record, r.mirrored);
        Move move = case_move_for(record, r.mirrored);
        std::array<Bitboard, 5> key = {board.occupied, board.white, board.type_bits[0],
                                       board.type_bits[1], board.type_bits[2]};
        auto [it, added] = seen.try_emplace({key, move.raw()}, distinct.size());
        if (added) distinct.push_back({board, move, r.similarity, 0, r.index});
        ++distinct[it->second].count;
    }
    return distinct;
}

}  // namespace

bool parse_cbr_setting(const std::string& raw_name, const std::string& value, CbrSettings& settings,
                       std::string& error) {
    std::string name = lower_case(raw_name);
    auto bad = [&](const std::string& wanted) {
        error = "CBR setting " + raw_name + "=" + value + ": " + wanted;
        return false;
    };
    long long whole = 0;
    double real = 0;
    if (name == "weights") {
        double v[3];
        std::size_t start = 0;
        for (int i = 0; i < 3; ++i) {
            std::size_t comma = value.find(',', start);
            if ((i < 2) != (comma != std::string::npos))
                return bad("needs three numbers v1,v2,v3 from 0 to 1");
            std::string part = value.substr(start, i < 2 ? comma - start : std::string::npos);
            if (!parse_real(part, 0, 1, v[i]))
                return bad("needs three numbers v1,v2,v3 from 0 to 1");
            start = comma + 1;
        }
        settings.weights = {v[0], v[1], v[2]};
    } else if (name == "k" || name == "neighbours" || name == "neighbors") {
        if (!parse_whole(value, 1, 1 << 20, whole)) return bad("needs a whole number from 1");
        settings.neighbours = std::size_t(whole);
    } else if (name == "choice") {
        std::string v = lower_case(value);
        if (v == "random")
            settings.choice = CaseChoice::RANDOM_CASE;
        else if (v == "vote")
            settings.choice = CaseChoice::VOTE;
        else if (v == "penalise" || v == "penalize")
            settings.choice = CaseChoice::PENALISE;
        else
            return bad("needs random, vote or penalise");
    } else if (name == "penalty") {
        if (!parse_real(value, 0, 10, real)) return bad("needs a number from 0 to 10");
        settings.penalty = real;
    } else if (name == "mirror" || name == "repetition" || name == "exact" || name == "linear") {
        bool& target = name == "mirror"       ? settings.mirror
                       : name == "repetition" ? settings.avoid_repetition
                       : name == "exact"      ? settings.exact_shortcut
                                              : settings.linear_scan;
        if (!parse_flag(value, target)) return bad("needs true or false");
    } else if (name == "verify") {
        if (!parse_whole(value, 0, 20, whole)) return bad("needs a search depth from 0 to 20");
        settings.verify_depth = int(whole);
    } else if (name == "margin") {
        if (!parse_whole(value, 0, 10000, whole)) return bad("needs centipawns from 0 to 10000");
        settings.verify_margin = int(whole);
    } else if (name == "candidates") {
        if (!parse_whole(value, 1, 256, whole)) return bad("needs a number from 1 to 256");
        settings.verify_candidates = int(whole);
    } else {
        error = "unknown CBR setting '" + raw_name +
                "' (weights, k, choice, penalty, mirror, repetition, exact, linear, verify, "
                "margin, candidates)";
        return false;
    }
    return true;
}

CbrAgent::CbrAgent(std::shared_ptr<const CaseBase> base, CbrSettings settings)
    : base_(std::move(base)), settings_(settings) {}

std::vector<RetrievedCase> CbrAgent::retrieve(const Position& pos) const {
    RetrievalQuery query;
    query.board = CaseBoard::from_position(pos);
    query.mover = pos.side_to_move();
    query.k = settings_.choice == CaseChoice::RANDOM_CASE ? 1 : settings_.neighbours;
    query.mirror = settings_.mirror;
    if (settings_.exact_shortcut && query.k == 1) {
        std::vector<RetrievedCase> exact = base_->retrieve_exact(query);
        if (!exact.empty()) return exact;
    }
    return settings_.linear_scan ? base_->retrieve_linear(query) : base_->retrieve(query);
}

CbrDecision CbrAgent::choose(const Position& pos, bool trace) {
    CbrDecision decision;
    MoveList<LEGAL> legal(pos);
    if (legal.size() == 0) return decision;
    std::vector<Move> allowed(legal.begin(), legal.end());
    if (settings_.avoid_repetition) {
        Position after = pos;
        std::vector<Move> fresh;
        for (Move m : allowed) {
            after.do_move(m);
            if (after.repetition_count() < 2) fresh.push_back(m);
            after.undo_move();
        }
        if (!fresh.empty() && fresh.size() < allowed.size()) {
            if (trace)
                decision.trace.push_back(
                    "repetition: " + std::to_string(allowed.size() - fresh.size()) +
                    " moves would repeat a position a third time");
            allowed = std::move(fresh);
        }
    }

    std::vector<RetrievedCase> cases = retrieve(pos);
    decision.retrieved = cases.size();
    if (cases.empty()) {
        decision.fallback = true;
        decision.move = allowed[random_.below(allowed.size())];
        if (trace) decision.trace.push_back("no case for this colour: random legal move");
        return decision;
    }
    decision.similarity = cases.front().similarity;
    decision.used_case = cases.front();
    decision.nearest.assign(cases.begin(),
                            cases.begin() + std::ptrdiff_t(std::min(cases.size(), NEAREST_KEPT)));
    std::vector<Ranked> ranked = rank_moves(pos, allowed, cases, decision);
    if (trace) {
        std::string line = "adapted:";
        for (std::size_t i = 0; i < ranked.size() && i < 5; ++i)
            line.append(" ")
                .append(move_to_uci(pos, ranked[i].move))
                .append(" ")
                .append(fixed3(ranked[i].value));
        decision.trace.push_back(line);
    }
    decision.move = ranked.front().move;
    if (settings_.verify_depth > 0) decision.move = verify(pos, ranked, decision);
    if (!trace) decision.trace.clear();
    return decision;
}

std::vector<CbrAgent::Ranked> CbrAgent::rank_moves(const Position& pos,
                                                   const std::vector<Move>& allowed,
                                                   const std::vector<RetrievedCase>& cases,
                                                   CbrDecision& decision) {
    const int best_similarity = cases.front().similarity;
    auto describe = [&](const RetrievedCase& r) {
        const CaseRecord& c = base_->cases()[r.index];
        return "case " + std::to_string(r.index) + " (game " + std::to_string(c.game) + ", ply " +
               std::to_string(c.ply) + (r.mirrored ? ", mirrored" : "") + ") similarity " +
               std::to_string(r.similarity) + ", expert move " +
               square_move(case_move_for(c, r.mirrored));
    };

    if (settings_.choice == CaseChoice::RANDOM_CASE) {
        // All retrieved cases share the best similarity (k = 1): pick one uniformly.
        const RetrievedCase& chosen = cases[random_.below(cases.size())];
        decision.used_case = chosen;
        decision.trace.push_back(std::to_string(cases.size()) + " cases at similarity " +
                                 std::to_string(best_similarity) + "; chose " + describe(chosen));
        const CaseRecord& record = base_->cases()[chosen.index];
        std::vector<Ranked> ranked;
        for (const AdaptedMove& a :
             adapt_all(pos, allowed, case_move_for(record, chosen.mirrored),
                       case_board_for(record, chosen.mirrored), settings_.weights))
            ranked.push_back({a.move, a.score});
        return ranked;
    }

    std::vector<DistinctCase> distinct = distinct_cases(*base_, cases);
    decision.trace.push_back(
        std::to_string(cases.size()) + " cases (" + std::to_string(distinct.size()) +
        " distinct), similarity " + std::to_string(cases.back().similarity) + " to " +
        std::to_string(best_similarity) + "; nearest " + describe(cases.front()));
    // Values per move, in order of first appearance so that equal values keep a fixed order.
    std::vector<Ranked> ranked;
    auto entry = [&](Move m) -> double& {
        for (Ranked& r : ranked)
            if (r.move == m) return r.value;
        ranked.push_back({m, settings_.choice == CaseChoice::VOTE ? 0.0 : -1e9});
        return ranked.back().value;
    };
    for (const DistinctCase& d : distinct) {
        AdaptedMove best = adapt_all(pos, allowed, d.move, d.board, settings_.weights).front();
        double gap = double(best_similarity - d.similarity) / 4.0;
        if (settings_.choice == CaseChoice::VOTE) {
            // Each case votes (so duplicates count); a square's difference halves the vote.
            entry(best.move) += double(d.count) * std::exp2(-gap);
        } else {
            double& value = entry(best.move);
            value = std::max(value, best.score - settings_.penalty * gap);
        }
    }
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const Ranked& a, const Ranked& b) { return a.value > b.value; });
    // Equal best values: the behaviour's random choice, as among equal cases.
    std::size_t ties = 1;
    while (ties < ranked.size() && ranked[ties].value == ranked.front().value) ++ties;
    if (ties > 1) std::swap(ranked.front(), ranked[random_.below(ties)]);
    return ranked;
}

Move CbrAgent::verify(const Position& pos, const std::vector<Ranked>& ranked,
                      CbrDecision& decision) {
    if (!searcher_) searcher_ = std::make_unique<Searcher>(16);
    SearchLimits limits;
    limits.depth = settings_.verify_depth;
    SearchOptions options = searcher_->options();
    options.multi_pv = 1;
    searcher_->set_options(options);
    // A fresh table for every move: the choice depends on the position alone.
    searcher_->clear();
    SearchResult full = searcher_->search(pos, limits);

    std::vector<Move> candidates;
    for (const Ranked& r : ranked)
        if (int(candidates.size()) < settings_.verify_candidates &&
            std::find(candidates.begin(), candidates.end(), r.move) == candidates.end())
            candidates.push_back(r.move);
    limits.search_moves = candidates;
    options.multi_pv = int(candidates.size());
    searcher_->set_options(options);
    searcher_->clear();
    SearchResult checked = searcher_->search(pos, limits);

    decision.verified = true;
    for (Move candidate : candidates)
        for (const RootLine& line : checked.lines)
            if (line.move == candidate && line.score >= full.score - settings_.verify_margin) {
                decision.score = line.score;
                decision.trace.push_back("verified " + move_to_uci(pos, candidate) + " at " +
                                         std::to_string(line.score) + " cp (best " +
                                         move_to_uci(pos, full.best) + " " +
                                         std::to_string(full.score) + ")");
                return candidate;
            }
    decision.score = full.score;
    decision.trace.push_back("no candidate within " + std::to_string(settings_.verify_margin) +
                             " cp: search move " + move_to_uci(pos, full.best) + " " +
                             std::to_string(full.score));
    return full.best;
}

}  // namespace mneme

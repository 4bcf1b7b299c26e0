// mneme search-compare: the same positions searched to a fixed depth by each search variant,
// from textbook minimax to the full engine, to show in node counts what each idea buys.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "commands.h"
#include "mneme/core/movegen.h"
#include "mneme/notation/epd.h"
#include "mneme/search/search.h"
#include "required_inputs.h"

namespace mneme::app {

namespace {

// Minimax visits every node: beyond this depth it would take minutes per position.
constexpr int MINIMAX_MAX_DEPTH = 3;
// Alpha-beta without pruning grows by about B^(1/2) a ply: 22 s over the 24 Bratko-Kopec
// positions at depth 6, over ten minutes at 8, hours beyond; deeper rows are the pruning ones.
constexpr int FULL_WIDTH_MAX_DEPTH = 8;

struct Variant {
    std::string name;
    SearchOptions options;
    int depth;
    // Variants without pruning or table cut-offs must return the reference score; the
    // others may legitimately differ.
    bool exact;
};

struct VariantResult {
    std::uint64_t nodes = 0;
    double seconds = 0;
    int positions_agreeing = 0;
};

int parse_number(const std::string& text, const std::string& what) {
    try {
        std::size_t used = 0;
        int value = std::stoi(text, &used);
        if (used == text.size() && value > 0) return value;
    } catch (const std::exception&) {}
    throw UsageError(what + " needs a positive number, got '" + text + "'");
}

// The variants in the order they are printed: the plain algorithms first, then the engine's
// refinements switched on one by one on top of plain PVS.
std::vector<Variant> make_variants(int depth) {
    std::vector<Variant> variants;
    int shallow = std::min(depth, MINIMAX_MAX_DEPTH);
    int full_width = std::min(depth, FULL_WIDTH_MAX_DEPTH);
    variants.push_back({"minimax", SearchOptions::plain(SearchAlgorithm::MINIMAX), shallow, true});
    variants.push_back({"alphabeta-failhard",
                        SearchOptions::plain(SearchAlgorithm::ALPHABETA_FAIL_HARD), shallow, true});
    for (SearchAlgorithm a : {SearchAlgorithm::ALPHABETA_FAIL_HARD,
                              SearchAlgorithm::ALPHABETA_FAIL_SOFT, SearchAlgorithm::PVS})
        variants.push_back({algorithm_name(a), SearchOptions::plain(a), full_width, true});

    SearchOptions o = SearchOptions::plain(SearchAlgorithm::PVS);
    o.capture_ordering = true;
    variants.push_back({"pvs +mvv-lva/see", o, full_width, true});
    o.killers = true;
    variants.push_back({"  +killers", o, full_width, true});
    o.counter_moves = true;
    variants.push_back({"  +counter-move", o, full_width, true});
    o.history = true;
    variants.push_back({"  +history", o, full_width, true});
    o.continuation_history = true;
    variants.push_back({"  +continuation history", o, full_width, true});
    o.transposition_table = true;
    variants.push_back({"  +tt cut-offs", o, depth, false});
    o.tt_move = true;
    variants.push_back({"  +tt move", o, depth, false});
    o.aspiration = true;
    variants.push_back({"  +aspiration", o, depth, false});
    o.null_move = true;
    variants.push_back({"  +null move", o, depth, false});
    o.futility = true;
    variants.push_back({"  +futility", o, depth, false});
    o.move_count_pruning = true;
    variants.push_back({"  +move-count pruning", o, depth, false});
    o.see_pruning = true;
    variants.push_back({"  +see pruning", o, depth, false});
    o.late_move_reductions = true;
    variants.push_back({"  +lmr", o, depth, false});
    // The modern refinements the engine plays with, in the order of their option table (those
    // off by default would add a row that changes nothing); the last row is the engine.
    const SearchOptions engine;
    for (const SearchRefinementOption& r : SEARCH_REFINEMENT_OPTIONS) {
        if (r.field == &SearchOptions::time_stability) continue;  // timed searches only
        if (!(engine.*(r.field))) continue;
        o.*(r.field) = true;
        variants.push_back({std::string("  +") + r.name, o, depth, false});
    }
    variants.back().name += " (= engine)";
    return variants;
}

// Leaves of the minimal tree that proves a value with perfect ordering (Knuth and Moore):
// B^ceil(D/2) + B^floor(D/2) - 1, against B^D for minimax.
double minimal_tree_leaves(double branching, int depth) {
    return std::pow(branching, (depth + 1) / 2) + std::pow(branching, depth / 2) - 1;
}

}  // namespace

int search_compare_command(const Arguments& args) {
    std::string epd_path;
    int depth = 0;
    int limit = 0;
    for (std::size_t i = 0; i < args.size(); ++i) {
        bool has_value = i + 1 < args.size();
        if (args[i] == "--epd" && has_value)
            epd_path = args[++i];
        else if (args[i] == "--depth" && has_value)
            depth = parse_number(args[++i], "--depth");
        else if (args[i] == "--limit" && has_value)
            limit = parse_number(args[++i], "--limit");
        else
            throw UsageError("unexpected or incomplete argument '" + args[i] + "'");
    }
    require_arguments({{!epd_path.empty(), "--epd FILE"}, {depth != 0, "--depth N"}});

    std::vector<std::string> errors;
    std::vector<Position> positions;
    for (const EpdRecord& record : read_epd_file(epd_path, &errors)) {
        if (limit && int(positions.size()) >= limit) break;
        Position pos = record.position();
        if (pos.has_legal_moves()) positions.push_back(pos);
    }
    for (const std::string& e : errors) std::cerr << e << '\n';
    if (positions.empty()) throw std::runtime_error("no playable position in " + epd_path);

    double total_moves = 0;
    for (Position& pos : positions) total_moves += double(MoveList<LEGAL>(pos).size());
    double branching = total_moves / double(positions.size());

    std::vector<Variant> variants = make_variants(depth);
    int name_width = int(std::string("variant").size());
    for (const Variant& v : variants) name_width = std::max(name_width, int(v.name.size()));
    // Reference scores per depth, from the first exact variant searched at that depth.
    std::vector<std::vector<Value>> reference(MAX_PLY);
    std::printf("%zu positions, mean legal moves B = %.1f\n", positions.size(), branching);
    if (depth > FULL_WIDTH_MAX_DEPTH)
        std::printf(
            "the variants without pruning search to depth %d at most (deeper they would take "
            "hours);\nthe others have no full-width score at depth %d to agree with (agree -)\n",
            FULL_WIDTH_MAX_DEPTH, depth);
    std::printf("\n");
    std::printf("%-*s %5s %14s %9s %11s %8s\n", name_width, "variant", "depth", "nodes", "time s",
                "nodes/s", "agree");
    for (const Variant& variant : variants) {
        Searcher searcher(16);
        searcher.set_options(variant.options);
        VariantResult result;
        std::vector<Value> scores;
        auto start = std::chrono::steady_clock::now();
        for (const Position& pos : positions) {
            searcher.clear();
            SearchLimits limits;
            limits.depth = variant.depth;
            SearchResult r = searcher.search(pos, limits);
            result.nodes += r.nodes;
            scores.push_back(r.score);
        }
        result.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::vector<Value>& ref = reference[variant.depth];
        if (ref.empty() && variant.exact) ref = scores;
        for (std::size_t i = 0; i < scores.size() && i < ref.size(); ++i)
            result.positions_agreeing += scores[i] == ref[i];
        std::string agree = ref.empty() ? "-"
                                        : std::to_string(result.positions_agreeing) + "/" +
                                              std::to_string(positions.size());
        std::printf("%-*s %5d %14llu %9.2f %11.0f %8s%s\n", name_width, variant.name.c_str(),
                    variant.depth, (unsigned long long)result.nodes, result.seconds,
                    double(result.nodes) / std::max(result.seconds, 1e-9), agree.c_str(),
                    variant.exact && result.positions_agreeing != int(positions.size())
                        ? "  MISMATCH"
                        : "");
        std::fflush(stdout);
    }

    std::printf(
        "\nTheory, per position, leaves only (node counts above add interior and "
        "quiescence nodes):\n");
    int previous = 0;
    for (int d :
         {std::min(depth, MINIMAX_MAX_DEPTH), std::min(depth, FULL_WIDTH_MAX_DEPTH), depth}) {
        if (d == previous) continue;
        previous = d;
        std::printf(
            "  depth %d: minimax B^D = %.3g; perfectly ordered alpha-beta "
            "B^ceil(D/2)+B^floor(D/2)-1 = %.3g; x%zu positions = %.3g\n",
            d, std::pow(branching, d), minimal_tree_leaves(branching, d), positions.size(),
            minimal_tree_leaves(branching, d) * double(positions.size()));
    }
    return 0;
}

}  // namespace mneme::app

// mneme book probe and export: the book moves of a position under a choice policy (the table
// of Toni 1996, Fig. 4.2), and a native book written as a Polyglot .bin.
#include <algorithm>
#include <cstdio>
#include <random>

#include "book_arguments.h"
#include "commands.h"
#include "mneme/book/book_file.h"
#include "mneme/book/book_policy.h"
#include "mneme/book/book_probe.h"
#include "mneme/book/polyglot_book.h"
#include "mneme/book/polyglot_export.h"
#include "mneme/notation/san.h"
#include "mneme/notation/uci_move.h"
#include "required_inputs.h"

namespace mneme::app {

namespace {

std::string policy_summary(const BookPolicy& p) {
    char text[160];
    std::snprintf(text, sizeof text, "%s (min games %lld",
                  std::string(book_policy_name(p.kind)).c_str(),
                  static_cast<long long>(p.effective_min_games()));
    std::string summary = text;
    if (p.kind == BookPolicyKind::OPTA3) {
        std::snprintf(text, sizeof text, ", root fraction %.3g, noise %.3g", p.root_fraction,
                      p.noise);
        summary += text;
    }
    if (p.kind == BookPolicyKind::WILSON) {
        std::snprintf(text, sizeof text, ", z %.3g, Elo reference %.0f", p.z, p.elo_reference);
        summary += text;
    }
    return summary + ")";
}

Move parse_move_text(const Position& pos, const std::string& text) {
    if (Move m = parse_uci_move(pos, text)) return m;
    if (Move m = parse_san(pos, text)) return m;
    throw std::runtime_error("'" + text + "' is not a legal move in " + pos.fen());
}

int probe_native(const std::string& path, const Position& pos, const BookPolicy& policy,
                 std::uint64_t seed, bool mark_all) {
    BookFile book = BookFile::open(path);
    std::vector<BookMove> rows = book_moves(book, pos);
    std::vector<BookCandidate> candidates = candidates_of(rows);
    std::uint64_t root_games = 0;
    for (const BookCandidate& c : candidates) root_games += c.games();
    std::mt19937_64 rng(seed);
    std::vector<double> noise;
    int chosen = choose_candidate(candidates, policy, rng, &noise);
    std::vector<PolicyRating> ratings = rate_candidates(candidates, policy);

    std::printf("book      %s (%zu entries; %s)\n", path.c_str(), book.size(),
                book.description().c_str());
    std::printf("position  %s\n", pos.fen().c_str());
    std::printf("games     %llu through this position (N(root)), %zu book moves\n",
                static_cast<unsigned long long>(root_games), rows.size());
    std::printf("policy    %s, seed %llu\n\n", policy_summary(policy).c_str(),
                static_cast<unsigned long long>(seed));
    std::printf("  move       games    win%%   draw%%   loss%%  score%%  avg Elo      value\n");
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const BookCandidate& c = rows[i].counts;
        double games = double(std::max<std::uint64_t>(c.games(), 1));
        const char* mark =
            int(i) == chosen ? "<- chosen" : (mark_all && ratings[i].eligible ? "+" : "");
        std::printf("  %-8s %7llu  %6.2f  %6.2f  %6.2f  %6.2f  %7.0f  %9.4f  %s\n",
                    move_to_san(pos, rows[i].move).c_str(),
                    static_cast<unsigned long long>(c.games()), 100 * double(c.wins) / games,
                    100 * double(c.draws) / games, 100 * double(c.losses) / games, 100 * c.score(),
                    c.average_elo, ratings[i].value + noise[i], mark);
    }
    if (rows.empty())
        std::printf("  (the position is not in the book)\n");
    else if (chosen < 0)
        std::printf("\n  no move passes the policy's filter: the engine searches\n");
    if (mark_all) std::printf("\n  + passes the policy's filter\n");
    return 0;
}

int probe_polyglot(const std::string& path, const Position& pos, const BookPolicy& policy,
                   std::uint64_t seed) {
    if (policy.kind != BookPolicyKind::WEIGHTED && policy.kind != BookPolicyKind::BEST)
        throw std::runtime_error(path +
                                 ": a Polyglot book has weights, not game counts; use "
                                 "--policy weighted or --policy best");
    PolyglotBook book = PolyglotBook::open(path);
    std::vector<PolyglotEntry> entries = book.probe(pos);
    std::mt19937_64 rng(seed);
    Move chosen = book.pick(pos, rng, policy.kind == BookPolicyKind::WEIGHTED);
    std::uint64_t total = 0;
    for (const PolyglotEntry& e : entries) total += e.weight;

    std::printf("book      %s (Polyglot, %zu entries)\n", path.c_str(), book.size());
    std::printf("position  %s\n", pos.fen().c_str());
    std::printf("policy    %s (Polyglot weights), seed %llu\n\n",
                std::string(book_policy_name(policy.kind)).c_str(),
                static_cast<unsigned long long>(seed));
    std::printf("  move      weight  weight%%       learn\n");
    for (const PolyglotEntry& e : entries)
        std::printf("  %-8s %7u  %7.2f  %10u  %s\n", move_to_san(pos, e.move).c_str(),
                    unsigned(e.weight), total ? 100.0 * e.weight / double(total) : 0.0,
                    unsigned(e.learn), e.move == chosen ? "<- chosen" : "");
    if (entries.empty()) std::printf("  (the position is not in the book)\n");
    return 0;
}

}  // namespace

int book_probe_command(const Arguments& args) {
    if (args.size() < 2) throw UsageError("needs a BOOK and a FEN or startpos");
    std::string path = args[0];
    BookPolicy policy;
    std::uint64_t seed = 1;
    bool mark_all = false;
    std::string fen;
    std::vector<std::string> moves;
    bool reading_moves = false;

    Arguments rest(args.begin() + 1, args.end());
    ArgumentReader reader(rest);
    while (reader.more()) {
        std::string a = reader.next();
        if (reader.policy_option(a, policy)) continue;
        if (a == "--seed")
            seed = std::uint64_t(reader.integer(a, 0, (1LL << 62)));
        else if (a == "--all")
            mark_all = true;
        else if (a == "moves")
            reading_moves = true;
        else if (a.rfind("--", 0) == 0)
            reader.unexpected(a);
        else if (reading_moves)
            moves.push_back(a);
        else
            fen += (fen.empty() ? "" : " ") + a;  // a FEN may come as one argument or six
    }
    Position pos = fen.empty() || fen == "startpos" ? Position() : Position::from_fen(fen);
    for (const std::string& text : moves) pos.do_move(parse_move_text(pos, text));

    if (BookFile::has_native_magic(path)) return probe_native(path, pos, policy, seed, mark_all);
    if (policy.kind == BookPolicyKind::OPTA3 &&
        std::find(args.begin(), args.end(), "--policy") == args.end())
        policy.kind = BookPolicyKind::WEIGHTED;  // the default for a book without counts
    return probe_polyglot(path, pos, policy, seed);
}

int book_export_command(const Arguments& args) {
    std::string input, output;
    BookPolicy policy;
    policy.kind = BookPolicyKind::WEIGHTED;
    ArgumentReader reader(args);
    while (reader.more()) {
        std::string a = reader.next();
        if (reader.policy_option(a, policy)) continue;
        if (a == "-o" || a == "--output")
            output = reader.value(a);
        else if (input.empty() && a.rfind("-", 0) != 0)
            input = a;
        else
            reader.unexpected(a);
    }
    require_arguments({{!input.empty(), "IN.mbook"}, {!output.empty(), "-o OUT.bin"}});
    require_output_apart({input}, output);
    BookFile book = BookFile::open(input);
    std::uint64_t written = export_polyglot(book, output, policy);
    std::printf("polyglot  %s: %llu entries from %zu, policy %s\n", output.c_str(),
                static_cast<unsigned long long>(written), book.size(),
                policy_summary(policy).c_str());
    return 0;
}

}  // namespace mneme::app

// mneme book exits and book nodes: the measurements of Toni (1996) ch. 5 — positions just out
// of book, and the nodes a fixed-depth search needs there with and without the database move
// ordering (technique 1, OPTA 3.1; technique 2, OPHISTA), as in his Tables 5.3 and 5.6.
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>

#include "book_arguments.h"
#include "commands.h"
#include "mneme/book/book_exits.h"
#include "mneme/book/database_ordering.h"
#include "mneme/notation/position_line.h"
#include "mneme/search/search.h"
#include "mneme/util/atomic_file.h"
#include "required_inputs.h"

namespace mneme::app {

namespace {

// GnuChess 4.0's ordering tools without the pruning and reductions of a modern search: PVS with
// the table and its move, MVV-LVA captures, killers and the history heuristic. The thesis's
// host searched like this, so its node counts are closer to this baseline than to the engine's.
SearchOptions classic_search() {
    SearchOptions o = SearchOptions::plain(SearchAlgorithm::PVS);
    o.transposition_table = o.tt_move = o.capture_ordering = o.killers = o.history = true;
    return o;
}

std::vector<int> parse_depths(const std::string& text) {
    std::vector<int> depths;
    std::stringstream list(text);
    std::string item;
    while (std::getline(list, item, ',')) {
        int depth = 0;
        try {
            std::size_t used = 0;
            depth = std::stoi(item, &used);
            if (used != item.size()) depth = 0;
        } catch (const std::exception&) {}
        if (depth < 1 || depth >= MAX_PLY)
            throw UsageError("--depths: '" + item + "' is not a depth from 1 to " +
                             std::to_string(MAX_PLY - 1));
        depths.push_back(depth);
    }
    if (depths.empty()) throw UsageError("--depths needs a list such as 4,5,6");
    return depths;
}

struct OrderingVariant {
    std::string name;
    std::shared_ptr<const BookFile> book;        // technique 1, or null
    std::shared_ptr<const OphistaFile> ophista;  // technique 2, or null
};

// Total nodes of iterative deepening to `depth` over all positions, each searched from a
// cleared table and history, so that the count does not depend on the order of the positions.
std::uint64_t count_nodes(const std::vector<Position>& positions, const OrderingVariant& variant,
                          int depth, std::size_t hash_mb, const SearchOptions& options,
                          int* applied) {
    Searcher searcher(hash_mb);
    searcher.set_options(options);
    if (variant.book || variant.ophista)
        searcher.set_ordering_hint(
            std::make_shared<DatabaseOrdering>(variant.book, variant.ophista));
    std::uint64_t nodes = 0;
    *applied = 0;
    for (const Position& pos : positions) {
        if (variant.book || variant.ophista) {
            DatabaseOrdering probe(variant.book, variant.ophista);
            *applied += probe.prepare(pos);
        }
        searcher.clear();
        SearchLimits limits;
        limits.depth = depth;
        nodes += searcher.search(pos, limits).nodes;
    }
    return nodes;
}

std::string thousands(std::uint64_t n) {
    std::string digits = std::to_string(n), text;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i && (digits.size() - i) % 3 == 0) text += ',';
        text += digits[i];
    }
    return text;
}

}  // namespace

int book_exits_command(const Arguments& args) {
    std::string book_path, output;
    BookExitOptions options;
    ArgumentReader reader(args);
    while (reader.more()) {
        std::string a = reader.next();
        if (a == "-o" || a == "--output")
            output = reader.value(a);
        else if (a == "--count")
            options.count = int(reader.integer(a, 1, 1000000));
        else if (a == "--seed")
            options.seed = std::uint64_t(reader.integer(a, 0, 1LL << 62));
        else if (a == "--max-ply")
            options.max_ply = int(reader.integer(a, 1, 1000));
        else if (reader.policy_option(a, options.policy))
            continue;
        else if (a.rfind("-", 0) != 0 && book_path.empty())
            book_path = a;
        else
            reader.unexpected(a);
    }
    require_arguments({{!book_path.empty(), "BOOK"}, {!output.empty(), "-o OUT.txt"}});
    require_output_apart({book_path}, output);
    OpeningBook book = OpeningBook::open(book_path);
    std::vector<PositionLine> exits = find_book_exits(book, options);
    if (exits.empty())
        throw std::runtime_error(book_path + ": no walk left the start position with policy " +
                                 std::string(book_policy_name(options.policy.kind)));
    write_file_atomically(output, [&](std::ostream& out) {
        out << "# positions just out of " << book_path << " (policy "
            << book_policy_name(options.policy.kind) << ", seed " << options.seed << ")\n";
        for (const PositionLine& line : exits)
            out << line.to_string() << "  # " << line.position().fen() << '\n';
    });
    double plies = 0;
    for (const PositionLine& line : exits) plies += double(line.moves.size());
    std::printf("exits    %zu positions in %s, left the book after %.1f plies on average\n",
                exits.size(), output.c_str(), plies / double(exits.size()));
    if (int(exits.size()) < options.count)
        std::printf("note     %d wanted: the walks found no more distinct exits\n", options.count);
    return 0;
}

int book_nodes_command(const Arguments& args) {
    std::string positions_path, book_path, ophista_path;
    std::vector<int> depths{4, 5, 6};
    std::size_t hash_mb = 16;
    SearchOptions options;
    std::string search_name = "engine";
    ArgumentReader reader(args);
    while (reader.more()) {
        std::string a = reader.next();
        if (a == "--positions" || a == "--epd")
            positions_path = reader.value(a);
        else if (a == "--book")
            book_path = reader.value(a);
        else if (a == "--ophista")
            ophista_path = reader.value(a);
        else if (a == "--depths")
            depths = parse_depths(reader.value(a));
        else if (a == "--hash")
            hash_mb = std::size_t(reader.integer(a, 1, 65536));
        else if (a == "--search") {
            search_name = reader.value(a);
            if (search_name == "classic")
                options = classic_search();
            else if (search_name != "engine")
                throw UsageError("--search: '" + search_name + "' is not engine or classic");
        } else
            reader.unexpected(a);
    }
    require_arguments(
        {{!positions_path.empty(), "--positions FILE"}, {!book_path.empty(), "--book BOOK.mbook"}});

    std::vector<Position> positions;
    for (const PositionLine& line : read_position_lines(positions_path)) {
        Position pos = line.position();
        if (pos.has_legal_moves()) positions.push_back(pos);
    }
    if (positions.empty())
        throw std::runtime_error(positions_path + ": no position with a legal move");

    auto book = std::make_shared<const BookFile>(BookFile::open(book_path));
    std::vector<OrderingVariant> variants{{"none", nullptr, nullptr},
                                          {"T1 book ordering", book, nullptr}};
    if (!ophista_path.empty()) {
        auto ophista = std::make_shared<const OphistaFile>(OphistaFile::open(ophista_path));
        variants.push_back({"T2 OPHISTA", nullptr, ophista});
        variants.push_back({"T1 + T2", book, ophista});
    }

    std::printf("%zu positions from %s; book %s%s%s; %s search\n", positions.size(),
                positions_path.c_str(), book_path.c_str(), ophista_path.empty() ? "" : ", OPHISTA ",
                ophista_path.c_str(),
                search_name == "engine" ? "the engine's"
                                        : "a classic (PVS, table, MVV-LVA, killers, history)");
    std::printf(
        "nodes of iterative deepening to each depth, summed over the positions "
        "(change against none)\n\n");
    std::printf("| depth |");
    for (const OrderingVariant& v : variants) std::printf(" %s |", v.name.c_str());
    std::printf("\n|---|");
    for (std::size_t i = 0; i < variants.size(); ++i) std::printf("---|");
    std::printf("\n");
    std::vector<int> applied(variants.size(), 0);
    for (int depth : depths) {
        std::printf("| %d |", depth);
        std::uint64_t baseline = 0;
        for (std::size_t i = 0; i < variants.size(); ++i) {
            std::uint64_t nodes =
                count_nodes(positions, variants[i], depth, hash_mb, options, &applied[i]);
            if (i == 0) {
                baseline = nodes;
                std::printf(" %s |", thousands(nodes).c_str());
            } else {
                std::printf(" %s (%+.1f%%) |", thousands(nodes).c_str(),
                            100.0 * (double(nodes) - double(baseline)) / double(baseline));
            }
            std::fflush(stdout);
        }
        std::printf("\n");
    }
    std::printf("\npositions within the window of each technique:");
    for (std::size_t i = 1; i < variants.size(); ++i)
        std::printf(" %s %d/%zu;", variants[i].name.c_str(), applied[i], positions.size());
    std::printf("\n");
    return 0;
}

}  // namespace mneme::app

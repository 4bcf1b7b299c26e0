// mneme book ophista and book learn: the database move-ordering tables (technique 2 of Toni
// 1996, ch. 5) and feedback learning from the engine's own games (OPTA FB).
#include <unistd.h>

#include <cstdio>
#include <iostream>

#include "book_arguments.h"
#include "commands.h"
#include "mneme/book/book_file.h"
#include "mneme/book/book_learning.h"
#include "mneme/book/ophista_builder.h"
#include "required_inputs.h"

namespace mneme::app {

int book_ophista_command(const Arguments& args) {
    std::vector<std::string> inputs;
    std::string book_path, output;
    OphistaBuildOptions options;
    bool quiet = false;
    ArgumentReader reader(args);
    while (reader.more()) {
        std::string a = reader.next();
        if (a == "-o" || a == "--output")
            output = reader.value(a);
        else if (a == "--book")
            book_path = reader.value(a);
        else if (a == "--min-games")
            options.min_games = std::uint64_t(reader.integer(a, 1, 1LL << 40));
        else if (a == "--max-ply")
            options.max_ply = int(reader.integer(a, 1, 100000));
        else if (a == "--quiet")
            quiet = true;
        else if (a == "-" || a.rfind("-", 0) != 0)
            inputs.push_back(a);
        else
            reader.unexpected(a);
    }
    require_arguments({{!inputs.empty(), "IN.pgn..."},
                       {!book_path.empty(), "--book BOOK.mbook"},
                       {!output.empty(), "-o OUT.mhist"}});
    require_readable_files(inputs);
    require_distinct_inputs(inputs);
    require_outputs_apart(with_file(inputs, book_path), {output});  // the games and the book
    require_writable_outputs({output});
    BookFile book = BookFile::open(book_path);

    bool terminal = isatty(STDERR_FILENO);
    bool shown = false;
    options.report = [&](const std::string& message) {
        if (shown) std::fprintf(stderr, "\r\033[K");
        shown = false;
        std::cerr << message << '\n';
    };
    if (!quiet && terminal)
        options.progress = [&](std::uint64_t games, std::uint64_t read, std::uint64_t total,
                               double seconds) {
            std::fprintf(stderr, "\r%llu games, %.0f games/s",
                         static_cast<unsigned long long>(games),
                         double(games) / std::max(seconds, 1e-9));
            if (total && read) {
                double fraction = double(read) / double(total);
                std::fprintf(stderr, ", %.0f%%, ETA %.0f s   ", 100 * fraction,
                             seconds * (1 - fraction) / std::max(fraction, 1e-9));
            }
            shown = true;
        };
    OphistaBuildStats stats = build_ophista(inputs, book, output, options);
    if (shown) std::fprintf(stderr, "\r\033[K");
    std::printf("ophista  %s: %llu positions, %llu moves\n", output.c_str(),
                static_cast<unsigned long long>(stats.positions),
                static_cast<unsigned long long>(stats.moves));
    std::printf("games    %llu seen, %llu through a book position, %llu unreadable\n",
                static_cast<unsigned long long>(stats.games_seen),
                static_cast<unsigned long long>(stats.games_used),
                static_cast<unsigned long long>(stats.unreadable));
    std::printf("time     %.2f s\n", stats.seconds);
    return 0;
}

int book_learn_command(const Arguments& args) {
    std::vector<std::string> inputs;
    std::string experience;
    LearningOptions options;
    ArgumentReader reader(args);
    while (reader.more()) {
        std::string a = reader.next();
        if (a == "--experience")
            experience = reader.value(a);
        else if (a == "--weight")
            options.weight = std::uint32_t(reader.integer(a, 1, 1000000));
        else if (a == "--max-ply")
            options.max_ply = int(reader.integer(a, 1, 100000));
        else if (a == "-" || a.rfind("-", 0) != 0)
            inputs.push_back(a);
        else
            reader.unexpected(a);
    }
    require_arguments(
        {{!inputs.empty(), "GAMES.pgn..."}, {!experience.empty(), "--experience EXP.mbook"}});
    require_readable_files(inputs);
    require_distinct_inputs(inputs);
    require_output_apart(inputs, experience);
    std::vector<LearnedGame> games = read_games_to_learn(
        inputs, [](const std::string& message) { std::cerr << message << '\n'; });
    LearningStats stats = learn_from_games(games, experience, options);
    std::printf("learned  %llu games x %u into %s (%llu entries); %llu unfinished skipped\n",
                static_cast<unsigned long long>(stats.games_learned), unsigned(options.weight),
                experience.c_str(), static_cast<unsigned long long>(stats.entries),
                static_cast<unsigned long long>(stats.unfinished));
    return 0;
}

}  // namespace mneme::app

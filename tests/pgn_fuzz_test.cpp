// Robustness: random and mutated PGN (bytes deleted, duplicated, flipped; fixed seed) never
// crashes or hangs the reader, and the counts add up: every game seen is either returned or
// skipped with exactly one error naming it. Games returned also survive write -> read.
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>

#include "mneme/pgn/pgn_reader.h"
#include "mneme/pgn/pgn_writer.h"

namespace mneme {
namespace {

const std::string SAMPLE =
    "[Event \"Fuzz \\\"test\\\" \\\\ one\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n"
    "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n"
    "{Opening} 1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) d6 {Najdorf?}) 2. Nf3 Nc6 3. Bb5 a6! $14\n"
    "4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 ; a line comment\n"
    "%escaped line\n9... Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4\n"
    "15. Nb1 h6 16. Bh4 c5 17. dxe5 Nxe4 18. Bxe7 Qxe7 19. exd6 Qf6 20. Nbd2 Nxd6 1-0\n\n"
    "[Event \"FEN\"]\r\n[SetUp \"1\"]\r\n[FEN \"8/8/8/8/8/5k2/8/4K2R w K - 0 1\"]\r\n\r\n"
    "1. O-O+ Kg3 2. Rf3+ Kxf3 1/2-1/2\r\n\r\n"
    "[Event \"960\"]\n[Variant \"Chess960\"]\n"
    "[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n\n"
    "1. Nf3 Nf6 2. d4 b6 3. Qf4 h6 4. Nh4 Nd5 5. Ne3 Nb7 6. O-O-O Nf6 7. Nhf5 Rd8 8. c4 O-O *\n\n"
    "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 Nbd7 7. Rc1 c6 8. Bd3 dxc4 *\n";

std::string mutate(std::string text, std::mt19937& random) {
    static const std::string SIGNIFICANT = "{}()[];%$!?*\"\\\n\r .0123456789-/=+#OKQRBNabcdefgh";
    int edits = 1 + int(random() % 8);
    for (int i = 0; i < edits && !text.empty(); ++i) {
        std::size_t at = random() % text.size();
        switch (random() % 3) {
            case 0:
                text.erase(at, 1 + random() % 3);
                break;
            case 1:
                text.insert(at, text.substr(at, 1 + random() % 40));
                break;
            default:
                text[at] = random() % 2 ? SIGNIFICANT[random() % SIGNIFICANT.size()]
                                        : char(random() % 256);
                break;
        }
    }
    return text;
}

std::string random_bytes(std::mt19937& random) {
    std::string text(random() % 600, '\0');
    for (char& c : text) c = char(random() % 256);
    return text;
}

// Reads everything, checks the bookkeeping, and returns the games for further checks.
std::vector<PgnGame> read_and_check(const std::string& text, bool mainline_only) {
    PgnReaderOptions options;
    options.mainline_only = mainline_only;
    options.name = "fuzz.pgn";
    auto reader = PgnReader::from_string(text, options);
    std::vector<PgnGame> games;
    std::set<std::uint64_t> numbers;
    PgnGame game;
    PgnMainline mainline;
    for (;;) {
        bool more = mainline_only ? reader.next_mainline(mainline) : reader.next(game);
        if (!more) break;
        std::uint64_t number =
            mainline_only ? mainline.source.game_number : game.source.game_number;
        EXPECT_TRUE(numbers.insert(number).second) << "game number returned twice";
        std::string why;
        EXPECT_TRUE(reader.position().is_consistent(&why)) << why;
        if (!mainline_only) games.push_back(game);
        if (numbers.size() > text.size()) {
            ADD_FAILURE() << "more games than bytes: the reader does not end";
            break;
        }
    }
    const PgnReadStats& stats = reader.stats();
    EXPECT_EQ(stats.games_read, numbers.size());
    std::uint64_t skipped = 0;
    for (const PgnError& e : reader.errors()) {
        if (e.warning || e.game_number == 0) continue;
        ++skipped;
        EXPECT_TRUE(numbers.insert(e.game_number).second) << e.message();
    }
    EXPECT_EQ(stats.games_skipped, skipped);
    // Together the returned and skipped games are exactly games 1..N.
    EXPECT_EQ(numbers.size(), stats.games_seen());
    if (!numbers.empty()) {
        EXPECT_EQ(*numbers.rbegin(), stats.games_seen());
    }
    return games;
}

TEST(PgnFuzz, MutatedAndRandomInputNeverBreaksTheReader) {
    std::mt19937 random(20240607);
    ASSERT_EQ(read_and_check(SAMPLE, false).size(), 4u);
    for (int iteration = 0; iteration < 2000; ++iteration) {
        std::string text = iteration % 10 == 9 ? random_bytes(random) : mutate(SAMPLE, random);
        SCOPED_TRACE("iteration " + std::to_string(iteration));
        read_and_check(text, true);
        for (const PgnGame& game : read_and_check(text, false)) {
            // Whatever the reader accepted, the writer can express and the reader gets back.
            std::string written = write_pgn(game);
            auto again = PgnReader::from_string(written);
            auto reread = again.next();
            ASSERT_TRUE(reread) << written;
            EXPECT_EQ(reread->mainline, game.mainline) << written;
        }
        if (HasFailure()) break;
    }
}

}  // namespace
}  // namespace mneme

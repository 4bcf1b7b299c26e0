// Fuzzing with fixed seeds: random and mutated FEN text never crashes the parser, every accepted
// position is consistent and prints a FEN that parses back to itself, and random games from
// accepted positions, the start position and Chess960 starts keep every invariant.
// Built with -DMNEME_SANITIZE=ON these also run under AddressSanitizer and UBSan.
#include <gtest/gtest.h>

#include <cctype>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "mneme/core/game_outcome.h"
#include "mneme/core/movegen.h"
#include "mneme/core/position.h"
#include "mneme/notation/epd.h"
#include "mneme/notation/san.h"
#include "mneme/notation/uci_move.h"
#include "test_data.h"

namespace mneme {
namespace {

int scaled(int n) { return test::sanitized_build() ? n / 5 : n; }

const std::vector<std::string>& seed_fens() {
    static const std::vector<std::string> fens = {
        std::string(START_FEN),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/8/8/KPp4r/8/8/8/7k w - c6 0 1",
        "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
        "4k3/1P6/8/8/8/8/6p1/4K2R w K - 0 1",
    };
    return fens;
}

// Checks everything an accepted position promises; returns "" or the first problem.
std::string check_accepted(const Position& pos) {
    std::string why;
    if (!pos.is_consistent(&why)) return "inconsistent: " + why;
    std::string fen = pos.fen();
    Position again;
    std::string error;
    if (!again.set_fen(fen, pos.is_chess960(), &error)) return "own FEN rejected: " + error;
    if (again.fen() != fen) return "FEN changes on re-parse: " + fen + " -> " + again.fen();
    if (again.key() != pos.key()) return "key changes on re-parse: " + fen;
    if (popcount(pos.checkers()) > 2) return "more than two checkers: " + fen;
    if (pos.attacked_by(pos.side_to_move(), pos.king_square(~pos.side_to_move())))
        return "side not to move is in check: " + fen;
    MoveList<LEGAL> moves(pos);
    if (moves.size() != count_legal_moves(pos)) return "move counts differ: " + fen;
    for (Move m : moves)
        if (parse_uci_move(pos, move_to_uci(pos, m)) != m) return "UCI round trip fails: " + fen;
    return "";
}

// Plays `plies` random legal moves, checking invariants each ply, then undoes them all and
// checks that every intermediate state comes back exactly.
std::string random_game(Position& pos, std::mt19937_64& rng, int plies) {
    std::vector<std::string> fens;
    std::vector<Key> keys;
    for (int ply = 0; ply < plies; ++ply) {
        MoveList<LEGAL> moves(pos);
        if (!moves.size() || game_outcome(pos).is_over()) break;
        fens.push_back(pos.fen());
        keys.push_back(pos.key());
        Move m = *(moves.begin() + rng() % moves.size());
        bool check = pos.gives_check(m);
        pos.do_move(m);
        std::string why;
        if (!pos.is_consistent(&why))
            return "inconsistent after " + move_to_uci(pos, m) + ": " + why;
        if (pos.in_check() != check) return "gives_check wrong before " + pos.fen();
        if (ply % 8 == 0) {
            // The incremental key equals the key of the same position set up from its FEN.
            Position fresh = Position::from_fen(pos.fen(), pos.is_chess960());
            if (fresh.key() != pos.key()) return "incremental key differs at " + pos.fen();
        }
    }
    while (!fens.empty()) {
        pos.undo_move();
        if (pos.fen() != fens.back() || pos.key() != keys.back())
            return "undo does not restore " + fens.back() + " (got " + pos.fen() + ")";
        fens.pop_back();
        keys.pop_back();
    }
    return "";
}

// Random text over the FEN alphabet, loosely shaped like a FEN.
std::string random_fen_text(std::mt19937_64& rng) {
    static const std::string placement = "12345678/pnbrqkPNBRQK";
    static const std::string any = "12345678/pnbrqkPNBRQKwb-KQkqabcdefghABCDEFGH 0123456789x\t";
    std::string s;
    int shape = int(rng() % 4);
    if (shape == 0) {
        int n = int(rng() % 90);
        for (int i = 0; i < n; ++i) s += any[rng() % any.size()];
        return s;
    }
    // Eight ranks of random content.
    for (int rank = 0; rank < 8; ++rank) {
        int squares = 0;
        while (squares < 8) {
            if (rng() % 3 == 0) {
                int gap = 1 + int(rng() % (8 - squares));
                s += char('0' + gap);
                squares += gap;
            } else {
                s += placement[6 + rng() % 12];
                ++squares;
            }
        }
        if (shape == 1 && rng() % 10 == 0) s += placement[rng() % placement.size()];
        if (rank < 7) s += '/';
    }
    s += rng() % 2 ? " w " : " b ";
    static const char* castlings[] = {"-", "KQkq", "K", "Qk", "HAha", "Bb", "KQkqK", "q", "E", "a"};
    s += castlings[rng() % 10];
    s += ' ';
    if (rng() % 3) {
        s += '-';
    } else {
        s += char('a' + rng() % 8);
        s += char('1' + rng() % 8);
    }
    if (rng() % 2) {
        s += ' ';
        s += std::to_string(rng() % 120);
        s += ' ';
        s += std::to_string(rng() % 90);
    }
    return s;
}

// One random edit of a text: replace, insert, delete or duplicate a character.
std::string mutate(std::string s, std::mt19937_64& rng) {
    static const std::string alphabet = "12345678/pnbrqkPNBRQKwb-abcdefghABCDEFGH 09\t;\"#";
    int edits = 1 + int(rng() % 3);
    for (int e = 0; e < edits; ++e) {
        std::size_t at = s.empty() ? 0 : rng() % s.size();
        switch (rng() % 4) {
            case 0:
                if (!s.empty()) s[at] = alphabet[rng() % alphabet.size()];
                break;
            case 1:
                s.insert(s.begin() + at, alphabet[rng() % alphabet.size()]);
                break;
            case 2:
                if (!s.empty()) s.erase(s.begin() + at);
                break;
            default:
                if (!s.empty()) s.insert(s.begin() + at, s[at]);
                break;
        }
    }
    return s;
}

TEST(FuzzFen, RandomAndMutatedTextNeverBreaksTheParser) {
    std::mt19937_64 rng(0xF00D);
    int accepted = 0, rejected = 0, games_checked = 0;
    const int iterations = scaled(20000);
    for (int i = 0; i < iterations; ++i) {
        std::string text =
            i % 2 ? random_fen_text(rng) : mutate(seed_fens()[rng() % seed_fens().size()], rng);
        bool chess960 = rng() % 4 == 0;
        Position pos;
        std::string error;
        if (!pos.set_fen(text, chess960, &error)) {
            ASSERT_FALSE(error.empty()) << "no reason given for \"" << text << "\"";
            ++rejected;
            continue;
        }
        ++accepted;
        std::string problem = check_accepted(pos);
        ASSERT_EQ(problem, "") << "from \"" << text << "\"";
        if (accepted % 4 == 0) {
            problem = random_game(pos, rng, 40);
            ASSERT_EQ(problem, "") << "from \"" << text << "\"";
            ++games_checked;
        }
    }
    // Both outcomes must be represented, or the fuzzer is not exercising anything.
    EXPECT_GT(accepted, iterations / 100);
    EXPECT_GT(rejected, iterations / 4);
    RecordProperty("accepted", accepted);
    RecordProperty("games", games_checked);
}

TEST(FuzzFen, EpdLinesNeverCrash) {
    std::mt19937_64 rng(0xE9D);
    const std::string base =
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - bm Ng5; id \"x y\"; c0 "
        "\"z\";";
    for (int i = 0; i < scaled(10000); ++i) {
        std::string line = mutate(base, rng);
        std::string error;
        auto record = parse_epd_line(line, &error);
        if (!record) continue;
        Position pos;
        try {
            pos = record->position();
        } catch (const FenError&) {
            continue;  // e.g. a mutated hmvc operand
        }
        std::string why;
        ASSERT_TRUE(pos.is_consistent(&why)) << line << ": " << why;
        // EPD has no escape for '"', so an operand holding one (from an unquoted token like
        // z") cannot be written back; everything else must round-trip.
        bool has_quote = false;
        for (const auto& op : record->operations)
            for (const auto& operand : op.operands)
                has_quote |= operand.find('"') != std::string::npos;
        if (has_quote) continue;
        auto again = parse_epd_line(record->to_string(), &error);
        ASSERT_TRUE(again) << record->to_string() << ": " << error;
        EXPECT_EQ(again->position_fields, record->position_fields);
    }
}

// A random board as FEN text: kings (often at home) plus up to `max_men` random men, random side,
// rights and en passant square. Most such texts are rejected; that is part of the test.
std::string random_board_fen(std::mt19937_64& rng, int max_men, const std::string& men_pool) {
    char board[64];
    for (auto& c : board) c = '.';
    auto place = [&](char piece, int lowest_rank, int highest_rank) {
        for (int tries = 0; tries < 20; ++tries) {
            int s = int(rng() % 64);
            int rank = s / 8;
            if (board[s] == '.' && rank >= lowest_rank && rank <= highest_rank) {
                board[s] = piece;
                return;
            }
        }
    };
    if (rng() % 2) {
        board[4] = 'K';
    } else {
        place('K', 0, 7);
    }
    if (rng() % 2 && board[60] == '.') {
        board[60] = 'k';
    } else {
        place('k', 0, 7);
    }
    for (int corner : {0, 7, 56, 63}) {
        if (rng() % 2 == 0 && board[corner] == '.') board[corner] = corner < 8 ? 'R' : 'r';
    }
    int men = int(rng() % (max_men + 1));
    for (int m = 0; m < men; ++m) {
        char p = men_pool[rng() % men_pool.size()];
        if (p == 'P' || p == 'p') {
            place(p, 1, 6);
        } else {
            place(p, 0, 7);
        }
    }
    std::string fen;
    for (int rank = 7; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < 8; ++file) {
            char c = board[rank * 8 + file];
            if (c == '.') {
                ++empty;
                continue;
            }
            if (empty) fen += char('0' + empty);
            empty = 0;
            fen += c;
        }
        if (empty) fen += char('0' + empty);
        if (rank) fen += '/';
    }
    bool white = rng() % 2;
    fen += white ? " w " : " b ";
    static const char* rights[] = {"KQkq", "-", "Kq", "HAha", "Qk", "-", "-", "k"};
    fen += rights[rng() % 8];
    // An en passant square on the right rank for the side to move.
    if (rng() % 3 == 0) {
        fen += ' ';
        fen += char('a' + rng() % 8);
        fen += white ? '6' : '3';
    } else {
        fen += " -";
    }
    fen += ' ';
    fen += std::to_string(rng() % 100);
    fen += ' ';
    fen += std::to_string(1 + rng() % 80);
    return fen;
}

TEST(FuzzFen, RandomBoardsAreCheckedAndPlayed) {
    std::mt19937_64 rng(0xB0A2D);
    int accepted = 0;
    const int iterations = scaled(20000);
    for (int i = 0; i < iterations; ++i) {
        std::string fen = random_board_fen(rng, 20, "PNBRQpnbrq");
        Position pos;
        std::string error;
        if (!pos.set_fen(fen, false, &error)) {
            ASSERT_FALSE(error.empty()) << fen;
            continue;
        }
        ++accepted;
        ASSERT_EQ(check_accepted(pos), "") << fen;
        if (accepted % 3 == 0) {
            ASSERT_EQ(random_game(pos, rng, 60), "") << fen;
        }
    }
    EXPECT_GT(accepted, iterations / 10);
}

// SAN out and back in on crowded random boards (several queens, rooks and knights able to
// reach the same square need file, rank or full-square disambiguation).
TEST(FuzzSan, RoundTripOnCrowdedRandomBoards) {
    std::mt19937_64 rng(0x5A9);
    int checked = 0, full_square = 0;
    const int iterations = scaled(6000);
    for (int i = 0; i < iterations; ++i) {
        std::string fen = random_board_fen(rng, 14, "QQQNNNRRBPqqnnrrbp");
        Position pos;
        if (!pos.set_fen(fen, false, nullptr)) continue;
        for (int ply = 0; ply < 6; ++ply) {
            MoveList<LEGAL> moves(pos);
            if (!moves.size()) break;
            std::set<std::string> seen;
            for (Move m : moves) {
                std::string san = move_to_san(pos, m);
                ASSERT_TRUE(seen.insert(san).second)
                    << "duplicate SAN " << san << " in " << pos.fen();
                SanError error = SanError::NONE;
                ASSERT_EQ(parse_san(pos, san, &error), m)
                    << san << " in " << pos.fen() << ": " << san_error_text(error);
                // The suffix-free form names the same move.
                ASSERT_EQ(parse_san(pos, move_to_san_without_suffix(pos, m)), m) << san;
                // A piece move with both file and rank of the origin, e.g. "Qa1b2".
                full_square += san.size() >= 5 &&
                               std::isupper(static_cast<unsigned char>(san[0])) && san[1] >= 'a' &&
                               san[1] <= 'h' && san[2] >= '1' && san[2] <= '8' &&
                               (san[3] == 'x' || (san[3] >= 'a' && san[3] <= 'h'));
                ++checked;
            }
            pos.do_move(*(moves.begin() + rng() % moves.size()));
        }
    }
    EXPECT_GT(checked, iterations * 5);
    EXPECT_GT(full_square, 0) << "no position needed full-square disambiguation";
}

TEST(FuzzPlayout, RandomGamesFromStartAndChess960Starts) {
    std::mt19937_64 rng(12345);
    const int games = scaled(2000);
    int finished = 0;
    for (int g = 0; g < games; ++g) {
        Position pos = g % 2 ? Position::chess960_start(int(rng() % 960)) : Position();
        std::string problem = random_game(pos, rng, 300);
        ASSERT_EQ(problem, "") << "game " << g;
        // Play again to the end without undo to collect outcomes.
        int plies = 0;
        while (!game_outcome(pos).is_over() && plies < 400) {
            MoveList<LEGAL> moves(pos);
            pos.do_move(*(moves.begin() + rng() % moves.size()));
            ++plies;
        }
        auto outcome = game_outcome(pos);
        if (outcome.is_over()) {
            ++finished;
            if (outcome.termination == Termination::CHECKMATE) {
                EXPECT_TRUE(pos.is_checkmate());
                EXPECT_EQ(outcome.result, pos.side_to_move() == WHITE ? GameResult::BLACK_WINS
                                                                      : GameResult::WHITE_WINS);
            } else {
                EXPECT_EQ(outcome.result, GameResult::DRAW);
            }
        }
        std::string why;
        ASSERT_TRUE(pos.is_consistent(&why)) << why;
        EXPECT_EQ(pos.history_length(), plies);
    }
    EXPECT_GT(finished, games / 2);
}

}  // namespace
}  // namespace mneme

// Helpers shared by the book tests: finding an entry by position and move, building a book
// from PGN text, and random games for tests that need many distinct positions.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "mneme/book/book_builder.h"
#include "mneme/book/book_file.h"
#include "mneme/book/polyglot_book.h"
#include "mneme/core/movegen.h"
#include "mneme/notation/san.h"
#include "mneme/notation/uci_move.h"

namespace mneme::test {

// The position after `moves` (UCI, space separated) from the start.
inline Position after(const std::string& moves) {
    Position pos;
    std::string move;
    for (char c : moves + " ") {
        if (c != ' ') {
            move += c;
        } else if (!move.empty()) {
            pos.do_move(parse_uci_move(pos, move));
            move.clear();
        }
    }
    return pos;
}

// The entry of `uci` in `pos`, or nullptr.
inline const BookEntry* find_entry(const BookFile& book, const Position& pos,
                                   const std::string& uci) {
    std::uint16_t bits = PolyglotBook::encode_move(parse_uci_move(pos, uci), pos);
    for (const BookEntry& e : book.lookup(pos.key()))
        if (e.move == bits) return &e;
    return nullptr;
}

// `count` games of random legal moves (at most `plies` each) with random results and Elos.
inline std::string random_games(int count, int plies, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    const char* results[] = {"1-0", "0-1", "1/2-1/2"};
    std::string pgn;
    for (int g = 0; g < count; ++g) {
        const char* result = results[rng() % 3];
        pgn += "[Event \"random\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"" +
               std::string(result) + "\"]\n[WhiteElo \"" + std::to_string(2000 + rng() % 800) +
               "\"]\n[BlackElo \"" + std::to_string(2000 + rng() % 800) + "\"]\n\n";
        Position pos;
        for (int ply = 0; ply < plies; ++ply) {
            MoveList<LEGAL> moves(pos);
            if (moves.size() == 0) break;
            // Few choices early, so that games share their first positions.
            std::size_t choices = ply < 4 ? std::min<std::size_t>(3, moves.size()) : moves.size();
            Move m = *(moves.begin() + rng() % choices);
            if (ply % 2 == 0) pgn += std::to_string(ply / 2 + 1) + ". ";
            pgn += move_to_san(pos, m) + " ";
            pos.do_move(m);
        }
        pgn += std::string(result) + "\n\n";
    }
    return pgn;
}

inline std::vector<BookEntry> all_entries(const BookFile& book) {
    return {book.entries().begin(), book.entries().end()};
}

}  // namespace mneme::test

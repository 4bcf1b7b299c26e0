// Positions for the learning tests: random games from the start, so that material is
// unbalanced in every way, plus a few endgames that exercise the scale factors.
#pragma once

#include <random>
#include <string>
#include <vector>

#include "mneme/core/movegen.h"
#include "mneme/core/position.h"

namespace mneme::test {

// `count` positions, each after 8..80 random legal plies from the start (a finished game
// starts again). The same seed gives the same positions.
inline std::vector<Position> random_game_positions(std::size_t count, std::uint64_t seed) {
    std::mt19937_64 random(seed);
    std::vector<Position> positions;
    while (positions.size() < count) {
        Position pos;
        int plies = 8 + int(random() % 73);
        for (int ply = 0; ply < plies; ++ply) {
            MoveList<LEGAL> moves(pos);
            if (moves.size() == 0) break;
            pos.do_move(*(moves.begin() + random() % moves.size()));
        }
        if (pos.has_legal_moves()) positions.push_back(pos.without_history());
    }
    return positions;
}

// Endgames where the scale factor, the mating drive or the passed-pawn race terms apply.
inline const std::vector<std::string>& endgame_fens() {
    static const std::vector<std::string> fens = {
        "8/5k2/8/4b3/8/2B5/4P1K1/8 w - - 0 1",     // opposite bishops
        "8/4pk2/8/4b3/8/2B2N2/4P1K1/8 b - - 0 1",  // opposite bishops with pieces
        "8/8/8/4k3/8/8/8/KBN5 w - - 0 1",          // KBN v K
        "8/8/8/3k4/8/8/8/KR6 b - - 0 1",           // KR v K
        "8/8/3k4/8/8/8/1N6/K1N5 w - - 0 1",        // two knights
        "8/8/3k4/8/8/1r6/1N6/K1R5 w - - 0 1",      // pawnless, small edge
        "8/8/8/8/1k6/8/6P1/6K1 w - - 0 1",         // unstoppable passer
        "8/5p2/4k3/8/3K4/8/1P6/8 b - - 0 1",       // king race
        "r1bq1rk1/pp3ppp/2n2n2/3p4/1bPP4/2N1PN2/P4PPP/R1BQKB1R w KQ - 0 1",
        "2kr3r/ppp2ppp/2n5/2bqp3/8/2NP1N2/PPPQBPPP/R3K2R b KQ - 0 1",
    };
    return fens;
}

}  // namespace mneme::test

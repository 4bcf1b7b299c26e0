// Random games for the CBR tests: case bases and query positions from seeded random playouts.
#pragma once

#include <cstdint>
#include <vector>

#include "mneme/cbr/case_record.h"
#include "mneme/cbr/cbr_random.h"
#include "mneme/core/movegen.h"
#include "mneme/core/position.h"

namespace mneme::test {

// Positions along `games` random games of up to `plies` plies each.
inline std::vector<Position> random_positions(std::uint64_t seed, int games, int plies) {
    CbrRandom random(seed);
    std::vector<Position> positions;
    for (int g = 0; g < games; ++g) {
        Position pos;
        for (int ply = 0; ply < plies; ++ply) {
            MoveList<LEGAL> moves(pos);
            if (moves.size() == 0) break;
            pos.do_move(*(moves.begin() + random.below(moves.size())));
            positions.push_back(pos.without_history());
        }
    }
    return positions;
}

// Cases from random games: every move of both sides, with its game and ply.
inline std::vector<CaseRecord> random_cases(std::uint64_t seed, int games, int plies) {
    CbrRandom random(seed);
    std::vector<CaseRecord> cases;
    for (int g = 0; g < games; ++g) {
        Position pos;
        for (int ply = 0; ply < plies; ++ply) {
            MoveList<LEGAL> moves(pos);
            if (moves.size() == 0) break;
            Move m = *(moves.begin() + random.below(moves.size()));
            CaseRecord record;
            record.board = CaseBoard::from_position(pos);
            record.game = std::uint32_t(g + 1);
            record.move = m.raw();
            record.ply = std::uint16_t(ply);
            record.mover = pos.side_to_move();
            cases.push_back(record);
            pos.do_move(m);
        }
    }
    return cases;
}

}  // namespace mneme::test

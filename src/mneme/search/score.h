// Search scores: centipawns from the side to move's view, with a band at each end for mates.
#pragma once

namespace mneme {

using Value = int;

// The deepest ply the search reaches; the per-ply tables are sized by it.
constexpr int MAX_PLY = 128;

constexpr Value VALUE_DRAW = 0;
constexpr Value VALUE_MATE = 32000;
constexpr Value VALUE_INFINITE = 32001;
// "No score": a value no search result can take.
constexpr Value VALUE_NONE = 32002;
// Every score at or beyond these bounds is a mate found within MAX_PLY plies.
constexpr Value VALUE_MATE_IN_MAX_PLY = VALUE_MATE - MAX_PLY;
constexpr Value VALUE_MATED_IN_MAX_PLY = -VALUE_MATE_IN_MAX_PLY;

// Mate scores count plies from the root, so a shorter mate scores higher.
constexpr Value mate_in(int ply) { return VALUE_MATE - ply; }
constexpr Value mated_in(int ply) { return -VALUE_MATE + ply; }

constexpr bool is_mate_score(Value v) {
    return v >= VALUE_MATE_IN_MAX_PLY || v <= VALUE_MATED_IN_MAX_PLY;
}

// Full moves to the mate for a mate score: positive when the side to move mates, negative when
// it is mated ("mate 3" / "mate -2" in UCI).
constexpr int mate_in_moves(Value v) {
    return v > 0 ? (VALUE_MATE - v + 1) / 2 : -(VALUE_MATE + v) / 2;
}

}  // namespace mneme

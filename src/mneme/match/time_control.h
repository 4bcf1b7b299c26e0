// What a player may spend on its moves in a game: a clock (moves/base+increment), a fixed time
// per move, a depth or a node budget; and the clock the runner keeps for each side.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace mneme {

struct TimeControl {
    // Clock: `base_ms` for the first `moves` moves (0 = the whole game), then the same again for
    // each further `moves`; `increment_ms` added after every move. base_ms < 0: no clock.
    int moves = 0;
    std::int64_t base_ms = -1;
    std::int64_t increment_ms = 0;
    std::int64_t movetime_ms = 0;  // fixed time per move; 0 = none
    int depth = 0;                 // 0 = no depth limit
    std::uint64_t nodes = 0;       // 0 = no node limit
    bool infinite = false;         // "inf": no limit at all (only sensible with depth or nodes)

    bool has_clock() const { return base_ms >= 0; }
    // Whether anything ends a search: a clock, a move time, a depth or nodes.
    bool is_limited() const { return has_clock() || movetime_ms > 0 || depth > 0 || nodes > 0; }

    // Parses "40/60+0.6", "10+0.1", "60", "0:30+1" (minutes:seconds), "inf"; seconds may have
    // decimals. Throws std::invalid_argument naming what is wrong.
    static TimeControl parse(std::string_view text);
    // The PGN TimeControl tag value: "40/60+0.6" or "10+0.1" for a clock (seconds, as
    // cutechess writes them), "1/move" for a fixed time per move, "-" when no time limits the
    // game (depth or nodes only; describe() says which).
    std::string pgn_tag() const;
    // Human text: "10+0.1", "40/60", "1s/move", "depth 8", "10000 nodes", "inf".
    std::string describe() const;
};

// One side's clock during a game, kept by the runner.
class GameClock {
public:
    explicit GameClock(const TimeControl& tc);
    // Time left before the move now to be made; meaningful only with a clock.
    std::int64_t remaining_ms() const { return remaining_ms_; }
    // Moves left to the next time control (0 = none, the clock covers the rest of the game).
    int moves_to_go() const;
    // Charges `elapsed_ms` for one move and adds the increment and, at a control, a new base.
    // Returns false when the move overran the clock by more than `margin_ms` (a time forfeit).
    bool charge(std::int64_t elapsed_ms, std::int64_t margin_ms);
    // A move of the opening, played for this side before the engines take over: it counts
    // toward the next time control (a new base at the control) but costs nothing and earns no
    // increment, as cutechess charges an opening's moves.
    void count_opening_move();
    int moves_made() const { return moves_made_; }

private:
    TimeControl tc_;
    std::int64_t remaining_ms_ = 0;
    int moves_made_ = 0;
};

}  // namespace mneme

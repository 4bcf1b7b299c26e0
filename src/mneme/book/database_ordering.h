// What a game database says about move order just after the opening book (Toni 1996, ch. 5),
// offered to the search as a MoveOrderingHint:
//   technique 1 (OPTA 3.1): the moves a native book holds for a node are tried first (right
//     after the table move), best book score (W + D/2) / N first, whatever their game count;
//   technique 2 (OPHISTA): the history table of the game's last book position adds
//     64 x its value (0..255) to the ordering score of quiet moves.
// Both act only at nodes within 8 plies of the last position of the game's history that the
// book (technique 1) or the OPHISTA file (technique 2) holds, as in the thesis.
#pragma once

#include <array>
#include <cstdint>
#include <memory>

#include "mneme/book/book_file.h"
#include "mneme/book/ophista_file.h"
#include "mneme/search/move_ordering_hint.h"

namespace mneme {

class DatabaseOrdering : public MoveOrderingHint {
public:
    static constexpr int OPHISTA_SCALE = 64;  // 255 x 64 is about the history tables' maximum

    // Either may be null: that technique is then off.
    DatabaseOrdering(std::shared_ptr<const BookFile> book,
                     std::shared_ptr<const OphistaFile> ophista);

    bool prepare(const Position& root) override;
    int preferred_moves(const Position& pos, int ply, Move* out) const override;
    int quiet_bonus(const Position& pos, Move m, int ply) const override;

    // After prepare(): plies from the last book position (resp. OPHISTA position) of the
    // game to the root, -1 when none lies within the window.
    int book_distance() const { return book_distance_; }
    int ophista_distance() const { return ophista_distance_; }

private:
    std::shared_ptr<const BookFile> book_;
    std::shared_ptr<const OphistaFile> ophista_;
    int book_distance_ = -1;
    int ophista_distance_ = -1;
    // The OPHISTA table of the root's last book position, dense by OphistaMove code.
    std::array<std::uint8_t, 2 * 64 * 64> table_{};
};

}  // namespace mneme

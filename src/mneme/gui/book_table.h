// The opening book seen from one position, as the 2006 thesis's Fig. 4.2 shows it: every book
// move with its games and the movers' wins, draws and losses, the score, and the move the
// policy picks (the table of `mneme book probe`, as JSON for the Analyse tab).
#pragma once

#include "mneme/book/book_policy.h"
#include "mneme/book/opening_book.h"
#include "mneme/core/position.h"
#include "mneme/gui/json_views.h"

namespace mneme::gui {

// {"kind": "native"|"polyglot", "policy", "games" (N(root)), "moves": [{san, uci, games, wins,
// draws, losses, win_pct, draw_pct, loss_pct, score_pct, average_elo, weight, weight_pct,
// eligible, chosen}]}. A policy that draws at random is drawn once with a generator seeded by
// the position, so the mark stays put while the table is redrawn.
Json book_table_json(const OpeningBook& book, const Position& pos, const BookPolicy& policy);

}  // namespace mneme::gui

// Which games (and which of their moves) go into a book: Elo, date, ECO and time-control
// filters over the PGN tags.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "mneme/pgn/pgn_game.h"

namespace mneme {

enum class TimeClass { ANY, BLITZ, RAPID, CLASSICAL };

// "classical", "rapid", "blitz" (or "any"); false for anything else.
bool parse_time_class(std::string_view text, TimeClass& time_class);
std::string_view time_class_name(TimeClass time_class);

// The time class of a game, a heuristic. From the TimeControl tag when it has a number: the
// first period's base seconds plus 60 increments (FIDE's 60-move convention), at most 10
// minutes is blitz (bullet included), under 60 minutes rapid, otherwise classical; "40/7200:..."
// counts its first period. Otherwise from words in the Event tag: blitz, bullet, lightning,
// speed, armageddon mean blitz; rapid, active, quick mean rapid; anything else is classical
// (most master databases, like pgnmentor, mark only the fast events).
TimeClass classify_time_class(const GameHeaders& headers);

// A player's Elo from a WhiteElo/BlackElo value; 0 when empty, "?" or not a number.
int parse_elo(std::string_view text);

// An inclusive range of ECO codes, e.g. C00-C19 (a single code is a range of one).
struct EcoRange {
    std::string first, last;
};
// "C00-C19,E60-E99" -> ranges; false with `error` set for a malformed list.
bool parse_eco_ranges(std::string_view text, std::vector<EcoRange>& ranges, std::string* error);

// True for "YYYY.MM.DD", a day of the calendar (the form of the date filters): 2024.02.29 is
// one, 2023.02.29 and 2020.13.01 are not.
bool is_filter_date(std::string_view text);

struct GameFilter {
    int min_mover_elo = 0;  // moves by a player below this (or unrated) are not counted
    int min_both_elo = 0;   // games where either player is below this (or unrated) are skipped
    std::string from_date, to_date;  // inclusive "YYYY.MM.DD"; empty means open
    std::vector<EcoRange> eco;       // empty means every code; games without ECO then pass
    TimeClass time_class = TimeClass::ANY;

    // Whether the game as a whole passes (every filter but the mover's Elo). Unknown parts of
    // a date ("1950.??.??") compare as 00; a game without a known year fails a date filter.
    bool accepts(const GameHeaders& headers) const;
    // Whether a move by a player of this Elo (0 unknown) is counted.
    bool counts_mover(int elo) const { return min_mover_elo <= 0 || elo >= min_mover_elo; }
    // The filters in the words of the command line, for a book's header.
    std::string describe() const;
};

}  // namespace mneme

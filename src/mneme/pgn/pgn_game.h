// The PGN data model: tag pairs, the move tree with comments, NAGs and variations, and the
// cheap mainline-only form used for bulk replay.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "mneme/core/game_outcome.h"
#include "mneme/core/position.h"

namespace mneme {

struct PgnTag {
    std::string name;
    std::string value;
};

// Tag pairs in the order they were read. Setting a tag that exists replaces its value. clear()
// keeps the strings' storage, so a reused GameHeaders reads game after game without allocating.
class GameHeaders {
public:
    // The value of a tag, or nullptr when absent.
    const std::string* find(std::string_view name) const;
    // The value of a tag, or `fallback` when absent.
    std::string_view get(std::string_view name, std::string_view fallback = "") const;
    bool contains(std::string_view name) const { return find(name) != nullptr; }
    void set(std::string_view name, std::string_view value);
    // Appends a tag unless one of that name exists; then changes nothing and returns false.
    bool add(std::string_view name, std::string_view value);
    // Removes a tag; false when it was absent.
    bool remove(std::string_view name);
    void clear() { count_ = 0; }

    std::size_t size() const { return count_; }
    bool empty() const { return count_ == 0; }
    const PgnTag* begin() const { return tags_.data(); }
    const PgnTag* end() const { return tags_.data() + count_; }

    bool operator==(const GameHeaders& other) const;

private:
    std::size_t index_of(std::string_view name) const;  // count_ when absent

    std::vector<PgnTag> tags_;  // entries past count_ are spare storage
    std::size_t count_ = 0;
};

// The seven tag roster of PGN export format, in its required order.
inline constexpr std::string_view SEVEN_TAG_ROSTER[7] = {"Event", "Site",  "Date",  "Round",
                                                         "White", "Black", "Result"};

// Numeric Annotation Glyphs for the move suffixes "!", "?", "!!", "??", "!?" and "?!".
enum Nag : std::uint8_t {
    NAG_NONE = 0,
    NAG_GOOD_MOVE = 1,
    NAG_MISTAKE = 2,
    NAG_BRILLIANT_MOVE = 3,
    NAG_BLUNDER = 4,
    NAG_SPECULATIVE_MOVE = 5,
    NAG_DUBIOUS_MOVE = 6,
};

struct PgnNode;

// A sequence of moves: the mainline, or a variation (an alternative to one move of its parent).
// Variations can nest as deep as a program builds them, so copying, comparing and destroying a
// line walk the tree with a heap stack instead of recursing once per level.
struct PgnLine {
    std::string comment;  // the comment before the first move
    std::vector<PgnNode> moves;

    PgnLine() = default;
    PgnLine(const PgnLine& other);
    PgnLine(PgnLine&&) noexcept = default;
    PgnLine& operator=(const PgnLine& other);
    PgnLine& operator=(PgnLine&&) noexcept = default;
    ~PgnLine();

    bool operator==(const PgnLine& other) const;
};

struct PgnNode {
    Move move;
    std::vector<std::uint8_t> nags;
    std::string comment;              // the comment after the move
    std::vector<PgnLine> variations;  // alternatives to this move, from the position before it

    bool operator==(const PgnNode&) const = default;
};

// Where a game came from, for messages and for finding it again.
struct PgnSource {
    std::uint64_t game_number = 0;  // 1-based, counting every game of the file, skipped or not
    std::uint64_t line = 0;         // the line of the game's first token
};

// A game with everything PGN can say about it.
struct PgnGame {
    GameHeaders headers;
    PgnLine mainline;
    // The result token ending the movetext; without one, the Result tag if valid, else "*". A
    // finished result in the Result tag wins over a token that disagrees (the reader warns).
    GameResult result = GameResult::ONGOING;
    PgnSource source;

    // The position before the first move, from the FEN/SetUp and Variant tags.
    Position start_position() const;
    // The mainline moves alone.
    std::vector<Move> mainline_moves() const;
};

// A game reduced to what bulk replay needs: no comments, no variations, no per-move allocation.
struct PgnMainline {
    GameHeaders headers;
    std::vector<Move> moves;
    GameResult result = GameResult::ONGOING;
    PgnSource source;

    Position start_position() const;
};

// Sets `pos` to the starting position the tags describe: the FEN tag (with or without SetUp)
// or the standard start, in Chess960 mode when the Variant tag names Chess960 ("Chess960",
// "chess 960", "Fischerandom", ...). Returns false with `error` set for a bad FEN or a variant
// other than standard chess and Chess960.
bool starting_position(const GameHeaders& headers, Position& pos, std::string* error);

// True for Variant tag values meaning Chess960; `standard` is set for values meaning ordinary
// chess ("", "Standard", "normal", "From Position").
bool is_chess960_variant(std::string_view variant, bool* standard = nullptr);

// "1-0" -> WHITE_WINS, "0-1" -> BLACK_WINS, "1/2-1/2" -> DRAW, "*" and anything else ->
// ONGOING; `valid` tells whether the text was one of the four result tokens.
GameResult parse_result(std::string_view text, bool* valid = nullptr);

}  // namespace mneme

#include "mneme/pgn/pgn_game.h"

#include <algorithm>
#include <utility>

namespace mneme {

std::size_t GameHeaders::index_of(std::string_view name) const {
    // Names nearly always differ in length or first letter: test those before comparing.
    for (std::size_t i = 0; i < count_; ++i) {
        const std::string& candidate = tags_[i].name;
        if (candidate.size() == name.size() && (name.empty() || candidate[0] == name[0]) &&
            candidate == name)
            return i;
    }
    return count_;
}

const std::string* GameHeaders::find(std::string_view name) const {
    std::size_t i = index_of(name);
    return i < count_ ? &tags_[i].value : nullptr;
}

std::string_view GameHeaders::get(std::string_view name, std::string_view fallback) const {
    const std::string* value = find(name);
    return value ? std::string_view(*value) : fallback;
}

void GameHeaders::set(std::string_view name, std::string_view value) {
    std::size_t i = index_of(name);
    if (i < count_)
        tags_[i].value.assign(value);
    else
        add(name, value);
}

bool GameHeaders::add(std::string_view name, std::string_view value) {
    if (index_of(name) < count_) return false;
    if (count_ == tags_.size()) tags_.emplace_back();
    tags_[count_].name.assign(name);
    tags_[count_].value.assign(value);
    ++count_;
    return true;
}

bool GameHeaders::remove(std::string_view name) {
    std::size_t i = index_of(name);
    if (i == count_) return false;
    // Rotate the removed entry past the end so its storage stays spare.
    std::rotate(tags_.begin() + std::ptrdiff_t(i), tags_.begin() + std::ptrdiff_t(i) + 1,
                tags_.begin() + std::ptrdiff_t(count_));
    --count_;
    return true;
}

bool GameHeaders::operator==(const GameHeaders& other) const {
    return std::equal(
        begin(), end(), other.begin(), other.end(),
        [](const PgnTag& a, const PgnTag& b) { return a.name == b.name && a.value == b.value; });
}

PgnLine::PgnLine(const PgnLine& other) : comment(other.comment) {
    // Each pending pair is a line whose comment is copied and whose moves are not yet.
    std::vector<std::pair<const PgnLine*, PgnLine*>> pending{{&other, this}};
    while (!pending.empty()) {
        auto [source, target] = pending.back();
        pending.pop_back();
        target->moves.reserve(source->moves.size());
        for (const PgnNode& node : source->moves) {
            PgnNode& copy = target->moves.emplace_back();
            copy.move = node.move;
            copy.nags = node.nags;
            copy.comment = node.comment;
            // A vector keeps its elements where they are when the vector itself moves, so these
            // targets stay valid while target->moves grows.
            copy.variations.resize(node.variations.size());
            for (std::size_t i = 0; i < node.variations.size(); ++i) {
                copy.variations[i].comment = node.variations[i].comment;
                pending.emplace_back(&node.variations[i], &copy.variations[i]);
            }
        }
    }
}

PgnLine& PgnLine::operator=(const PgnLine& other) {
    if (this != &other) *this = PgnLine(other);
    return *this;
}

PgnLine::~PgnLine() {
    // Detach the variations level by level onto a heap stack: each line is then destroyed with
    // nothing nested left in it.
    std::vector<PgnLine> detached;
    auto detach_variations = [&](PgnLine& line) {
        for (PgnNode& node : line.moves)
            for (PgnLine& variation : node.variations)
                if (!variation.moves.empty()) detached.push_back(std::move(variation));
    };
    detach_variations(*this);
    while (!detached.empty()) {
        PgnLine line = std::move(detached.back());
        detached.pop_back();
        detach_variations(line);
    }
}

bool PgnLine::operator==(const PgnLine& other) const {
    std::vector<std::pair<const PgnLine*, const PgnLine*>> pending{{this, &other}};
    while (!pending.empty()) {
        auto [a, b] = pending.back();
        pending.pop_back();
        if (a->comment != b->comment || a->moves.size() != b->moves.size()) return false;
        for (std::size_t i = 0; i < a->moves.size(); ++i) {
            const PgnNode& x = a->moves[i];
            const PgnNode& y = b->moves[i];
            if (x.move != y.move || x.nags != y.nags || x.comment != y.comment ||
                x.variations.size() != y.variations.size())
                return false;
            for (std::size_t v = 0; v < x.variations.size(); ++v)
                pending.emplace_back(&x.variations[v], &y.variations[v]);
        }
    }
    return true;
}

bool is_chess960_variant(std::string_view variant, bool* standard) {
    // Compare letters and digits only, ignoring case: "Chess 960", "chess-960", "FischeRandom".
    std::string key;
    for (char c : variant)
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
            key += c;
        else if (c >= 'A' && c <= 'Z')
            key += char(c - 'A' + 'a');
    if (standard)
        *standard = key.empty() || key == "standard" || key == "normal" || key == "chess" ||
                    key == "fromposition" || key == "orthodox";
    return key == "chess960" || key == "960" || key == "frc" ||
           key.find("fischerandom") != std::string::npos ||
           key.find("fischerrandom") != std::string::npos;
}

bool starting_position(const GameHeaders& headers, Position& pos, std::string* error) {
    bool chess960 = false;
    if (const std::string* variant = headers.find("Variant")) {
        bool standard = false;
        chess960 = is_chess960_variant(*variant, &standard);
        if (!chess960 && !standard) {
            if (error) *error = "unsupported variant '" + *variant + "'";
            return false;
        }
    }
    const std::string* fen = headers.find("FEN");
    std::string fen_error;
    if (!pos.set_fen(fen ? std::string_view(*fen) : START_FEN, chess960, &fen_error)) {
        if (error) *error = "bad FEN tag: " + fen_error;
        return false;
    }
    return true;
}

namespace {

Position start_position_or_throw(const GameHeaders& headers) {
    Position pos;
    std::string error;
    if (!starting_position(headers, pos, &error)) throw FenError(error);
    return pos;
}

}  // namespace

Position PgnGame::start_position() const { return start_position_or_throw(headers); }

Position PgnMainline::start_position() const { return start_position_or_throw(headers); }

std::vector<Move> PgnGame::mainline_moves() const {
    std::vector<Move> moves;
    moves.reserve(mainline.moves.size());
    for (const PgnNode& node : mainline.moves) moves.push_back(node.move);
    return moves;
}

GameResult parse_result(std::string_view text, bool* valid) {
    GameResult result = GameResult::ONGOING;
    bool known = true;
    if (text == "1-0")
        result = GameResult::WHITE_WINS;
    else if (text == "0-1")
        result = GameResult::BLACK_WINS;
    else if (text == "1/2-1/2")
        result = GameResult::DRAW;
    else
        known = text == "*";
    if (valid) *valid = known;
    return result;
}

}  // namespace mneme

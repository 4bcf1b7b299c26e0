#include "mneme/pgn/pgn_writer.h"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "mneme/notation/san.h"
#include "mneme/notation/uci_move.h"

namespace mneme {

namespace {

// Joins words with single spaces, starting a new line where the next word would not fit. The
// last word is held back so that a closing parenthesis can still be attached to it.
class LineWrapper {
public:
    LineWrapper(std::string& out, std::size_t width) : out_(out), width_(width) {}

    void word(std::string_view text) {
        flush();
        held_ = prefix_;
        held_ += text;
        prefix_.clear();
    }
    // "(" goes in front of the next word, ")" after the last one, without spaces.
    void open_parenthesis() { prefix_ += '('; }
    void close_parenthesis() {
        if (prefix_.empty()) {
            held_ += ')';
        } else {  // an empty variation: "()"
            prefix_ += ')';
            word("");
        }
    }
    void end_line() {
        flush();
        if (line_length_ > 0) out_ += '\n';
        line_length_ = 0;
    }

private:
    void flush() {
        if (held_.empty()) return;
        if (line_length_ > 0 && line_length_ + 1 + held_.size() > width_) {
            out_ += '\n';
            line_length_ = 0;
        }
        if (line_length_ > 0) {
            out_ += ' ';
            ++line_length_;
        }
        out_ += held_;
        line_length_ += held_.size();
        held_.clear();
    }

    std::string& out_;
    std::size_t width_;
    std::size_t line_length_ = 0;
    std::string held_;
    std::string prefix_;
};

class MovetextWriter {
public:
    MovetextWriter(std::string& out, const PgnWriterOptions& options)
        : options_(options), wrapper_(out, options.line_length) {}

    // Writes a line of moves from `pos`, variations included, and leaves `pos` as it found it.
    // Variations are followed with a stack of open lines rather than by recursion, so that no
    // depth of nesting can exhaust the call stack.
    void line(const PgnLine& mainline, Position& pos) {
        std::vector<OpenLine> open;
        enter(open, mainline);
        while (!open.empty()) {
            OpenLine& current = open.back();
            if (current.next_move == current.line->moves.size()) {
                for (std::size_t i = 0; i < current.next_move; ++i) pos.undo_move();
                open.pop_back();
                if (!open.empty()) wrapper_.close_parenthesis();
                continue;
            }
            const PgnNode& node = current.line->moves[current.next_move];
            if (current.next_variation == 0) write_move(current, node, pos);
            if (options_.variations && current.next_variation < node.variations.size()) {
                // Variations replace this move, so they start from the position before it.
                const PgnLine& variation = node.variations[current.next_variation++];
                current.number_black_move = true;
                wrapper_.open_parenthesis();
                enter(open, variation);  // `current` is not used past this point
                continue;
            }
            pos.do_move(node.move);
            ++current.next_move;
            current.next_variation = 0;
        }
    }

    void word(std::string_view text) { wrapper_.word(text); }
    void end_line() { wrapper_.end_line(); }

private:
    // A line being written: its next move, and which of that move's variations comes next.
    struct OpenLine {
        const PgnLine* line;
        std::size_t next_move = 0;
        std::size_t next_variation = 0;
        bool number_black_move = true;  // the first move of a line always carries its number
    };

    void enter(std::vector<OpenLine>& open, const PgnLine& line) {
        if (options_.comments && !line.comment.empty()) comment(line.comment);
        open.push_back({&line});
    }

    // The move's number when it needs one, its SAN, NAGs and comment.
    void write_move(OpenLine& current, const PgnNode& node, const Position& pos) {
        if (!pos.pseudo_legal(node.move) || !pos.legal(node.move))
            throw std::invalid_argument("write_pgn: move " +
                                        move_to_uci(node.move, pos.is_chess960()) +
                                        " is not legal in " + pos.fen());
        if (pos.side_to_move() == WHITE)
            wrapper_.word(std::to_string(pos.fullmove_number()) + ".");
        else if (current.number_black_move)
            wrapper_.word(std::to_string(pos.fullmove_number()) + "...");
        wrapper_.word(move_to_san(pos, node.move));
        current.number_black_move = false;
        if (options_.nags)
            for (std::uint8_t nag : node.nags)
                wrapper_.word(std::string("$").append(std::to_string(nag)));
        if (options_.comments && !node.comment.empty()) {
            comment(node.comment);
            current.number_black_move = true;
        }
    }

    // Each word of a comment is wrapped on its own; "}" cannot appear inside one and is dropped.
    void comment(std::string_view text) {
        std::vector<std::string> words(1);
        for (char c : text) {
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
                if (!words.back().empty()) words.emplace_back();
            } else if (c != '}') {
                words.back() += c;
            }
        }
        if (words.back().empty()) words.pop_back();
        if (words.empty()) words.emplace_back();
        words.front() = std::string("{").append(words.front());
        words.back() += '}';
        for (const std::string& w : words) wrapper_.word(w);
    }

    const PgnWriterOptions& options_;
    LineWrapper wrapper_;
};

std::string_view roster_default(std::string_view name) {
    return name == "Date" ? "????.??.??" : "?";
}

bool in_roster(std::string_view name) {
    for (std::string_view roster_name : SEVEN_TAG_ROSTER)
        if (name == roster_name) return true;
    return false;
}

void write_tag(std::string& out, std::string_view name, std::string_view value) {
    out += '[';
    out += name;
    out += " \"";
    out += escape_tag_value(value);
    out += "\"]\n";
}

std::string write_game(const GameHeaders& headers, const PgnLine& mainline, GameResult result,
                       const PgnWriterOptions& options) {
    std::string out;
    for (std::string_view name : SEVEN_TAG_ROSTER) {
        if (name == "Result")
            write_tag(out, name, result_text(result));
        else
            write_tag(out, name, headers.get(name, roster_default(name)));
    }
    // The other tags in ASCII order of their names (PGN standard 8.1.1, export format); a FEN
    // comes with SetUp "1", which goes just before it, as readers of the standard expect.
    std::vector<const PgnTag*> others;
    for (const PgnTag& tag : headers)
        if (!in_roster(tag.name)) others.push_back(&tag);
    PgnTag setup{"SetUp", "1"};
    if (headers.contains("FEN") && !headers.contains("SetUp")) others.push_back(&setup);
    auto order = [](const PgnTag* tag) {
        bool is_setup = tag->name == "SetUp";
        return std::pair(is_setup ? std::string_view("FEN") : std::string_view(tag->name),
                         !is_setup);
    };
    std::stable_sort(others.begin(), others.end(),
                     [&](const PgnTag* a, const PgnTag* b) { return order(a) < order(b); });
    for (const PgnTag* tag : others) write_tag(out, tag->name, tag->value);
    out += '\n';

    Position pos;
    std::string error;
    if (!starting_position(headers, pos, &error)) throw FenError(error);
    MovetextWriter writer(out, options);
    writer.line(mainline, pos);
    writer.word(result_text(result));
    writer.end_line();
    return out;
}

}  // namespace

std::string escape_tag_value(std::string_view value) {
    std::string escaped;
    escaped.reserve(value.size());
    for (char c : value) {
        if (c == '\\' || c == '"') escaped += '\\';
        // No non-printing characters inside strings (PGN standard 7): line ends and tabs.
        escaped += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
    }
    return escaped;
}

std::string write_pgn(const PgnGame& game, const PgnWriterOptions& options) {
    return write_game(game.headers, game.mainline, game.result, options);
}

std::string write_pgn(const PgnMainline& game, const PgnWriterOptions& options) {
    PgnLine line;
    line.moves.resize(game.moves.size());
    for (std::size_t i = 0; i < game.moves.size(); ++i) line.moves[i].move = game.moves[i];
    return write_game(game.headers, line, game.result, options);
}

}  // namespace mneme

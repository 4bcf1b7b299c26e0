#include "mneme/notation/position_line.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "mneme/notation/uci_move.h"

namespace mneme {

Position PositionLine::position() const {
    Position pos = start;
    for (Move m : moves) pos.do_move(m);
    return pos;
}

std::string PositionLine::to_string() const {
    std::string text = from_start ? "startpos" : "fen " + start.fen();
    if (moves.empty()) return text;
    text += " moves";
    Position pos = start;
    for (Move m : moves) {
        text += ' ' + move_to_uci(pos, m);
        pos.do_move(m);
    }
    return text;
}

PositionLine parse_position_line(std::string_view text) {
    std::string line(text.substr(0, text.find('#')));
    std::istringstream words(line);
    std::string word;
    PositionLine result;
    if (!(words >> word)) throw std::runtime_error("empty line");
    if (word == "fen") {
        std::string fen;
        while (words >> word && word != "moves") fen += word + ' ';
        if (fen.empty()) throw std::runtime_error("'fen' needs a FEN");
        try {
            result.start = Position::from_fen(fen);
        } catch (const std::exception& e) {
            throw std::runtime_error("bad FEN '" + fen + "': " + e.what());
        }
        result.from_start = false;
    } else if (word == "startpos") {
        if (words >> word && word != "moves")
            throw std::runtime_error("expected 'moves' after 'startpos', got '" + word + "'");
    } else {
        throw std::runtime_error("a line starts with 'startpos' or 'fen', not '" + word + "'");
    }
    Position pos = result.start;
    while (words >> word) {
        Move m = parse_uci_move(pos, word);
        if (!m)
            throw std::runtime_error("move " + std::to_string(result.moves.size() + 1) + " '" +
                                     word + "' is not legal in " + pos.fen());
        result.moves.push_back(m);
        pos.do_move(m);
    }
    return result;
}

std::vector<PositionLine> read_position_lines(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error(path + ": cannot open");
    std::vector<PositionLine> lines;
    std::string text;
    for (int number = 1; std::getline(in, text); ++number) {
        std::size_t first = text.find_first_not_of(" \t\r");
        if (first == std::string::npos || text[first] == '#') continue;
        try {
            lines.push_back(parse_position_line(text));
        } catch (const std::exception& e) {
            throw std::runtime_error(path + ":" + std::to_string(number) + ": " + e.what());
        }
    }
    return lines;
}

}  // namespace mneme

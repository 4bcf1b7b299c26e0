#include "mneme/pgn/eco_table.h"

#include <cctype>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "mneme/notation/san.h"
#include "mneme/util/builtin_files.h"
#include "mneme/util/text.h"

namespace mneme {

bool is_eco_code(std::string_view text) {
    return text.size() >= 3 && text[0] >= 'A' && text[0] <= 'E' &&
           std::isdigit(static_cast<unsigned char>(text[1])) &&
           std::isdigit(static_cast<unsigned char>(text[2]));
}

std::size_t EcoTable::load_lichess_tsv(const std::string& path, const Report& report) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot open opening table " + path);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return load_lichess_text(text, path, report);
}

std::size_t EcoTable::load_lichess_text(std::string_view text, const std::string& path,
                                        const Report& report) {
    std::size_t rows = 0, line_number = 0;
    for (std::string_view rest = text; !rest.empty();) {
        std::size_t end = rest.find('\n');
        std::string line(rest.substr(0, end));
        rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
        ++line_number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line_number == 1 && line.rfind("eco\t", 0) == 0) continue;  // the header
        if (line.empty()) continue;
        auto bad = [&](const std::string& reason) {
            if (report) report(path + ":" + std::to_string(line_number) + ": " + reason);
        };
        auto first_tab = line.find('\t');
        auto second_tab =
            first_tab == std::string::npos ? first_tab : line.find('\t', first_tab + 1);
        if (second_tab == std::string::npos) {
            bad("expected eco<TAB>name<TAB>moves");
            continue;
        }
        std::string code = line.substr(0, first_tab);
        std::string name = line.substr(first_tab + 1, second_tab - first_tab - 1);
        if (!is_eco_code(code) || code.size() != 3) {
            bad("'" + code + "' is not an ECO code");
            continue;
        }
        Position pos;
        int plies = 0;
        std::string failure;
        for (std::string_view word :
             split_whitespace(std::string_view(line).substr(second_tab + 1))) {
            if (std::isdigit(static_cast<unsigned char>(word.front()))) continue;  // "1."
            Move m = parse_san(pos, word);
            if (!m) {
                // Appended piece by piece: GCC 12 warns falsely on the chained operator+.
                failure.append("'").append(word).append("' is not a legal move in ");
                failure.append(pos.fen());
                break;
            }
            pos.do_move(m);
            ++plies;
        }
        if (!failure.empty()) {
            bad(failure);
            continue;
        }
        // Two lines reaching one position: the first (the tables list the main name first).
        by_position_.try_emplace(pos.key(), EcoOpening{code, name, plies});
        ++families_by_code_[code][name.substr(0, name.find(':'))];
        ++rows;
    }
    return rows;
}

const EcoTable& EcoTable::builtin() {
    static const EcoTable table = [] {
        EcoTable loaded;
        for (char volume = 'a'; volume <= 'e'; ++volume) {
            std::string path = std::string(BUILTIN_PREFIX) + "lichess_openings_" + volume + ".tsv";
            if (const BuiltinFile* file = find_builtin_file(path))
                loaded.load_lichess_text(
                    std::string_view(reinterpret_cast<const char*>(file->bytes.data()),
                                     file->bytes.size()),
                    path, nullptr);
        }
        return loaded;
    }();
    return table;
}

const EcoOpening* EcoTable::find(Key key) const {
    auto it = by_position_.find(key);
    return it == by_position_.end() ? nullptr : &it->second;
}

EcoTable EcoTable::load_directory(const std::string& directory, const Report& report) {
    EcoTable table;
    for (char volume = 'a'; volume <= 'e'; ++volume)
        table.load_lichess_tsv(directory + "/lichess_openings_" + volume + ".tsv", report);
    return table;
}

const EcoOpening* EcoTable::classify(const std::vector<Move>& moves, int max_plies) const {
    Position pos;
    const EcoOpening* deepest = nullptr;
    if (auto it = by_position_.find(pos.key()); it != by_position_.end()) deepest = &it->second;
    for (std::size_t i = 0; i < moves.size() && int(i) < max_plies; ++i) {
        pos.do_move(moves[i]);
        if (auto it = by_position_.find(pos.key()); it != by_position_.end()) deepest = &it->second;
    }
    return deepest;
}

std::string EcoTable::code_name(std::string_view code) const {
    auto it = families_by_code_.find(code);
    if (it == families_by_code_.end()) return "";
    const std::pair<const std::string, int>* best = nullptr;
    for (const auto& entry : it->second)
        if (!best || entry.second > best->second) best = &entry;
    return best->first;
}

}  // namespace mneme

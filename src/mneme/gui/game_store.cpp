#include "mneme/gui/game_store.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "mneme/util/atomic_file.h"

namespace mneme::gui {

namespace {

std::optional<std::string> read_whole_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

GameStore::GameStore(std::string directory) : directory_(std::move(directory)) {
    std::error_code error;
    std::filesystem::create_directories(directory_, error);
    if (error || !std::filesystem::is_directory(directory_))
        throw std::runtime_error("cannot create the games directory " + directory_ + ": " +
                                 error.message());
}

std::string GameStore::default_directory() {
    if (const char* data_home = std::getenv("XDG_DATA_HOME"); data_home && *data_home)
        return std::string(data_home) + "/mneme";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::string(home) + "/.local/share/mneme";
    return "mneme-games";
}

void GameStore::save_current(const std::string& session_json) {
    write_file_atomically(current_path(), [&](std::ostream& out) { out << session_json << '\n'; });
}

std::optional<std::string> GameStore::load_current() const {
    return read_whole_file(current_path());
}

void GameStore::append_game(const std::string& pgn) {
    // Rewritten whole, so that a crash mid-write never leaves half a game in the archive.
    std::string games = read_whole_file(games_path()).value_or("");
    if (!games.empty() && games.back() != '\n') games += '\n';
    if (!games.empty()) games += '\n';
    games += pgn;
    write_file_atomically(games_path(), [&](std::ostream& out) { out << games; });
}

}  // namespace mneme::gui

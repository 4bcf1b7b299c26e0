// Where games played in the GUI are kept so that a reload or a crash loses nothing: the game in
// progress (with its settings) in current.json, rewritten after every move, and every finished
// or abandoned game appended to games.pgn. Both are written atomically.
#pragma once

#include <optional>
#include <string>

namespace mneme::gui {

class GameStore {
public:
    // Creates the directory when missing; throws std::runtime_error when it cannot.
    explicit GameStore(std::string directory);

    // $XDG_DATA_HOME/mneme, else ~/.local/share/mneme, else ./mneme-games.
    static std::string default_directory();

    void save_current(const std::string& session_json);
    std::optional<std::string> load_current() const;
    void append_game(const std::string& pgn);

    const std::string& directory() const { return directory_; }
    std::string current_path() const { return directory_ + "/current.json"; }
    std::string games_path() const { return directory_ + "/games.pgn"; }

private:
    std::string directory_;
};

}  // namespace mneme::gui

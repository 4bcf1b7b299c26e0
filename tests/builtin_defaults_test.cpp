// The defaults built into the binary (defaults/, see defaults/MANIFEST.md): they are the
// committed files byte for byte, they are read under "builtin:NAME" like any file, and the
// engine's book, the book and CBR players and the graphical program's catalogue use them when
// given nothing else. None of this reads ../shared, so it runs on a fresh clone too.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "command_line.h"
#include "mneme/book/book_file.h"
#include "mneme/book/engine_book.h"
#include "mneme/book/opening_book.h"
#include "mneme/cbr/case_base.h"
#include "mneme/cbr/case_base_file.h"
#include "mneme/core/movegen.h"
#include "mneme/gui/api_router.h"
#include "mneme/gui/event_stream.h"
#include "mneme/gui/game_session.h"
#include "mneme/gui/player_library.h"
#include "mneme/match/in_process_players.h"
#include "mneme/match/player_spec.h"
#include "mneme/nnue/network.h"
#include "mneme/notation/uci_move.h"
#include "mneme/pgn/eco_table.h"
#include "mneme/protocol/engine_protocol.h"
#include "mneme/util/builtin_files.h"
#include "mneme/util/record_file.h"

namespace mneme {
namespace {

namespace fs = std::filesystem;

const fs::path DEFAULTS_DIRECTORY = fs::path(MNEME_SOURCE_DIR) / "defaults";

std::string read_bytes(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The committed defaults: every .mbook, .mcases and opening table of defaults/, by name.
std::vector<std::string> committed_names() {
    std::vector<std::string> names;
    for (const fs::directory_entry& entry : fs::directory_iterator(DEFAULTS_DIRECTORY)) {
        std::string extension = entry.path().extension().string();
        if (extension == ".mbook" || extension == ".mcases" || extension == ".tsv")
            names.push_back(entry.path().filename().string());
    }
    std::sort(names.begin(), names.end());
    return names;
}

// The number N of a "--min-count N" in a book's description (1 when there is none).
std::uint64_t min_count_of(const std::string& description) {
    auto at = description.find("--min-count ");
    return at == std::string::npos ? 1 : std::stoull(description.substr(at + 12));
}

TEST(BuiltinFiles, AreTheCommittedDefaultsByteForByte) {
    std::vector<std::string> names = committed_names();
    ASSERT_FALSE(names.empty()) << "defaults/ holds no book or case base";
    ASSERT_EQ(builtin_files().size(), names.size());
    for (std::size_t i = 0; i < names.size(); ++i) {
        const BuiltinFile& file = builtin_files()[i];
        EXPECT_EQ(file.name, names[i]);
        std::string committed = read_bytes(DEFAULTS_DIRECTORY / names[i]);
        ASSERT_EQ(file.bytes.size(), committed.size()) << names[i];
        EXPECT_EQ(std::memcmp(file.bytes.data(), committed.data(), committed.size()), 0)
            << names[i];
        // Records are read in place, so the start must be aligned as a mapping is.
        EXPECT_EQ(reinterpret_cast<std::uintptr_t>(file.bytes.data()) % 64, 0u) << names[i];
        EXPECT_EQ(file.sha256.size(), 64u);
        EXPECT_EQ(find_builtin_file("builtin:" + names[i]), &file);
    }
    EXPECT_EQ(find_builtin_file(names[0]), nullptr);  // a plain path is a file on disk
}

TEST(BuiltinFiles, AreReadUnderTheirBuiltinNames) {
    std::string path = builtin_book_path();
    ASSERT_EQ(path, "builtin:masters.mbook");
    BookFile builtin = BookFile::open(path);
    BookFile committed = BookFile::open((DEFAULTS_DIRECTORY / "masters.mbook").string());
    EXPECT_EQ(builtin.path(), path);
    EXPECT_EQ(builtin.description(), committed.description());
    EXPECT_EQ(builtin.checksum(), committed.checksum());
    ASSERT_EQ(builtin.size(), committed.size());
    EXPECT_EQ(std::memcmp(builtin.entries().data(), committed.entries().data(),
                          committed.size() * sizeof(BookEntry)),
              0);
    EXPECT_TRUE(BookFile::has_native_magic(path));
    EXPECT_FALSE(BookFile::has_native_magic(builtin_case_base_paths().front()));

    try {
        BookFile::open("builtin:nonexistent.mbook");
        FAIL() << "an unknown built-in name was opened";
    } catch (const BookFileError& e) {
        std::string message = e.what();
        EXPECT_NE(message.find("builtin:nonexistent.mbook"), std::string::npos) << message;
        EXPECT_NE(message.find("no such built-in file (this mneme has: capablanca.mcases"),
                  std::string::npos)
            << message;
    }
}

TEST(BuiltinBook, AnswersTheStartPositionWithLegalMovesAboveItsCut) {
    OpeningBook book = OpeningBook::open(builtin_book_path());
    ASSERT_TRUE(book.has_counts());
    std::uint64_t min_count = min_count_of(book.native()->description());
    EXPECT_GT(min_count, 1u) << book.native()->description();
    for (const BookEntry& entry : book.native()->entries()) ASSERT_GE(entry.games(), min_count);

    Position start;
    std::vector<OpeningBookMove> moves = book.moves(start);
    // Every entry of the start position is a legal move (moves() drops illegal ones).
    EXPECT_EQ(moves.size(), book.native()->lookup(start.key()).size());
    ASSERT_GE(moves.size(), 2u);
    // Most played first: the masters' two main first moves lead.
    EXPECT_EQ(move_to_uci(start, moves[0].move), "e2e4");
    EXPECT_EQ(move_to_uci(start, moves[1].move), "d2d4");
    EXPECT_GT(moves[0].counts.games(), moves[1].counts.games());
    for (const OpeningBookMove& m : moves) EXPECT_TRUE(MoveList<LEGAL>(start).contains(m.move));
}

TEST(BuiltinBook, IsTheEnginesBookWhenNoFileIsGiven) {
    EngineBook book;
    ASSERT_NE(book.book(), nullptr);
    EXPECT_EQ(book.book()->path(), builtin_book_path());
    Position start;
    EXPECT_FALSE(book.choose(start));  // OwnBook stays off by default
    std::string message;
    ASSERT_EQ(book.set_option("ownbook", "true", message), BookOptionResult::SET);
    auto decision = book.choose(start);
    ASSERT_TRUE(decision);
    EXPECT_TRUE(MoveList<LEGAL>(start).contains(decision->move));

    // A file given replaces it; a file that cannot be used leaves no book; empty brings it back.
    EXPECT_EQ(book.set_option("bookfile", "/nonexistent.mbook", message), BookOptionResult::FAILED);
    EXPECT_EQ(book.book(), nullptr);
    EXPECT_EQ(book.set_option("bookfile", "<empty>", message), BookOptionResult::SET);
    EXPECT_EQ(message,
              "built-in book builtin:masters.mbook loaded (" + book.book()->summary() + ")");
    // Technique 1 orders the search by the built-in book as by any native book.
    EXPECT_EQ(book.set_option("bookordering", "true", message), BookOptionResult::SET) << message;
    EXPECT_NE(book.ordering_hint(), nullptr);
}

TEST(BuiltinBook, UciOwnBookAloneAnswersFromIt) {
    std::istringstream in(
        "uci\nsetoption name OwnBook value true\nposition startpos\n"
        "go wtime 60000 btime 60000\n");
    std::ostringstream out;
    run_engine(in, out);
    std::string text = out.str();
    EXPECT_NE(text.find("info string book move "), std::string::npos) << text;
    auto at = text.find("bestmove ");
    ASSERT_NE(at, std::string::npos) << text;
    Position start;
    EXPECT_TRUE(parse_uci_move(start, text.substr(at + 9, 4))) << text;
}

TEST(BuiltinBook, TheBookPlayerNeedsNoFile) {
    MnemePlayer player(parse_player_spec({"proto=book"}));
    std::string error;
    ASSERT_TRUE(player.start(error)) << error;
    player.new_game(Position(), false);
    MoveRequest request;
    request.time_control.depth = 1;
    MoveReply reply = player.play(request);
    EXPECT_TRUE(MoveList<LEGAL>(request.position).contains(reply.move));
}

TEST(BuiltinCaseBases, LoadAndTheCbrPlayerMovesWithNoFile) {
    std::vector<std::string> paths = builtin_case_base_paths();
    ASSERT_FALSE(paths.empty());
    for (const std::string& path : paths) {
        std::shared_ptr<const CaseBase> base = CaseBase::open(path);
        ASSERT_FALSE(base->cases().empty()) << path;
        ASSERT_NE(base->file(), nullptr);
        EXPECT_NE(base->file()->description().find("--player"), std::string::npos) << path;
    }

    PlayerSpec spec = parse_player_spec({"proto=cbr", "seed=5"});
    EXPECT_EQ(spec.cases_path, paths.front());
    auto player = make_player(spec);
    std::string error;
    ASSERT_TRUE(player->start(error)) << error;
    MoveRequest request;
    MoveReply reply = player->play(request);
    EXPECT_TRUE(MoveList<LEGAL>(request.position).contains(reply.move));
}

TEST(BuiltinDefaults, TheGraphicalProgramOffersThemWithNoFiles) {
    auto library = std::make_shared<gui::PlayerLibrary>();
    library->add_builtin_book();
    library->add_builtin_case_bases();
    gui::EventStream events;
    gui::GameSession session(events, nullptr, library);
    auto request = [&](const std::string& method, const std::string& path, const std::string& body,
                       const gui::QueryParameters& query) {
        gui::ApiResponse response = gui::handle_api_request(session, method, path, query, body);
        EXPECT_EQ(response.status, 200) << path << ": " << response.body;
        return gui::Json::parse(response.body);
    };

    gui::Json players = request("GET", "/api/players", "", {});
    EXPECT_EQ(players["kinds"], gui::Json({"human", "engine", "cbr", "book"}));
    ASSERT_EQ(players["books"].size(), 1u);
    EXPECT_EQ(players["books"][0]["id"], builtin_book_path());
    EXPECT_TRUE(players["books"][0]["builtin"].get<bool>());
    ASSERT_EQ(players["case_bases"].size(), builtin_case_base_paths().size());
    EXPECT_EQ(players["case_bases"][0]["id"], builtin_case_base_paths().front());

    // The Analyse tab's table of the start position, the policy's move marked.
    gui::Json table = request("GET", "/api/book", "", {{"ply", "0"}});
    ASSERT_FALSE(table["moves"].empty());
    EXPECT_EQ(table["moves"][0]["san"], "e4");
    EXPECT_EQ(table["book_id"], builtin_book_path());

    // The CBR player with the default case base answers 1. e4.
    request("POST", "/api/new-game", R"({"players": {"white": "human", "black": "cbr"}})", {});
    request("POST", "/api/move", R"({"uci": "e2e4"})", {});
    ASSERT_TRUE(session.wait_until_engine_idle(20000));
    gui::Json state = request("GET", "/api/state", "", {});
    ASSERT_EQ(state["moves"].size(), 2u) << state.dump();
    EXPECT_EQ(state["decisions"][1]["kind"], "cbr");
    Position after_e4;
    after_e4.do_move(parse_uci_move(after_e4, "e2e4"));
    EXPECT_TRUE(parse_uci_move(after_e4, state["moves"][1]["uci"].get<std::string>()));
    session.shutdown();
}

TEST(BuiltinDefaults, VersionAndBookInfoNameThem) {
    std::ostringstream out, err;
    ASSERT_EQ(app::run_command_line({"--version"}, out, err), 0);
    std::string version = out.str();
    BookFile book = BookFile::open(builtin_book_path());
    EXPECT_NE(version.find("book       built in: builtin:masters.mbook, " +
                           std::to_string(book.size()) + " entries"),
              std::string::npos)
        << version;
    for (const std::string& path : builtin_case_base_paths())
        EXPECT_NE(version.find("cases      built in: " + path + ", "), std::string::npos)
            << version;
    // Every built-in file is listed as what it is: no opening table is taken for a case base.
    EXPECT_EQ(version.find("unusable"), std::string::npos) << version;
    EXPECT_EQ(version.find(".tsv"), std::string::npos) << version;
    // The network is named by the checksum of the committed file it was built from.
    std::string network = std::string(MNEME_SOURCE_DIR) + "/networks/default.mnet";
    if (std::filesystem::exists(network)) {
        EXPECT_NE(version.find("network    built in: (768->"), std::string::npos) << version;
        EXPECT_NE(version.find(", checksum " + hex64(nnue::load_network_file(network).checksum()) +
                               "\n           trained by: mneme learn nnue; data: "),
                  std::string::npos)
            << version;
    }
    EXPECT_NE(version.find("openings   built in: " + std::to_string(EcoTable::builtin().size()) +
                           " named positions from 5 ECO tables"),
              std::string::npos)
        << version;

    // book info prints with printf, so its output is taken from the process's stdout.
    std::ostringstream info, info_err;
    testing::internal::CaptureStdout();
    int status = app::run_command_line({"book", "info", "builtin:masters.mbook"}, info, info_err);
    std::string printed = testing::internal::GetCapturedStdout() + info.str();
    ASSERT_EQ(status, 0) << info_err.str();
    EXPECT_NE(printed.find("built by     " + book.description()), std::string::npos) << printed;
    EXPECT_NE(printed.find("entries      " + std::to_string(book.size())), std::string::npos)
        << printed;
}

}  // namespace
}  // namespace mneme

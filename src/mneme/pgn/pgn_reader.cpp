#include "mneme/pgn/pgn_reader.h"

#include "mneme/pgn/read_ahead_stream.h"
#include "mneme/util/text.h"

namespace mneme {

namespace {

// Builds the full game tree: comments, NAGs and nested variations.
class TreeSink {
public:
    explicit TreeSink(PgnGame& game) : game_(game) {}

    void begin() {
        game_.headers.clear();
        game_.mainline = PgnLine();
        game_.result = GameResult::ONGOING;
        lines_.assign(1, &game_.mainline);
    }
    GameHeaders& headers() { return game_.headers; }
    void set_source(PgnSource source) { game_.source = source; }
    void set_result(GameResult result) { game_.result = result; }
    void move(Move m, int nag) {
        PgnNode& node = lines_.back()->moves.emplace_back();
        node.move = m;
        if (nag) node.nags.push_back(std::uint8_t(nag));
    }
    void nag(int value) {
        // A NAG before any move of its line has nothing to describe.
        if (!lines_.back()->moves.empty())
            lines_.back()->moves.back().nags.push_back(std::uint8_t(value));
    }
    void comment(std::string_view text) {
        PgnLine& line = *lines_.back();
        std::string& target = line.moves.empty() ? line.comment : line.moves.back().comment;
        if (!target.empty() && !text.empty()) target += ' ';
        target += text;
    }
    void begin_variation() {
        PgnNode& parent = lines_.back()->moves.back();
        lines_.push_back(&parent.variations.emplace_back());
    }
    void end_variation() { lines_.pop_back(); }

private:
    PgnGame& game_;
    // The line being extended and its ancestors. Only the innermost line grows while it is on
    // top, so the pointers to the outer ones stay valid.
    std::vector<PgnLine*> lines_;
};

// Keeps headers and mainline moves only; storage is reused from game to game.
class MainlineSink {
public:
    explicit MainlineSink(PgnMainline& game) : game_(game) {}

    void begin() {
        game_.headers.clear();
        game_.moves.clear();
        game_.result = GameResult::ONGOING;
        depth_ = 0;
    }
    GameHeaders& headers() { return game_.headers; }
    void set_source(PgnSource source) { game_.source = source; }
    void set_result(GameResult result) { game_.result = result; }
    void move(Move m, int) {
        if (depth_ == 0) game_.moves.push_back(m);
    }
    void nag(int) {}
    void comment(std::string_view) {}
    void begin_variation() { ++depth_; }
    void end_variation() { --depth_; }

private:
    PgnMainline& game_;
    int depth_ = 0;
};

}  // namespace

std::string PgnError::message() const {
    std::string text = file + ": ";
    if (game_number)
        text += "game " + std::to_string(game_number) + " (line " + std::to_string(line) + "): ";
    else if (line)
        text += "line " + std::to_string(line) + ": ";
    if (warning) text += "warning: ";
    // Reasons quote the input (tag values, moves, stray text), which may hold any byte.
    return printable(text + reason);
}

PgnReader::PgnReader(const std::string& path, PgnReaderOptions options)
    : options_(std::move(options)) {
    name_ = !options_.name.empty() ? options_.name : path == "-" ? "<stdin>" : path;
    std::string error;
    std::unique_ptr<InputStream> input = InputStream::open(path, &error);
    if (!input) {
        failed_ = true;
        errors_.push_back({name_, 0, 0, error, false});
        input = InputStream::from_string("");
    } else if (input->compression() != Compression::NONE && options_.decode_ahead) {
        input = read_ahead(std::move(input));
    }
    lexer_ = std::make_unique<PgnLexer>(std::move(input), options_.mainline_only);
}

PgnReader::PgnReader(std::unique_ptr<InputStream> input, PgnReaderOptions options, std::string name)
    : name_(std::move(name)),
      lexer_(std::make_unique<PgnLexer>(std::move(input), options.mainline_only)),
      options_(std::move(options)) {}

PgnReader PgnReader::from_string(std::string text, PgnReaderOptions options) {
    std::string name = options.name.empty() ? "<string>" : options.name;
    return PgnReader(InputStream::from_string(std::move(text)), std::move(options),
                     std::move(name));
}

std::uint64_t PgnReader::bytes_consumed() const { return lexer_->input().bytes_consumed(); }
std::uint64_t PgnReader::total_bytes() const { return lexer_->input().total_bytes(); }

std::optional<PgnGame> PgnReader::next() {
    PgnGame game;
    if (!next(game)) return std::nullopt;
    return game;
}

bool PgnReader::next(PgnGame& game) {
    TreeSink sink(game);
    return read_game(sink);
}

bool PgnReader::next_mainline(PgnMainline& game) {
    MainlineSink sink(game);
    return read_game(sink);
}

void PgnReader::report(std::uint64_t game_number, std::uint64_t line, std::string reason,
                       bool warning) {
    if (warning) ++stats_.warnings;
    errors_.push_back({name_, game_number, line, std::move(reason), warning});
}

void PgnReader::check_input_error() {
    if (input_checked_) return;
    input_checked_ = true;
    const std::string& error = lexer_->input().error();
    if (error.empty()) return;
    failed_ = true;
    report(0, lexer_->line(), error);
}

std::string PgnReader::move_failure(std::string_view text, SanError why, int depth) const {
    const char* what = why == SanError::ILLEGAL     ? "illegal move"
                       : why == SanError::AMBIGUOUS ? "ambiguous move"
                                                    : "unparseable move";
    std::string reason = std::string(what) + " '" + std::string(text) + "' at ply " +
                         std::to_string(position_.history_length() + 1) + " (" +
                         std::to_string(position_.fullmove_number()) +
                         (position_.side_to_move() == WHITE ? ".)" : ". ...)");
    if (depth > 0) reason += " in a variation";
    return reason;
}

bool PgnReader::set_up_position(const GameHeaders& headers, std::uint64_t line) {
    if (!headers.contains("FEN") && !headers.contains("Variant")) {
        position_ = standard_start_;  // a copy is much cheaper than parsing the start FEN
        return true;
    }
    std::string why;
    if (starting_position(headers, position_, &why)) return true;
    report(game_number_, line, why);
    return false;
}

// The standard wants the Result tag and the movetext's termination marker to agree. When they do
// not, a finished result in the tag is kept, and said: over "*" it is what an export cut short
// lost, and over another finished result it is the one databases index and search by and the
// one mneme report scores (python-chess keeps the tag too). A "*" or invalid tag claims no
// result, so the marker's is taken without a word, as import format allows.
GameResult PgnReader::agreed_result(const GameHeaders& headers, std::string_view marker,
                                    std::uint64_t line) {
    GameResult from_marker = parse_result(marker);
    const std::string* tag = headers.find("Result");
    bool valid = false;
    GameResult from_tag = tag ? parse_result(*tag, &valid) : GameResult::ONGOING;
    if (!valid || from_tag == GameResult::ONGOING || from_tag == from_marker) return from_marker;
    report(game_number_, line,
           "the Result tag \"" + *tag + "\" disagrees with the movetext's \"" +
               std::string(marker) + "\"; kept \"" + *tag + "\"",
           true);
    return from_tag;
}

template <class Sink>
bool PgnReader::read_game(Sink& sink) {
    for (;;) {
        sink.begin();
        PgnToken token = lexer_->next();
        // Between games only comments belong; other text is reported once and passed over.
        bool reported_stray_text = false;
        while (token.kind != PgnTokenKind::TAG && token.kind != PgnTokenKind::MOVE) {
            if (token.kind == PgnTokenKind::END_OF_INPUT) {
                check_input_error();
                return false;
            }
            if (token.kind == PgnTokenKind::COMMENT) {
                sink.comment(token.text);
            } else if (!reported_stray_text) {
                reported_stray_text = true;
                std::string reason = "text between games ignored: ";
                if (token.kind == PgnTokenKind::ERROR)
                    reason.append(token.text);
                else
                    reason.append("'").append(token.text).append("'");
                report(0, token.line, std::move(reason), true);
            }
            if (token.kind == PgnTokenKind::ERROR) lexer_->skip_line();
            token = lexer_->next();
        }

        ++game_number_;
        sink.set_source({game_number_, token.line});
        std::uint64_t first_line = token.line;
        bool tagged = token.kind == PgnTokenKind::TAG;
        std::uint64_t tag_line = tagged ? token.line : 0;
        // Junk on a tag pair's own line ("[Event "a"]]") is passed over with a warning, so the
        // tags after it stay this game's instead of starting one of their own. An unterminated
        // comment or variation is no such junk: it took the rest of the input with it.
        auto junk_after_tag = [&] {
            return token.kind == PgnTokenKind::ERROR && tag_line != 0 && token.line == tag_line &&
                   !token.ran_on;
        };
        while (token.kind == PgnTokenKind::TAG || token.kind == PgnTokenKind::COMMENT ||
               junk_after_tag()) {
            if (token.kind == PgnTokenKind::COMMENT) {
                sink.comment(token.text);
            } else if (token.kind == PgnTokenKind::ERROR) {
                report(game_number_, token.line,
                       "text after a tag pair ignored: " + std::string(token.text), true);
                lexer_->skip_line();
            } else if (!sink.headers().add(token.text, token.value)) {
                // A tag seen twice: this game had no movetext and the next one begins here.
                break;
            } else {
                tag_line = token.line;
                // Kept, since the text up to the line's end is most likely the whole value, but
                // said, since it may not be.
                if (token.unclosed)
                    report(game_number_, token.line,
                           "tag pair " + std::string(token.text) +
                               " not closed on its line; read as \"" + std::string(token.value) +
                               "\"",
                           true);
            }
            token = lexer_->next();
        }
        if (!set_up_position(sink.headers(), first_line)) {
            skip_game(token, 0);
            ++stats_.games_skipped;
            continue;
        }
        switch (read_movetext(sink, token, tagged)) {
            case MovetextOutcome::READ:
                ++stats_.games_read;
                return true;
            case MovetextOutcome::SKIPPED:
                ++stats_.games_skipped;
                break;
            case MovetextOutcome::NOT_A_GAME:
                --game_number_;
                break;
        }
    }
}

template <class Sink>
PgnReader::MovetextOutcome PgnReader::read_movetext(Sink& sink, PgnToken token, bool tagged) {
    frames_.clear();
    int depth = 0;
    Move last;  // the last move played in the current line: what a new variation replaces
    std::uint64_t mainline_plies = 0;
    bool has_result = false;
    for (;; token = lexer_->next()) {
        switch (token.kind) {
            case PgnTokenKind::MOVE: {
                SanError why = SanError::NONE;
                Move m = parse_san(position_, token.text, &why);
                if (!m) {
                    if (token.text == "e.p.") break;  // a detached en passant remark
                    // Untagged text that is not even SAN is prose between games, not a game.
                    if (!tagged && mainline_plies == 0 && depth == 0 && why == SanError::SYNTAX) {
                        report(0, token.line,
                               "text between games ignored: '" + std::string(token.text) + "'",
                               true);
                        skip_game(lexer_->next(), 0);
                        return MovetextOutcome::NOT_A_GAME;
                    }
                    report(game_number_, token.line, move_failure(token.text, why, depth));
                    skip_game(lexer_->next(), depth);
                    return MovetextOutcome::SKIPPED;
                }
                position_.do_move(m);
                sink.move(m, token.nag);
                last = m;
                if (depth == 0) ++mainline_plies;
                break;
            }
            case PgnTokenKind::NAG:
                sink.nag(token.nag);
                break;
            case PgnTokenKind::COMMENT:
                sink.comment(token.text);
                break;
            case PgnTokenKind::VARIATION_START:
                if (!last) {
                    report(game_number_, token.line, "variation before any move it could replace");
                    skip_game(lexer_->next(), depth + 1);
                    return MovetextOutcome::SKIPPED;
                }
                if (depth >= options_.max_variation_depth) {
                    report(game_number_, token.line,
                           "variations nested deeper than " +
                               std::to_string(options_.max_variation_depth) + " levels");
                    skip_game(lexer_->next(), depth + 1);
                    return MovetextOutcome::SKIPPED;
                }
                position_.undo_move();
                frames_.push_back({last, position_.history_length(), token.line});
                sink.begin_variation();
                ++depth;
                last = Move::none();
                break;
            case PgnTokenKind::VARIATION_END: {
                if (depth == 0) {
                    report(game_number_, token.line, "')' without a matching '('");
                    skip_game(lexer_->next(), 0);
                    return MovetextOutcome::SKIPPED;
                }
                VariationFrame frame = frames_.back();
                frames_.pop_back();
                while (position_.history_length() > frame.history_length) position_.undo_move();
                position_.do_move(frame.replaced);
                last = frame.replaced;
                --depth;
                sink.end_variation();
                break;
            }
            case PgnTokenKind::RESULT:
                if (depth > 0) break;  // some editors end variations with a result: ignore it
                sink.set_result(agreed_result(sink.headers(), token.text, token.line));
                has_result = true;
                [[fallthrough]];
            case PgnTokenKind::TAG:
            case PgnTokenKind::END_OF_INPUT:
                if (depth > 0) {
                    report(game_number_, frames_.front().line, "unterminated variation");
                    if (token.kind == PgnTokenKind::TAG) lexer_->unread(token);
                    return MovetextOutcome::SKIPPED;
                }
                // Tags right after movetext start the next game: this one simply lacked a result.
                if (token.kind == PgnTokenKind::TAG) lexer_->unread(token);
                if (!has_result) sink.set_result(parse_result(sink.headers().get("Result")));
                stats_.plies += mainline_plies;
                return MovetextOutcome::READ;
            case PgnTokenKind::ERROR:
                report(game_number_, token.line, std::string(token.text));
                skip_game(lexer_->next(), depth);
                return MovetextOutcome::SKIPPED;
        }
    }
}

// Passes over the rest of a bad game: up to its result, the next game's tags or the end.
void PgnReader::skip_game(PgnToken token, int depth) {
    for (;; token = lexer_->next()) {
        switch (token.kind) {
            case PgnTokenKind::END_OF_INPUT:
                return;
            case PgnTokenKind::TAG:
                lexer_->unread(token);
                return;
            case PgnTokenKind::RESULT:
                if (depth <= 0) return;
                break;
            case PgnTokenKind::VARIATION_START:
                ++depth;
                break;
            case PgnTokenKind::VARIATION_END:
                if (depth > 0) --depth;
                break;
            default:
                break;
        }
    }
}

}  // namespace mneme

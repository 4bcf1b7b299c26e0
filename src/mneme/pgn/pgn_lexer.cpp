#include "mneme/pgn/pgn_lexer.h"

#include <algorithm>
#include <array>
#include <cstring>

#include "mneme/pgn/pgn_game.h"

namespace mneme {

namespace {

constexpr std::size_t BLOCK_SIZE = 1 << 18;  // small enough to stay in the L2 cache
// A line longer than this (no sane PGN has one) is cut, so memory stays bounded.
constexpr std::size_t MAX_BLOCK_SIZE = 64 << 20;

enum CharClass : std::uint8_t {
    OTHER,
    SPACE,
    NEWLINE,
    LETTER,
    DIGIT,
    TAG_OPEN,
    BRACE_OPEN,
    SEMICOLON,
    PAREN_OPEN,
    PAREN_CLOSE,
    DOLLAR,
    ANNOTATION,
    STAR,
    DOT,
    DASH,
    NON_ASCII,
};

constexpr std::array<CharClass, 256> make_char_classes() {
    std::array<CharClass, 256> table{};
    for (int c = 0; c < 256; ++c) table[c] = c >= 128 ? NON_ASCII : OTHER;
    for (int c = 'a'; c <= 'z'; ++c) table[c] = LETTER;
    for (int c = 'A'; c <= 'Z'; ++c) table[c] = LETTER;
    for (int c = '0'; c <= '9'; ++c) table[c] = DIGIT;
    for (char c : {' ', '\t', '\r', '\f', '\v'}) table[static_cast<unsigned char>(c)] = SPACE;
    table['\n'] = NEWLINE;
    table['['] = TAG_OPEN;
    table['{'] = BRACE_OPEN;
    table[';'] = SEMICOLON;
    table['('] = PAREN_OPEN;
    table[')'] = PAREN_CLOSE;
    table['$'] = DOLLAR;
    table['!'] = ANNOTATION;
    table['?'] = ANNOTATION;
    table['*'] = STAR;
    table['.'] = DOT;
    table['-'] = DASH;
    return table;
}

constexpr std::array<bool, 256> make_move_chars() {
    std::array<bool, 256> table{};
    for (int c = 'a'; c <= 'z'; ++c) table[c] = true;
    for (int c = 'A'; c <= 'Z'; ++c) table[c] = true;
    for (int c = '0'; c <= '9'; ++c) table[c] = true;
    for (char c : {'-', '=', '+', '#', ':', '!', '?', '.', '/'})
        table[static_cast<unsigned char>(c)] = true;
    return table;
}

// Characters that end a tag name, or need a look inside a quoted tag value.
constexpr std::array<bool, 256> make_stops(std::string_view stops) {
    std::array<bool, 256> table{};
    for (char c : stops) table[static_cast<unsigned char>(c)] = true;
    return table;
}

constexpr auto CHAR_CLASS = make_char_classes();
constexpr auto TAG_NAME_STOP = make_stops(std::string_view(" \t\r\f\v\n\"]", 9));
constexpr auto TAG_VALUE_STOP = make_stops("\"\\\n");
constexpr auto MOVE_CHAR = make_move_chars();
// What a skipped variation has to look at; everything else is passed over.
constexpr auto VARIATION_STOP = make_stops("(){;\n");

inline unsigned char byte(const char* p) { return static_cast<unsigned char>(*p); }
inline bool is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

// Splits a trailing "!"/"?" annotation (at most two characters) off a move token.
std::string_view strip_suffix(std::string_view text, int& nag) {
    std::size_t keep = text.size();
    while (keep > 1 && text.size() - keep < 2 && (text[keep - 1] == '!' || text[keep - 1] == '?'))
        --keep;
    nag = keep < text.size() ? suffix_nag(text.substr(keep)) : 0;
    return text.substr(0, keep);
}

std::string printable(unsigned char c) {
    if (c >= 32 && c < 127) return std::string("'") + char(c) + "'";
    static constexpr char HEX[] = "0123456789abcdef";
    return std::string("byte 0x") + HEX[c >> 4] + HEX[c & 15];
}

}  // namespace

int suffix_nag(std::string_view suffix) {
    if (suffix == "!") return NAG_GOOD_MOVE;
    if (suffix == "?") return NAG_MISTAKE;
    if (suffix == "!!") return NAG_BRILLIANT_MOVE;
    if (suffix == "??") return NAG_BLUNDER;
    if (suffix == "!?") return NAG_SPECULATIVE_MOVE;
    if (suffix == "?!") return NAG_DUBIOUS_MOVE;
    return NAG_NONE;
}

PgnLexer::PgnLexer(std::unique_ptr<InputStream> input, bool mainline_only)
    : input_(std::move(input)), mainline_only_(mainline_only), capacity_(BLOCK_SIZE) {
    // Plain input of known size needs no bigger block than itself (the block grows if needed).
    std::uint64_t total = input_->total_bytes();
    if (input_->compression() == Compression::NONE && total > 0)
        capacity_ = std::size_t(std::clamp<std::uint64_t>(total, 64, BLOCK_SIZE));
    buffer_.resize(capacity_ + 1);
    cursor_ = limit_ = buffer_.data();
}

bool PgnLexer::refill() {
    fill(std::size_t(limit_ - buffer_.data()));
    cursor_ = buffer_.data();
    at_end_ = limit_ == buffer_.data();
    return !at_end_;
}

// Moves the bytes from `keep` on to the buffer's start and reads until at least one more line
// than the block held is complete; limit_ then ends after the last complete line. Returns false
// when the input had no more line (limit_ keeps the kept lines). cursor_ is left to the caller.
bool PgnLexer::fill(std::size_t keep) {
    std::size_t kept_lines = std::size_t(limit_ - buffer_.data()) - keep;
    std::size_t kept = data_end_ - keep;
    std::memmove(buffer_.data(), buffer_.data() + keep, kept);
    data_end_ = kept;
    // The kept bytes after kept_lines are an unfinished line: it has no '\n'.
    std::size_t lexable = kept_lines;
    while (lexable == kept_lines) {
        if (input_ended_) {
            if (data_end_ == kept_lines) break;
            // The last line lacks its '\n': add one so every line ends the same way.
            if (buffer_[data_end_ - 1] != '\n') buffer_[data_end_++] = '\n';
            lexable = data_end_;
            break;
        }
        if (data_end_ == capacity_) {
            if (capacity_ < MAX_BLOCK_SIZE) {
                capacity_ *= 2;
                buffer_.resize(capacity_ + 1);
            } else {
                buffer_[data_end_++] = '\n';  // cut the monster line
                lexable = data_end_;
                break;
            }
        }
        std::size_t got = input_->read(buffer_.data() + data_end_, capacity_ - data_end_);
        if (got == 0) {
            input_ended_ = true;
            continue;
        }
        const void* last_newline = memrchr(buffer_.data() + data_end_, '\n', got);
        data_end_ += got;
        if (last_newline)
            lexable = std::size_t(static_cast<const char*>(last_newline) - buffer_.data()) + 1;
    }
    limit_ = buffer_.data() + lexable;
    return lexable > kept_lines;
}

// Called at the start of every line: refills at a block end and skips "%" escape lines.
bool PgnLexer::start_line() {
    for (;;) {
        if (cursor_ == limit_ && !refill()) return false;
        if (*cursor_ != '%') return true;
        cursor_ =
            static_cast<const char*>(std::memchr(cursor_, '\n', std::size_t(limit_ - cursor_))) + 1;
        ++line_;
    }
}

PgnToken PgnLexer::make(PgnTokenKind kind, std::string_view text, std::uint64_t line, int nag) {
    PgnToken token;
    token.kind = kind;
    token.text = text;
    token.nag = nag;
    token.line = line;
    return token;
}

PgnToken PgnLexer::error(std::string message, std::uint64_t line, bool ran_on) {
    scratch_ = std::move(message);
    PgnToken token = make(PgnTokenKind::ERROR, scratch_, line);
    token.ran_on = ran_on;
    return token;
}

// The common tokens: moves, their numbers and the blanks between them. Everything else goes to
// lex_rare(), kept out of line so this loop stays small.
PgnToken PgnLexer::next() {
    if (has_pending_ || at_end_ || !started_) {
        if (has_pending_) {
            has_pending_ = false;
            return pending_;
        }
        if (at_end_ || !start()) return make(PgnTokenKind::END_OF_INPUT, {}, line_);
    }
    for (;;) {
        switch (CHAR_CLASS[byte(cursor_)]) {
            case SPACE:
                ++cursor_;
                while (CHAR_CLASS[byte(cursor_)] == SPACE) ++cursor_;
                break;
            case NEWLINE:
                ++cursor_;
                ++line_;
                if ((cursor_ == limit_ || *cursor_ == '%') && !start_line())
                    return make(PgnTokenKind::END_OF_INPUT, {}, line_);
                // Files joined together (cat a.pgn b.pgn) leave a byte order mark at a line's
                // start; as non-ASCII it cost the tag after it.
                if (*cursor_ == '\xEF' && limit_ - cursor_ >= 3 &&
                    std::memcmp(cursor_, "\xEF\xBB\xBF", 3) == 0)
                    cursor_ += 3;
                break;
            case LETTER:
                return lex_move();
            case DIGIT: {
                // Move numbers ("12.", "12...") produce no token. The move usually follows at
                // once; taking it here saves a pass through this switch.
                const char* start = cursor_;
                while (CHAR_CLASS[byte(cursor_)] == DIGIT) ++cursor_;
                if (*cursor_ == '-' || *cursor_ == '/') {
                    cursor_ = start;
                    return lex_number();
                }
                while (*cursor_ == '.') ++cursor_;
                while (*cursor_ == ' ') ++cursor_;
                if (CHAR_CLASS[byte(cursor_)] == LETTER) return lex_move();
                break;
            }
            default: {
                PgnToken token;
                if (lex_rare(token)) return token;
                break;
            }
        }
    }
}

// The first block: skips a UTF-8 byte order mark and "%" lines at the very start.
bool PgnLexer::start() {
    started_ = true;
    if (!refill()) return false;
    if (limit_ - cursor_ >= 3 && std::memcmp(cursor_, "\xEF\xBB\xBF", 3) == 0) cursor_ += 3;
    return start_line();
}

// One character that next() does not handle itself. Returns false when it only passed over
// something (a skipped comment or variation, a stray dot) and next() should go on.
bool PgnLexer::lex_rare(PgnToken& token) {
    switch (CHAR_CLASS[byte(cursor_)]) {
        case TAG_OPEN:
            token = lex_tag();
            return true;
        case BRACE_OPEN:
            if (!mainline_only_) {
                token = lex_brace_comment();
                return true;
            }
            {
                std::uint64_t line = line_;
                if (skip_brace_comment()) return false;
                token = error("unterminated comment", line, true);
            }
            return true;
        case SEMICOLON:
            if (!mainline_only_) {
                token = lex_line_comment();
                return true;
            }
            cursor_ =
                static_cast<const char*>(std::memchr(cursor_, '\n', std::size_t(limit_ - cursor_)));
            return false;
        case PAREN_OPEN:
            if (!mainline_only_) {
                ++cursor_;
                token = make(PgnTokenKind::VARIATION_START, "(", line_);
                return true;
            }
            token = skip_variation();
            return token.kind == PgnTokenKind::ERROR;
        case PAREN_CLOSE:
            ++cursor_;
            token = make(PgnTokenKind::VARIATION_END, ")", line_);
            return true;
        case DOLLAR:
            token = lex_nag();
            return true;
        case ANNOTATION:
            token = lex_annotation();
            return true;
        case STAR:
            ++cursor_;
            token = make(PgnTokenKind::RESULT, "*", line_);
            return true;
        case DOT:  // "1. ... e5" writes the dots apart from the number
            ++cursor_;
            return false;
        case DASH:
            if (cursor_[1] == '-') {  // "--", a null move
                token = lex_move();
                return true;
            }
            ++cursor_;
            token = error("unexpected character '-'", line_);
            return true;
        case NON_ASCII: {
            std::uint64_t line = line_;
            while (CHAR_CLASS[byte(cursor_)] == NON_ASCII) ++cursor_;
            token = error("unexpected non-ASCII text", line);
            return true;
        }
        case OTHER: {
            unsigned char c = byte(cursor_);
            ++cursor_;
            token = error("unexpected character " + printable(c), line_);
            return true;
        }
        default:
            return false;  // the classes next() handles never arrive here
    }
}

namespace {

// Whether the line at `p` opens a tag pair: '[', a name that starts with a letter, blanks, '"'.
// A comment's own lines that start with '[' hold commands such as [%clk 0:05:00], never this.
// The line is whole in the block, so the scan ends at its '\n' at the latest.
bool opens_tag_pair(const char* p) {
    auto letter = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); };
    if (p[0] != '[' || !letter(p[1])) return false;
    p += 2;
    while (letter(*p) || (*p >= '0' && *p <= '9') || *p == '_') ++p;
    if (*p != ' ' && *p != '\t') return false;
    while (*p == ' ' || *p == '\t') ++p;
    return *p == '"';
}

}  // namespace

// Where the brace comment that goes on at `from` stops in this block: at its '}', at the start
// of a line that opens a tag pair (`at_tags`: the comment was never closed, and the next game's
// headers begin there, so one missing '}' costs one game, not the rest of the file), or at the
// block's end. `line_start`: `from` begins a line.
const char* PgnLexer::comment_stop(const char* from, bool line_start, bool* at_tags) const {
    *at_tags = line_start && opens_tag_pair(from);
    if (*at_tags) return from;
    const char* close =
        static_cast<const char*>(std::memchr(from, '}', std::size_t(limit_ - from)));
    const char* end = close ? close : limit_;
    for (const char* p = from;
         (p = static_cast<const char*>(std::memchr(p, '\n', std::size_t(end - p))));) {
        if (++p < end && opens_tag_pair(p)) {
            *at_tags = true;
            return p;
        }
    }
    return end;
}

// Passes over a {...} comment from its '{', counting its lines; false when it never closes
// (at the input's end, or at a line that opens a tag pair).
bool PgnLexer::skip_brace_comment() {
    ++cursor_;
    for (bool line_start = false;; line_start = true) {
        bool at_tags = false;
        const char* stop = comment_stop(cursor_, line_start, &at_tags);
        line_ += std::uint64_t(std::count(cursor_, stop, '\n'));
        cursor_ = stop;
        if (at_tags) return false;
        if (stop != limit_) break;
        if (!refill()) return false;
    }
    ++cursor_;
    return true;
}

void PgnLexer::skip_line() {
    if (has_pending_ || at_end_ || cursor_ == limit_) return;
    if (cursor_ == buffer_.data() || cursor_[-1] == '\n') return;  // already at a line start
    cursor_ = static_cast<const char*>(std::memchr(cursor_, '\n', std::size_t(limit_ - cursor_)));
}

PgnToken PgnLexer::lex_move() {
    const char* start = cursor_;
    const char* p = start + 1;
    while (MOVE_CHAR[byte(p)]) ++p;
    const char* end = p;
    while (*p == ' ') ++p;  // the usual separator, passed here rather than by the main switch
    cursor_ = p;
    std::string_view text(start, std::size_t(end - start));
    int nag = 0;
    if (end[-1] == '!' || end[-1] == '?') text = strip_suffix(text, nag);
    return make(PgnTokenKind::MOVE, text, line_, nag);
}

// A token starting with digits and then '-' or '/': a result, or castling written with zeros.
PgnToken PgnLexer::lex_number() {
    const char* start = cursor_;
    const char* p = start;
    while (MOVE_CHAR[byte(p)]) ++p;
    cursor_ = p;
    std::string_view text(start, std::size_t(p - start));
    if (text == "1-0" || text == "0-1" || text == "1/2-1/2")
        return make(PgnTokenKind::RESULT, text, line_);
    if (text == "1/2") return make(PgnTokenKind::RESULT, "1/2-1/2", line_);
    if (text.starts_with("0-0")) {
        int nag = 0;
        return make(PgnTokenKind::MOVE, strip_suffix(text, nag), line_, nag);
    }
    return error("unexpected text '" + std::string(text) + "'", line_);
}

PgnToken PgnLexer::lex_annotation() {
    const char* start = cursor_;
    while (*cursor_ == '!' || *cursor_ == '?') ++cursor_;
    std::string_view text(start, std::size_t(cursor_ - start));
    int nag = suffix_nag(text);
    if (nag == 0) return error("unknown annotation '" + std::string(text) + "'", line_);
    return make(PgnTokenKind::NAG, text, line_, nag);
}

PgnToken PgnLexer::lex_nag() {
    const char* start = cursor_++;
    int value = 0;
    int digits = 0;
    while (CHAR_CLASS[byte(cursor_)] == DIGIT) {
        value = std::min(value * 10 + (*cursor_ - '0'), 1000);
        ++cursor_;
        ++digits;
    }
    std::string_view text(start, std::size_t(cursor_ - start));
    if (digits == 0 || value > 255) return error("bad NAG '" + std::string(text) + "'", line_);
    return make(PgnTokenKind::NAG, text, line_, value);
}

// The most lines a tag pair may span (import format allows line ends between its tokens and
// mailers wrap long values); more, and it is read as one line, as before.
constexpr int MAX_TAG_CONTINUATION_LINES = 3;

// Reads a tag pair from its '[' up to, at most, the '\n' that ends its line.
PgnLexer::TagText PgnLexer::read_tag(const char* p) {
    TagText tag;
    ++p;
    while (is_blank(*p)) ++p;
    const char* name_start = p;
    while (!TAG_NAME_STOP[byte(p)]) ++p;
    tag.name = std::string_view(name_start, std::size_t(p - name_start));
    while (is_blank(*p)) ++p;

    const char* value_start = p;
    const char* value_end = p;
    bool value_closed = true;
    if (*p == '"') {
        // The value ends at a quote followed by ']' (or the line end), so an unescaped quote
        // inside the value is kept instead of cutting it short.
        value_start = ++p;
        const char* close = nullptr;
        for (;; ++p) {
            while (!TAG_VALUE_STOP[byte(p)]) ++p;
            if (*p == '\n') break;
            if (*p == '\\') {
                if (p[1] == '"' || p[1] == '\\') {
                    tag.escaped = true;
                    ++p;
                }
                continue;
            }
            const char* after = p + 1;
            while (is_blank(*after)) ++after;
            if (*after == ']' || *after == '\n') {
                close = p;
                break;
            }
        }
        if (close) {
            value_end = close;
            p = close + 1;
        } else {
            value_closed = false;
            value_end = p;
            while (value_end > value_start && (is_blank(value_end[-1]) || value_end[-1] == ']'))
                --value_end;
        }
    } else {
        while (*p != ']' && *p != '\n') ++p;
        value_end = p;
        while (value_end > value_start && is_blank(value_end[-1])) --value_end;
    }
    while (is_blank(*p)) ++p;
    bool bracket_closed = *p == ']';
    if (bracket_closed) ++p;
    tag.value = std::string_view(value_start, std::size_t(value_end - value_start));
    tag.complete = !tag.name.empty() && value_closed && bracket_closed;
    tag.end = p;
    return tag;
}

// A tag pair left open at its line's end, read on with the lines after it (into joined_) until
// it closes. False, with nothing consumed, when a line that is blank or starts another tag pair
// or a "%" escape comes first, or the pair does not close within a few lines.
bool PgnLexer::join_tag_lines(TagText& tag) {
    auto strip_end = [](const char* begin, const char* end) {
        while (end > begin && is_blank(end[-1])) --end;
        return end;
    };
    std::size_t open = std::size_t(cursor_ - buffer_.data());
    const char* first_end =
        static_cast<const char*>(std::memchr(cursor_, '\n', std::size_t(limit_ - cursor_)));
    joined_.assign(cursor_, strip_end(cursor_, first_end));
    std::size_t next = std::size_t(first_end + 1 - buffer_.data());
    for (int extra = 1; extra <= MAX_TAG_CONTINUATION_LINES; ++extra) {
        if (buffer_.data() + next == limit_) {
            // The next line lies beyond the block: read it, keeping the pair's lines.
            bool more = fill(open);
            cursor_ = buffer_.data();
            next -= open;
            open = 0;
            if (!more) return false;
        }
        const char* line = buffer_.data() + next;
        while (is_blank(*line)) ++line;
        if (*line == '\n' || *line == '[' || *line == '%') return false;
        const char* line_end =
            static_cast<const char*>(std::memchr(line, '\n', std::size_t(limit_ - line)));
        joined_ += ' ';
        std::size_t line_in_joined = joined_.size();
        joined_.append(line, strip_end(line, line_end));
        joined_ += '\n';  // the sentinel read_tag stops at
        tag = read_tag(joined_.data());
        joined_.pop_back();
        if (tag.complete) {
            std::size_t past = std::size_t(tag.end - joined_.data()) - line_in_joined;
            cursor_ = line + past;
            line_ += std::uint64_t(extra);
            return true;
        }
        next = std::size_t(line_end + 1 - buffer_.data());
    }
    return false;
}

PgnToken PgnLexer::lex_tag() {
    std::uint64_t line = line_;
    TagText tag = read_tag(cursor_);
    bool joined = !tag.complete && !tag.name.empty() && join_tag_lines(tag);
    if (!joined) {
        if (!tag.complete) tag = read_tag(cursor_);  // joining may have moved the block
        cursor_ = tag.end;
    }
    if (tag.name.empty()) return error("malformed tag pair", line);

    std::string_view value = tag.value;
    if (tag.escaped) {
        scratch_.clear();
        for (std::size_t i = 0; i < value.size(); ++i) {
            if (value[i] == '\\' && i + 1 < value.size() &&
                (value[i + 1] == '"' || value[i + 1] == '\\'))
                ++i;
            scratch_ += value[i];
        }
        value = scratch_;
    }
    PgnToken token = make(PgnTokenKind::TAG, tag.name, line);
    token.value = value;
    token.unclosed = !tag.complete;
    return token;
}

// Appends comment text with every whitespace run (line ends included) made one space.
void PgnLexer::append_comment_text(const char* begin, const char* end) {
    for (const char* p = begin; p < end; ++p) {
        char c = *p;
        if (is_blank(c) || c == '\n') {
            if (!scratch_.empty() && scratch_.back() != ' ') scratch_ += ' ';
        } else {
            scratch_ += c;
        }
    }
}

PgnToken PgnLexer::lex_brace_comment() {
    std::uint64_t line = line_;
    scratch_.clear();
    ++cursor_;
    for (bool line_start = false;; line_start = true) {
        bool at_tags = false;
        const char* stop = comment_stop(cursor_, line_start, &at_tags);
        line_ += std::uint64_t(std::count(cursor_, stop, '\n'));
        append_comment_text(cursor_, stop);
        cursor_ = stop;
        if (at_tags) return error("unterminated comment", line, true);
        if (stop != limit_) break;
        if (!refill()) return error("unterminated comment", line, true);
    }
    ++cursor_;
    if (!scratch_.empty() && scratch_.back() == ' ') scratch_.pop_back();
    return make(PgnTokenKind::COMMENT, scratch_, line);
}

PgnToken PgnLexer::lex_line_comment() {
    const char* end =
        static_cast<const char*>(std::memchr(cursor_, '\n', std::size_t(limit_ - cursor_)));
    scratch_.clear();
    append_comment_text(cursor_ + 1, end);
    cursor_ = end;
    if (!scratch_.empty() && scratch_.back() == ' ') scratch_.pop_back();
    return make(PgnTokenKind::COMMENT, scratch_, line_);
}

// Passes over a whole variation, nested ones and comments included. Returns an ERROR token when
// the variation never closes (at the end of the input, or when a tag pair starts a line), else
// a VARIATION_END token the caller ignores.
PgnToken PgnLexer::skip_variation() {
    std::uint64_t line = line_;
    int depth = 1;
    const char* p = cursor_ + 1;
    for (;;) {
        while (!VARIATION_STOP[byte(p)]) ++p;
        switch (*p) {
            case '(':
                ++depth;
                ++p;
                break;
            case ')':
                ++p;
                if (--depth == 0) {
                    cursor_ = p;
                    return make(PgnTokenKind::VARIATION_END, ")", line_);
                }
                break;
            case '{':
                cursor_ = p;
                if (!skip_brace_comment())
                    return error("unterminated comment in a variation", line, true);
                p = cursor_;
                break;
            case ';':
                p = static_cast<const char*>(std::memchr(p, '\n', std::size_t(limit_ - p)));
                break;
            default:  // '\n'
                ++p;
                ++line_;
                if (p == limit_) {
                    cursor_ = p;
                    if (!refill()) return error("unterminated variation", line, true);
                    p = cursor_;
                }
                if (*p == '%') {
                    p = static_cast<const char*>(std::memchr(p, '\n', std::size_t(limit_ - p)));
                } else if (*p == '[') {
                    cursor_ = p;
                    return error("unterminated variation", line, true);
                }
                break;
        }
    }
}

}  // namespace mneme

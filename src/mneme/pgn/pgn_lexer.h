// Splits PGN text into tokens: tag pairs, moves, NAGs, comments, variation brackets, results.
//
// The lexer reads the input in large blocks that always end at a line end, so no token except a
// brace comment ever spans two blocks and the scanners need no bounds checks inside a line.
// Tokens are views into the block (or into a scratch string) valid until the next call.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "mneme/pgn/input_stream.h"

namespace mneme {

enum class PgnTokenKind : std::uint8_t {
    TAG,              // `text` is the tag name, `value` the value with escapes resolved
    MOVE,             // `text` is the SAN without a "!"/"?" suffix; the suffix's NAG is in `nag`
    NAG,              // `nag` holds the number of "$n" or of a standalone "!", "?!", ...
    COMMENT,          // `text` is a {...} or ;... comment, whitespace runs made single spaces
    VARIATION_START,  // "("
    VARIATION_END,    // ")"
    RESULT,           // "1-0", "0-1", "1/2-1/2" or "*" in `text`
    ERROR,            // malformed input; `text` says what is wrong
    END_OF_INPUT,
};

struct PgnToken {
    PgnTokenKind kind = PgnTokenKind::END_OF_INPUT;
    std::string_view text;
    std::string_view value;
    int nag = 0;
    std::uint64_t line = 0;  // the line the token starts on, counted from 1
    // An ERROR that took the lines after its own with it: an unterminated comment or variation.
    bool ran_on = false;
    // A TAG whose pair was left open (no closing quote or ']' on its line or the lines joined to
    // it): its value is the text up to the line's end.
    bool unclosed = false;
};

// The NAG of a move suffix ("!" -> 1, "?" -> 2, "!!" -> 3, "??" -> 4, "!?" -> 5, "?!" -> 6), or
// 0 for anything else.
int suffix_nag(std::string_view suffix);

class PgnLexer {
public:
    // With `mainline_only`, comments and whole variations are skipped here, without producing
    // tokens; an unterminated variation then shows as an ERROR token.
    PgnLexer(std::unique_ptr<InputStream> input, bool mainline_only);

    PgnToken next();
    // Makes the next call of next() return `token` again (its views stay valid until then).
    void unread(const PgnToken& token) {
        pending_ = token;
        has_pending_ = true;
    }

    // Passes over the rest of the current line (stray text between games).
    void skip_line();

    std::uint64_t line() const { return line_; }
    const InputStream& input() const { return *input_; }

private:
    bool start();
    [[gnu::noinline]] bool lex_rare(PgnToken& token);
    bool skip_brace_comment();
    const char* comment_stop(const char* from, bool line_start, bool* at_tags) const;
    bool refill();
    bool fill(std::size_t keep);
    bool start_line();
    PgnToken make(PgnTokenKind kind, std::string_view text, std::uint64_t line, int nag = 0);
    PgnToken error(std::string message, std::uint64_t line, bool ran_on = false);
    // A tag pair as read_tag() finds it: views into the block or into joined_.
    struct TagText {
        std::string_view name, value;
        bool escaped = false;       // the value holds \" or \\ escapes
        bool complete = false;      // a name, a closed value and the closing ']'
        const char* end = nullptr;  // past the pair and the blanks after it
    };
    static TagText read_tag(const char* open);
    bool join_tag_lines(TagText& tag);
    PgnToken lex_tag();
    PgnToken lex_brace_comment();
    PgnToken lex_line_comment();
    PgnToken lex_number();
    PgnToken lex_move();
    PgnToken lex_annotation();
    PgnToken lex_nag();
    PgnToken skip_variation();
    void append_comment_text(const char* begin, const char* end);

    std::unique_ptr<InputStream> input_;
    bool mainline_only_;
    std::vector<char> buffer_;  // one byte more than the block capacity, for a final '\n'
    std::size_t capacity_;
    std::size_t data_end_ = 0;  // bytes held; those past limit_ are an unfinished line
    const char* cursor_;
    const char* limit_;  // end of the lexable block, just after a '\n'
    bool input_ended_ = false;
    bool at_end_ = false;  // every byte has been lexed
    bool started_ = false;
    std::uint64_t line_ = 1;
    std::string scratch_;  // comment texts, unescaped tag values, error messages
    std::string joined_;   // a tag pair that spans lines, its lines joined by spaces
    PgnToken pending_;
    bool has_pending_ = false;
};

}  // namespace mneme

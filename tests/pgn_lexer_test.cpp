// PGN lexer: tag pairs with escapes, move numbers, suffix annotations and NAGs, comments,
// variations (kept, or skipped in mainline mode), "%" lines, BOM and CRLF, results, line numbers,
// and lines longer than a read block.
#include "mneme/pgn/pgn_lexer.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace mneme {
namespace {

// A token with its views copied, so it outlives the lexer's buffer.
struct Token {
    PgnTokenKind kind;
    std::string text;
    std::string value;
    int nag;
    std::uint64_t line;
    bool ran_on;
};

std::vector<Token> lex(const std::string& text, bool mainline_only = false) {
    PgnLexer lexer(InputStream::from_string(text), mainline_only);
    std::vector<Token> tokens;
    for (;;) {
        PgnToken t = lexer.next();
        if (t.kind == PgnTokenKind::END_OF_INPUT) break;
        tokens.push_back(
            {t.kind, std::string(t.text), std::string(t.value), t.nag, t.line, t.ran_on});
    }
    return tokens;
}

// The texts of the tokens of one kind.
std::vector<std::string> texts(const std::vector<Token>& tokens, PgnTokenKind kind) {
    std::vector<std::string> out;
    for (const Token& t : tokens)
        if (t.kind == kind) out.push_back(t.text);
    return out;
}

using Strings = std::vector<std::string>;

TEST(PgnLexer, TagValueEscapes) {
    auto tokens = lex(R"([Event "The \"Big\" Match \\ 2024"])"
                      "\n");
    ASSERT_EQ(tokens.size(), 1u);
    EXPECT_EQ(tokens[0].kind, PgnTokenKind::TAG);
    EXPECT_EQ(tokens[0].text, "Event");
    EXPECT_EQ(tokens[0].value, R"(The "Big" Match \ 2024)");
}

TEST(PgnLexer, TagsWithoutValueOrQuotesOrWithStrayQuotes) {
    auto tokens =
        lex("[Event]\n[Site \"\"]\n[Round 5]\n[Annotator \"Foo \"bar\" baz\"]\n"
            "[White \"A\"] [Black \"B\"]\n[Opening \"Unclosed\n");
    ASSERT_EQ(tokens.size(), 7u);
    Strings names, values;
    for (const Token& t : tokens) {
        EXPECT_EQ(t.kind, PgnTokenKind::TAG);
        names.push_back(t.text);
        values.push_back(t.value);
    }
    EXPECT_EQ(names, (Strings{"Event", "Site", "Round", "Annotator", "White", "Black", "Opening"}));
    EXPECT_EQ(values, (Strings{"", "", "5", R"(Foo "bar" baz)", "A", "B", "Unclosed"}));
    EXPECT_EQ(tokens[6].line, 6u);
}

// Import format allows line ends between a tag pair's tokens: such a pair is read on over the
// lines that close it. A pair left open before a blank line, another tag pair or the end is
// read as one line, as a broken pair always was.
TEST(PgnLexer, TagPairsSpanningLines) {
    auto tokens =
        lex("[Event\n\"Spanning\"]\n[Annotator \"A long\r\n   value\"]\n[White \"A\"\n]\n"
            "[Black\n\"B\\\"s\"\n]\n[Opening \"Unclosed\n[Site \"y\"]\n[Round \"open\n\n1. e4 *\n");
    ASSERT_EQ(tokens.size(), 9u);
    Strings names, values;
    std::vector<std::uint64_t> lines;
    for (const Token& t : tokens) {
        names.push_back(t.text);
        values.push_back(t.value);
        lines.push_back(t.line);
    }
    EXPECT_EQ(names, (Strings{"Event", "Annotator", "White", "Black", "Opening", "Site", "Round",
                              "e4", "*"}));
    EXPECT_EQ(values,
              (Strings{"Spanning", "A long value", "A", "B\"s", "Unclosed", "y", "open", "", ""}));
    EXPECT_EQ(lines, (std::vector<std::uint64_t>{1, 3, 5, 7, 10, 11, 12, 14, 14}));
    for (std::size_t i = 0; i < 7; ++i) EXPECT_EQ(tokens[i].kind, PgnTokenKind::TAG) << i;

    // Not closed within three more lines: the first line alone, and the lines after it lexed.
    auto long_open = lex("[Event \"a\nb\nc\nd\ne\"]\n");
    ASSERT_FALSE(long_open.empty());
    EXPECT_EQ(long_open[0].value, "a");
    EXPECT_EQ(long_open.back().line, 5u);
}

TEST(PgnLexer, ATagPairSpanningTheEndOfABlock) {
    // A block holds 256 KiB: the pair's first line ends two bytes before the first block does,
    // so its second line must be read in with the pair's first line kept.
    const std::string first = "[Annotator \"across\n";
    std::size_t padding = (256u << 10) - first.size() - 2;
    std::string text;
    int padding_lines = 0;
    while (padding > 0) {
        std::size_t line = std::min<std::size_t>(padding, 1000);
        text.append(";").append(line - 2, 'x').append("\n");
        padding -= line;
        ++padding_lines;
    }
    text.append(first).append("the block\"]\n1. e4 *\n").append(300000, ' ').append("\n");
    for (bool mainline_only : {false, true}) {
        auto tokens = lex(text, mainline_only);
        ASSERT_GE(tokens.size(), 3u);
        const Token& tag = tokens[tokens.size() - 3];
        EXPECT_EQ(tag.kind, PgnTokenKind::TAG);
        EXPECT_EQ(tag.value, "across the block");
        EXPECT_EQ(tag.line, std::uint64_t(padding_lines + 1));
        EXPECT_EQ(tokens[tokens.size() - 2].text, "e4");
        EXPECT_EQ(tokens[tokens.size() - 2].line, std::uint64_t(padding_lines + 3));
    }
}

TEST(PgnLexer, MoveNumbersProduceNoTokens) {
    auto tokens = lex("1.e4 e5 2. Nf3 2... Nc6 3...Bc5 4 O-O 4. ... Nf6 10.c3");
    EXPECT_EQ(texts(tokens, PgnTokenKind::MOVE),
              (Strings{"e4", "e5", "Nf3", "Nc6", "Bc5", "O-O", "Nf6", "c3"}));
    EXPECT_EQ(tokens.size(), 8u);
}

TEST(PgnLexer, SuffixAnnotationsAndNags) {
    auto tokens = lex("e4! e5? Nf3!! Nc6?? Bb5!? a6?! Ba4+! $14 ! ?! $255");
    std::vector<int> nags;
    Strings moves;
    for (const Token& t : tokens) {
        nags.push_back(t.nag);
        if (t.kind == PgnTokenKind::MOVE) moves.push_back(t.text);
    }
    EXPECT_EQ(moves, (Strings{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4+"}));
    EXPECT_EQ(nags, (std::vector<int>{1, 2, 3, 4, 5, 6, 1, 14, 1, 6, 255}));
    EXPECT_EQ(tokens[7].kind, PgnTokenKind::NAG);
    EXPECT_EQ(tokens[8].kind, PgnTokenKind::NAG);
}

TEST(PgnLexer, BadNagsAreErrors) {
    auto tokens = lex("$ $256 !!!");
    ASSERT_EQ(tokens.size(), 3u);
    for (const Token& t : tokens) EXPECT_EQ(t.kind, PgnTokenKind::ERROR);
    EXPECT_EQ(tokens[1].text, "bad NAG '$256'");
    EXPECT_EQ(tokens[2].text, "unknown annotation '!!!'");
}

TEST(PgnLexer, CommentsKeptWithWhitespaceCollapsed) {
    auto tokens = lex("{ a  multi\nline\tcomment } e4 ; rest of  line\n{}e5");
    ASSERT_EQ(tokens.size(), 5u);
    EXPECT_EQ(tokens[0].kind, PgnTokenKind::COMMENT);
    EXPECT_EQ(tokens[0].text, "a multi line comment");
    EXPECT_EQ(tokens[0].line, 1u);
    EXPECT_EQ(tokens[1].text, "e4");
    EXPECT_EQ(tokens[1].line, 2u);
    EXPECT_EQ(tokens[2].kind, PgnTokenKind::COMMENT);
    EXPECT_EQ(tokens[2].text, "rest of line");
    EXPECT_EQ(tokens[3].kind, PgnTokenKind::COMMENT);
    EXPECT_EQ(tokens[3].text, "");
    EXPECT_EQ(tokens[4].text, "e5");
    EXPECT_EQ(tokens[4].line, 3u);
}

TEST(PgnLexer, MainlineModeSkipsCommentsAndVariations) {
    const std::string text =
        "1. e4 {a (comment} (1. d4 {x ) y} (1. c4 ; )\n c5) d5)\ne5 ; x\n2. Nf3 *";
    auto full = lex(text);
    EXPECT_EQ(texts(full, PgnTokenKind::MOVE),
              (Strings{"e4", "d4", "c4", "c5", "d5", "e5", "Nf3"}));
    EXPECT_EQ(texts(full, PgnTokenKind::VARIATION_START).size(), 2u);
    EXPECT_EQ(texts(full, PgnTokenKind::COMMENT), (Strings{"a (comment", "x ) y", ")", "x"}));

    auto mainline = lex(text, true);
    ASSERT_EQ(mainline.size(), 4u);
    EXPECT_EQ(texts(mainline, PgnTokenKind::MOVE), (Strings{"e4", "e5", "Nf3"}));
    EXPECT_EQ(mainline[1].line, 3u);
    EXPECT_EQ(mainline[3].kind, PgnTokenKind::RESULT);
}

// An ERROR token that took the lines after its own with it (an unterminated comment or
// variation), reported at the line where it began.
void expect_ran_on_error(const Token& token, const std::string& text, std::uint64_t line) {
    EXPECT_EQ(token.kind, PgnTokenKind::ERROR);
    EXPECT_EQ(token.text, text);
    EXPECT_EQ(token.line, line);
    EXPECT_TRUE(token.ran_on);
}

TEST(PgnLexer, UnterminatedVariationInMainlineModeStopsAtTags) {
    auto tokens = lex("1. e4 (1. d4\n{c}\n[Event \"next\"]\n", true);
    ASSERT_EQ(tokens.size(), 3u);
    expect_ran_on_error(tokens[1], "unterminated variation", 1u);
    EXPECT_EQ(tokens[2].kind, PgnTokenKind::TAG);
    EXPECT_EQ(tokens[2].line, 3u);
}

TEST(PgnLexer, UnterminatedCommentAtEnd) {
    for (bool mainline_only : {false, true}) {
        auto tokens = lex("1. e4\n{never closed\n\n", mainline_only);
        ASSERT_EQ(tokens.size(), 2u);
        expect_ran_on_error(tokens[1], "unterminated comment", 2u);
    }
}

// A comment never closed ends where a line opens a tag pair: the next game's headers are read
// as such, so one missing '}' costs one game, not the rest of the file.
TEST(PgnLexer, UnterminatedCommentStopsAtTags) {
    for (bool mainline_only : {false, true}) {
        auto tokens =
            lex("1. e4 {never closed\nmore words\n[Event \"next\"]\n1. d4 *\n", mainline_only);
        ASSERT_EQ(tokens.size(), 5u);
        expect_ran_on_error(tokens[1], "unterminated comment", 1u);
        EXPECT_EQ(tokens[2].kind, PgnTokenKind::TAG);
        EXPECT_EQ(tokens[2].line, 3u);
        EXPECT_EQ(tokens[3].text, "d4");
        EXPECT_EQ(tokens[3].line, 4u);

        // The same inside a variation skipped in mainline mode, or kept.
        auto in_variation = lex("1. e4 (1. d4 {open\n[Site \"x\"]\n", mainline_only);
        ASSERT_GE(in_variation.size(), 2u);
        EXPECT_EQ(in_variation.back().kind, PgnTokenKind::TAG);
        EXPECT_EQ(in_variation.back().line, 2u);
    }
}

// Lines of a closed comment that start with '[' but open no tag pair (clock and arrow
// commands, a bracketed remark) stay in the comment.
TEST(PgnLexer, CommentLinesStartingWithABracketStayComments) {
    auto tokens = lex("1. e4 {a\n[%clk 0:01:00]\n[see below]\n[1 \"x\"] b} e5 *\n");
    ASSERT_EQ(tokens.size(), 4u);
    EXPECT_EQ(tokens[1].kind, PgnTokenKind::COMMENT);
    EXPECT_EQ(tokens[1].text, "a [%clk 0:01:00] [see below] [1 \"x\"] b");
    EXPECT_EQ(tokens[2].text, "e5");
    EXPECT_EQ(tokens[2].line, 4u);
}

// An unterminated comment longer than a read block (256 KB, which ends at the last whole line):
// the tag line is found wherever the boundary falls, also when it is the next block's first
// line (the "{" line and 4,095 filler lines make 262,082 bytes; the 81-byte tag line after them
// crosses the 262,144th byte, so the first block ends before it).
TEST(PgnLexer, UnterminatedCommentStopsAtTagsAcrossBlocks) {
    const std::string filler(63, 'x');  // a 64-byte line
    const std::string tag_line = "[Event \"" + std::string(70, 'n') + "\"]\n";
    ASSERT_EQ(tag_line.size(), 81u);
    for (int lines_before = 4090; lines_before <= 4100; ++lines_before) {
        std::string text = "{\n";
        for (int i = 1; i < lines_before; ++i) text += filler + "\n";
        text += tag_line + "1. d4 *\n";
        auto tokens = lex(text, lines_before % 2 == 0);
        ASSERT_EQ(tokens.size(), 4u) << lines_before;
        EXPECT_EQ(tokens[0].text, "unterminated comment") << lines_before;
        EXPECT_EQ(tokens[1].kind, PgnTokenKind::TAG) << lines_before;
        EXPECT_EQ(tokens[1].line, std::uint64_t(lines_before) + 1) << lines_before;
    }
}

TEST(PgnLexer, PercentEscapeLines) {
    auto tokens = lex("%first line [Event \"no\"]\n1. e4\n% e5 { (\ne6 %\n%");
    EXPECT_EQ(texts(tokens, PgnTokenKind::MOVE), (Strings{"e4", "e6"}));
    ASSERT_EQ(tokens.size(), 3u);
    EXPECT_EQ(tokens[1].line, 4u);
    EXPECT_EQ(tokens[2].kind, PgnTokenKind::ERROR);  // '%' inside a line
    EXPECT_FALSE(tokens[2].ran_on);                  // it spoils its own line only
}

TEST(PgnLexer, ByteOrderMarkAndCrlf) {
    auto tokens = lex("\xEF\xBB\xBF[Event \"x\"]\r\n\r\n1. e4 {a\r\nb} e5\r\n1-0\r\n");
    ASSERT_EQ(tokens.size(), 5u);
    EXPECT_EQ(tokens[0].kind, PgnTokenKind::TAG);
    EXPECT_EQ(tokens[0].text, "Event");
    EXPECT_EQ(tokens[0].value, "x");
    EXPECT_EQ(tokens[1].text, "e4");
    EXPECT_EQ(tokens[1].line, 3u);
    EXPECT_EQ(tokens[2].text, "a b");
    EXPECT_EQ(tokens[3].text, "e5");
    EXPECT_EQ(tokens[3].line, 4u);
    EXPECT_EQ(tokens[4].kind, PgnTokenKind::RESULT);
    EXPECT_EQ(tokens[4].line, 5u);
}

// Two files joined with cat: the second one's byte order mark starts a line.
TEST(PgnLexer, AByteOrderMarkAtALineStartIsSkipped) {
    auto tokens = lex("1. e4 *\n\n\xEF\xBB\xBF[Event \"B\"]\n\n1. d4 *\n");
    ASSERT_EQ(tokens.size(), 5u);
    EXPECT_EQ(tokens[2].kind, PgnTokenKind::TAG);
    EXPECT_EQ(tokens[2].value, "B");
    EXPECT_EQ(tokens[2].line, 3u);
    EXPECT_EQ(tokens[3].text, "d4");
}

TEST(PgnLexer, ResultsAndZeroCastling) {
    auto tokens = lex("1-0 0-1 1/2-1/2 * 0-0 0-0-0+ 1/2 2-1");
    ASSERT_EQ(tokens.size(), 8u);
    EXPECT_EQ(texts(tokens, PgnTokenKind::RESULT),
              (Strings{"1-0", "0-1", "1/2-1/2", "*", "1/2-1/2"}));
    EXPECT_EQ(texts(tokens, PgnTokenKind::MOVE), (Strings{"0-0", "0-0-0+"}));
    EXPECT_EQ(tokens[7].kind, PgnTokenKind::ERROR);
    EXPECT_EQ(tokens[7].text, "unexpected text '2-1'");
}

TEST(PgnLexer, UnexpectedCharactersAreReportedAndPassed) {
    auto tokens =
        lex("e4 <x> e5 \xE2\x99\x98"
            "f3 }");
    Strings errors = texts(tokens, PgnTokenKind::ERROR);
    EXPECT_EQ(errors, (Strings{"unexpected character '<'", "unexpected character '>'",
                               "unexpected non-ASCII text", "unexpected character '}'"}));
    EXPECT_EQ(texts(tokens, PgnTokenKind::MOVE), (Strings{"e4", "x", "e5", "f3"}));
}

TEST(PgnLexer, MissingFinalNewline) {
    auto tokens = lex("[Event \"x\"]\n1. e4 *");
    ASSERT_EQ(tokens.size(), 3u);
    EXPECT_EQ(tokens[2].kind, PgnTokenKind::RESULT);
    EXPECT_EQ(tokens[2].line, 2u);
    EXPECT_TRUE(lex("").empty());
    EXPECT_TRUE(lex("\n\n  \n").empty());
}

TEST(PgnLexer, LinesAndCommentsLongerThanABlock) {
    // A block holds 256 KiB: a 600 KB tag value must grow it, a 1 MB comment spans several.
    std::string long_value(600000, 'v');
    std::string long_comment;
    for (int i = 0; i < 100000; ++i) long_comment += "word word\n";
    std::string text = "[Annotator \"" + long_value + "\"]\n1. e4 {" + long_comment + "} e5 *\n";
    for (bool mainline_only : {false, true}) {
        auto tokens = lex(text, mainline_only);
        ASSERT_EQ(tokens.size(), mainline_only ? 4u : 5u);
        EXPECT_EQ(tokens[0].value, long_value);
        EXPECT_EQ(tokens[1].text, "e4");
        const Token& e5 = tokens[mainline_only ? 2 : 3];
        EXPECT_EQ(e5.text, "e5");
        EXPECT_EQ(e5.line, 100002u);
        if (!mainline_only) {
            EXPECT_EQ(tokens[2].text.size(), 100000u * 10 - 1);
        }
    }
}

TEST(PgnLexer, SuffixNag) {
    EXPECT_EQ(suffix_nag("!"), 1);
    EXPECT_EQ(suffix_nag("?"), 2);
    EXPECT_EQ(suffix_nag("!!"), 3);
    EXPECT_EQ(suffix_nag("??"), 4);
    EXPECT_EQ(suffix_nag("!?"), 5);
    EXPECT_EQ(suffix_nag("?!"), 6);
    EXPECT_EQ(suffix_nag("!!?"), 0);
}

}  // namespace
}  // namespace mneme

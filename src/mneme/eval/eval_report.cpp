// The evaluation broken down by GnuChess's knowledge categories, for people reading it.
#include <cstdio>

#include "mneme/eval/endgame_knowledge.h"
#include "mneme/eval/evaluate.h"

namespace mneme {

namespace {

// The one-letter names of the categories in the GnuChess worked example (m b x k c p a r).
constexpr char CATEGORY_LETTER[EVAL_CATEGORY_COUNT] = {'m', 'b', 'x', 'k', 'c', 'p', 'a', 'r'};

}  // namespace

std::string evaluation_report(const Position& pos, const EvalParams& params) {
    EvalTrace t;
    evaluate(pos, params, t);
    std::string out;
    char line[200];
    auto print = [&](auto... values) {
        std::snprintf(line, sizeof line, values...);
        out += line;
    };
    print("%-20s %14s | %14s | %14s | %7s\n", "category", "White mg    eg", "Black mg    eg",
          "net mg    eg", "tapered");
    std::string summary;
    for (int c = 0; c < EVAL_CATEGORY_COUNT; ++c) {
        TaperedScore white = t.terms[c][WHITE], black = t.terms[c][BLACK], net = white - black;
        char label[40];
        std::snprintf(label, sizeof label, "%s (%c)", eval_category_name(EvalCategory(c)),
                      CATEGORY_LETTER[c]);
        int tapered = taper(net, t.phase);
        print("%-20s %6d %7d | %6d %7d | %6d %7d | %7d\n", label, white.mg, white.eg, black.mg,
              black.eg, net.mg, net.eg, tapered);
        summary += std::string(summary.empty() ? "" : " ") + CATEGORY_LETTER[c] + '=' +
                   std::to_string(tapered);
    }
    print("%-20s %14s | %14s | %6d %7d | %7d\n", "sum", "", "", t.net.mg, t.net.eg, t.tapered);
    print("phase %d/%d (%d = all pieces on, 0 = bare endgame)\n", t.phase, MAX_PHASE, MAX_PHASE);
    print("mating drive (White's view)  %+d\n", t.mating_drive);
    print("tempo (White's view)         %+d\n", t.tempo_for_white);
    print("endgame scale                %d/%d\n", t.scale, FULL_SCALE);
    print("%s -> %+d (White's view; per-category values are rounded separately)\n", summary.c_str(),
          t.white_score);
    print("final score: %+d for White, %+d for the side to move (%s)\n", t.white_score,
          t.side_to_move_score, pos.side_to_move() == WHITE ? "White" : "Black");
    return out;
}

std::string evaluation_report(const Position& pos) {
    return evaluation_report(pos, active_eval_params());
}

}  // namespace mneme

#include "usage.h"

#include <algorithm>
#include <utility>

#include "mneme/search/search_options.h"
#include "mneme/util/text.h"

namespace mneme::app {

namespace {

// The texts are laid out as they print, so clang-format leaves their lines alone.
// clang-format off
constexpr const char* MATCH_OPTIONS =
    "players (-engine, one per player; -each applies to all):\n"
    "  cmd=COMMAND proto=uci|xboard    an external engine (proto defaults to uci)\n"
    "  proto=mneme|random|greedy       a player inside this process\n"
    "  proto=cbr cases=FILE            the case-based reasoning player (CBR settings as option.NAME)\n"
    "  proto=book                      the opening book's moves (option.BookFile, option.BookPolicy),\n"
    "                                  then a shallow search out of book\n"
    "  name=NAME dir=DIR option.NAME=VALUE initstr=TEXT timeout=SECONDS seed=N\n"
    "  tc=[MOVES/]BASE[+INC] | tc=inf  st=SECONDS  depth=N  nodes=N\n"
    "options:\n"
    "  -games N             games per pair and round (default 2: each opening with both colours)\n"
    "  -rounds N            (default 1)\n"
    "  -shard I/N           only rounds [I*R/N, (I+1)*R/N) of the R rounds, numbered, seeded and\n"
    "                       with the openings of the whole run; 'mneme report' over the shards'\n"
    "                       PGNs gives the run's statistics\n"
    "  -gauntlet            the first player against each other one (tournament; default round robin)\n"
    "  -openings file=F [format=epd|pgn|polyglot] [order=sequential|random] [plies=N] [start=N]\n"
    "  -seed N              openings order and random players (default 0)\n"
    "  -concurrency N       games at once (default: the number of cores)\n"
    "  -draw movenumber=N movecount=N score=CP\n"
    "  -resign movecount=N score=CP [twosided=true]\n"
    "  -maxmoves N          a draw after N moves (full moves)\n"
    "  -resultfunction moves=N KEY=VALUE...  the 1996 thesis's adjudication by a referee engine\n"
    "  -margin MS           time a move may overrun the clock (default 0)\n"
    "  -hangtimeout SECONDS for depth/node games: a silent engine hangs after this (default 60)\n"
    "  -sprt elo0=E0 elo1=E1 alpha=A beta=B   stop when the test decides (two players)\n"
    "  -pgnout FILE [-resume | -overwrite]   the games; -resume continues an interrupted run\n"
    "  -recover             accepted as cutechess's: an engine that faults is always restarted\n"
    "  -json FILE           the final statistics as JSON\n"
    "  -event NAME\n"
    "'mneme report FILE.pgn...' recomputes the same statistics from any PGN files.";

// clang-format on

// The margin names come from the option table, so a new margin is listed without editing this.
std::string search_margin_names() {
    std::string names;
    for (const SearchMarginOption& margin : SEARCH_MARGIN_OPTIONS)
        names.append(names.empty() ? "" : ", ").append(margin.name);
    return names;
}

std::string search_refinement_names() {
    std::string names;
    for (const SearchRefinementOption& refinement : SEARCH_REFINEMENT_OPTIONS)
        names.append(names.empty() ? "" : ", ").append(refinement.name);
    return names;
}

// clang-format off
std::vector<CommandUsage> make_command_usages() {
    return {
        {"serve",
         "serve [--port N] [--host ADDRESS] [--games-dir DIR] [--no-save] [--book FILE]...\n"
         "  [--cases FILE]... [--no-builtin-book] [--no-builtin-cases] [--eval classic|nnue]\n"
         "  [--net FILE.mnet]",
         "the graphical program: play, edit, analyse and load games in a browser",
         "  a web server on http://127.0.0.1:8080/ (--port 0: any free port); the built-in book\n"
         "  and case bases are always offered (unless --no-builtin-...), --book and --cases add\n"
         "  files before them; games are saved in --games-dir unless --no-save; the engine, hints,\n"
         "  analysis and reviews search with the built-in network unless --eval or --net says\n"
         "  otherwise"},
        {"play",
         "play [--depth N] [--movetime MS] [--black | --white] [--fen FEN] [--chess960 N]\n"
         "  [--eval classic|nnue] [--net FILE.mnet] [--ascii | --letters | --unicode]",
         "a game against the engine in the terminal (SAN or UCI moves)",
         "  the board: --ascii a framed grid of letters for any terminal, --letters a compact one,\n"
         "  --unicode chess figurines (the default on a UTF-8 terminal, else --letters); scores are\n"
         "  in pawns, +1.00 when the side to move wins half its games; 'help' at the prompt lists\n"
         "  what else it understands ('resign' asks first)"},
        {"engine",
         "engine [--params FILE] [--eval classic|bayes|mixed-bayes --bayes-model FILE]\n"
         "uci [--player cbr|random|greedy] [--cases FILE] [--seed N] [--name NAME]\n"
         "  [--option NAME=VALUE]...",
         "the chess engine on stdin and stdout (as bare 'mneme')",
         "  the first command read ('uci' or 'xboard') chooses the protocol; --player serves one of\n"
         "  the match runner's in-process players over UCI instead (CBR settings: weights=V1,V2,V3\n"
         "  k=N choice=random|vote|penalise mirror= repetition= exact= verify=DEPTH ...); cbr\n"
         "  without --cases plays from the first built-in case base"},
        {"bench",
         "bench [DEPTH] [--hash MB] [--threads N] [--eval classic|nnue] [--net FILE.mnet]\n"
         "  [--option NAME=VALUE]...",
         "search 42 fixed positions; the total node count is the engine's signature", ""},
        {"search-compare", "search-compare --epd FILE --depth N [--limit K]",
         "nodes and time of each search variant at a fixed depth", ""},
        {"eval",
         "eval [--hand-written] [--params FILE] [--write-params FILE] [--bayes MODEL]\n"
         "  [--net FILE.mnet] [--fen] [FEN]",
         "the static evaluation term by term (default: the start position)",
         "  --hand-written starts from the table as written by hand instead of the tuned one; the\n"
         "  FEN may be one argument or its six fields unquoted; the network's score (built-in or\n"
         "  --net) follows the table"},
        {"epd-test",
         "epd-test FILE.epd [--movetime MS | --depth N | --nodes N] [--threads N] [--hash MB]\n"
         "  [--limit K] [--quiet] [--params FILE | --hand-written] [--eval classic|nnue]\n"
         "  [--net FILE.mnet] [--option NAME=VALUE]... [--engine \"cmd=PROGRAM [KEY=VALUE]...\"]",
         "solve a test suite (bm/am) and count the solutions",
         "  NAME is a search margin: " + search_margin_names() + "; or a refinement (true or false): " +
             search_refinement_names() +
             "\n  --engine puts another engine to the same test instead of mneme (the words of a\n"
             "  match's -engine: cmd, proto, option.NAME=VALUE; Threads and Hash are --threads and\n"
             "  --hash unless given), e.g. --engine \"cmd=stockfish option.Hash=256\""},
        {"perft",
         "perft DEPTH [--fen FEN] [--divide] [--chess960]\n"
         "perft --suite FILE.epd [--depth N]",
         "leaf nodes of the legal move tree, or a check of every ;Dn count of a suite",
         ""},
        {"match", "match -engine KEY=VALUE... -engine KEY=VALUE... [options]",
         "a match between two players (cutechess-style options)", MATCH_OPTIONS},
        {"tournament", "tournament -engine KEY=VALUE... (two or more) [-gauntlet] [options]",
         "round robin or gauntlet with ratings and a crosstable", MATCH_OPTIONS},
        {"report",
         "report FILE.pgn... [--json FILE] [--sprt elo0=E0 elo1=E1 alpha=A beta=B]\n"
         "      [--paired-with OTHER.pgn]... [--player NAME]",
         "match statistics (Elo, intervals, LOS) recomputed from PGN",
         "  games are taken in round order, so the PGNs of a run's shards report as the run;\n"
         "  --sprt adds the test's state for the first pair (as 'match -sprt' would stop on it);\n"
         "  --paired-with compares the games with those of another run of the same schedule\n"
         "  (the same openings, order and seed, players and colours), game by game by Round tag:\n"
         "  how NAME's score moved (default: the runner's first player), with a 95% interval"},
        {"pgn stats",
         "pgn stats FILE...\n"
         "pgn stats --by eco|family FILE... [--eco-dir DIR (the built-in tables)]",
         "games, plies, results, games/s; or results per ECO code and opening family",
         "  the ECO tag classifies a game; without one, the deepest position of the lichess opening\n"
         "  tables the game passes through"},
        {"pgn check", "pgn check FILE...", "report every unreadable game; exit 1 if any", ""},
        {"pgn convert", "pgn convert IN OUT",
         "rewrite games in PGN export format (80 columns); OUT '-' is stdout", ""},
        {"book build",
         "book build IN.pgn[.gz|.zst]... -o OUT.mbook [--max-ply N (70)]\n"
         "  [--min-elo N] [--min-both-elo N] [--from-date YYYY.MM.DD] [--to-date YYYY.MM.DD]\n"
         "  [--eco A00-E99[,...]] [--time-class classical|rapid|blitz] [--min-count N]\n"
         "  [--memory MB (1024)] [--shard I/N] [--quiet]",
         "an opening book of W/D/L counts per (position, move)",
         "  --shard I/N counts only game g (over all inputs) with g mod N = I; 'book merge' of the N\n"
         "  shards gives the single build's entries (same checksum); every shard reads all input,\n"
         "  so with many input files giving each shard its own files scales better"},
        {"book merge", "book merge A.mbook B.mbook... -o OUT.mbook [--min-count N] [--partial]",
         "add the counts of books built separately",
         "  every input is checked (size, order, checksum) before anything is written; the shards\n"
         "  of one 'book build --shard' must all be there, each once, and merge into the book the\n"
         "  single build writes, byte for byte; --partial merges some of them (a tree of merges:\n"
         "  groups first, then the groups' books; --min-count only in the last)"},
        {"book export",
         "book export IN.mbook -o OUT.bin [--policy P (weighted)] [--min-games N]\n"
         "  [--root-fraction F] [--z Z] [--elo-reference E]",
         "write a Polyglot book weighted by a policy", ""},
        {"book probe",
         "book probe BOOK.mbook|BOOK.bin FEN|startpos [moves M1 M2 ...]\n"
         "  [--policy P (opta3; weighted for .bin)]\n"
         "  [--seed S] [--all] [--min-games N] [--root-fraction F] [--noise X] [--z Z]\n"
         "  [--elo-reference E]",
         "the book moves of a position and the policy's choice",
         "  policies: opta1, opta2, opta3, wilson, best, weighted (a Polyglot .bin book has weights\n"
         "  only: weighted or best)"},
        {"book info", "book info BOOK.mbook",
         "entries, positions, description and checksum of a book", ""},
        {"book ophista",
         "book ophista IN.pgn[.gz|.zst]... --book BOOK.mbook -o OUT.mhist\n"
         "  [--min-games N (20)] [--max-ply N (70)] [--quiet]",
         "OPHISTA move-ordering tables for the plies after the book", ""},
        {"book learn",
         "book learn GAMES.pgn... --experience EXP.mbook [--weight N (5)] [--max-ply N (70)]",
         "add games' results to an experience file (OPTA FB)", ""},
        {"book exits",
         "book exits BOOK -o OUT.txt [--count N (100)] [--seed S (1)] [--policy P (weighted)]\n"
         "  [--min-games N (20)] [--max-ply N (70)]",
         "positions just out of book, with the moves that led there", ""},
        {"book nodes",
         "book nodes --positions FILE --book BOOK.mbook [--ophista FILE.mhist]\n"
         "  [--depths 4,5,6] [--hash MB (16)] [--search engine|classic]",
         "search nodes with and without the database move ordering",
         "  --positions: one position a line, 'startpos [moves M1 M2 ...]' or 'fen FEN [moves ...]'"},
        {"cases build",
         "cases build IN.pgn[.gz|.zst]... -o OUT.mcases\n"
         "  [--player NAME]... [--min-elo N] [--max-elo N] [--max-cases N] [--sample-seed S]\n"
         "  [--bucket LOW-HIGH]... [--max-games N] [--mirror] [--shard I/N] [--quiet]",
         "a case base of an expert's (position, move) pairs for the CBR player",
         "  --player selects the named expert's moves (\"Last, First\", \"Last,F.\", \"First Last\");\n"
         "  --min-elo/--max-elo the moves of players rated in the range; neither: every move;\n"
         "  --bucket (repeated) one base per rating range in one pass: OUT-LOW-HIGH.mcases;\n"
         "  --mirror follows every case with its colour-flipped copy (after the --max-cases sample);\n"
         "  --shard I/N takes only game g (over all inputs) with g mod N = I, and 'cases merge'\n"
         "  of the N shards gives the single build's file (with --max-cases a shard keeps every\n"
         "  selected move and the merge draws the sample)"},
        {"cases merge", "cases merge A.mcases B.mcases... -o OUT.mcases [--partial]",
         "join case bases; the shards of one build back into its exact file",
         "  every input is checked (size, counts, checksum) before anything is written; the shards\n"
         "  of one 'cases build --shard' must all be there, each once, unless --partial: then the\n"
         "  result holds some of them and merges later with the merges of the rest (a tree)"},
        {"cases info", "cases info BASE.mcases",
         "counts, ratings, results, checksum and index size of a case base", ""},
        {"cases latency", "cases latency BASE.mcases [--sizes N,N,...] [--queries N] [--k N] [--mirror]",
         "per-move time of the CBR player, indexed against linear",
         "  the first N cases of the base for each size; queries are positions of the last games"},
        {"cbr experiment",
         "cbr experiment PARTICIPANT... [--rounds N (3)] [--threads N (1)]\n"
         "  [--configs thesis|V1,V2,V3[/V1,V2,V3...]] [--option NAME=VALUE]... [--pgn OUT.pgn]",
         "the thesis's expert-ranking tournament: showdowns, orderings, ratings",
         "  a participant is a case base (EXPERT.mcases, played by the CBR agent) or a baseline:\n"
         "  'random' (random legal moves) or 'greedy' (1-ply material greed); experts are listed\n"
         "  weakest first; every ordered pair plays N rounds per configuration"},
        {"cbr predict",
         "cbr predict BASE.mcases GAMES.pgn[.zst] [--player NAME] [--from-game N]\n"
         "  [--positions N (1000)] [--depth D (0: no engine)] [--option NAME=VALUE]...",
         "how often the CBR player (and the engine) finds the played move", ""},
        {"learn positions",
         "learn positions IN.pgn[.gz|.zst]... -o OUT.mpos [--skip-plies N (16)]\n"
         "  [--sample-rate R (1)] [--max-per-game N (0 = all)] [--min-elo E]\n"
         "  [--quiet none|stable|resolve (stable)] [--max-positions N] [--max-games N]\n"
         "  [--relabel-depth D [--lambda L (0.5)] [--score-scale S (400)]] [--threads N (2)]\n"
         "  [--params FILE] [--seed S] [--no-progress]",
         "training positions labelled by game result (and search)",
         "  --shard I/N samples only games g (over all inputs) with g mod N = I and writes a\n"
         "  shard file (.mpshard) with every candidate's fate; 'learn positions-merge' of the N\n"
         "  shards writes the single run's file (same positions, same checksum). Relabel the\n"
         "  merged file with 'learn relabel' (which shards too)."},
        {"learn positions-merge",
         "learn positions-merge IN.mpshard... -o OUT.mpos [--params FILE] [--max-positions N]\n"
         "  | IN.mpos... -o OUT.mpos",
         "join the shards of 'learn positions --shard' or of 'learn relabel --shard'",
         "  sampling shards (each once, any order) give the positions the single run keeps (the\n"
         "  merge tests the candidates a shard left untested, with the shards' --params);\n"
         "  --max-positions N stops where the single run with --max-positions N stops;\n"
         "  position files are joined in order, relabelling shards in shard order"},
        {"learn relabel",
         "learn relabel IN.mpos -o OUT.mpos --depth D [--lambda L (0.5)] [--score-scale S (400)]\n"
         "  [--threads N (2)] [--params FILE] [--shard I/N] [--no-progress]",
         "relabel training positions with a fixed-depth search mixed with the game result",
         "  label = L * result + (1 - L) * expected result of the score; each position is\n"
         "  searched from cleared tables, so the labels do not depend on threads or shards;\n"
         "  shard I of N relabels positions [I*P/N, (I+1)*P/N)"},
        {"learn tune",
         "learn tune IN.mpos... -o OUT.params [--source OUT.cpp] [--params START]\n"
         "  [--epochs N (300)] [--rate R (1)] [--batch N (0 = all)] [--l2 X (0)]\n"
         "  [--k K (fitted)] [--only REGEX] [--held-out F (0.1)] [--max-positions N]\n"
         "  [--threads N (2)] [--seed S] [--report-every N]",
         "logistic (Texel) tuning of the evaluation weights", ""},
        {"learn bayes",
         "learn bayes IN.mpos... -o OUT.bayes [--exclude-draws] [--independent]\n"
         "  [--ridge R (1)] [--params FILE] [--held-out F (0.1)] [--seed S]",
         "fit the thesis's Bayesian evaluation (W/D/L normal models)", ""},
        {"learn td",
         "learn td --games N -o OUT.params [--params START] [--depth D (4)]\n"
         "  [--alpha A (100)] [--lambda L (0.7)] [--k K (0.006)] [--root] [--only REGEX]\n"
         "  [--random-plies N (6)] [--max-plies N (300)] [--seed S] [--material-only]\n"
         "  [--opponent 'PLAYER SPEC'...] [--opponent-params FILE (START)] [--max-in-a-row N (2)]\n"
         "  [--curve OUT.csv [--curve-every K (25)] [--curve-games M (40)] [--curve-depth D]]",
         "TDLeaf(lambda) from self-play or against opponents", ""},
        {"learn curve", "learn curve CURVE.csv -o OUT.svg [--title T] [--subtitle S]",
         "draw a learning curve as SVG", ""},
        {"learn ga",
         "learn ga GAMES.pgn[.gz|.zst]... -o OUT.params [--positions N (500)]\n"
         "  [--generations G (20)] [--population P (30)] [--crossover PC (0.6)]\n"
         "  [--mutation PM (0.05)] [--bits B (6)] [--elitism E (1)] [--first-move M (10)]\n"
         "  [--last-move M (50)] [--per-game N (1)] [--min-elo E] [--params BASE]\n"
         "  [--test-positions N (0)] [--threads N (2)] [--seed S]",
         "the 1996 thesis's genetic algorithm over the 8 category weights", ""},
        {"learn spsa",
         "learn spsa --param NAME=START,MIN,MAX,C_END,R_END... --iterations K\n"
         "  [--games-per-iteration N (2)] [--tc TC (depth 4)]\n"
         "  [--openings FILE (../shared/data/openings/2moves_v1.epd, from the current folder)]\n"
         "  [--concurrency N (1)] [--params EVAL] [--option NAME=VALUE...]\n"
         "  [-o TRAJECTORY.csv [--worker W]] [--seed S]",
         "SPSA on match results for the search margins",
         "  NAME is a search margin: " + search_margin_names() +
             ".\n  TC as in match (10+0.1, st=0.05, depth=4, nodes=N). --option sets a player\n"
             "  option on both sides (Eval=nnue: tune with the network). An existing\n"
             "  TRAJECTORY.csv is resumed after its last iteration (same settings only).\n"
             "  --worker W (1, 2, ...): one of several processes sharing the run, on one\n"
             "  machine or on a cluster's nodes (the same command, each with its own W):\n"
             "  each plays iterations from the trajectory's theta and adds its rows under\n"
             "  the lock TRAJECTORY.csv.lock."},
        {"learn datagen",
         "learn datagen -o OUT.mdata --games N [--nodes N (5000)] [--seed S (1)]\n"
         "  [--random-plies N (8)] [--skip-plies N (16)] [--max-plies N (400)] [--shard I/N (0/1)]\n"
         "  [--shard-games K] [--threads N (1)] [--hash MB (16)] [--eval classic|nnue] [--net FILE.mnet]\n"
         "  [--no-progress]",
         "network-training data from self-play at a fixed node count",
         "  keeps quiet positions with the search score and the game's result; an existing OUT is\n"
         "  resumed (same settings only); shard I of N plays games [I*G/N, (I+1)*G/N), and\n"
         "  'learn data-merge' joins the shards into the single run's records; --shard-games K stops\n"
         "  once the shard's first K games are there (a later run without it goes on)"},
        {"learn label-games",
         "learn label-games IN.pgn[.zst]... -o OUT.mdata [--nodes N (1000)] [--sample-rate R (0.25)]\n"
         "  [--skip-plies N (16)] [--min-elo E] [--seed S (1)] [--shard I/N] [--threads N (1)]\n"
         "  [--max-games N] [--eval classic|nnue] [--net FILE.mnet] [--no-progress]",
         "network-training data from a game database, scored by a short search",
         "  game g belongs to shard g mod N; an existing OUT is resumed"},
        {"learn data-merge", "learn data-merge IN.mdata... -o OUT.mdata [--unfinished-shards]",
         "join training data files (shards of one run in game order)",
         "  every shard of a split run must be there, finished unless --unfinished-shards\n"
         "  (shards stopped by --shard-games)"},
        {"learn data-info", "learn data-info FILE.mdata [--show N]",
         "positions, games, results, scores and provenance of a training data file", ""},
        {"learn wdl-fit", "learn wdl-fit FILE.mdata...",
         "fit the win-rate model that turns an evaluation's scores into reported centipawns",
         "  p_win(s) = 1/(1+exp((a-s)/b)) by maximum likelihood over the scores and results of\n"
         "  the data (the evaluation's own self-play), in bands of material; prints a and b per\n"
         "  band (the knots of eval/win_rate_model.cpp) and a calibration table; a file still\n"
         "  being written is read up to its last finished game"},
        {"learn nnue",
         "learn nnue IN.mdata... -o OUT.mnet [--hidden N (256)] [--activation screlu|crelu]\n"
         "  [--buckets B (1): output layers chosen by the men on the board, 1-16]\n"
         "  [--epochs N (10)] [--batch N (16384)] [--lr R (0.001)] [--lr-drop-epoch E (0 = none)]\n"
         "  [--lr-drop-factor F (0.1)] [--cosine] [--weight-decay D (0.01)] [--k K (400)]\n"
         "  [--wdl W (0.3)] [--validation F (0.02)] [--threads N (2)] [--seed S (1)]\n"
         "  [--checkpoint FILE (OUT.mnet.ckpt)] [--resume CHECKPOINT] [--log FILE.csv]\n"
         "  [--max-positions N] [--no-progress]",
         "train the network evaluation and export it quantised",
         "  Ctrl-C (or TERM) stops after the current batch with a checkpoint (exit status 3);\n"
         "  --resume CHECKPOINT goes on from that batch, the result bitwise that of a run never\n"
         "  stopped; resuming a finished run leaves an existing OUT.mnet alone"},
        {"learn nnue-rescale", "learn nnue-rescale IN.mnet -o OUT.mnet (--scale S | --factor F)",
         "the same network with its scores multiplied (its output scale changed)",
         "  puts a network on the scale the search's margins were tuned for (the classic\n"
         "  evaluation's); reported scores and winning chances stay as they were"},
        {"learn loss-curve", "learn loss-curve LOG.csv -o OUT.svg [--title T] [--subtitle S]",
         "draw the trainer's training and validation loss as SVG", ""},
        {"learn info", "learn info FILE.mpos [--show N]",
         "count, provenance and labels of a training position file", ""},
        {"help", "help [COMMAND [SUBCOMMAND]]",
         "this list, or the usage of one command (as 'mneme COMMAND --help')", ""},
        {"version", "version", "version, commit, compiler and build options (also --version)", ""},
    };
}
// clang-format on

// Other names of a command: the engine answers to the protocol it is asked to speak.
constexpr std::pair<std::string_view, std::string_view> ALIASES[] = {
    {"uci", "engine"},
    {"xboard", "engine"},
};

std::vector<std::string_view> lines_of(std::string_view text) {
    std::vector<std::string_view> lines;
    while (!text.empty()) {
        std::size_t end = text.find('\n');
        lines.push_back(text.substr(0, end));
        text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    }
    return lines;
}

bool is_continuation(std::string_view line) { return !line.empty() && line[0] == ' '; }

// The synopsis lines and the summary of one command, as listed by 'mneme help'.
void append_listing(std::string& out, const CommandUsage& command) {
    constexpr std::size_t SUMMARY_COLUMN = 25;
    std::string last;
    for (std::string_view line : lines_of(command.synopsis)) {
        if (!last.empty()) out += last + "\n";
        last = (is_continuation(line) ? "    " : "  ") + std::string(line);
    }
    if (last.size() + 2 <= SUMMARY_COLUMN)
        out += last + std::string(SUMMARY_COLUMN - last.size(), ' ');
    else
        out += last + "\n" + std::string(SUMMARY_COLUMN, ' ');
    out += command.summary + "\n";
}

}  // namespace

const std::vector<CommandUsage>& command_usages() {
    static const std::vector<CommandUsage> usages = make_command_usages();
    return usages;
}

const CommandUsage* find_command_usage(std::string_view name) {
    for (const auto& [alias, target] : ALIASES)
        if (name == alias) name = target;
    for (const CommandUsage& command : command_usages())
        if (command.name == name) return &command;
    return nullptr;
}

bool is_command_group(std::string_view name) {
    if (name.empty() || name.find(' ') != std::string_view::npos) return false;
    for (const CommandUsage& command : command_usages())
        if (command.name.size() > name.size() && command.name.compare(0, name.size(), name) == 0 &&
            command.name[name.size()] == ' ')
            return true;
    return false;
}

std::vector<std::string> command_names_under(std::string_view prefix) {
    std::vector<std::string> names;
    const std::string lead = prefix.empty() ? "" : std::string(prefix) + " ";
    for (const CommandUsage& command : command_usages()) {
        if (command.name.compare(0, lead.size(), lead) != 0) continue;
        std::string rest = command.name.substr(lead.size());
        std::string word = rest.substr(0, rest.find(' '));
        if (std::find(names.begin(), names.end(), word) == names.end()) names.push_back(word);
    }
    if (prefix.empty())
        for (const auto& [alias, target] : ALIASES) names.emplace_back(alias);
    return names;
}

std::string usage_text(std::string_view name) {
    if (is_command_group(name)) {
        std::string out = "usage: mneme " + std::string(name) + " SUBCOMMAND [ARGS...]\n\n";
        for (const CommandUsage& command : command_usages())
            if (command.name.rfind(std::string(name) + " ", 0) == 0) append_listing(out, command);
        out += "\n'mneme " + std::string(name) +
               " SUBCOMMAND --help' shows the usage of one subcommand.\n";
        return out;
    }
    const CommandUsage* command = find_command_usage(name);
    if (!command) return "";
    std::string out;
    bool first = true;
    for (std::string_view line : lines_of(command->synopsis)) {
        if (is_continuation(line))
            out += "         " + std::string(line) + "\n";
        else
            out += (first ? "usage: mneme " : "       mneme ") + std::string(line) + "\n";
        first = false;
    }
    out += command->summary + "\n";
    if (!command->details.empty()) out += command->details + "\n";
    return out;
}

std::string overview_text() {
    std::string out =
        "usage: mneme [COMMAND [ARGS...]]\n"
        "\n"
        "With no command, mneme is a chess engine speaking UCI or XBoard on stdin.\n"
        "'mneme COMMAND --help' or 'mneme help COMMAND' shows the usage of one command.\n"
        "\n"
        "commands:\n";
    for (const CommandUsage& command : command_usages()) append_listing(out, command);
    return out;
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& names) {
    // Close enough to be a slip of the fingers: a third of the word's letters, at least one.
    const std::size_t allowed = std::max<std::size_t>(1, word.size() / 3);
    std::string best;
    std::size_t best_distance = allowed + 1;
    for (const std::string& name : names) {
        std::size_t distance = edit_distance(word, name);
        if (distance < best_distance) {
            best = name;
            best_distance = distance;
        }
    }
    return best.empty() ? "" : "; did you mean '" + best + "'?";
}

}  // namespace mneme::app

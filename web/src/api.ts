// The server's JSON API: every chess decision is made there; these are its shapes and a fetch
// wrapper that turns refusals into exceptions carrying the server's message.

export type Side = 'white' | 'black';
export type PlayerKind = 'human' | 'engine' | 'cbr' | 'book';

export interface Score {
  cp?: number;
  mate?: number;
  checkmate?: boolean;
}

export interface PositionView {
  fen: string;
  turn: Side;
  check: boolean;
  destinations: Record<string, string[]>;
  last_move: string[];
}

export interface MoveView {
  san: string;
  uci: string;
  number: number;
  color: Side;
  fen: string;
  check: boolean;
  comment: string;
  nags: number[];
  variations: string[];
  opening: { eco: string; name: string } | null;  // the named opening of the position after it
}

export interface BestMove {
  san: string;
  uci: string;
}

// The computer's judgement of a move (null in GameState.review when it is not marked).
export interface ReviewMark {
  judgement: 'inaccuracy' | 'mistake' | 'blunder';
  drop: number;  // the mover's winning chances lost, 0..1
  best_san: string;
  best_uci: string;
}

export interface SearchReport {
  depth: number;
  seldepth: number;
  multipv: number;
  score: Score;
  bound: string;
  pv: string;
  pv_uci: string;
  nodes: number;
  nps: number;
  time_ms: number;
}

export interface Strength {
  depth: number;
  movetime_ms: number;
  elo: number;
}

export interface ClockView {
  enabled: boolean;
  base_ms: number;
  increment_ms: number;
  white_ms: number;
  black_ms: number;
  running: 'White' | 'Black' | null;
}

// Who plays a side, as the server takes it in a new game and reports it back.
export interface PlayerSetup {
  kind: PlayerKind;
  book?: string;
  policy?: string;
  cases?: string;
  options?: Record<string, string | number | boolean>;
  evaluation?: string;
}

// The books and case bases mneme serve was started with (GET /api/players).
export interface Catalogue {
  kinds: PlayerKind[];
  books: { id: string; name: string; summary: string; counts: boolean }[];
  case_bases: { id: string; name: string; cases: number; description: string }[];
  book_policies: string[];
  // What an engine may search with, the server's own first (default).
  evaluations: { id: string; name: string; default: boolean }[];
}

export interface BookRow {
  san: string;
  uci: string;
  games: number;
  win_pct: number;
  draw_pct: number;
  loss_pct: number;
  score_pct: number;
  average_elo: number;
  weight: number;
  weight_pct: number;
  eligible: boolean;
  chosen: boolean;
}

// The thesis's Fig. 4.2 for one position (GET /api/book).
export interface BookTable {
  kind: 'native' | 'polyglot';
  book: string;
  policy: string;
  min_games: number;
  games: number;
  ply: number;
  moves: BookRow[];
}

export interface CaseView {
  index: number;
  similarity: number;
  mirrored: boolean;
  game: number;
  ply: number;
  elo: number;
  result: string;
  board: string;
  move: string;
}

// Why a book or the CBR player chose a move (null for searched and human moves).
export interface Decision {
  kind: 'book' | 'cbr';
  ply: number;
  side: Side;
  san: string;
  summary?: string;
  book?: string;
  table?: BookTable;
  case_base?: string;
  fallback?: boolean;
  similarity?: number;
  retrieved?: number;
  verified?: boolean;
  score?: Score | null;
  used_case?: CaseView | null;
  cases?: CaseView[];
  trace?: string[];
}

export interface GameState {
  version: number;
  start_fen: string;
  position: PositionView;
  moves: MoveView[];
  start_comment: string;
  result: string;
  over: boolean;
  result_reason: string;
  players: Record<Side, PlayerKind>;
  player_setups: Record<Side, PlayerSetup>;
  decisions: (Decision | null)[];
  names: Record<Side, string>;
  strength: Strength;
  clock: ClockView;
  thinking: boolean;
  engine: SearchReport | null;
  claimable_draw: string | null;
  hint: { uci: string; san: string; score: Score } | null;
  analysis: { on: boolean; ply: number; lines: number };
  evaluations: (Score | null)[];
  best_moves: (BestMove | null)[];  // per position, the best move a search found there
  review: (ReviewMark | null)[];    // per move
  review_nodes: number;             // the node budget of each position in the last review; 0: none
  // Each player's accuracy (percent) and average centipawn loss, once every move has its scores.
  accuracy: Record<Side, { accuracy: number; acpl: number } | null> | null;
  headers: Record<string, string>;
  // What the server has to say about the game it resumed at its start ("" for nothing).
  notice: string;
}

export class ApiFailure extends Error {}

// The largest request body the server reads (WebServerLimits in src/mneme/gui/web_server.h). It
// refuses a larger one before reading it, which a browser may report only as a network error.
const MAX_REQUEST_BYTES = 8 * 1024 * 1024;

// The server takes POST bodies only as application/json (its guard against other sites' forms),
// so a POST without arguments still sends an empty JSON object.
export async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const post = method === 'POST';
  const text = post ? JSON.stringify(body ?? {}) : undefined;
  if (text !== undefined && new Blob([text]).size > MAX_REQUEST_BYTES)
    throw new ApiFailure(`this is more than the server accepts at once (${MAX_REQUEST_BYTES / 1024 / 1024} MB); split the PGN file`);
  const response = await fetch(path, {
    method,
    headers: post ? { 'Content-Type': 'application/json' } : {},
    body: text,
  });
  const answer = await response.json().catch(() => ({ error: `the server answered ${response.status}` }));
  if (!response.ok) throw new ApiFailure(answer.error ?? `the server answered ${response.status}`);
  return answer as T;
}

export function formatScore(score: Score | null | undefined): string {
  if (!score) return '';
  if (score.checkmate) return '#';
  if (score.mate !== undefined) return score.mate >= 0 ? `#${score.mate}` : `#-${-score.mate}`;
  const pawns = (score.cp ?? 0) / 100;
  return (pawns >= 0 ? '+' : '') + pawns.toFixed(2);
}

// White's winning chances from 0 to 1, for the bar, the graph and the review (the server's
// game_review.cpp judges moves on the same curve).
export function whiteShare(score: Score | null | undefined): number {
  if (!score) return 0.5;
  if (score.mate !== undefined) return score.mate > 0 ? 1 : score.mate < 0 ? 0 : 0.5;
  const cp = Math.max(-1000, Math.min(1000, score.cp ?? 0));
  return 1 / (1 + Math.exp(-0.004 * cp));
}

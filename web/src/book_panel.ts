// The Analyse tab's knowledge beside the search: the opening book table of the viewed position
// (the 2006 thesis's Fig. 4.2: move, games, wins/draws/losses, score and the policy's pick) and
// why a book or the CBR player chose the move that led here (the case it used, its similarity).
import { Chessground } from '@lichess-org/chessground';
import type { Api } from '@lichess-org/chessground/api';
import { call, formatScore, type BookTable, type Catalogue, type CaseView, type Decision, type GameState } from './api';

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function cell(row: HTMLTableRowElement, text: string, className = ''): void {
  const td = row.insertCell();
  td.textContent = text;
  if (className) td.className = className;
}

export class BookPanel {
  private shownKey = '';
  private catalogue: Catalogue | null = null;

  constructor(private readonly playMove: (uci: string) => void) {
    for (const id of ['analysis-book', 'analysis-policy'])
      byId(id).addEventListener('change', () => {
        this.shownKey = '';
        this.onChange?.();
      });
  }

  onChange: (() => void) | null = null;

  setCatalogue(catalogue: Catalogue): void {
    this.catalogue = catalogue;
    const bookSelect = byId<HTMLSelectElement>('analysis-book');
    bookSelect.replaceChildren(...catalogue.books.map((book) => new Option(book.name, book.id)));
    const policySelect = byId<HTMLSelectElement>('analysis-policy');
    policySelect.replaceChildren(...catalogue.book_policies.map((policy) => new Option(policy, policy)));
    policySelect.value = 'opta3';
    byId('book-section').hidden = catalogue.books.length === 0;
    byId('book-missing').hidden = catalogue.books.length > 0;
  }

  // Fetches the table of the position after `ply` moves unless it is already shown.
  async show(ply: number, state: GameState): Promise<void> {
    if (!this.catalogue || this.catalogue.books.length === 0) return;
    const book = byId<HTMLSelectElement>('analysis-book').value;
    const policy = byId<HTMLSelectElement>('analysis-policy').value;
    const fen = ply === 0 ? state.start_fen : state.moves[ply - 1]?.fen;
    const key = `${ply} ${fen} ${book} ${policy}`;
    if (key === this.shownKey) return;
    this.shownKey = key;
    try {
      const query = new URLSearchParams({ ply: String(ply), book, policy });
      const table = await call<BookTable>('GET', `/api/book?${query}`);
      if (key === this.shownKey) this.draw(table);
    } catch (error) {
      this.shownKey = '';
      byId('book-note').textContent = (error as Error).message;
    }
  }

  private draw(table: BookTable): void {
    const element = byId<HTMLTableElement>('book-table');
    element.replaceChildren();
    const native = table.kind === 'native';
    const head = element.createTHead().insertRow();
    for (const title of native ? ['move', 'games', 'win %', 'draw %', 'loss %', 'score %', 'Elo', ''] : ['move', 'weight', '%', ''])
      head.appendChild(document.createElement('th')).textContent = title;
    const body = element.createTBody();
    for (const move of table.moves) {
      const row = body.insertRow();
      row.dataset.uci = move.uci;
      row.title = `play ${move.san}`;
      row.classList.toggle('chosen', move.chosen);
      row.classList.toggle('filtered', !move.eligible);
      cell(row, move.san, 'san');
      if (native) {
        cell(row, String(move.games));
        for (const value of [move.win_pct, move.draw_pct, move.loss_pct, move.score_pct]) cell(row, value.toFixed(1));
        cell(row, move.average_elo ? move.average_elo.toFixed(0) : '');
      } else {
        cell(row, String(move.weight));
        cell(row, move.weight_pct.toFixed(1));
      }
      cell(row, move.chosen ? `◀ ${table.policy}` : '', 'mark');
      row.onclick = () => this.playMove(move.uci);
    }
    byId('book-note').textContent =
      table.moves.length === 0
        ? `${table.book}: the position is not in the book.`
        : native
          ? `${table.book}: ${table.games} game${table.games === 1 ? "" : "s"} through this position; counts from the mover's side. ` +
            `Grey rows fail the ${table.policy} filter (at least ${table.min_games} games).`
          : `${table.book}: a Polyglot book has weights, not game counts.`;
  }
}

function caseLine(item: CaseView): string {
  const elo = item.elo ? `, Elo ${item.elo}` : '';
  const mirrored = item.mirrored ? ', the other colour’s case mirrored' : '';
  return `similarity ${item.similarity}/256: game ${item.game}, ply ${item.ply}${elo}, ${item.result}, expert move ${item.move}${mirrored}`;
}

export class DecisionPanel {
  private caseBoard: Api | null = null;

  // The decision behind the latest book or CBR move up to the viewed position.
  draw(state: GameState, viewPly: number): void {
    const box = byId('decision');
    const boardElement = byId('case-board');
    let decision: Decision | null = null;
    for (let ply = Math.min(viewPly, state.decisions.length) - 1; ply >= 0 && !decision; --ply) decision = state.decisions[ply];
    box.replaceChildren();
    boardElement.hidden = true;
    byId('decision-section').hidden = !decision;
    if (!decision) return;
    const move = state.moves[decision.ply];
    const label = `${move ? `${move.number}${move.color === 'white' ? '.' : '...'} ` : ''}${decision.san}`;
    const title = document.createElement('p');
    if (decision.kind === 'book') {
      title.textContent = `${label} from the book ${decision.book}: ${decision.summary}.`;
      box.append(title);
      return;
    }
    title.textContent = decision.fallback
      ? `${label} by the CBR player (${decision.case_base}): no case of this colour, a random move.`
      : `${label} by the CBR player (${decision.case_base}): ${decision.retrieved} case(s) retrieved, best similarity ${decision.similarity}/256` +
        (decision.verified ? `, verified by search at ${formatScore(decision.score)}.` : '.');
    box.append(title);
    if (decision.used_case) {
      const used = document.createElement('p');
      used.className = 'used-case';
      used.textContent = `Case used: ${caseLine(decision.used_case)}`;
      box.append(used);
      boardElement.hidden = false;
      const from = decision.used_case.move.slice(0, 2), to = decision.used_case.move.slice(2, 4);
      const config = {
        fen: decision.used_case.board,
        orientation: decision.side,
        viewOnly: true,
        coordinates: false,
        lastMove: [from, to],
        drawable: { autoShapes: [{ orig: from, dest: to, brush: 'blue' }] },
      } as Parameters<typeof Chessground>[1];
      if (this.caseBoard) {
        this.caseBoard.set(config!);
        // set() moves the pieces but leaves the arrow where the last board had it.
        this.caseBoard.redrawAll();
      } else this.caseBoard = Chessground(boardElement, config);
    }
    const list = document.createElement('ol');
    list.className = 'case-list';
    for (const item of decision.cases ?? []) list.appendChild(document.createElement('li')).textContent = caseLine(item);
    if (decision.cases && decision.cases.length > 1) box.append(list);
    if (decision.trace?.length) {
      const trace = document.createElement('pre');
      trace.textContent = decision.trace.join('\n');
      box.append(trace);
    }
  }
}

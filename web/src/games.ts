// Games: read a PGN file (or pasted text), list its games, show one with its comments and
// variations; download or copy the current game as PGN.
import { call, type GameState } from './api';

interface GameSummary {
  index: number;
  white: string;
  black: string;
  event: string;
  date: string;
  result: string;
  plies: number;
}

// The table's columns: title and class (the widths are in style.css).
const COLUMNS: [string, string][] = [
  ['#', 'number'],
  ['White', 'player'],
  ['Black', 'player'],
  ['Result', 'result'],
  ['Event', 'event'],
  ['Date', 'date'],
  ['Moves', 'moves'],
];

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

export class GamesPanel {
  constructor(
    private readonly shown: (state: GameState) => void,
    private readonly report: (message: string, isError?: boolean) => void,
    // Called as a game is about to load; returns what undoes it if the load fails.
    private readonly loading: () => () => void = () => () => {},
  ) {
    byId<HTMLInputElement>('pgn-file').onchange = async (event) => {
      const file = (event.target as HTMLInputElement).files?.[0];
      if (!file) return;
      byId<HTMLTextAreaElement>('pgn-text').value = await file.text();
      this.read();
    };
    byId('pgn-read').onclick = () => this.read();
    byId('pgn-export').onclick = () => this.download();
    byId('pgn-copy').onclick = async () => {
      const { pgn } = await call<{ pgn: string }>('GET', '/api/pgn');
      await navigator.clipboard?.writeText(pgn);
      this.report('PGN copied');
    };
  }

  private async read(): Promise<void> {
    const pgn = byId<HTMLTextAreaElement>('pgn-text').value;
    const table = byId<HTMLTableElement>('pgn-games');
    try {
      const answer = await call<{ games: GameSummary[]; total: number; errors: string[]; error_total: number }>(
        'POST',
        '/api/pgn/games',
        { pgn },
      );
      table.replaceChildren();
      const head = table.createTHead().insertRow();
      for (const [title, name] of COLUMNS) {
        const cell = document.createElement('th');
        cell.textContent = title;
        cell.className = name;
        head.append(cell);
      }
      const body = table.createTBody();
      for (const game of answer.games) {
        const row = body.insertRow();
        row.dataset.index = String(game.index);
        const moves = Math.ceil(game.plies / 2);
        const texts = [String(game.index + 1), game.white, game.black, game.result, game.event, game.date, String(moves)];
        texts.forEach((text, column) => {
          const cell = row.insertCell();
          cell.textContent = text;
          cell.className = COLUMNS[column][1];
          cell.title = text;
        });
        row.onclick = () => this.load(pgn, game.index);
      }
      const listed = answer.games.length < answer.total ? `, the first ${answer.games.length} listed` : '';
      const problems = answer.error_total ? `, ${answer.error_total} problem(s)` : '';
      const more = answer.error_total > answer.errors.length ? `\n… and ${answer.error_total - answer.errors.length} more` : '';
      byId('pgn-errors').textContent = answer.errors.join('\n') + more;
      this.report(`${answer.total} game(s) read${listed}${problems}`);
    } catch (error) {
      this.report((error as Error).message, true);
    }
  }

  private async load(pgn: string, index: number): Promise<void> {
    const cancel = this.loading();
    try {
      this.shown(await call<GameState>('POST', '/api/pgn/load', { pgn, index }));
    } catch (error) {
      cancel();
      this.report((error as Error).message, true);
    }
  }

  private async download(): Promise<void> {
    const { pgn } = await call<{ pgn: string }>('GET', '/api/pgn');
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([pgn], { type: 'application/x-chess-pgn' }));
    link.download = 'mneme-game.pgn';
    link.click();
    URL.revokeObjectURL(link.href);
  }
}

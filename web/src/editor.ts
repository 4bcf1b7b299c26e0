// The position editor (the 2006 thesis's Edit screen): place and remove pieces, choose the side
// to move, castling rights, the en passant square and who plays each side. The server judges
// every position and says why it refuses one.
import type { Board } from './board';
import type { Key, Piece, Role } from '@lichess-org/chessground/types';
import { call, type PlayerKind } from './api';

const ROLES: Role[] = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn'];
const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

interface Verdict {
  valid: boolean;
  check: string;
  reason: string;
}

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

export class Editor {
  private chosen: Piece | 'remove' | null = null;
  private validation = 0;

  constructor(
    private readonly board: Board,
    private readonly startGame: (fen: string, players: Record<'white' | 'black', PlayerKind>) => Promise<void>,
  ) {
    this.buildPalette();
    for (const input of document.querySelectorAll('#panel-edit select, #panel-edit input[data-castle], #edit-en-passant'))
      input.addEventListener('change', () => this.changed());
    byId('fen-load').onclick = () => this.load(byId<HTMLInputElement>('fen').value);
    byId('fen-copy').onclick = () => navigator.clipboard?.writeText(this.fen());
    byId('edit-start').onclick = () => this.load(START_FEN);
    byId('edit-clear').onclick = () => this.load('8/8/8/8/8/8/8/8 w - - 0 1');
    byId('edit-play').onclick = () => this.play();
  }

  // Starts editing from `fen`.
  open(fen: string): void {
    this.board.ground.set({
      movable: { free: true, color: 'both', dests: new Map() },
      draggable: { enabled: true, deleteOnDropOff: true },
      lastMove: [],
      check: false,
      events: { change: () => this.changed(), select: (key) => this.placeChosen(key) },
    });
    this.board.ground.setAutoShapes([]);  // no hint or best-move arrow on the edited board
    this.load(fen);
  }

  close(): void {
    this.choose(null);
    this.board.ground.set({ events: { change: undefined, select: undefined }, draggable: { enabled: true } });
  }

  fen(): string {
    const castling = [...document.querySelectorAll<HTMLInputElement>('input[data-castle]')]
      .filter((box) => box.checked)
      .map((box) => box.dataset.castle)
      .join('');
    const enPassant = byId<HTMLInputElement>('edit-en-passant').value.trim() || '-';
    const turn = byId<HTMLSelectElement>('edit-turn').value;
    return `${this.board.ground.getFen()} ${turn} ${castling || '-'} ${enPassant} 0 1`;
  }

  private load(fen: string): void {
    const fields = fen.trim().split(/\s+/);
    this.board.ground.set({ fen: fields[0] ?? '' });
    byId<HTMLSelectElement>('edit-turn').value = fields[1] === 'b' ? 'b' : 'w';
    for (const box of document.querySelectorAll<HTMLInputElement>('input[data-castle]'))
      box.checked = (fields[2] ?? '-').includes(box.dataset.castle!);
    byId<HTMLInputElement>('edit-en-passant').value = fields[3] && fields[3] !== '-' ? fields[3] : '';
    this.changed(fen.trim());
  }

  private async changed(typed?: string): Promise<void> {
    // A FEN typed with fields the editor cannot show (a bad placement) is judged as typed.
    const fen = typed ?? this.fen();
    byId<HTMLInputElement>('fen').value = fen;
    const ticket = ++this.validation;
    const verdict = await call<Verdict>('POST', '/api/validate-position', { fen });
    if (ticket !== this.validation) return;
    const box = byId('edit-verdict');
    box.className = verdict.valid ? 'valid' : 'invalid';
    box.textContent = verdict.valid ? 'A legal position.' : `Refused (${verdict.check}): ${verdict.reason}`;
  }

  private async play(): Promise<void> {
    const players = {
      white: byId<HTMLSelectElement>('edit-white').value as PlayerKind,
      black: byId<HTMLSelectElement>('edit-black').value as PlayerKind,
    };
    try {
      await this.startGame(this.fen(), players);
    } catch (error) {
      const box = byId('edit-verdict');
      box.className = 'invalid';
      box.textContent = `Refused: ${(error as Error).message}`;
    }
  }

  private placeChosen(key: Key): void {
    if (!this.chosen) return;
    this.board.ground.setPieces(new Map([[key, this.chosen === 'remove' ? undefined : this.chosen]]));
    this.board.ground.selectSquare(null);
    this.changed();
  }

  // While a palette piece is chosen, clicks place it instead of picking up board pieces; a
  // second click on the chosen button puts the board back to moving pieces by hand.
  private choose(piece: Piece | 'remove' | null): void {
    const same = (a: Piece | 'remove' | null, b: Piece | 'remove' | null) =>
      a === b || (typeof a === 'object' && typeof b === 'object' && a?.role === b?.role && a?.color === b?.color);
    if (piece && same(piece, this.chosen)) piece = null;
    this.chosen = piece;
    this.board.ground.set({
      movable: { color: piece ? undefined : 'both' },
      draggable: { enabled: !piece },
    });
    for (const button of document.querySelectorAll<HTMLElement>('#palette button')) {
      const matches =
        piece === 'remove' ? button.dataset.remove !== undefined : !!piece && button.dataset.piece === `${piece.color}-${piece.role}`;
      button.classList.toggle('chosen', matches);
    }
  }

  private buildPalette(): void {
    const palette = byId('palette');
    palette.classList.add('cg-wrap');
    for (const color of ['white', 'black'] as const) {
      for (const role of ROLES) {
        const button = document.createElement('button');
        button.dataset.piece = `${color}-${role}`;
        button.title = `${color} ${role}: click it, then click squares`;
        const piece = document.createElement('piece');
        piece.className = `${role} ${color}`;
        button.append(piece);
        button.onclick = () => this.choose({ color, role });
        palette.append(button);
      }
    }
    const remove = document.createElement('button');
    remove.dataset.remove = '';
    remove.title = 'remove pieces: click it, then click squares';
    remove.textContent = '✕';
    remove.onclick = () => this.choose('remove');
    palette.append(remove);
  }
}

// The board: chessground showing a position, with legal-destination dots, last-move and check
// highlights, drag and click input, and a dialog asking which piece a pawn promotes to.
import { Chessground } from '@lichess-org/chessground';
import type { Api } from '@lichess-org/chessground/api';
import type { Color, Key, Role } from '@lichess-org/chessground/types';
import type { PositionView, Side } from './api';

export type MoveHandler = (uci: string) => void;

const PROMOTION_ROLES: [Role, string][] = [
  ['queen', 'q'],
  ['knight', 'n'],
  ['rook', 'r'],
  ['bishop', 'b'],
];

export class Board {
  readonly ground: Api;
  private onMove: MoveHandler = () => {};
  private shown = false;

  constructor(element: HTMLElement) {
    this.ground = Chessground(element, {
      coordinates: true,
      animation: { duration: 150 },
      highlight: { lastMove: true, check: true },
      movable: { free: false, showDests: true, events: { after: (orig, dest) => this.moved(orig, dest) } },
      premovable: { enabled: false },
      draggable: { showGhost: true },
    });
  }

  // Shows `view`; pieces of `movableSide` may be moved (none when null).
  show(view: PositionView, movableSide: Side | null, onMove: MoveHandler): void {
    this.onMove = onMove;
    // The first position shown (a game resumed when the page opens) appears in place instead
    // of sliding every piece from the starting position.
    const first = !this.shown;
    this.shown = true;
    if (first) this.ground.set({ animation: { enabled: false } });
    const destinations = new Map<Key, Key[]>();
    if (movableSide)
      for (const [from, targets] of Object.entries(view.destinations)) destinations.set(from as Key, targets as Key[]);
    this.ground.set({
      fen: view.fen.split(' ')[0],
      turnColor: view.turn,
      check: view.check ? view.turn : false,
      lastMove: view.last_move as Key[],
      movable: { free: false, color: movableSide ?? undefined, dests: destinations },
      draggable: { deleteOnDropOff: false },
    });
    this.ground.setAutoShapes([]);
    if (first) this.ground.set({ animation: { enabled: true } });
  }

  flip(): void {
    this.ground.toggleOrientation();
  }

  orientation(): Color {
    return this.ground.state.orientation;
  }

  // Arrows from UCI moves ("e2e4"), in chessground's brushes ("green", "blue").
  showArrows(arrows: { uci: string; brush: string }[]): void {
    this.ground.setAutoShapes(arrows.map(({ uci, brush }) => ({ orig: uci.slice(0, 2) as Key, dest: uci.slice(2, 4) as Key, brush })));
  }

  private async moved(orig: Key, dest: Key): Promise<void> {
    const piece = this.ground.state.pieces.get(dest);
    const lastRank = dest[1] === '8' || dest[1] === '1';
    let uci = orig + dest;
    if (piece?.role === 'pawn' && lastRank) {
      const letter = await choosePromotion(piece.color);
      if (!letter) {
        this.onMove('');  // cancelled: the caller redraws the position
        return;
      }
      uci += letter;
    }
    this.onMove(uci);
  }
}

// Asks for the promotion piece; resolves to its letter, or null when the dialog is dismissed.
function choosePromotion(color: Color): Promise<string | null> {
  const dialog = document.getElementById('promotion')!;
  const choices = dialog.querySelector('.promotion-choices')!;
  choices.replaceChildren();
  return new Promise((resolve) => {
    const close = (letter: string | null) => {
      dialog.hidden = true;
      dialog.onclick = null;
      resolve(letter);
    };
    for (const [role, letter] of PROMOTION_ROLES) {
      const button = document.createElement('button');
      button.dataset.piece = letter;
      button.title = role;
      const piece = document.createElement('piece');
      piece.className = `${role} ${color}`;
      button.append(piece);
      button.onclick = (event) => {
        event.stopPropagation();
        close(letter);
      };
      choices.append(button);
    }
    dialog.onclick = () => close(null);
    dialog.hidden = false;
  });
}

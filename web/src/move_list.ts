// The game's moves in SAN, numbered in pairs, with comments and variations as PGN text and the
// computer review's marks (?! ? ??); a click on a move shows the position after it.
import type { GameState } from './api';

const NAG_SYMBOLS: Record<number, string> = { 1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!' };
export const JUDGEMENT_SYMBOLS = { inaccuracy: '?!', mistake: '?', blunder: '??' } as const;

export function drawMoveList(element: HTMLElement, state: GameState, viewPly: number, go: (ply: number) => void): void {
  element.replaceChildren();
  if (state.start_comment) element.append(comment(state.start_comment));
  state.moves.forEach((move, index) => {
    const ply = index + 1;
    if (move.color === 'white' || index === 0) {
      const number = document.createElement('span');
      number.className = 'number';
      number.textContent = move.color === 'white' ? `${move.number}.` : `${move.number}...`;
      element.append(number);
    }
    const button = document.createElement('button');
    button.className = 'move' + (ply === viewPly ? ' current' : '');
    button.dataset.ply = String(ply);
    button.textContent = move.san + move.nags.map((nag) => NAG_SYMBOLS[nag] ?? ` $${nag}`).join('');
    const mark = state.review?.[index];
    if (mark) {
      const glyph = document.createElement('span');
      glyph.className = `judgement ${mark.judgement}`;
      glyph.textContent = JUDGEMENT_SYMBOLS[mark.judgement];
      glyph.title = `${mark.judgement}: ${mark.best_san} was better`;
      button.append(glyph);
    }
    button.onclick = () => go(ply);
    element.append(button);
    if (move.comment) element.append(comment(move.comment));
    for (const variation of move.variations) {
      const line = document.createElement('span');
      line.className = 'variation';
      line.textContent = `(${variation})`;
      element.append(line);
    }
  });
  element.querySelector('.current')?.scrollIntoView({ block: 'nearest' });
}

function comment(text: string): HTMLElement {
  const span = document.createElement('span');
  span.className = 'comment';
  span.textContent = text;
  return span;
}

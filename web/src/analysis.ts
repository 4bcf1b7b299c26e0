// The analysis side: the evaluation bar beside the board, the engine's MultiPV lines, and the
// graph of a game's evaluations with its axes, review marks and progress (click a point to go to
// that position).
import { formatScore, whiteShare, type ReviewMark, type Score, type SearchReport } from './api';

export function drawEvaluationBar(fill: HTMLElement, score: Score | null | undefined): void {
  fill.style.height = `${(whiteShare(score) * 100).toFixed(1)}%`;
  fill.parentElement!.title = score ? formatScore(score) : 'no evaluation';
}

// "1.2M", "356k", "950": node counts as engines' GUIs show them.
export function formatNodes(nodes: number): string {
  if (nodes >= 1e9) return `${(nodes / 1e9).toFixed(1)}G`;
  if (nodes >= 1e6) return `${(nodes / 1e6).toFixed(1)}M`;
  if (nodes >= 1e3) return `${(nodes / 1e3).toFixed(0)}k`;
  return String(nodes);
}

export class AnalysisLines {
  private lines = new Map<number, SearchReport>();
  private ply = -1;

  constructor(private readonly list: HTMLElement) {}

  clear(): void {
    this.lines.clear();
    this.list.replaceChildren();
  }

  add(ply: number, line: SearchReport): void {
    if (ply !== this.ply) this.clear();
    this.ply = ply;
    this.lines.set(line.multipv, line);
    this.list.replaceChildren(
      ...[...this.lines.entries()]
        .sort(([a], [b]) => a - b)
        .map(([, report]) => {
          const item = document.createElement('li');
          item.innerHTML = '<b></b> <small class="search-figures"></small> <span class="pv"></span>';
          item.querySelector('b')!.textContent = formatScore(report.score);
          item.querySelector('small')!.textContent =
            `depth ${report.depth}/${report.seldepth} · ${formatNodes(report.nodes)} nodes · ${(report.time_ms / 1000).toFixed(1)} s`;
          item.querySelector('.pv')!.textContent = report.pv;
          return item;
        }),
    );
  }

  best(): SearchReport | undefined {
    return this.lines.get(1);
  }

  // The best line's first move in UCI, for the arrow on the board.
  bestMove(ply: number): string | undefined {
    return ply === this.ply ? this.lines.get(1)?.pv_uci.split(' ')[0] || undefined : undefined;
  }
}

const MARK_CLASSES: Record<ReviewMark['judgement'], string> = {
  inaccuracy: 'graph-inaccuracy',
  mistake: 'graph-mistake',
  blunder: 'graph-blunder',
};

// The graph of White's winning chances over the game: White's area light, Black's dark, a line
// at the viewed position, a mark at each reviewed mistake, and the move numbers below it.
export function drawEvaluationGraph(
  box: HTMLElement,
  evaluations: (Score | null)[],
  review: (ReviewMark | null)[],
  startMove: number,
  whiteStarts: boolean,
  viewPly: number,
  go: (ply: number) => void,
): void {
  const svg = box.querySelector('svg')!;
  const width = 400, height = 100;
  const count = Math.max(evaluations.length - 1, 1);
  const x = (ply: number) => (ply / count) * width;
  const y = (score: Score | null) => (1 - whiteShare(score)) * height;
  const known = evaluations.map((score, ply) => [ply, score] as const).filter(([, score]) => score);
  const points = known.map(([ply, score]) => `${x(ply).toFixed(1)},${y(score).toFixed(1)}`).join(' ');
  const marks = review
    .map((mark, index) => (mark ? `<line x1="${x(index + 1)}" y1="0" x2="${x(index + 1)}" y2="${height}" class="${MARK_CLASSES[mark.judgement]}"/>` : ''))
    .join('');
  svg.innerHTML =
    `<rect width="${width}" height="${height}" class="graph-black"/>` +
    (known.length > 1
      ? `<polygon class="graph-white" points="${x(known[0][0])},${height} ${points} ${x(known[known.length - 1][0])},${height}"/>`
      : '') +
    `<line x1="0" y1="${height / 2}" x2="${width}" y2="${height / 2}" class="graph-middle"/>` +
    marks +
    `<line x1="${x(viewPly)}" y1="0" x2="${x(viewPly)}" y2="${height}" class="graph-cursor"/>`;
  svg.onclick = (event) => {
    const rectangle = svg.getBoundingClientRect();
    go(Math.round(((event.clientX - rectangle.left) / rectangle.width) * count));
  };
  // Move numbers under the graph: about six, at round numbers.
  const axis = box.querySelector('.graph-axis')!;
  const moves = Math.max(1, Math.ceil(count / 2));
  const step = [1, 2, 5, 10, 20, 50, 100].find((size) => moves / size <= 6) ?? 200;
  const labels: HTMLElement[] = [];
  for (let move = Math.ceil(startMove / step) * step; ; move += step) {
    // The ply after White's move number `move`.
    const ply = (move - startMove) * 2 + (whiteStarts ? 1 : 0);
    if (ply > count) break;
    if (ply < 0) continue;
    const label = document.createElement('span');
    label.textContent = String(move);
    label.style.left = `${((ply / count) * 100).toFixed(1)}%`;
    labels.push(label);
  }
  axis.replaceChildren(...labels);
  box.classList.toggle('empty', known.length === 0);
}

// While "Evaluate the game" runs: how many positions are scored, of how many.
export function drawEvaluationProgress(element: HTMLElement, done: number, total: number): void {
  element.hidden = done >= total;
  const bar = element.querySelector('progress')!;
  bar.max = total;
  bar.value = done;
  element.querySelector('span')!.textContent = `evaluating: ${done} of ${total} positions`;
}

// The analysis side: the evaluation bar beside the board, the engine's MultiPV lines, and the
// graph of a game's evaluations (click a point to go to that position).
import { formatScore, whiteShare, type Score, type SearchReport } from './api';

export function drawEvaluationBar(fill: HTMLElement, score: Score | null | undefined): void {
  fill.style.height = `${(whiteShare(score) * 100).toFixed(1)}%`;
  fill.parentElement!.title = score ? formatScore(score) : 'no evaluation';
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
          item.innerHTML = '<b></b> <small></small> <span></span>';
          item.querySelector('b')!.textContent = formatScore(report.score);
          item.querySelector('small')!.textContent = `d${report.depth}`;
          item.querySelector('span')!.textContent = report.pv;
          return item;
        }),
    );
  }

  best(): SearchReport | undefined {
    return this.lines.get(1);
  }
}

export function drawEvaluationGraph(svg: SVGSVGElement, evaluations: (Score | null)[], viewPly: number, go: (ply: number) => void): void {
  const width = 400, height = 100;
  const count = Math.max(evaluations.length - 1, 1);
  const x = (ply: number) => (ply / count) * width;
  const y = (score: Score | null) => (1 - whiteShare(score)) * height;
  const known = evaluations.map((score, ply) => [ply, score] as const).filter(([, score]) => score);
  const points = known.map(([ply, score]) => `${x(ply).toFixed(1)},${y(score).toFixed(1)}`).join(' ');
  svg.innerHTML =
    `<rect width="${width}" height="${height}" class="graph-black"/>` +
    (known.length > 1
      ? `<polygon class="graph-white" points="${x(known[0][0])},${height} ${points} ${x(known[known.length - 1][0])},${height}"/>`
      : '') +
    `<line x1="0" y1="${height / 2}" x2="${width}" y2="${height / 2}" class="graph-middle"/>` +
    `<line x1="${x(viewPly)}" y1="0" x2="${x(viewPly)}" y2="${height}" class="graph-cursor"/>`;
  svg.onclick = (event) => {
    const box = svg.getBoundingClientRect();
    go(Math.round(((event.clientX - box.left) / box.width) * count));
  };
}

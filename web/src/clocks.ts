// The two clocks under and above the board; the server keeps the time, this only counts down
// between its reports.
import type { ClockView, Side } from './api';

export class Clocks {
  private view: ClockView | null = null;
  private receivedAt = 0;

  constructor(
    private readonly top: HTMLElement,
    private readonly bottom: HTMLElement,
  ) {
    setInterval(() => this.draw(this.bottomSide), 200);
  }

  private bottomSide: Side = 'white';

  update(view: ClockView, bottomSide: Side): void {
    this.view = view;
    this.receivedAt = performance.now();
    this.draw(bottomSide);
  }

  draw(bottomSide: Side): void {
    this.bottomSide = bottomSide;
    const topSide: Side = bottomSide === 'white' ? 'black' : 'white';
    this.drawOne(this.top, topSide);
    this.drawOne(this.bottom, bottomSide);
  }

  private drawOne(element: HTMLElement, side: Side): void {
    const view = this.view;
    if (!view || !view.enabled) {
      element.textContent = '';
      element.className = 'clock';
      return;
    }
    const running = view.running?.toLowerCase() === side;
    let ms = side === 'white' ? view.white_ms : view.black_ms;
    if (running) ms -= performance.now() - this.receivedAt;
    element.textContent = formatTime(ms);
    element.className = 'clock' + (running ? ' running' : '') + (ms < 20000 ? ' low' : '');
  }
}

function formatTime(ms: number): string {
  const clamped = Math.max(0, ms);
  const minutes = Math.floor(clamped / 60000);
  const seconds = Math.floor((clamped % 60000) / 1000);
  const text = `${minutes}:${seconds.toString().padStart(2, '0')}`;
  return clamped < 10000 ? `${text}.${Math.floor((clamped % 1000) / 100)}` : text;
}

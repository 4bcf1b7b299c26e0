// The single-page front end of mneme serve: it draws what the server says and sends what the
// person does. Tabs: Play, Edit, Games, Analyse; the board, clocks, status bar and move list
// are shared.
import { call, formatScore, type Catalogue, type GameState, type PlayerKind, type SearchReport, type Side } from './api';
import { AnalysisLines, drawEvaluationBar, drawEvaluationGraph, drawEvaluationProgress } from './analysis';
import { Board } from './board';
import { BookPanel, DecisionPanel } from './book_panel';
import { PlayerChoice } from './players';
import { Clocks } from './clocks';
import { Editor } from './editor';
import { GamesPanel } from './games';
import { drawMoveList, JUDGEMENT_SYMBOLS } from './move_list';

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
type Tab = 'play' | 'edit' | 'games' | 'analyse';
// The depth slider's label: 0 is no depth limit.
const depthLabel = (depth: string) => (depth === '0' ? 'none' : depth);
// The review's budget for its note: " in 2,000,000 nodes a position" ("" before a review).
const reviewDepth = (nodes: number) => (nodes > 0 ? ` in ${nodes.toLocaleString('en')} nodes a position` : '');

class App {
  private state: GameState | null = null;
  private viewPly = 0;
  private pendingView: { after: number; ply: number } | null = null;
  private tab: Tab = 'play';
  private engineReport: SearchReport | null = null;
  private message: { text: string; isError: boolean } | null = null;
  private resignArmed: number | null = null;  // the timer that disarms the resign button
  private readonly board = new Board(byId('board'));
  private readonly clocks = new Clocks(byId('clock-top'), byId('clock-bottom'));
  private readonly lines = new AnalysisLines(byId('analysis-lines-list'));
  private readonly editor = new Editor(this.board, (fen, players) => this.newGame(fen, players));
  private readonly choice = new PlayerChoice();
  private readonly bookPanel = new BookPanel((uci) => this.play(uci));
  private readonly decisions = new DecisionPanel();

  constructor() {
    new GamesPanel(
      (state) => {
        // A game read from PGN: nothing said about the last game stays, and the list stays open.
        this.forgetLastGame();
        this.apply(state);
      },
      (text, isError) => this.say(text, isError),
      () => {
        // A refused load leaves the current game, so nothing must jump to its start later.
        this.viewNextGameAt(0);
        return () => {
          this.pendingView = null;
        };
      },
    );
    this.wireControls();
    this.listen();
    this.bookPanel.onChange = () => this.render();
    const catalogue = call<Catalogue>('GET', '/api/players').then((catalogue) => {
      this.choice.setCatalogue(catalogue);
      this.bookPanel.setCatalogue(catalogue);
      this.render();
    });
    const state = call<GameState>('GET', '/api/state').then((state) => {
      this.apply(state);
      return state;
    });
    // The dialog opens on the game being played (its selects need the catalogue's options).
    Promise.all([catalogue, state]).then(([, state]) => {
      this.showGameSettings(this.state ?? state);
      if (state.notice) this.say(state.notice, true);
    });
  }

  // The New game dialog and the strength controls set to `state`'s game: a reloaded page must
  // not show the defaults while another game runs, nor send them with the next strength change.
  private showGameSettings(state: GameState): void {
    const human = (side: Side) => state.players[side] === 'human';
    const side = human('white') ? (human('black') ? 'both' : 'white') : human('black') ? 'black' : 'none';
    byId<HTMLSelectElement>('play-side').value = side;
    this.choice.show(state.player_setups[human('white') ? 'black' : 'white']);
    byId<HTMLInputElement>('depth').value = String(state.strength.depth);
    byId('depth-value').textContent = depthLabel(String(state.strength.depth));
    byId<HTMLInputElement>('movetime').value = String(state.strength.movetime_ms / 1000);
    byId<HTMLInputElement>('elo-on').checked = state.strength.elo > 0;
    if (state.strength.elo > 0) byId<HTMLInputElement>('elo').value = String(state.strength.elo);
    byId<HTMLInputElement>('clock-on').checked = state.clock.enabled;
    if (state.clock.enabled) {
      byId<HTMLInputElement>('clock-minutes').value = String(state.clock.base_ms / 60000);
      byId<HTMLInputElement>('clock-increment').value = String(state.clock.increment_ms / 1000);
    }
  }

  // ---- state from the server

  // The view a new or loaded game opens at, taken by the first state newer than the current
  // one: the server's answer and its event arrive in either order.
  private viewNextGameAt(ply: number): void {
    this.pendingView = { after: this.state?.version ?? -1, ply };
  }

  private apply(state: GameState, viewPly?: number): void {
    // An answer overtaken by the event of a later change (the computer moved at once).
    if (this.state && state.version < this.state.version) return;
    const followingEnd = !this.state || this.viewPly >= this.state.moves.length;
    if (this.state && state.moves.length !== this.state.moves.length) this.message = null;
    this.state = state;
    if (viewPly !== undefined) this.viewPly = viewPly;
    else if (this.pendingView && state.version > this.pendingView.after) {
      this.viewPly = Math.min(this.pendingView.ply, state.moves.length);
      this.pendingView = null;
    } else if (followingEnd || this.viewPly > state.moves.length) this.viewPly = state.moves.length;
    // The server forgets its report when the position it was about goes (a take back, a new
    // game); while mneme thinks, the live reports of its search are newer than a state's.
    if (!state.thinking || state.engine === null) this.engineReport = state.engine;
    this.render();
  }

  private listen(): void {
    const events = new EventSource('/api/events');
    const data = (event: Event) => JSON.parse((event as MessageEvent).data);
    // After a lost connection (the server restarted, say) the events missed are not sent
    // again: the state is asked for anew.
    let connected = false;
    events.addEventListener('open', () => {
      if (connected) call<GameState>('GET', '/api/state').then((state) => this.apply(state));
      connected = true;
    });
    events.addEventListener('state', (event) => this.apply(data(event)));
    events.addEventListener('thinking', (event) => {
      this.engineReport = data(event);
      this.drawStatus();
      // The engine searches the game's last position: the bar follows it while it thinks.
      if (this.state && this.viewPly === this.state.moves.length && !byId<HTMLInputElement>('analysis-on').checked)
        drawEvaluationBar(byId('eval-fill'), this.engineReport?.score);
    });
    events.addEventListener('analysis', (event) => {
      const { ply, line } = data(event);
      if (ply !== this.viewPly) return;
      this.lines.add(ply, line);
      drawEvaluationBar(byId('eval-fill'), this.lines.best()?.score);
      if (this.tab === 'analyse') this.drawArrows();
    });
    events.addEventListener('hint', (event) => {
      const hint = data(event);
      if (this.state) this.state.hint = hint;
      if (this.tab !== 'edit') this.drawArrows();
      this.say(`Hint: ${hint.san} (${formatScore(hint.score)})`);
    });
    events.addEventListener('evaluation', (event) => {
      const { ply, score, best, of } = data(event);
      if (!this.state || of !== this.state.moves.length) return;
      this.state.evaluations[ply] = score;
      this.state.best_moves[ply] = best;
      drawEvaluationProgress(byId('evaluate-progress'), ply + 1, of + 1);
      this.drawGraph();
      if (ply === this.viewPly && this.tab === 'analyse') this.drawArrows();
    });
    events.addEventListener('evaluation-done', () => {
      byId('evaluate-progress').hidden = true;
      byId<HTMLButtonElement>('evaluate-game').disabled = false;
    });
    events.addEventListener('message', (event) => this.say(data(event).text));
  }

  // ---- drawing

  private render(): void {
    const state = this.state;
    if (!state) return;
    if (this.tab !== 'edit') this.drawBoard();
    const bottom: Side = this.board.orientation();
    const top: Side = bottom === 'white' ? 'black' : 'white';
    byId('name-top').textContent = state.names[top];
    byId('name-bottom').textContent = state.names[bottom];
    this.clocks.update(state.clock, bottom);
    drawMoveList(byId('moves'), state, this.viewPly, (ply) => this.go(ply));
    this.drawOpening();
    byId('result').textContent = state.over ? `${state.result} · ${state.result_reason}` : '';
    byId<HTMLButtonElement>('claim-draw').disabled = !state.claimable_draw;
    byId<HTMLButtonElement>('move-now').disabled = !state.thinking;
    byId<HTMLButtonElement>('claim-draw').title = state.claimable_draw ?? 'no draw to claim';
    this.drawStatus();
    this.drawGraph();
    const evaluation = state.evaluations[this.viewPly];
    if (!byId<HTMLInputElement>('analysis-on').checked) drawEvaluationBar(byId('eval-fill'), evaluation);
    if (this.tab === 'analyse') {
      this.bookPanel.show(this.viewPly, state);
      this.decisions.draw(state, this.viewPly);
      this.drawReview();
    }
  }

  // The opening's ECO code and name: of the deepest named position up to the one viewed.
  private drawOpening(): void {
    const moves = this.state?.moves ?? [];
    let opening = null;
    for (let ply = Math.min(this.viewPly, moves.length); ply > 0 && !opening; --ply) opening = moves[ply - 1].opening;
    const element = byId('opening');
    element.replaceChildren();
    if (!opening) return;
    const code = document.createElement('b');
    code.textContent = opening.eco;
    element.append(code, ` ${opening.name}`);
  }

  // The computer review: how many inaccuracies, mistakes and blunders each side made, and the
  // viewed move's judgement with the better move.
  private drawReview(): void {
    const state = this.state!;
    const review = state.review ?? [];
    const summary = byId('review-summary');
    const marked = review.filter((mark) => mark);
    const evaluated = state.evaluations.filter((score) => score).length;
    summary.hidden = evaluated === 0;
    if (evaluated > 0) {
      const rows: string[][] = [];
      for (const side of ['white', 'black'] as const) {
        const count = (judgement: string) =>
          review.filter((mark, index) => mark?.judgement === judgement && state.moves[index].color === side).length;
        const accuracy = state.accuracy?.[side];
        rows.push([state.names[side], String(count('inaccuracy')), String(count('mistake')), String(count('blunder')),
          accuracy ? `${accuracy.accuracy.toFixed(1)}%` : '', accuracy ? String(accuracy.acpl) : '']);
      }
      const table = summary.querySelector('table')!;
      table.replaceChildren();
      const head = table.createTHead().insertRow();
      // Each title's first part is left out at phone width ('?!' for 'inaccuracies ?!').
      const titles = [['', ''], ['inaccuracies ', '?!'], ['mistakes ', '?'], ['blunders ', '??'], ['', 'accuracy'], ['avg. ', 'loss (cp)']];
      for (const [long, short] of titles) {
        const cell = document.createElement('th');
        const word = document.createElement('span');
        word.className = 'long';
        word.textContent = long;
        cell.append(word, short);
        head.append(cell);
      }
      for (const row of rows) {
        const line = table.insertRow();
        for (const text of row) line.insertCell().textContent = text;
      }
      summary.querySelector('.note')!.textContent =
        evaluated < state.evaluations.length
          ? `${evaluated} of ${state.evaluations.length} positions evaluated: "Evaluate the game" reviews every move.`
          : marked.length === 0
            ? 'No move lost more than 5% of its player\'s winning chances.'
            : `Judged by the winning chances a move lost against the best move found${reviewDepth(state.review_nodes)} (lichess's thresholds: 5%, 10%, 15%).`;
    }
    const verdict = byId('review-move');
    const mark = this.viewPly > 0 ? review[this.viewPly - 1] : null;
    verdict.hidden = !mark;
    verdict.className = mark ? mark.judgement : '';
    if (mark) {
      const move = state.moves[this.viewPly - 1];
      const number = move.color === 'white' ? `${move.number}.` : `${move.number}...`;
      const name = mark.judgement[0].toUpperCase() + mark.judgement.slice(1);
      verdict.textContent =
        `${number} ${move.san}${JUDGEMENT_SYMBOLS[mark.judgement]} ${name}: ` +
        `${Math.round(mark.drop * 100)}% of the winning chances lost. Best was ${mark.best_san}.`;
    }
  }

  // Arrows on the board: the hint at the game's end; in Analyse, the best move of the viewed
  // position (the running analysis's, else the one the game's evaluation found).
  private drawArrows(): void {
    const state = this.state;
    if (!state) return;
    const arrows: { uci: string; brush: string }[] = [];
    if (this.viewPly === state.moves.length && state.hint) arrows.push({ uci: state.hint.uci, brush: 'green' });
    if (this.tab === 'analyse') {
      const best = this.lines.bestMove(this.viewPly) ?? state.best_moves?.[this.viewPly]?.uci;
      if (best) arrows.push({ uci: best, brush: 'blue' });
    }
    this.board.showArrows(arrows);
  }

  private drawBoard(): void {
    const state = this.state!;
    const atEnd = this.viewPly === state.moves.length;
    const bothHuman = state.players.white === 'human' && state.players.black === 'human';
    const move = state.moves[this.viewPly - 1];
    const view = atEnd
      ? state.position
      : {
          fen: move ? move.fen : state.start_fen,
          turn: (move ? (move.color === 'white' ? 'black' : 'white') : state.start_fen.split(' ')[1] === 'b' ? 'black' : 'white') as Side,
          check: move ? move.check : false,
          destinations: {},
          last_move: move ? [move.uci.slice(0, 2), move.uci.slice(2, 4)] : [],
        };
    const humanToMove = state.players[view.turn] === 'human';
    const movable = atEnd ? !state.over && humanToMove : bothHuman;
    this.board.show(view, movable && atEnd ? view.turn : null, (uci) => this.play(uci));
    if (movable && !atEnd) {
      // An earlier position of a game between humans: moves there replace the rest.
      const ply = this.viewPly;
      call<GameState['position']>('GET', `/api/position?ply=${ply}`).then((position) => {
        if (this.viewPly !== ply || this.tab === 'edit') return;
        this.board.show(position, position.turn, (uci) => this.play(uci));
        this.drawArrows();
      }, () => {});  // the game changed meanwhile; its new state redraws the board
    }
    this.drawArrows();
  }

  private drawStatus(): void {
    const bar = byId('status-bar');
    const state = this.state;
    const parts: string[] = [];
    if (this.tab === 'edit') {
      // The editor says what it has to say under its own panel; the game's news would be stale.
      bar.textContent = '';
      bar.classList.remove('error');
      return;
    }
    if (this.message) parts.push(this.message.text);
    else if (state?.over) parts.push(state.result_reason);
    const report = this.engineReport;
    if (report)
      parts.push(
        `${state?.thinking ? 'mneme is thinking · ' : 'mneme · '}depth ${report.depth}/${report.seldepth} · ` +
          `${formatScore(report.score)} · ${(report.nps / 1000).toFixed(0)} kN/s · ${report.pv}`,
      );
    else if (state?.thinking) parts.push('mneme is thinking…');
    bar.textContent = parts.join('  —  ');
    bar.classList.toggle('error', !!this.message?.isError);
  }

  private drawGraph(): void {
    const state = this.state;
    if (!state) return;
    const fields = state.start_fen.split(' ');
    drawEvaluationGraph(byId('graph-box'), state.evaluations, state.review ?? [], Number(fields[5]) || 1, fields[1] !== 'b', this.viewPly, (ply) => this.go(ply));
  }

  // What belonged to the game on the board before: the engine's last report, an answer to a
  // draw offer, analysis lines, the progress of its evaluation, an armed resign button.
  private forgetLastGame(): void {
    this.engineReport = null;
    this.message = null;
    this.lines.clear();
    byId('evaluate-progress').hidden = true;
    byId<HTMLButtonElement>('evaluate-game').disabled = false;
    this.disarmResign();
  }

  private disarmResign(): void {
    if (this.resignArmed !== null) window.clearTimeout(this.resignArmed);
    this.resignArmed = null;
    const button = byId('resign');
    button.textContent = 'Resign';
    button.classList.remove('confirm');
  }

  // Resigning takes a second click within four seconds, as on lichess.
  private resign(): void {
    if (this.resignArmed === null) {
      const button = byId('resign');
      button.textContent = 'Really resign?';
      button.classList.add('confirm');
      this.resignArmed = window.setTimeout(() => this.disarmResign(), 4000);
      return;
    }
    this.disarmResign();
    this.act('/api/resign');
  }

  private say(text: string, isError = false): void {
    this.message = { text, isError };
    this.drawStatus();
  }

  // ---- actions

  private go(ply: number): void {
    if (!this.state) return;
    this.viewPly = Math.max(0, Math.min(ply, this.state.moves.length));
    this.lines.clear();
    this.render();
    if (byId<HTMLInputElement>('analysis-on').checked) this.analyse();
  }

  private async play(uci: string): Promise<void> {
    if (!uci) {
      this.render();
      return;
    }
    const body: { uci: string; ply?: number } = { uci };
    if (this.state && this.viewPly !== this.state.moves.length) body.ply = this.viewPly;
    // The view goes to the game's end with the first state that has the move, and follows it
    // from there: the server's event may arrive before its answer, and a fast computer player
    // (book, CBR) may have replied in it already; its reply must not be left unseen.
    this.viewNextGameAt(Number.MAX_SAFE_INTEGER);
    try {
      this.message = null;
      this.apply(await call<GameState>('POST', '/api/move', body));
    } catch (error) {
      this.pendingView = null;
      this.say((error as Error).message, true);
      this.render();
    }
  }

  private async act(path: string): Promise<void> {
    try {
      const answer = await call<GameState | { accepted: boolean; state: GameState }>('POST', path);
      if ('accepted' in answer) {
        this.apply(answer.state);
        if (!answer.accepted) this.say('mneme declines the draw offer');
      } else if ('moves' in answer) {
        this.apply(answer);
      }
    } catch (error) {
      this.say((error as Error).message, true);
    }
  }

  private strength() {
    const seconds = Number(byId<HTMLInputElement>('movetime').value) || 0;
    return {
      depth: Number(byId<HTMLInputElement>('depth').value),
      movetime_ms: Math.round(seconds * 1000),
      elo: byId<HTMLInputElement>('elo-on').checked ? Number(byId<HTMLInputElement>('elo').value) : 0,
    };
  }

  private clockSettings() {
    return {
      enabled: byId<HTMLInputElement>('clock-on').checked,
      base_ms: Math.round(Number(byId<HTMLInputElement>('clock-minutes').value) * 60000),
      increment_ms: Math.round(Number(byId<HTMLInputElement>('clock-increment').value) * 1000),
    };
  }

  private async newGame(fen?: string, players?: Record<Side, PlayerKind>): Promise<void> {
    const side = byId<HTMLSelectElement>('play-side').value;
    const opponent = this.choice.kind();
    const chosen: Record<Side, PlayerKind> = players ?? {
      white: side === 'white' || side === 'both' ? 'human' : opponent,
      black: side === 'black' || side === 'both' ? 'human' : opponent,
    };
    // Follow the new game to its end (a computer may move at once).
    this.viewNextGameAt(Number.MAX_SAFE_INTEGER);
    // Turn the board before asking: the new game's event can arrive before the answer, and a move
    // clicked on the board it draws must land on the squares the player sees.
    const humanSide: Side = chosen.white === 'human' || chosen.black !== 'human' ? 'white' : 'black';
    const previousSide = this.board.orientation();
    if (previousSide !== humanSide) this.board.flip();
    // Forget the last game before asking, not after: the new game's events can arrive first (the
    // computer's report and move, a resign click on it), and this answer must not undo them.
    this.forgetLastGame();
    let state: GameState;
    try {
      state = await call<GameState>('POST', '/api/new-game', {
        players: { white: this.choice.setup(chosen.white), black: this.choice.setup(chosen.black) },
        strength: this.strength(),
        clock: this.clockSettings(),
        fen,
      });
    } catch (error) {
      this.pendingView = null;
      if (this.board.orientation() !== previousSide) this.board.flip();
      throw error;
    }
    this.apply(state);
    this.selectTab('play');
  }

  private analyse(): void {
    const on = byId<HTMLInputElement>('analysis-on').checked;
    const lines = Number(byId<HTMLSelectElement>('analysis-lines').value);
    this.lines.clear();
    call('POST', '/api/analysis', { on, ply: this.viewPly, lines }).catch((error) => this.say(error.message, true));
  }

  private selectTab(tab: Tab): void {
    if (this.tab === 'edit' && tab !== 'edit') this.editor.close();
    this.tab = tab;
    for (const button of document.querySelectorAll<HTMLElement>('#tabs button'))
      button.classList.toggle('active', button.dataset.tab === tab);
    for (const name of ['play', 'edit', 'games', 'analyse']) byId(`panel-${name}`).hidden = name !== tab;
    byId('board-column').classList.toggle('editing', tab === 'edit');
    document.body.classList.toggle('editing', tab === 'edit');
    this.drawStatus();
    if (tab === 'edit') {
      const state = this.state;
      const move = state?.moves[this.viewPly - 1];
      this.editor.open(move ? move.fen : (state?.start_fen ?? ''));
    } else {
      this.render();
    }
  }

  private wireControls(): void {
    for (const button of document.querySelectorAll<HTMLElement>('#tabs button'))
      button.onclick = () => this.selectTab(button.dataset.tab as Tab);
    const depth = byId<HTMLInputElement>('depth');
    depth.oninput = () => (byId('depth-value').textContent = depthLabel(depth.value));
    for (const id of ['depth', 'movetime', 'elo-on', 'elo'])
      byId(id).addEventListener('change', () => call('POST', '/api/strength', this.strength()).catch(() => {}));
    byId('new-game').onclick = () => this.newGame().catch((error) => this.say(error.message, true));
    byId('take-back').onclick = () => this.act('/api/take-back');
    byId('resign').onclick = () => this.resign();
    byId('offer-draw').onclick = () => this.act('/api/offer-draw');
    byId('claim-draw').onclick = () => this.act('/api/claim-draw');
    byId('hint').onclick = () => {
      this.say('mneme looks for a hint…');
      call('POST', '/api/hint').catch((error) => this.say(error.message, true));
    };
    byId('move-now').onclick = () =>
      call('POST', '/api/move-now').catch((error) => this.say(error.message, true));
    byId('flip').onclick = () => {
      this.board.flip();
      this.render();
    };
    byId('analysis-on').onchange = () => this.analyse();
    byId('analysis-lines').onchange = () => this.analyse();
    byId('evaluate-game').onclick = () => {
      const total = (this.state?.moves.length ?? 0) + 1;
      drawEvaluationProgress(byId('evaluate-progress'), 0, total);
      byId<HTMLButtonElement>('evaluate-game').disabled = true;
      const nodes = Number(byId<HTMLSelectElement>('review-nodes').value);
      call('POST', '/api/evaluate-game', { nodes }).catch((error) => {
        byId('evaluate-progress').hidden = true;
        byId<HTMLButtonElement>('evaluate-game').disabled = false;
        this.say(error.message, true);
      });
    };
    const steps: Record<string, () => number> = {
      first: () => 0,
      back: () => this.viewPly - 1,
      forward: () => this.viewPly + 1,
      last: () => this.state?.moves.length ?? 0,
    };
    for (const button of document.querySelectorAll<HTMLElement>('#navigation button'))
      button.onclick = () => this.go(steps[button.dataset.go!]());
    document.addEventListener('keydown', (event) => {
      if ((event.target as HTMLElement).closest('input, textarea, select')) return;
      if (event.key === 'ArrowLeft') this.go(this.viewPly - 1);
      else if (event.key === 'ArrowRight') this.go(this.viewPly + 1);
      else if (event.key === 'Home') this.go(0);
      else if (event.key === 'End') this.go(this.state?.moves.length ?? 0);
    });
  }
}

new App();

// The New game dialog's opponent: mneme's search (with the server's evaluation or another it
// offers, optionally with a book), the CBR player with
// a case base and its settings, or the book player; what the server offers comes from
// /api/players (the files mneme serve was started with).
import type { Catalogue, PlayerKind, PlayerSetup } from './api';

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function fill(select: HTMLSelectElement, items: { value: string; label: string }[], keep = select.value): void {
  select.replaceChildren(
    ...items.map(({ value, label }) => {
      const option = document.createElement('option');
      option.value = value;
      option.textContent = label;
      return option;
    }),
  );
  if (items.some((item) => item.value === keep)) select.value = keep;
}

export class PlayerChoice {
  private catalogue: Catalogue | null = null;

  constructor() {
    byId('opponent').addEventListener('change', () => this.showOptions());
    this.showOptions();
  }

  setCatalogue(catalogue: Catalogue): void {
    this.catalogue = catalogue;
    const books = catalogue.books.map((book) => ({ value: book.id, label: `${book.name} (${book.summary})` }));
    fill(byId('engine-book'), [{ value: '', label: 'none' }, ...books]);
    fill(byId('book-file'), books);
    fill(byId('cbr-cases'), catalogue.case_bases.map((base) => ({ value: base.id, label: `${base.name} (${base.cases} cases)` })));
    const policies = catalogue.book_policies.map((policy) => ({ value: policy, label: policy }));
    fill(byId('book-policy'), policies, 'opta3');
    fill(
      byId('engine-evaluation'),
      catalogue.evaluations.map((e) => ({ value: e.default ? '' : e.id, label: e.name.replace(/^the /, '') })),
    );
    // A build without a network and a server without --net have only the classic evaluation.
    byId('engine-evaluation-label').hidden = catalogue.evaluations.length < 2;
    // Kinds the server cannot offer stay visible, disabled, saying what is missing.
    const missing: Partial<Record<PlayerKind, string>> = {
      cbr: 'start mneme serve with --cases FILE.mcases',
      book: 'start mneme serve with --book FILE (.mbook or Polyglot .bin)',
    };
    for (const select of ['opponent', 'edit-white', 'edit-black'].map((id) => byId<HTMLSelectElement>(id)))
      for (const option of select.options) {
        const available = catalogue.kinds.includes(option.value as PlayerKind);
        option.disabled = !available;
        option.title = available ? '' : (missing[option.value as PlayerKind] ?? '');
      }
    this.showOptions();
  }

  // Shows `setup` in the dialog (the game in progress when the page opens), so that the next
  // New game starts from what is being played rather than from the page's defaults.
  show(setup: PlayerSetup): void {
    const set = (id: string, value: string | undefined) => {
      const element = byId<HTMLInputElement | HTMLSelectElement>(id);
      // A select keeps its choice when the server no longer offers the value.
      if (value === undefined || (element instanceof HTMLSelectElement && ![...element.options].some((o) => o.value === value)))
        return;
      element.value = value;
    };
    if (setup.kind === 'human') return;
    set('opponent', setup.kind);
    if (setup.kind === 'engine') {
      set('engine-evaluation', setup.evaluation ?? '');
      set('engine-book', setup.book ?? '');
    }
    if (setup.kind === 'book') set('book-file', setup.book);
    if (setup.policy) set('book-policy', setup.policy);
    if (setup.kind === 'cbr') {
      set('cbr-cases', setup.cases);
      const options = setup.options ?? {};
      const text = (name: string) => (options[name] === undefined ? undefined : String(options[name]));
      const weights = text('weights')?.split(',');
      if (weights?.length === 3) weights.forEach((weight, i) => set(`cbr-v${i + 1}`, weight));
      for (const name of ['choice', 'k', 'verify']) set(`cbr-${name}`, text(name));
      for (const name of ['mirror', 'repetition'])
        if (text(name) !== undefined) byId<HTMLInputElement>(`cbr-${name}`).checked = text(name) === 'true';
    }
    this.showOptions();
  }

  kind(): PlayerKind {
    return byId<HTMLSelectElement>('opponent').value as PlayerKind;
  }

  // The setup for a side of `kind`, with the settings chosen in the dialog.
  setup(kind: PlayerKind): PlayerSetup {
    const value = (id: string) => byId<HTMLInputElement | HTMLSelectElement>(id).value;
    const checked = (id: string) => byId<HTMLInputElement>(id).checked;
    switch (kind) {
      case 'engine': {
        const setup: PlayerSetup = { kind };
        if (value('engine-evaluation')) setup.evaluation = value('engine-evaluation');
        if (value('engine-book')) Object.assign(setup, { book: value('engine-book'), policy: value('book-policy') });
        return setup;
      }
      case 'book':
        return { kind, book: value('book-file') || undefined, policy: value('book-policy') };
      case 'cbr':
        return {
          kind,
          cases: value('cbr-cases') || undefined,
          options: {
            weights: [value('cbr-v1'), value('cbr-v2'), value('cbr-v3')].join(','),
            choice: value('cbr-choice'),
            k: value('cbr-k'),
            mirror: checked('cbr-mirror'),
            repetition: checked('cbr-repetition'),
            verify: value('cbr-verify'),
          },
        };
      default:
        return { kind };
    }
  }

  private showOptions(): void {
    const kind = this.kind();
    byId('engine-options').hidden = kind !== 'engine';
    byId('cbr-options').hidden = kind !== 'cbr';
    byId('book-options').hidden = kind !== 'book' && !(kind === 'engine' && this.catalogue?.books.length);
    byId('book-file-label').hidden = kind !== 'book';
  }
}

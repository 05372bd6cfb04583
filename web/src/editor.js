// The editor: a textarea over a highlighted copy of its text. Colours come
// from the core's tokens and the vocabulary's words; squiggles from the
// checker's spans; completion from `crypta_core::complete`.

const escapes = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const escape = (text) => text.replace(/[&<>]/g, (c) => escapes[c]);

export class Editor {
  constructor({ textarea, highlight, list, keywords, complete, onChange, onRun }) {
    Object.assign(this, { textarea, highlight, list, complete, onChange, onRun });
    this.keywords = new Set(keywords);
    this.items = [];
    this.selected = 0;
    this.start = 0;
    textarea.addEventListener('input', () => { this.changed(); this.suggest(false); });
    textarea.addEventListener('scroll', () => this.syncScroll());
    textarea.addEventListener('keydown', (e) => this.key(e));
    textarea.addEventListener('blur', () => setTimeout(() => this.close(), 150));
    textarea.addEventListener('click', () => this.close());
    list.addEventListener('mousedown', (e) => {
      const li = e.target.closest('li');
      if (li) { e.preventDefault(); this.accept(Number(li.dataset.index)); }
    });
  }

  get value() { return this.textarea.value; }

  set value(text) {
    this.textarea.value = text;
    this.changed();
  }

  // Replaces `from..to` (UTF-16 offsets) with `text`, as typing would (undo keeps it).
  replace(from, to, text) {
    this.textarea.focus();
    this.textarea.setSelectionRange(from, to);
    if (!document.execCommand('insertText', false, text)) {
      this.textarea.setRangeText(text, from, to, 'end');
    }
    this.changed();
  }

  changed() { this.onChange(this.value); }

  // The line (from 1) the cursor is on.
  cursorLine() {
    return this.value.slice(0, this.textarea.selectionStart).split('\n').length;
  }

  // Draws `tokens` ([kind, from, to]) with squiggles under `spans` (errors)
  // and `warningSpans`.
  paint(tokens, spans, warningSpans = []) {
    const text = this.value;
    const mark = ([a, b]) => (a < b ? [a, b] : [Math.max(0, Math.min(a, text.length - 1)), Math.min(text.length, a + 1)]);
    const marks = spans.map(mark);
    const warnings = warningSpans.map(mark);
    const cuts = new Set([0, text.length]);
    for (const [, a, b] of tokens) { cuts.add(a); cuts.add(b); }
    for (const [a, b] of [...marks, ...warnings]) { cuts.add(a); cuts.add(b); }
    const points = [...cuts].filter((x) => x >= 0 && x <= text.length).sort((x, y) => x - y);
    let t = 0;
    let html = '';
    for (let i = 0; i + 1 < points.length; i++) {
      const [a, b] = [points[i], points[i + 1]];
      while (t < tokens.length && tokens[t][2] <= a) t++;
      const token = t < tokens.length && tokens[t][1] <= a ? tokens[t] : null;
      const piece = text.slice(a, b);
      const classes = [];
      if (token) classes.push(this.colour(token[0], text.slice(token[1], token[2])));
      if (marks.some(([x, y]) => x <= a && b <= y)) classes.push('squiggle');
      else if (warnings.some(([x, y]) => x <= a && b <= y)) classes.push('squiggle', 'warning');
      html += classes.length ? `<span class="${classes.join(' ')}">${escape(piece)}</span>` : escape(piece);
    }
    // A last newline needs a line after it to be shown.
    this.highlight.innerHTML = html + '\n';
    this.syncScroll();
  }

  colour(kind, word) {
    if (kind !== 'word') return kind === 'punct' ? '' : kind;
    if (this.keywords.has(word)) return 'kw';
    return /^[0-9]+$/.test(word) ? 'num' : 'word';
  }

  syncScroll() {
    this.highlight.scrollTop = this.textarea.scrollTop;
    this.highlight.scrollLeft = this.textarea.scrollLeft;
  }

  // Offers the words that fit at the cursor; `forced` (Ctrl+Space) even
  // before a word is started.
  suggest(forced) {
    const at = this.textarea.selectionStart;
    const before = this.value.slice(0, at);
    if (!forced && !/[A-Za-z_:]$/.test(before)) return this.close();
    const { start, items } = this.complete(this.value, at);
    if (!items.length) return this.close();
    this.start = start;
    this.items = items;
    this.selected = 0;
    this.list.innerHTML = '';
    items.forEach((item, i) => {
      const li = document.createElement('li');
      li.dataset.index = i;
      li.setAttribute('role', 'option');
      li.textContent = item.text;
      if (item.about) {
        const small = document.createElement('small');
        small.textContent = item.about;
        li.append(small);
      }
      this.list.append(li);
    });
    this.place(at);
    this.list.hidden = false;
    this.mark();
  }

  // Puts the list under the cursor: where offset `at` is in the
  // highlighted copy, which wraps its lines as the textarea does.
  place(at) {
    const walker = document.createTreeWalker(this.highlight, NodeFilter.SHOW_TEXT);
    let rest = at;
    let node = walker.nextNode();
    while (node && rest > node.length) {
      rest -= node.length;
      node = walker.nextNode();
    }
    const box = this.textarea.getBoundingClientRect();
    let [left, top] = [0, 0];
    if (node) {
      const range = document.createRange();
      range.setStart(node, rest);
      range.collapse(true);
      const caret = range.getClientRects()[0] ?? range.getBoundingClientRect();
      [left, top] = [caret.left - box.left, caret.bottom - box.top];
    }
    this.list.style.left = `${Math.max(0, Math.min(left, box.width - 160))}px`;
    this.list.style.top = `${Math.max(0, Math.min(top, box.height - 20))}px`;
  }

  mark() {
    [...this.list.children].forEach((li, i) => li.setAttribute('aria-selected', String(i === this.selected)));
    this.list.children[this.selected]?.scrollIntoView({ block: 'nearest' });
  }

  close() {
    this.list.hidden = true;
    this.items = [];
  }

  accept(i) {
    const item = this.items[i];
    if (!item) return;
    this.close();
    this.replace(this.start, this.textarea.selectionStart, item.text);
  }

  key(e) {
    if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') { e.preventDefault(); this.onRun(); return; }
    if (e.ctrlKey && e.key === ' ') { e.preventDefault(); this.suggest(true); return; }
    if (this.list.hidden || !this.items.length) return;
    const moves = { ArrowDown: 1, ArrowUp: -1 };
    if (e.key in moves) {
      e.preventDefault();
      this.selected = (this.selected + moves[e.key] + this.items.length) % this.items.length;
      this.mark();
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      this.accept(this.selected);
    } else if (e.key === 'Escape') {
      this.close();
    }
  }
}

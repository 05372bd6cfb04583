// The playground: the editor checks on every keystroke (in the page; a
// check never searches), and runs and generates in a worker that Stop ends.
import { resilient, failure, Refused, Trap } from './crypta.js';
import { Editor } from './editor.js';
import { pack, fromHash } from './share.js';
import { EXAMPLES, WORDS } from './examples.js';

const $ = (id) => document.getElementById(id);
const stats = (window.cryptaStats = { checks: 0, lastCheckMs: null, lastRunMs: null });

const module = await WebAssembly.compileStreaming(fetch('crypta_web.wasm'));
// The page's own instance, started afresh after a trap as the worker's is.
const crypta = await resilient(module);
const vocab = crypta.call({ op: 'vocab' });

// ---- checking as you type ----
let checked = { diagnostics: [], statements: [] };
const editor = new Editor({
  textarea: $('source'),
  highlight: $('highlight'),
  list: $('completions'),
  keywords: vocab.keywords,
  complete: (source, offset) => {
    try { return crypta.call({ op: 'complete', source, offset }); } catch { return { start: offset, items: [] }; }
  },
  onChange: (source) => check(source),
  onRun: () => run(editor.cursorLine()),
});

// The script a check trapped on: checked again only once it has changed,
// or the fresh instance would trap on it again at once.
let trappedOn = null;

function check(source) {
  const start = performance.now();
  try {
    checked = crypta.call({ op: 'check', source });
  } catch (e) {
    checked = { diagnostics: [], statements: [], tokens: [] };
    if (e instanceof Trap) trappedOn = source;
    // The rest on a fresh stack: the call may have failed for want of one.
    Promise.resolve().then(() => {
      editor.paint([], []);
      $('diagnostics').replaceChildren();
      status(failure(e));
      remember(source);
      return crypta.ready();
    }).then(() => { if (!(e instanceof Refused) && editor.value !== trappedOn) check(editor.value); });
    return;
  }
  const isWarning = (d) => d.severity === 'warning';
  editor.paint(
    checked.tokens,
    checked.diagnostics.filter((d) => !isWarning(d)).map((d) => d.span),
    checked.diagnostics.filter(isWarning).map((d) => d.span),
  );
  showDiagnostics(source);
  stats.lastCheckMs = performance.now() - start;
  stats.checks++;
  remember(source);
}

function lineColumn(source, offset) {
  const before = source.slice(0, offset).split('\n');
  return `${before.length}:${before[before.length - 1].length + 1}`;
}

function showDiagnostics(source) {
  const list = $('diagnostics');
  list.replaceChildren();
  for (const d of checked.diagnostics) {
    const li = document.createElement('li');
    li.dataset.kind = d.kind;
    li.dataset.severity = d.severity;
    const where = document.createElement('span');
    where.className = 'where';
    where.textContent = lineColumn(source, d.span[0]) + (d.severity === 'warning' ? ' warning:' : '');
    li.append(where, document.createTextNode(d.message));
    if (d.hint) {
      const help = document.createElement('span');
      help.className = 'help';
      help.textContent = `help: ${d.hint}`;
      li.append(help);
    }
    if (d.fix) {
      const fix = document.createElement('button');
      fix.className = 'fix';
      fix.textContent = d.fix.text ? `Fix: ${d.fix.span[0] === d.fix.span[1] ? 'insert' : 'write'} “${d.fix.text}”` : 'Fix: remove';
      fix.onclick = () => editor.replace(d.fix.span[0], d.fix.span[1], d.fix.text);
      li.append(fix);
    }
    li.onclick = (e) => {
      if (e.target.tagName === 'BUTTON') return;
      $('source').focus();
      $('source').setSelectionRange(d.span[0], d.span[1]);
    };
    list.append(li);
  }
  status(checked.diagnostics.length ? `${checked.diagnostics.length} problem${checked.diagnostics.length > 1 ? 's' : ''}` : 'no problems');
}

function status(text) { $('status').textContent = text; }

// ---- the address keeps the script ----
let packing = null;
function remember(source) {
  clearTimeout(packing);
  packing = setTimeout(async () => {
    try { localStorage.setItem('crypta-script', source); } catch { /* private mode */ }
    history.replaceState(null, '', `#code=${await pack(source)}`);
  }, 300);
}

$('share').onclick = async () => {
  const link = `${location.origin}${location.pathname}#code=${await pack(editor.value)}`;
  history.replaceState(null, '', link);
  const box = $('share-link');
  box.value = link;
  box.hidden = false;
  box.select();
  try { await navigator.clipboard.writeText(link); status('link copied'); } catch { status('link below'); }
};

// ---- examples ----
for (const { name } of EXAMPLES) {
  const option = document.createElement('option');
  option.value = option.textContent = name;
  $('examples').append(option);
}
$('examples').onchange = (e) => {
  const example = EXAMPLES.find((x) => x.name === e.target.value);
  if (example) { editor.value = example.text; $('answers').replaceChildren(); }
};

// ---- the worker ----
let worker = null;
let ready = null;
let job = null;

function startWorker() {
  const w = new Worker('worker.js', { type: 'module' });
  worker = w;
  // An exception the worker did not catch: it is ended like a trapped
  // instance, and the job reports it.
  w.onerror = (e) => {
    if (w !== worker || !job) return;
    e.preventDefault();
    w.terminate();
    startWorker();
    finish({ error: `internal error in the worker: ${e.message}` });
  };
  ready = new Promise((resolve) => {
    w.onmessage = (e) => {
      if (e.data.type === 'ready') { resolve(); return; }
      // Nothing from a worker ended by Stop or a limit.
      if (!job || w !== worker) return;
      if (e.data.type === 'progress') job.progress(e.data.lines);
      else if (e.data.type === 'done') finish(e.data);
    };
  });
  w.postMessage({ module });
}
startWorker();

function finish(result) {
  const j = job;
  job = null;
  clearTimeout(j.timer);
  j.done(result);
}

// Ends the job by ending its worker (a search in WebAssembly cannot be
// asked to stop); `why` is 'stop' or 'time'.
function stop(why) {
  if (!job) return;
  worker.terminate();
  startWorker();
  finish({ stopped: why });
}

function busy(on) {
  $('stop').disabled = !on;
  $('run-all').disabled = $('run-one').disabled = $('generate-form').querySelector('button[type=submit]').disabled = on;
  document.body.dataset.busy = on ? 'yes' : '';
}

// Sends `request` to the worker; `progress` gets progress lines and a
// function that restarts the clock of `limit` (ms; 0: none), after which
// the worker is ended as Stop ends it.
async function inWorker(request, progress = () => {}, limit = 0) {
  await ready;
  return new Promise((resolve) => {
    const j = { done: resolve, timer: null };
    const arm = () => {
      clearTimeout(j.timer);
      if (limit > 0) j.timer = setTimeout(() => { if (job === j) stop('time'); }, limit);
    };
    j.progress = (lines) => progress(lines, arm);
    job = j;
    arm();
    busy(true);
    worker.postMessage({ id: Date.now(), request });
  }).finally(() => busy(false));
}

$('stop').onclick = () => stop('stop');

// ---- running ----
function limitMs() {
  const seconds = Number($('timeout').value);
  return seconds > 0 ? Math.round(seconds * 1000) : 0;
}

// The core stops a statement at the time limit itself; the page ends the
// worker only if a statement runs well past it (a step that did not look
// at the clock), counted from the end of the statement before.
const backstop = (limit) => (limit > 0 ? Math.round(limit * 1.5) + 1000 : 0);

async function run(line) {
  // Warnings do not stop a run; errors do.
  if (checked.diagnostics.some((d) => d.severity !== 'warning')) { status('fix the problems first'); return; }
  delete document.body.dataset.stopped;
  const answers = $('answers');
  answers.replaceChildren();
  // Each statement's card: its pieces as they come, then its whole answer.
  const cards = new Map();
  let open = null;
  let pieces = 0;
  const started = performance.now();
  const tick = () => status(`running… ${((performance.now() - started) / 1000).toFixed(1)} s, ${pieces} pieces printed`);
  tick();
  const ticker = setInterval(tick, 200);
  const limit = limitMs();
  const result = await inWorker({ op: 'run', source: editor.value, line: line ?? undefined, timeout_ms: limit }, (lines, rearm) => {
    for (const l of lines) {
      const card = cards.get(l.number);
      if (l.answer) {
        const whole = showAnswer(l.answer);
        if (card) card.root.replaceWith(whole); else answers.append(whole);
        cards.set(l.number, { root: whole, done: true });
        open = null;
        rearm();
        continue;
      }
      if (!card) { const fresh = answerCard(l.number, l.begin); cards.set(l.number, fresh); answers.append(fresh.root); }
      open = l.number;
      if (l.begin !== undefined) continue;
      pieces++;
      cards.get(l.number).append(l.piece);
    }
  }, backstop(limit));
  clearInterval(ticker);
  const ms = performance.now() - started;
  stats.lastRunMs = ms;
  // What was received stays; the statement that was running says why it
  // has no end.
  if (result.stopped) {
    const why = result.stopped === 'time'
      ? `the time limit (${limit / 1000} s) stopped it: the search did not stop by itself`
      : 'stopped by the Stop button before it finished';
    if (open !== null) mark(cards.get(open), 'stopped', why);
    status(`stopped after ${(ms / 1000).toFixed(1)} s`);
    document.body.dataset.stopped = 'yes';
    return;
  }
  if (result.error) {
    // A trap before any statement began gets a card of its own.
    let card = cards.get(open);
    if (!card) { card = answerCard(''); answers.append(card.root); }
    mark(card, 'error', result.error);
    status(result.error);
    return;
  }
  for (const answer of result.ok.answers) {
    if (cards.get(answer.number)?.done) continue;
    const whole = showAnswer(answer);
    const card = cards.get(answer.number);
    if (card) card.root.replaceWith(whole); else answers.append(whole);
  }
  status(`ran in ${(ms / 1000).toFixed(2)} s`);
}

// Marks a card `kind` ('stopped' or 'error') with a line saying why.
function mark(card, kind, why) {
  card.root.classList.add(kind);
  card.root.dataset[kind] = 'yes';
  const note = document.createElement('p');
  note.className = 'note';
  note.textContent = why;
  card.root.append(note);
}

const MAX_SHOWN = 250000;

// A statement's card; `begin` (the statement as written) is shown until
// its output comes.
function answerCard(number, begin) {
  const root = document.createElement('article');
  root.className = 'answer';
  root.dataset.number = number;
  const pre = document.createElement('pre');
  root.append(pre);
  let shown = 0;
  if (begin !== undefined) { pre.textContent = `${begin}\n`; pre.className = 'begun'; }
  return {
    root,
    append(text) {
      if (pre.className === 'begun') { pre.replaceChildren(); pre.className = ''; }
      if (shown > MAX_SHOWN) return;
      shown += text.length;
      pre.append(shown > MAX_SHOWN ? `${text}… (more not shown)\n` : text);
    },
  };
}

function showAnswer(answer) {
  const card = answerCard(answer.number);
  card.append(answer.output || '');
  if (answer.error) card.append(`internal error: ${answer.error}\n`);
  if (answer.stopped_by) card.root.classList.add('stopped');
  if (answer.svg) card.root.append(picture(answer.svg));
  if (answer.givens?.length) card.root.append(givens(answer));
  if (answer.grading?.steps.length) card.root.append(steps(answer.grading));
  return card.root;
}

// The core's SVG, parsed as SVG (never as HTML), without scripts or handlers.
function picture(svg) {
  const div = document.createElement('div');
  div.className = 'picture';
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const root = doc.documentElement;
  if (root.nodeName !== 'svg') return div;
  root.querySelectorAll('script, foreignObject').forEach((n) => n.remove());
  for (const el of [root, ...root.querySelectorAll('*')]) {
    for (const attr of [...el.attributes]) if (/^on/i.test(attr.name)) el.removeAttribute(attr.name);
  }
  div.append(document.importNode(root, true));
  return div;
}

function givens(answer) {
  const div = document.createElement('div');
  div.className = 'givens';
  div.append('Make it unique: ');
  for (const set of answer.givens) {
    const button = document.createElement('button');
    button.className = 'given';
    button.textContent = set.map((g) => `${g.name} = ${g.digit}`).join(' and ');
    button.onclick = () => {
      try {
        const { source } = crypta.call({ op: 'apply', source: editor.value, statement: answer.number, givens: set });
        editor.value = source;
        run(answer.line);
      } catch (e) { status(e.message); }
    };
    div.append(button);
  }
  return div;
}

function steps(grading) {
  const div = document.createElement('div');
  div.className = 'steps';
  const back = document.createElement('button');
  const next = document.createElement('button');
  const all = document.createElement('button');
  const label = document.createElement('span');
  const box = document.createElement('div');
  box.className = 'step';
  back.textContent = '◀'; next.textContent = '▶'; all.textContent = 'all steps';
  back.className = 'back'; next.className = 'next';
  let at = 0;
  const show = () => {
    const s = grading.steps[at];
    label.textContent = `${grading.difficulty}: step ${at + 1} of ${grading.steps.length}`;
    box.replaceChildren();
    const rule = document.createElement('b');
    rule.textContent = `${s.rule} (${s.level})`;
    const removed = s.removed.map(([name, digits]) => `${name} ≠ ${digits.join(',')}`).join('; ');
    box.append(rule, document.createTextNode(` ${s.why}${removed ? ` — removes ${removed}` : ''}`));
    back.disabled = at === 0;
    next.disabled = at === grading.steps.length - 1;
  };
  back.onclick = () => { at--; show(); };
  next.onclick = () => { at++; show(); };
  all.onclick = () => {
    box.replaceChildren(...grading.steps.map((s, i) => {
      const p = document.createElement('div');
      p.textContent = `${i + 1}. ${s.rule} (${s.level}): ${s.why}`;
      return p;
    }));
  };
  div.append(back, label, next, all, box);
  show();
  return div;
}

$('run-all').onclick = () => run(null);
$('run-one').onclick = () => run(editor.cursorLine());

// ---- generate ----
const form = $('generate-form');
function fitForm() {
  const kind = form.kind.value;
  form.querySelectorAll('[data-for]').forEach((el) => { el.hidden = !el.dataset.for.split(' ').includes(kind); });
}
form.kind.onchange = fitForm;
fitForm();
form.onsubmit = async (e) => {
  e.preventDefault();
  const f = form;
  // The options of `crypta generate` (crates/web/src/generate.rs): only
  // those of the kind chosen, or the core refuses them as the command line does.
  const request = { op: 'generate', kind: f.kind.value, seed: Number(f.seed.value) || 0 };
  if (request.kind === 'kakuro') {
    Object.assign(request, { query: f.query.value, size: Number(f.size.value), density: Number(f.density.value), givens: Number(f.givens.value), unique: f.unique.checked, symmetry: f.symmetry.value });
  } else if (request.kind === 'letters') {
    Object.assign(request, { words: WORDS, base: Number(f.base.value) });
    if (f.pattern.value.trim()) request.pattern = f.pattern.value; else request.addends = Number(f.addends.value);
  } else {
    const digits = /^\s*(\d+)\s*x\s*(\d+)\s*$/.exec(f.digits.value);
    if (digits) request.digits = [Number(digits[1]), Number(digits[2])];
    if (f.keep.value !== '') request.keep = Number(f.keep.value);
    request.letters = f.letters.checked;
  }
  // The same time limit as runs: the core cannot stop while it makes a
  // puzzle, so the page ends the worker at the limit.
  const limit = limitMs();
  request.timeout_ms = limit;
  status('generating…');
  const result = await inWorker(request, () => {}, limit);
  if (result.stopped === 'time') { status(`the time limit (${limit / 1000} s) stopped generate: no puzzle was made`); return; }
  if (result.stopped) { status('generate stopped: no puzzle was made'); return; }
  if (result.error) { status(result.error); return; }
  const text = editor.value.replace(/\n*$/, editor.value.trim() ? '\n\n' : '');
  editor.value = `${text}${result.ok.statement}\n`;
  status('generated: added at the end');
};

// ---- start ----
const start = (await fromHash(location.hash)) ?? localStorage.getItem('crypta-script') ?? EXAMPLES.find((x) => x.name === 'tour')?.text ?? '';
editor.value = start;
// The menu names the example on screen (the tour, at first sight).
$('examples').value = EXAMPLES.find((x) => x.text === start)?.name ?? '';
document.body.dataset.ready = 'yes';

if ('serviceWorker' in navigator) navigator.serviceWorker.register('sw.js').catch(() => {});

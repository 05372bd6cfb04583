// The playground (web/dist, built by web/build.sh) in Debian's chromium,
// driven by playwright-core: what a visitor does, checked by what the page
// shows. Timing figures are printed, never asserted; every wait has a
// generous ceiling so that a broken page fails instead of hanging.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json' };
const CEILING = 120_000;

let server;
let browser;
let base;

before(async () => {
  assert.ok(fs.existsSync(path.join(dist, 'index.html')), 'web/dist is built (bash web/build.sh)');
  server = http.createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/\/$/, '/index.html');
    const file = path.join(dist, path.normalize(name));
    if (!file.startsWith(dist) || !fs.existsSync(file)) { res.writeHead(404).end(); return; }
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}/`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
});

after(async () => {
  await browser?.close();
  server?.close();
});

async function open(url = base, viewport = { width: 1200, height: 900 }) {
  const page = await browser.newPage({ viewport });
  page.setDefaultTimeout(CEILING);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  await page.waitForSelector('body[data-ready="yes"]');
  return { page, errors };
}

// Replaces the script, as typing would.
async function type(page, text) {
  await page.click('#source');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
}

async function runAll(page) {
  await page.click('#run-all');
  await page.waitForFunction(() => document.body.dataset.busy !== 'yes' && document.querySelector('#answers .answer'));
}

test('the module imports nothing but the page\'s clock, random bytes and progress', () => {
  const module = new WebAssembly.Module(fs.readFileSync(path.join(dist, 'crypta_web.wasm')));
  const imports = WebAssembly.Module.imports(module).map((i) => `${i.module}.${i.name}`).sort();
  assert.deepEqual(imports, ['crypta.emit', 'crypta.now', 'crypta.random']);
});

test('a broken script shows its diagnostic at its span; fixed, it runs and draws its answer', async () => {
  const { page, errors } = await open();
  await type(page, 'SEND + MORE');
  const item = page.locator('#diagnostics li');
  await item.first().waitFor();
  assert.equal(await item.first().getAttribute('data-kind'), 'MissingEquals');
  assert.match(await item.first().textContent(), /has no `=`.*help: write what it equals/s);
  assert.equal(await page.locator('#highlight .squiggle').allTextContents().then((t) => t.join('')), 'SEND + MORE');

  await page.keyboard.type(' = MONEY');
  await page.waitForFunction(() => document.querySelectorAll('#diagnostics li').length === 0);
  assert.equal(await page.locator('#highlight .squiggle').count(), 0);
  await runAll(page);
  const answer = page.locator('#answers .answer').first();
  assert.match(await answer.locator('pre').textContent(), /SEND \+ MORE = MONEY\n\s+9567 \+ 1085 = 10652\s+S=9 E=5 N=6 D=7 M=1 O=0 R=8 Y=2/);
  // The picture: the core's SVG, filled in with the solution's digits.
  const svg = answer.locator('.picture svg');
  assert.equal(await svg.count(), 1);
  const drawn = await svg.locator('text').allTextContents();
  assert.ok(drawn.join(' ').includes('9'), `digits drawn: ${drawn.join(' ')}`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a warning is shown apart from errors and the script still runs', async () => {
  const { page, errors } = await open();
  await type(page, 'count A / (B - B) = C or A = 1');
  const item = page.locator('#diagnostics li');
  await item.first().waitFor();
  assert.equal(await item.first().getAttribute('data-kind'), 'ZeroDivisor');
  assert.equal(await item.first().getAttribute('data-severity'), 'warning');
  assert.equal(await page.locator('#highlight .squiggle.warning').allTextContents().then((t) => t.join('')), '(B - B)');
  await runAll(page);
  assert.match(await page.locator('#answers .answer pre').first().textContent(), /72 solutions/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('keywords are coloured, options completed, and a quick fix applied', async () => {
  const { page } = await open();
  await type(page, 'count AB + BA = CC with ba');
  await page.locator('#completions li').first().waitFor();
  assert.match(await page.locator('#completions').textContent(), /base/);
  await page.keyboard.press('Enter');
  assert.equal(await page.inputValue('#source'), 'count AB + BA = CC with base');
  assert.deepEqual(await page.locator('#highlight .kw').allTextContents(), ['count', 'with', 'base']);

  await type(page, 'A + B = CD with bse 8');
  const fix = page.locator('#diagnostics button.fix');
  await fix.waitFor();
  await fix.click();
  await page.waitForFunction(() => document.querySelectorAll('#diagnostics li').length === 0);
  assert.equal(await page.inputValue('#source'), 'A + B = CD with base 8');
  await page.close();
});

test('unique suggests givens; one click writes one in and the puzzle is unique', async () => {
  const { page } = await open();
  await type(page, 'unique ACM + IBM = ICPC');
  await runAll(page);
  const given = page.locator('.givens button').first();
  assert.equal(await given.textContent(), 'B = 2');
  await given.click();
  await page.waitForFunction(() => /exactly one solution/.test(document.querySelector('#answers')?.textContent ?? ''));
  assert.equal(await page.inputValue('#source'), 'unique ACM + IBM = ICPC with B = 2');
  await page.close();
});

test('grade shows its steps one at a time', async () => {
  const { page } = await open();
  await type(page, 'grade SEND + MORE = MONEY');
  await runAll(page);
  const steps = page.locator('.steps');
  assert.match(await steps.textContent(), /hard: step 1 of \d+.*leftmost carry/);
  await steps.locator('button.next').click();
  assert.match(await steps.textContent(), /step 2 of/);
  await page.close();
});

test('a long search runs in the worker, shows progress, and stops; time limits stop it too', async () => {
  const { page } = await open();
  await page.fill('#timeout', '0');
  await type(page, 'solve ABCDE * FGHIJ = KLMNOPQRST with repeats');
  await page.click('#run-all');
  // Solutions stream in while it runs, and the page still answers.
  await page.waitForFunction(() => (document.querySelector('#answers pre')?.textContent.split('\n').length ?? 0) > 20);
  assert.match(await page.textContent('#status'), /running…/);
  await page.click('#stop');
  await page.waitForFunction(() => document.body.dataset.stopped === 'yes');
  assert.match(await page.textContent('#status'), /stopped/);
  // A new worker takes over: the next run works, and a time limit stops it.
  // With a condition: a lone product with repeats is counted at once
  // (`product-ranges`), this one is searched.
  await page.fill('#timeout', '1');
  await type(page, 'count ABCDE * FGHIJ = KLMNOPQRST with repeats, A < B');
  await runAll(page);
  assert.match(await page.textContent('#answers'), /the time limit stopped the search/);
  await page.close();
});

test('Stop keeps the answers already received and marks the statement it stopped', async () => {
  const { page, errors } = await open();
  await page.fill('#timeout', '0');
  await page.fill('#source', 'TO + GO = OUT\ncount ABCDE * FGHIJ = KLMNOPQRST with base 20\n');
  await page.click('#run-all');
  // The first statement's answer is drawn while the second still runs.
  await page.waitForFunction(() => {
    const first = document.querySelector('#answers .answer[data-number="1"]');
    return /1 solution/.test(first?.textContent ?? '') && document.querySelector('#answers .answer[data-number="2"]');
  }, null, { timeout: 30_000 });
  assert.equal(await page.getAttribute('body', 'data-busy'), 'yes');
  await page.click('#stop');
  await page.waitForFunction(() => document.body.dataset.stopped === 'yes');
  const first = page.locator('#answers .answer[data-number="1"]');
  assert.match(await first.locator('pre').textContent(), /^TO \+ GO = OUT\n\s+21 \+ 81 = 102\s+T=2 O=1 G=8 U=0\n\s+1 solution\n$/);
  assert.equal(await first.locator('.picture svg').count(), 1);
  assert.equal(await first.getAttribute('data-stopped'), null);
  const second = page.locator('#answers .answer[data-number="2"]');
  assert.equal(await second.getAttribute('data-stopped'), 'yes');
  assert.match(await second.textContent(), /count ABCDE \* FGHIJ = KLMNOPQRST with base 20.*stopped by the Stop button/s);
  assert.equal(await page.locator('#answers .answer').count(), 2);
  assert.deepEqual(errors, []);
  await page.close();
});

// Calls `request` (as `self.onmessage` or an input event would) on a stack
// of which only `margin` frames of a small function are left: what a
// thread with a tiny stack gives. (Chromium's --js-flags=--stack-size
// does not reach a worker, whose stack Blink sets itself.)
function onLittleStack(margin, request) {
  let left = -1;
  const edge = (n) => {
    try {
      return edge(n + 1);
    } catch (e) {
      if (left < 0) left = margin;
      if (left-- > 0) throw e;
      request();
      return n;
    }
  };
  edge(0);
}

test('a stack overflow in the module is reported, and a fresh instance runs the next statement', async () => {
  const { page, errors } = await open();
  const deep = `count A = ${'('.repeat(60)}B${')'.repeat(60)} + C`;
  const margins = [4096, 2048, 1024, 512, 256, 128, 64, 32, 16, 8, 4, 2, 1];

  // The page's instance, which checks as one types: the margin shrinks
  // until the check runs out of stack.
  let trapped = null;
  for (const margin of margins) {
    await page.evaluate(([helper, margin, deep]) => {
      const source = document.querySelector('#source');
      source.value = '';
      eval(`(${helper})`)(margin, () => {
        source.value = deep;
        source.dispatchEvent(new Event('input'));
      });
      return new Promise((resolve) => setTimeout(resolve));
    }, [onLittleStack.toString(), margin, deep]);
    const shown = await page.textContent('#status');
    if (/internal error/.test(shown)) { trapped = shown; break; }
  }
  assert.match(trapped ?? 'no overflow', /^internal error: Maximum call stack size exceeded \(the module ran out of stack\)/);
  // Checked again, by a fresh instance, once the script changes.
  await page.fill('#source', 'SEND + MORE = MONEY');
  await page.waitForFunction(() => document.querySelector('#status').textContent === 'no problems');

  // The worker's instance, which runs.
  await page.fill('#timeout', '0');
  let failed = null;
  for (const margin of margins) {
    const worker = page.workers().at(-1);
    await worker.evaluate(([helper, margin]) => {
      const handle = self.onmessage;
      self.onmessage = (event) => {
        self.onmessage = handle;
        eval(`(${helper})`)(margin, () => handle(event));
      };
    }, [onLittleStack.toString(), margin]);
    await page.fill('#source', deep);
    await runAll(page);
    if (await page.locator('#answers .answer.error').count()) {
      failed = await page.locator('#answers .answer.error').textContent();
      break;
    }
    assert.match(await page.textContent('#answers'), /32 solutions/);
  }
  assert.match(failed ?? 'no overflow', /internal error: Maximum call stack size exceeded \(the module ran out of stack\)/);
  assert.match(await page.textContent('#status'), /internal error/);
  await page.fill('#source', 'SEND + MORE = MONEY');
  await runAll(page);
  assert.match(await page.textContent('#answers'), /9567 \+ 1085 = 10652/);
  assert.equal(await page.locator('#answers .answer.error').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the issue\'s long flat chain is a diagnostic, and the module goes on', async () => {
  // 30,000 terms (issue 42): once a stack overflow that corrupted the module.
  const { page, errors } = await open();
  await page.fill('#source', 'count A = B' + ' + A'.repeat(30000));
  const item = page.locator('#diagnostics li');
  await item.first().waitFor();
  assert.equal(await item.first().getAttribute('data-kind'), 'TooLarge');
  await page.fill('#source', 'SEND + MORE = MONEY');
  await page.waitForFunction(() => document.querySelector('#status').textContent === 'no problems');
  await runAll(page);
  const answer = page.locator('#answers .answer').first();
  assert.match(await answer.locator('pre').textContent(), /9567 \+ 1085 = 10652/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('generate keeps the time limit and stops with Stop', async () => {
  const { page, errors } = await open();
  await page.fill('#source', '');
  await page.click('#generate summary');
  await page.fill('#generate-form [name=size]', '256');
  await page.fill('#timeout', '1');
  await page.click('#generate-form button[type=submit]');
  await page.waitForFunction(() => /stopped generate/.test(document.querySelector('#status').textContent), null, { timeout: 60_000 });
  assert.equal(await page.textContent('#status'), 'the time limit (1 s) stopped generate: no puzzle was made');
  assert.equal(await page.inputValue('#source'), '');

  await page.fill('#timeout', '0');
  await page.click('#generate-form button[type=submit]');
  await page.waitForFunction(() => document.body.dataset.busy === 'yes');
  await page.click('#stop');
  await page.waitForFunction(() => document.body.dataset.busy !== 'yes');
  assert.equal(await page.textContent('#status'), 'generate stopped: no puzzle was made');

  // A new worker makes the next one.
  await page.fill('#timeout', '10');
  await page.fill('#generate-form [name=size]', '5');
  await page.click('#generate-form button[type=submit]');
  await page.waitForFunction(() => /kakuro \{/.test(document.querySelector('#source').value));
  assert.deepEqual(errors, []);
  await page.close();
});

test('a share link opens the same script; examples are in the menu', async () => {
  const { page } = await open();
  const script = 'first 2 ABC * DE = FGHI   # products\nunique FORTY + TEN + TEN = SIXTY\n';
  await page.fill('#source', script);
  await page.click('#share');
  await page.waitForFunction(() => document.querySelector('#share-link').value.includes('#code='));
  const link = await page.inputValue('#share-link');
  assert.match(link, /#code=[A-Za-z0-9_-]+$/);
  await page.close();

  const other = await open(link);
  assert.equal(await other.page.inputValue('#source'), script);
  assert.equal(await other.page.$eval('#examples', (menu) => menu.selectedOptions[0].textContent), '—');
  await other.page.selectOption('#examples', 'kakuro');
  // The example as in examples/, but for the line that says to run it
  // with cargo: in the page, it names the page's buttons.
  const file = fs.readFileSync(path.join(dist, '../../examples/kakuro.crypta'), 'utf8').split('\n');
  const shown = (await other.page.inputValue('#source')).split('\n');
  assert.equal(shown.length, file.length);
  for (const [i, line] of file.entries()) {
    if (/^#\s+cargo run/.test(line)) assert.match(shown[i], /^#\s+the Run all button above, or Ctrl\+Enter/);
    else assert.equal(shown[i], line);
  }
  await other.page.close();
});

test('generate makes a puzzle that checks', async () => {
  const { page } = await open();
  await type(page, '');
  await page.click('#generate summary');
  await page.fill('#generate-form [name=size]', '5');
  await page.click('#generate-form button[type=submit]');
  await page.waitForFunction(() => /kakuro \{/.test(document.querySelector('#source').value));
  assert.match(await page.inputValue('#source'), /^unique kakuro \{/);
  assert.equal(await page.locator('#diagnostics li').count(), 0);
  await page.close();
});

test('first sight: the tour, named in the menu, says how to run it here, and fits its pane', async () => {
  const { page, errors } = await open(base, { width: 1280, height: 800 });
  assert.equal(await page.$eval('#examples', (menu) => menu.selectedOptions[0].textContent), 'tour');
  const head = (await page.inputValue('#source')).split('\n').slice(0, 2).join('\n');
  assert.match(head, /^# A tour of crypta.*Run it with\n#\s+the Run all button above, or Ctrl\+Enter for the statement under the cursor$/);
  assert.doesNotMatch(await page.inputValue('#source'), /cargo/);
  // No line is cut by a horizontal scrollbar: long ones wrap, and the
  // coloured copy under the text wraps them the same way.
  const sizes = await page.evaluate(() => ['#source', '#highlight'].map((id) => {
    const box = document.querySelector(id);
    return { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth, scrollHeight: box.scrollHeight };
  }));
  for (const { scrollWidth, clientWidth } of sizes) assert.ok(scrollWidth <= clientWidth, `${scrollWidth} > ${clientWidth}`);
  assert.equal(sizes[0].scrollHeight, sizes[1].scrollHeight);
  assert.deepEqual(errors, []);
  await page.close();
});

test('fits a phone-sized screen', async () => {
  const { page } = await open(base, { width: 375, height: 740 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the screen`);
  await page.close();
});

test('figures: diagnostics after a keystroke and the tour run, in the page', async () => {
  const { page } = await open();
  await page.selectOption('#examples', 'tour');
  await page.click('#source');
  await page.keyboard.press('Control+End');
  const samples = [];
  for (let i = 0; i < 20; i++) {
    if (i % 2) await page.keyboard.press('Backspace');
    else await page.keyboard.type('x');
    samples.push(await page.evaluate(() => window.cryptaStats.lastCheckMs));
  }
  samples.sort((a, b) => a - b);
  await page.fill('#timeout', '0');
  const runs = [];
  for (let i = 0; i < 5; i++) {
    await runAll(page);
    runs.push(await page.evaluate(() => window.cryptaStats.lastRunMs));
  }
  assert.equal(await page.locator('#answers .answer').count(), 17);
  console.log(`# diagnostics after a keystroke on tour.crypta: median ${samples[10].toFixed(1)} ms, max ${samples[19].toFixed(1)} ms`);
  console.log(`# tour.crypta run in the page (answers and pictures): ${runs.map((x) => x.toFixed(0)).join(', ')} ms`);
  await page.close();
});

// Last: it stops the server.
test('works offline once loaded: the service worker serves every file', async () => {
  const { page } = await open();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  server = null;
  await page.reload();
  await page.waitForSelector('body[data-ready="yes"]');
  await type(page, 'count ACM + IBM = ICPC');
  await runAll(page);
  assert.match(await page.textContent('#answers'), /4 solutions/);
  await page.close();
});

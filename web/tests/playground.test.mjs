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
  await page.fill('#timeout', '1');
  await type(page, 'count ABCDE * FGHIJ = KLMNOPQRST with repeats');
  await runAll(page);
  assert.match(await page.textContent('#answers'), /the time limit stopped the search/);
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
  await other.page.selectOption('#examples', 'kakuro');
  assert.equal(await other.page.inputValue('#source'), fs.readFileSync(path.join(dist, '../../examples/kakuro.crypta'), 'utf8'));
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

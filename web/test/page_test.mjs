// The page in headless Chromium (make test, ctest name web_page): games played to their end
// against machines, with the board, the record and the machine's numbers checked against the
// server. Screenshots of the page go to build/web-test-failures/ when a check fails.
// Usage: node web/test/page_test.mjs MINIMAX_BINARY [FAILURE_DIR]
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  SKIP, chromiumPath, clickMove, launch, loadPuppeteer, newGame, startServer, until,
} from './harness.mjs';

const [minimax, failures = 'web-test-failures'] = process.argv.slice(2);
if (!chromiumPath()) {
  console.log('skipped: no chromium (apt-get install chromium)');
  process.exit(SKIP);
}
const puppeteer = await loadPuppeteer();
if (!puppeteer) {
  console.log('skipped: puppeteer-core is not installed (cd web && npm ci)');
  process.exit(SKIP);
}

const server = await startServer(minimax);
const browser = await launch(puppeteer);
const page = await browser.newPage();
await page.setViewport({ width: 1300, height: 1000 });
const pageErrors = [];
page.on('pageerror', (e) => pageErrors.push(e.message));
let current = 'loading';
let failed = 0;

async function check(name, fn) {
  current = name;
  const t0 = Date.now();
  try {
    await fn();
    console.log(`ok   ${name} (${Date.now() - t0} ms)`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}: ${e.message}`);
    mkdirSync(failures, { recursive: true });
    const file = join(failures, name.replace(/\W+/g, '-') + '.png');
    await page.screenshot({ path: file, fullPage: true }).catch(() => {});
    console.log(`     screenshot: ${file}`);
  }
}

const state = (id) => fetch(`${server.url}api/games/${id}`).then((r) => r.json());
const gameId = () => page.$eval('#download', (a) => a.getAttribute('href').split('/')[3]);

try {
  await page.goto(server.url, { waitUntil: 'load' });
  await until(page, () => document.querySelectorAll('#second option').length > 2);

  await check('noughts and crosses against perfect, to the end', async () => {
    await newGame(page, { game: 'tictactoe', first: 'human', second: 'perfect' });
    // The person (X) takes the first free square each turn until the game ends.
    for (let turn = 0; turn < 5; ++turn) {
      await until(page, () => ['your-move', 'over'].includes(document.getElementById('status').dataset.status));
      if ((await page.$eval('#status', (e) => e.dataset.status)) === 'over') break;
      await page.click('.ttt button:not([disabled])');
      await until(page, (n) => document.querySelectorAll('#moves li').length >= n, 2 * turn + 1);
    }
    await until(page, () => document.getElementById('status').dataset.status === 'over');
    const s = await state(await gameId());
    const shown = await page.$$eval('.ttt button', (bs) => bs.map((b) => b.textContent || '.').join(''));
    assert.equal(shown.toLowerCase(), s.position.board, 'the page shows the server board');
    // Perfect play never loses: X (a person taking the first free square) cannot win.
    assert.notEqual(s.result, '1-0', 'the perfect player lost');
    assert.match(await page.$eval('#status', (e) => e.textContent), /game over: (0-1|1\/2-1\/2)/);
    const record = await (await fetch(`${server.url}api/games/${s.id}/record`)).text();
    assert.match(record, new RegExp('moves: ' + s.moves.map((m) => m.text).join(' ')));
    assert.match(record, /result: (0-1|1\/2-1\/2)/);
    // The saved file is the same record.
    const saved = readFileSync(s.record.path, 'utf8');
    assert.equal(saved, record);
    const last = [...s.moves].reverse().find((m) => m.thought);
    assert.equal(await page.$eval('#explanation', (e) => e.textContent), last.thought.explanation);
  });

  await check('chess: a mate in one against random, by FEN', async () => {
    await newGame(page, {
      game: 'chess', first: 'human', second: 'random', fen: '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1',
    });
    await until(page, () => document.getElementById('status').dataset.status === 'your-move');
    await clickMove(page, 'a1', 'a8');
    await until(page, () => document.getElementById('status').dataset.status === 'over');
    assert.equal(await page.$eval('#status', (e) => e.textContent), 'game over: 1-0 (checkmate)');
    const s = await state(await gameId());
    assert.equal(s.position.fen, 'R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1');
    assert.equal(await page.$eval('#chessboard', (e) => e.dataset.fen), s.position.fen);
    assert.deepEqual(await page.$$eval('#moves li', (l) => l.map((x) => x.textContent)), ['1. Ra8#']);
    const pgn = await (await fetch(`${server.url}api/games/${s.id}/record`)).text();
    assert.match(pgn, /\[Result "1-0"\]/);
    assert.match(pgn, /1\. Ra8# 1-0/);
    assert.equal(readFileSync(s.record.path, 'utf8'), pgn);
  });

  await check('chess: TUROCHAMP moves first and shows its numbers', async () => {
    await newGame(page, { game: 'chess', first: 'turochamp', second: 'human' });
    await until(page, () => document.getElementById('status').dataset.status === 'your-move');
    const s = await state(await gameId());
    assert.equal(s.moves.length, 1);
    const t = s.moves[0].thought;
    assert.match(t.explanation, /position-play/);
    const rows = await page.$$eval('#thinking tr', (trs) =>
      Object.fromEntries(trs.map((tr) => [tr.dataset.key, tr.cells[1].textContent])));
    assert.equal(rows.machine, 'turochamp');
    assert.equal(rows.move, s.moves[0].text);
    assert.equal(rows.score, (t.score / 100).toFixed(2) + " (mover's view)");
    assert.equal(rows.nodes, String(t.nodes));
    assert.equal(await page.$eval('#explanation', (e) => e.textContent), t.explanation);
    // The person answers by clicking on the board (turned round: Black at the bottom).
    await clickMove(page, 'e7', 'e5');
    await until(page, () => document.querySelectorAll('#moves li').length >= 3);
    await page.click('#stop');
  });

  await check('bad input: the page shows the server error', async () => {
    await newGame(page, { game: 'chess', first: 'human', second: 'random', fen: 'not a fen' });
    await until(page, () => document.getElementById('error').textContent.length > 0);
    assert.match(await page.$eval('#error', (e) => e.textContent), /^bad FEN: /);
  });

  await check('game trees: minimax and alpha-beta side by side', async () => {
    await page.click('nav button[data-tab="trees"]');
    await page.click('#tree-draw');
    await until(page, () => document.querySelector('#tree-1 svg') && document.querySelector('#tree-0 svg'));
    const [mm, ab] = await page.$$eval('[id^=tree-summary-]', (ps) => ps.map((p) => p.textContent));
    assert.match(mm, /searched by minimax/);
    assert.match(ab, /searched by alpha-beta/);
    assert.ok((await page.$eval('#tree-1', (e) => e.innerHTML)).includes('pruned'));
  });

  await check('problems: the solution tree of a two-mover', async () => {
    await page.click('nav button[data-tab="problems"]');
    await page.click('#solve');
    await until(page, () => document.querySelector('#solution .key'));
    assert.match(await page.$eval('#solution .key', (e) => e.textContent), /Qd5-d8/);
  });

  await check("Turing's Game 1 replayed: his 4.2 beside TUROCHAMP's", async () => {
    await page.click('nav button[data-tab="replay"]');
    await until(page, () => document.querySelectorAll('#replay-moves li').length === 29);
    await page.click('#replay-next');
    await until(page, () => document.querySelector('#replay-values tbody tr'));
    const cells = await page.$$eval('#replay-values tbody tr:first-child td', (tds) => tds.map((t) => t.textContent));
    assert.deepEqual(cells, ['e4', '4.2*', '4.2', 'e3']);
  });

  await check("Turing's Game 2 replayed: Bowden's 2.6* for 3. P-Q4", async () => {
    await page.select('#replay-record', 'turing-2');
    await until(page, () => document.getElementById('replay-title').textContent.startsWith('Bowden'));
    for (let i = 0; i < 5; ++i) await page.click('#replay-next');
    await until(page, () => document.getElementById('replay-move').textContent === '3. d4');
    const cells = await page.$$eval('#replay-values tbody tr:first-child td', (tds) => tds.map((t) => t.textContent));
    assert.deepEqual(cells.slice(0, 3), ['d4', '2.6*', '2.6']);
  });

  await check("Strachey's game replayed: the machine's first move among its best", async () => {
    await page.select('#replay-record', 'strachey');
    await until(page, () => document.querySelectorAll('#replay-moves li').length === 34);
    await page.click('#replay-next');
    await until(page, () => document.querySelector('#replay-values tbody tr'));
    const cells = await page.$$eval('#replay-values tbody tr:first-child td', (tds) => tds.map((t) => t.textContent));
    assert.deepEqual([cells[0], cells[1], cells[3]], ['12-16', '11—15', 'yes']);
    assert.ok(await page.$('#replay-draughts .draughts'));
  });

  await check('watch: a round robin of three machines, live, to its end', async () => {
    await page.click('nav button[data-tab="watch"]');
    await page.$eval('#watch-players', (e) => (e.value = 'random, shannon-a:Depth=1, random:Seed=3'));
    await page.$eval('#watch-movetime', (e) => (e.value = '10'));
    await page.click('#watch-start');
    await until(page, () => /^finished: 6 of 6/.test(document.getElementById('watch-status').textContent), undefined, 60000);
    assert.equal(await page.$$eval('#watch-results li', (l) => l.length), 6);
    assert.equal(await page.$$eval('#watch-elo tbody tr', (l) => l.length), 3);
    assert.ok(await page.$('#watch-svg svg'), 'the ratings plot at the end');
  });

  await check('plots: the learning curve drawn', async () => {
    await page.click('nav button[data-tab="plots"]');
    await page.select('#plot-name', 'learning-chess-elo.svg');
    await until(page, () => document.getElementById('plot').naturalWidth > 0);
  });

  assert.deepEqual(pageErrors, [], 'errors in the page');
} catch (e) {
  failed++;
  console.log(`FAIL ${current}: ${e.message}`);
} finally {
  await browser.close();
  server.stop();
}
process.exit(failed ? 1 : 0);

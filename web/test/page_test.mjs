// The page in headless Chromium (make test, ctest name web_page): games played to their end
// against machines, with the board, the record and the machine's numbers checked against the
// server. Screenshots of the page go to build/web-test-failures/ when a check fails.
// Usage: node web/test/page_test.mjs MINIMAX_BINARY [FAILURE_DIR]
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

  await check('before a game: the board says what to press', async () => {
    assert.match(await page.$eval('#status', (e) => e.textContent), /press New game/);
    const box = await (await page.$('#chessboard')).boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height - 10);
    assert.match(await page.$eval('#status', (e) => e.textContent), /Press New game to start/);
    assert.equal(await page.$eval('#download', (a) => a.hidden), true, 'a download before any game');
  });

  await check('noughts and crosses against perfect, to the end', async () => {
    await newGame(page, { game: 'tictactoe', first: 'human', second: 'perfect' });
    // The person (X) takes the first free square each turn until the game ends.
    for (let turn = 0; turn < 5; ++turn) {
      await until(page, () => ['your-move', 'over'].includes(document.getElementById('status').dataset.status));
      if ((await page.$eval('#status', (e) => e.dataset.status)) === 'over') break;
      await page.click('.ttt button:not([disabled])');
      await until(page, (n) => document.querySelectorAll('#moves .mv').length >= n, 2 * turn + 1);
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
    assert.deepEqual(await page.$$eval('#moves li', (l) => l.map((x) => x.textContent)), ['1.Ra8#']);
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
    assert.equal(rows.score, (t.score / 100).toFixed(2) + " W/B (mover's view)");
    assert.equal(rows.nodes, String(t.nodes));
    assert.equal(await page.$eval('#explanation', (e) => e.textContent), t.explanation);
    // The person answers by clicking on the board (turned round: Black at the bottom).
    await clickMove(page, 'e7', 'e5');
    await until(page, () => document.querySelectorAll('#moves .mv').length >= 3);
    await page.click('#stop');
  });

  await check('one board at a time, with the status in view', async () => {
    await page.setViewport({ width: 1280, height: 900 });
    await newGame(page, { game: 'draughts', first: 'human', second: 'random' });
    await until(page, () => document.getElementById('status').dataset.status === 'your-move');
    const visible = (sel) => page.$eval(sel, (e) => e.offsetParent !== null && e.getBoundingClientRect().height > 0);
    assert.equal(await visible('#chessboard'), false, 'a chessboard while draughts is played');
    assert.equal(await visible('#otherboard .draughts'), true);
    const bottom = await page.$eval('#status', (e) => e.getBoundingClientRect().bottom);
    assert.ok(bottom <= 900, `the status line is below the fold (${bottom})`);
    // The person (Black, draughts' first player) plays from the bottom; the machine's bar (and
    // clock) is the top one.
    assert.equal(await page.$eval('#bar-top', (e) => e.dataset.side), '1');
    const top = (sq) => page.$eval(`#otherboard [data-square="${sq}"]`, (e) => e.getBoundingClientRect().top);
    assert.ok((await top(1)) > (await top(32)), "Black's squares 1-4 are at the bottom");
    // Resign asks again before it resigns.
    await page.click('#resign');
    assert.match(await page.$eval('#resign', (e) => e.textContent), /again/);
    assert.equal(await page.$eval('#status', (e) => e.dataset.status), 'your-move');
    await page.click('#resign');
    await until(page, () => document.getElementById('status').dataset.status === 'over');
    assert.match(await page.$eval('#status', (e) => e.textContent), /resigned/);
    await page.setViewport({ width: 1300, height: 1000 });
  });

  await check("a person's clock flags within a second of running out", async () => {
    await page.select('#game', 'draughts');
    await page.$eval('#clock-min', (e) => (e.value = '0.02')); // 1.2 s
    await newGame(page, { game: 'draughts', first: 'human', second: 'random' });
    await page.$eval('#clock-min', (e) => (e.value = ''));
    await until(page, () => document.getElementById('status').dataset.status === 'your-move');
    const t0 = Date.now();
    await until(page, () => document.getElementById('status').dataset.status === 'over', undefined, 10000);
    const waited = Date.now() - t0;
    assert.ok(waited < 1200 + 1000, `flagged ${waited} ms after the start of a 1.2 s clock`);
    assert.match(await page.$eval('#status', (e) => e.textContent), /game over: 0-1 \(you lost on time\)/);
    assert.equal(await page.$eval('#clock-0', (e) => e.textContent), '0:00');
  });

  await check('the move list: a click on move 3 and the arrow keys show the right positions', async () => {
    await newGame(page, { game: 'chess', first: 'human', second: 'random' });
    for (const [ply, [from, to]] of [['e2', 'e4'], ['g1', 'f3']].entries()) {
      await until(page, () => document.getElementById('status').dataset.status === 'your-move');
      await clickMove(page, from, to);
      await until(page, (n) => document.querySelectorAll('#moves .mv').length >= n, 2 * ply + 2);
    }
    await until(page, () => document.getElementById('status').dataset.status === 'your-move');
    const s = await state(await gameId());
    assert.equal(s.moves.length, 4);
    // Numbered pairs: "1." then White's and Black's moves.
    assert.deepEqual(await page.$$eval('#moves li', (l) => l.map((x) => x.querySelector('.n').textContent)), ['1.', '2.']);
    const fen = () => page.$eval('#chessboard', (e) => e.dataset.fen);
    await page.click('#moves .mv[data-ply="3"]');
    assert.equal(await fen(), s.moves[2].position.fen);
    assert.equal(await page.$eval('#browse-note', (e) => e.hidden), false, 'says it is not the live position');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await fen(), s.moves[1].position.fen);
    await page.keyboard.press('Home');
    assert.equal(await fen(), s.start.fen);
    await page.keyboard.press('End');
    assert.equal(await fen(), s.position.fen);
    assert.equal(await page.$eval('#browse-note', (e) => e.hidden), true);
    // The download is the game's PGN, not the page.
    const href = await page.$eval('#download', (a) => a.getAttribute('href'));
    const pgn = await (await fetch(new URL(href, server.url))).text();
    assert.match(pgn, /^(\[\w+ "[^"]*"\]\n)+\n/);
    assert.match(pgn, /\[Result "\*"\]/);
    assert.match(pgn, new RegExp(`1\\. e4 ${s.moves[1].text} 2\\. Nf3 ${s.moves[3].text.replace(/[+#]/g, '\\$&')} \\*`));
    assert.equal(await page.$eval('#download', (a) => a.getAttribute('download')), `minimax-${s.id}.pgn`);
    // And a PGN reader reads it: minimax's book maker takes the game's four plies from it.
    const dir = mkdtempSync(join(tmpdir(), 'minimax-pgn-'));
    writeFileSync(join(dir, 'game.pgn'), pgn);
    const made = execFileSync(minimax, ['book', 'make', join(dir, 'game.pgn'), '-o', join(dir, 'book.bin'), '--min-games', '1'], { encoding: 'utf8' });
    assert.match(made, /4 entries for 4 positions from 1 games/);
    rmSync(dir, { recursive: true, force: true });
    await page.click('#stop');
  });

  await check("the engine's thinking shows live, before its move", async () => {
    await newGame(page, { game: 'chess', first: 'engine', second: 'human', movetime: 2500 });
    await until(page, () => document.getElementById('thinking').dataset.live === 'yes', undefined, 5000);
    assert.equal(await page.$$eval('#moves .mv', (l) => l.length), 0, 'the thinking came only with the move');
    const rows = await page.$$eval('#thinking tr', (trs) =>
      Object.fromEntries(trs.map((tr) => [tr.dataset.key, tr.cells[1].textContent])));
    assert.match(rows.machine, /engine \(thinking\)/);
    assert.ok(Number(rows.depth) >= 1 && Number(rows.nodes) > 0);
    assert.match(rows.score, /pawns/);
    await page.click('#stop');
  });

  await check('draughts: a compulsory capture is said in words', async () => {
    // Black's man on 14 must take the man on 18; the man on 1 cannot move while it must.
    await newGame(page, { game: 'draughts', first: 'human', second: 'random', fen: 'B:W18,32:B1,14' });
    await until(page, () => document.getElementById('status').dataset.status === 'your-move');
    assert.match(await page.$eval('#status', (e) => e.textContent), /a capture is compulsory/);
    await page.click('#otherboard [data-square="1"]');
    assert.equal(await page.$eval('#error', (e) => e.textContent), 'A capture is compulsory: 14x23.');
    await page.click('#otherboard [data-square="14"]');
    assert.equal(await page.$$eval('#otherboard .target', (l) => l.map((e) => e.dataset.square).join()), '23');
    await page.click('#otherboard [data-square="23"]');
    await until(page, () => document.querySelectorAll('#moves .mv').length >= 1);
    assert.equal(await page.$eval('#moves .mv', (e) => e.textContent), '14x23');
    await page.click('#stop');
  });

  await check('draughts: the record downloads as PDN', async () => {
    await newGame(page, { game: 'draughts', first: 'random', second: 'random', movetime: 10 });
    await until(page, () => document.getElementById('status').dataset.status === 'over', undefined, 30000);
    const s = await state(await gameId());
    const pdn = await (await fetch(new URL(await page.$eval('#download', (a) => a.getAttribute('href')), server.url))).text();
    assert.match(pdn, /\[GameType "21"\]/);
    assert.match(pdn, new RegExp(`\\[Result "${s.result}"\\]`));
    assert.ok(pdn.trimEnd().endsWith(s.result), 'the movetext ends with the result');
    assert.match(pdn, new RegExp('1\\. ' + s.moves[0].text + ' ' + s.moves[1].text));
    // The last move is marked on the board.
    assert.ok((await page.$$eval('#otherboard .draughts .last', (l) => l.length)) >= 2);
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
    // The board shows the problem before Solve, and follows the FEN as it is typed.
    const pieces = () => page.$$eval('#problem-board piece:not(.ghost)', (l) => l.length);
    assert.equal(await pieces(), 24);
    const fen = await page.$eval('#problem-fen', (e) => e.value);
    await page.$eval('#problem-fen', (e) => (e.value = ''));
    await page.type('#problem-fen', '8/8/8/8/8/8/8/K6k w - - 0 1');
    assert.equal(await pieces(), 2);
    await page.$eval('#problem-fen', (e, v) => (e.value = v), fen);
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

  await check('watch: Stop leaves the finished games and the table', async () => {
    await page.click('nav button[data-tab="watch"]');
    await page.select('#watch-game', 'draughts');
    await page.$eval('#watch-players', (e) => (e.value = 'random, strachey-1'));
    await page.$eval('#watch-games', (e) => (e.value = '20'));
    await page.$eval('#watch-movetime', (e) => (e.value = '20'));
    await page.click('#watch-start');
    // A draughts match shows a draughts board, not the last chess position.
    await until(page, () => document.querySelector('#watch-draughts .draughts') &&
      /strachey-1/.test(document.getElementById('watch-status').textContent) &&
      document.querySelectorAll('#watch-results li').length >= 1, undefined, 60000);
    assert.equal(await page.$eval('#watch-board', (e) => e.offsetParent), null, 'a chessboard beside it');
    await page.click('#watch-stop');
    await until(page, () => /^finished/.test(document.getElementById('watch-status').textContent), undefined, 30000);
    const shown = await page.$$eval('#watch-results li', (l) => l.length);
    assert.ok(shown >= 1, 'the finished games are drawn');
    const played = Number((await page.$eval('#watch-status', (e) => e.textContent)).match(/finished: (\d+)/)[1]);
    assert.equal(shown, played);
    assert.equal(await page.$eval('#watch-anchor', (e) => e.textContent), '(random = 0)');
    const elo = await page.$$eval('#watch-elo tbody tr', (trs) => trs.map((tr) => tr.cells[3].textContent));
    assert.match(elo[0], /^[+-]?0 /, 'random is the anchor at 0');
  });

  await check('a phone: no horizontal scroll on any tab', async () => {
    await page.setViewport({ width: 390, height: 844 });
    for (const tab of ['play', 'trees', 'problems', 'analyse', 'replay', 'watch', 'plots']) {
      await page.click(`nav button[data-tab="${tab}"]`);
      const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      assert.ok(scroll <= width, `${tab}: ${scroll} px wide in a ${width} px window`);
    }
    await page.click('nav button[data-tab="play"]');
    const board = await page.$eval('#board-area', (e) => e.getBoundingClientRect().top);
    const form = await page.$eval('#setup', (e) => e.getBoundingClientRect().top);
    assert.ok(board < form, `the board comes first (${board} and the form at ${form})`);
    await page.setViewport({ width: 1300, height: 1000 });
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

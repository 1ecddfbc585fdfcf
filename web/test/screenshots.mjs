// The screenshots in docs/serve/ (docs/serve.md), taken from the page in headless Chromium.
// Usage: node web/test/screenshots.mjs MINIMAX_BINARY OUT_DIR   (SHOTS=a.png,b.png: only those)
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumPath, clickMove, launch, loadPuppeteer, newGame, startServer, until } from './harness.mjs';

const [minimax, out = 'docs/serve'] = process.argv.slice(2);
const puppeteer = await loadPuppeteer();
if (!chromiumPath() || !puppeteer) {
  console.error('screenshots: chromium and puppeteer-core (cd web && npm ci) are needed');
  process.exit(1);
}
mkdirSync(out, { recursive: true });
const server = await startServer(minimax);
const browser = await launch(puppeteer);
const page = await browser.newPage();
await page.setViewport({ width: 1180, height: 1000 });
const status = (s) => until(page, (x) => document.getElementById('status').dataset.status === x, s, 60000);
const want = (name) => !process.env.SHOTS || process.env.SHOTS.split(',').includes(name);
const shot = async (name) => {
  await page.screenshot({ path: join(out, name) });
  console.log('wrote', join(out, name));
};
try {
  await page.goto(server.url, { waitUntil: 'load' });
  await until(page, () => document.querySelectorAll('#second option').length > 2);

  if (want('turochamp-game.png')) {
    // A game against TUROCHAMP: its value and position-play beside its move.
    await newGame(page, { game: 'chess', first: 'human', second: 'turochamp' });
    for (const [ply, [from, to]] of [['e2', 'e4'], ['g1', 'f3'], ['f1', 'c4']].entries()) {
      await status('your-move');
      await clickMove(page, from, to);
      // The machine may answer before a status poll sees its turn: wait for its reply itself.
      await until(page, (n) => document.querySelectorAll('#moves .mv').length >= n, 2 * ply + 2);
    }
    await status('your-move');
    await shot('turochamp-game.png');
    await page.click('#stop');
  }

  if (want('engine-analysis.png')) {
    // The engine's analysis: depth, score, line, and the evaluation over the game.
    await newGame(page, { game: 'chess', first: 'engine', second: 'shannon-a', movetime: 300 });
    await until(page, () => document.querySelectorAll('#moves .mv').length >= 16, undefined, 120000);
    await page.click('#stop');
    await status('over');
    await shot('engine-analysis.png');
  }

  if (want('engine-thinking.png')) {
    // The engine thinking, live: its depth, score and line before it moves.
    await newGame(page, { game: 'chess', first: 'human', second: 'engine', movetime: 6000 });
    await status('your-move');
    await clickMove(page, 'd2', 'd4');
    await until(page, () => document.getElementById('thinking').dataset.live === 'yes' &&
      Number(document.querySelector('#thinking tr[data-key="depth"] td').textContent) >= 8, undefined, 60000);
    await shot('engine-thinking.png');
    await page.click('#stop');
  }

  if (want('draughts-walk.png')) {
    // A draughts game walked back to an earlier move, the last move marked.
    await newGame(page, { game: 'draughts', first: 'engine', second: 'samuel', movetime: 100 });
    await until(page, () => document.querySelectorAll('#moves .mv').length >= 30, undefined, 120000);
    await page.click('#stop');
    await status('over');
    await page.click('#moves .mv[data-ply="21"]');
    await shot('draughts-walk.png');
  }

  if (want('phone-play.png')) {
    // The page on a phone (390x844): the board first, the controls below.
    await page.setViewport({ width: 390, height: 844 });
    await newGame(page, { game: 'draughts', first: 'human', second: 'engine', movetime: 500 });
    await status('your-move');
    await page.click('#otherboard [data-square="11"]');
    await page.click('#otherboard [data-square="15"]');
    await until(page, () => document.querySelectorAll('#moves .mv').length >= 2, undefined, 30000);
    await status('your-move');
    await shot('phone-play.png');
    await page.click('#stop');
    await page.setViewport({ width: 1180, height: 1000 });
  }

  if (want('turochamp-candidates.png')) {
    // TUROCHAMP's candidates and Shannon's f(P) at a position.
    await page.click('nav button[data-tab="analyse"]');
    await page.$eval('#analyse-fen', (e) => (e.value = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3'));
    await page.click('#analyse');
    await until(page, () => document.querySelector('#shannon tbody tr'));
    await shot('turochamp-candidates.png');
  }

  if (want('problem-tree.png')) {
    // A solved problem's tree.
    await page.click('nav button[data-tab="problems"]');
    await page.click('#solve');
    await until(page, () => document.querySelector('#solution .key'));
    await shot('problem-tree.png');
  }

  if (want('tictactoe-tree.png')) {
    // The noughts-and-crosses tree, minimax beside alpha-beta.
    await page.click('nav button[data-tab="trees"]');
    await page.click('#tree-draw');
    await until(page, () => document.querySelector('#tree-1 svg'));
    await shot('tictactoe-tree.png');
  }

  if (want('turing-replay.png')) {
    // Turing's Game 1 at 4. Kt-KB3, with note 1's B-Q2 beside it.
    await page.click('nav button[data-tab="replay"]');
    await until(page, () => document.querySelectorAll('#replay-moves li').length === 29);
    for (let i = 0; i < 7; ++i) await page.click('#replay-next');
    await until(page, () => document.querySelectorAll('#replay-values tbody tr').length === 2);
    await shot('turing-replay.png');
  }

  if (want('samuel-replay.png')) {
    // Nealey v Samuel's program at Black's tenth move, the slip of the record resolved.
    await page.click('nav button[data-tab="replay"]');
    await until(page, () => document.querySelectorAll('#replay-record option').length === 4);
    await page.select('#replay-record', 'nealey-samuel');
    await until(page, () => document.querySelectorAll('#replay-moves li').length === 15);
    for (let i = 0; i < 19; ++i) await page.click('#replay-next');
    await until(page, () => document.querySelector('#replay-notes li'));
    await shot('samuel-replay.png');
  }

  if (want('watch-tournament.png')) {
    // A round robin of three machines played by the server, watched to its end.
    await page.click('nav button[data-tab="watch"]');
    await page.$eval('#watch-players', (e) => (e.value = 'turochamp, shannon-a:Depth=2, somac, random'));
    await page.$eval('#watch-movetime', (e) => (e.value = '20'));
    await page.click('#watch-start');
    await until(page, () => /^finished/.test(document.getElementById('watch-status').textContent), undefined, 300000);
    await shot('watch-tournament.png');
  }
} finally {
  await browser.close();
  server.stop();
}

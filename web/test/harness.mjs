// Starts `minimax serve` on a free port and a headless Chromium (Debian's chromium, driven by
// puppeteer-core) for the page tests and the screenshot script.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SKIP = 77; // ctest's SKIP_RETURN_CODE

export function chromiumPath() {
  for (const p of [process.env.CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'])
    if (p && existsSync(p)) return p;
  return null;
}

export async function loadPuppeteer() {
  try {
    return (await import('puppeteer-core')).default;
  } catch {
    return null;
  }
}

// The server, with a data folder of its own; resolves to { url, dataHome, stop }.
export function startServer(minimax) {
  const dataHome = mkdtempSync(join(tmpdir(), 'minimax-web-'));
  const child = spawn(minimax, ['serve', '--port', '0'], {
    env: { ...process.env, XDG_DATA_HOME: dataHome },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (d) => {
      text += d;
      const m = text.match(/(http:\/\/[^\s]+\/)/);
      if (m) resolve({ url: m[1], dataHome, stop: () => child.kill('SIGTERM'), child });
    });
    child.on('exit', (code) => reject(new Error(`minimax serve exited (${code}): ${text}`)));
  });
}

export async function launch(puppeteer) {
  return puppeteer.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
}

// Waits until fn() (run in the page) is truthy.
export async function until(page, fn, arg, timeout = 30000) {
  await page.waitForFunction(fn, { timeout, polling: 50 }, arg);
}

// The centre of a chess square on the page's board, as it is turned.
export async function squareCentre(page, square, selector = '#chessboard') {
  const board = await page.$(selector);
  const box = await board.boundingBox();
  const black = await board.evaluate((e) => e.classList.contains('orientation-black'));
  let file = square.charCodeAt(0) - 97, rank = Number(square[1]) - 1;
  if (black) [file, rank] = [7 - file, 7 - rank];
  const size = box.width / 8;
  return { x: box.x + (file + 0.5) * size, y: box.y + (7 - rank + 0.5) * size };
}

export async function clickMove(page, from, to) {
  for (const sq of [from, to]) {
    const p = await squareCentre(page, sq);
    await page.mouse.click(p.x, p.y);
  }
}

export async function newGame(page, { game, first, second, fen, depth, movetime }) {
  await page.select('#game', game);
  await page.select('#first', first);
  await page.select('#second', second);
  await page.$eval('#fen', (e, v) => (e.value = v), fen || '');
  await page.$eval('#depth', (e, v) => (e.value = v), depth ? String(depth) : '');
  await page.$eval('#movetime', (e, v) => (e.value = v), movetime ? String(movetime) : '');
  // The page then shows the new game (or the server's error), not the one before.
  const before = await page.$eval('#download', (a) => a.getAttribute('href'));
  await page.$eval('#error', (e) => (e.textContent = ''));
  await page.click('#new-game');
  await until(page, (old) => document.getElementById('download').getAttribute('href') !== old ||
    document.getElementById('error').textContent !== '', before);
}

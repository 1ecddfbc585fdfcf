// The page of `minimax serve` (docs/serve.md). It draws and asks; every rule, notation and machine
// is the server's: legal moves, SAN, results, trees and values all come from the JSON API.
import { Chessground } from 'chessground';

const $ = (id) => document.getElementById(id);

async function api(method, path, body, { raw = false } = {}) {
  const r = await fetch(path, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  let j;
  try {
    j = await r.json();
  } catch {
    throw new Error(`${method} ${path}: status ${r.status}`);
  }
  if (j && j.error && !raw) throw new Error(j.error);
  return j;
}

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

// --- tabs ---
document.querySelectorAll('nav button').forEach((b) =>
  b.addEventListener('click', () => {
    document.querySelectorAll('nav button').forEach((x) => x.classList.toggle('active', x === b));
    document.querySelectorAll('.tab').forEach((t) => (t.hidden = t.id !== 'tab-' + b.dataset.tab));
  }),
);

// --- machines ---
let machines = {};
async function loadMachines() {
  for (const g of await api('GET', '/api/machines')) machines[g.game] = g;
  fillPlayers();
}

const sideNames = {
  chess: ['White', 'Black'],
  draughts: ['Black', 'White'],
  tictactoe: ['X', 'O'],
  nim: ['First', 'Second'],
};

function fillPlayers() {
  const game = $('game').value;
  const g = machines[game];
  if (!g) return;
  for (const [i, id] of ['first', 'second'].entries()) {
    const sel = $(id);
    sel.replaceChildren();
    sel.append(new Option('a person (you)', 'human'));
    for (const m of g.machines) sel.append(new Option(m.name, m.name));
    sel.value = i === 0 ? 'human' : g.strongest;
    $(id + '-label').textContent = sideNames[game][i];
  }
  $('fen').placeholder =
    game === 'chess' ? 'FEN (empty: the usual start)'
    : game === 'draughts' ? 'FEN, e.g. B:W21,22:B1,2 (empty: the usual start)'
    : game === 'tictactoe' ? 'position, e.g. x.o/.x./..o (empty board: leave empty)'
    : 'heaps, e.g. 3 4 5';
  showMachineHelp();
}

function showMachineHelp() {
  const g = machines[$('game').value];
  const lines = [];
  for (const id of ['first', 'second']) {
    const m = g && g.machines.find((x) => x.name === $(id).value);
    if (!m) continue;
    const opts = m.options.map((o) => `${o.name}=${o.default}`).join(', ');
    lines.push(`${m.name}: ${m.description}${opts ? '. Options: ' + opts : ''}`);
  }
  $('machine-help').textContent = lines.join(' | ');
}
// Before the first game the board shows the chosen game's start and the status says what to press.
function preview() {
  if (game) return;
  const kind = $('game').value;
  $('chessboard').style.display = kind === 'chess' ? '' : 'none';
  $('otherboard').style.display = kind === 'chess' ? 'none' : '';
  $('otherboard').replaceChildren(
    kind === 'draughts' ? draughtsGrid(kDraughtsStart)
    : kind === 'tictactoe' ? el('div', 'an empty 3x3 grid', 'help')
    : el('div', 'heaps 3 4 5 (or those you give)', 'help'));
}
$('game').addEventListener('change', () => {
  fillPlayers();
  preview();
});
$('first').addEventListener('change', showMachineHelp);
$('second').addEventListener('change', showMachineHelp);

// --- the game being played ---
let game = null; // the last state from the server
let orientation = 'white';
let polling = 0; // a new game starts a new polling loop; older loops stop
let pendingPromotion = null;
let viewPly = null; // null: the live position; k: the position after k plies (0: the start)

const cg = Chessground($('chessboard'), {
  movable: { free: false, showDests: true },
  premovable: { enabled: false },
  events: { move: (from, to) => chessMove(from, to) },
});
// Before any game: the board answers a click by saying what to press.
$('board-area').addEventListener('pointerdown', () => {
  if (!game) $('status').textContent = 'Press New game to start (choose the players first).';
});

function spec(id) {
  const name = $(id).value;
  const opts = $(id + '-options').value.trim();
  return name === 'human' || !opts ? name : `${name}:${opts}`;
}

$('setup').addEventListener('submit', async (e) => {
  e.preventDefault();
  $('error').textContent = '';
  const kind = $('game').value;
  const req = { game: kind, players: [spec('first'), spec('second')] };
  const start = $('fen').value.trim();
  if (start) {
    if (kind === 'nim') req.heaps = start;
    else req.fen = start;
  }
  if ($('depth').value) req.depth = Number($('depth').value);
  if ($('movetime').value) req.movetime_ms = Number($('movetime').value);
  if ($('clock-min').value)
    req.clock = {
      base_ms: Math.round(Number($('clock-min').value) * 60000),
      increment_ms: Math.round(Number($('clock-inc').value || 0) * 1000),
    };
  try {
    const s = await api('POST', '/api/games', req);
    orientation = s.players[0].person || !s.players[1].person ? 'white' : 'black';
    viewPly = null;
    show(s);
    follow(s.id, s.version);
  } catch (err) {
    $('error').textContent = err.message;
  }
});

// Long polling: each answer is the whole state, so a lost connection loses nothing.
async function follow(id, version) {
  const mine = ++polling;
  while (mine === polling) {
    try {
      const s = await api('GET', `/api/games/${id}?since=${version}&wait=15`);
      if (mine !== polling) return;
      if (s.version !== version) show(s);
      version = s.version;
      if (s.over) return;
    } catch (err) {
      if (mine !== polling) return;
      $('error').textContent = 'lost the server: ' + err.message + ' (retrying)';
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
}

async function act(body) {
  if (!game) return;
  $('error').textContent = '';
  try {
    await api('POST', `/api/games/${game.id}`, body);
  } catch (err) {
    $('error').textContent = err.message;
    show(game); // put the board back as the server has it
  }
}

$('undo').addEventListener('click', () => act({ undo: true }));
// Resign asks once more: the first click arms the button for four seconds.
let resignArmed = null;
$('resign').addEventListener('click', () => {
  const b = $('resign');
  if (!game || game.over) return;
  if (resignArmed) {
    clearTimeout(resignArmed);
    resignArmed = null;
    b.textContent = 'Resign';
    b.classList.remove('confirm');
    return act({ resign: true });
  }
  b.textContent = 'Resign? Click again';
  b.classList.add('confirm');
  resignArmed = setTimeout(() => {
    resignArmed = null;
    b.textContent = 'Resign';
    b.classList.remove('confirm');
  }, 4000);
});
$('stop').addEventListener('click', async () => {
  if (game) await api('POST', `/api/games/${game.id}/stop`).catch((e) => ($('error').textContent = e.message));
});
$('flip').addEventListener('click', () => {
  orientation = orientation === 'white' ? 'black' : 'white';
  if (game) show(game);
});

function chessMove(from, to) {
  const ids = (game && game.legal) || [];
  const promos = ids.filter((m) => m.startsWith(from + to) && m.length === 5);
  if (promos.length) {
    pendingPromotion = from + to;
    $('promotion').hidden = false;
    return;
  }
  act({ move: from + to });
}
document.querySelectorAll('#promotion button').forEach((b) =>
  b.addEventListener('click', () => {
    $('promotion').hidden = true;
    if (pendingPromotion) act({ move: pendingPromotion + b.dataset.p });
    pendingPromotion = null;
  }),
);

function chessDests(ids) {
  const dests = new Map();
  for (const m of ids || []) {
    const from = m.slice(0, 2), to = m.slice(2, 4);
    if (!dests.has(from)) dests.set(from, []);
    if (!dests.get(from).includes(to)) dests.get(from).push(to);
  }
  return dests;
}

// Each machine's numbers in its own unit: [unit, divisor] (the machines report integers).
const units = {
  engine: ['pawns', 100], 'shannon-a': ["f(P), pawns", 100], 'shannon-b': ["f(P), pawns", 100],
  turochamp: ['W/B', 100], somac: ["SOMAC's value", 1], samuel: ["Samuel's polynomial", 1],
  'strachey-1': ['men', 8], 'strachey-2': ['men', 8], perfect: ['result', 1],
};
function unitOf(s, side) {
  const name = s.players[side].name;
  if (units[name]) return units[name];
  if (s.game === 'draughts') return ['men', 100];
  return ['pawns', 100];
}

// One graph a machine: its own score after each of its moves, from its own view, with axes.
function drawGraph(s) {
  const area = $('graph');
  area.replaceChildren();
  const ns = 'http://www.w3.org/2000/svg';
  const mk = (tag, attrs, text) => {
    const e = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  };
  for (const side of [0, 1]) {
    const pts = [];
    s.moves.forEach((m, i) => {
      if (m.side === side && m.thought && m.thought.score !== undefined) pts.push([i + 1, m.thought.score]);
    });
    if (!pts.length) continue;
    const [unit, div] = unitOf(s, side);
    const vals = pts.map(([, v]) => v / div);
    let lo = Math.min(0, ...vals), hi = Math.max(0, ...vals);
    // Scores beyond +-10 pawns or men (mates, won databases) would flatten the rest.
    if (div === 100) { lo = Math.max(lo, -10); hi = Math.min(hi, 10); }
    if (hi - lo < 1e-9) { hi += 1; lo -= 1; }
    const W = 440, H = 130, L = 44, R = 8, T = 18, B = 22;
    const n = Math.max(10, s.moves.length);
    const x = (i) => L + (i / n) * (W - L - R);
    const y = (v) => T + (1 - (Math.max(lo, Math.min(hi, v)) - lo) / (hi - lo)) * (H - T - B);
    const svg = mk('svg', { viewBox: `0 0 ${W} ${H}`, class: 'graph', 'data-side': side, 'data-points': pts.length });
    svg.append(mk('text', { x: L, y: 12 }, `${s.players[side].name}: ${unit}, from its own side`));
    svg.append(mk('line', { x1: L, x2: L, y1: T, y2: H - B, stroke: '#888' }));
    svg.append(mk('line', { x1: L, x2: W - R, y1: H - B, y2: H - B, stroke: '#888' }));
    if (lo < 0 && hi > 0) svg.append(mk('line', { x1: L, x2: W - R, y1: y(0), y2: y(0), stroke: '#ccc', 'stroke-dasharray': '3 3' }));
    const fmt = (v) => (Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(1));
    for (const v of [hi, lo, ...(lo < 0 && hi > 0 ? [0] : [])])
      svg.append(mk('text', { x: L - 4, y: y(v) + 4, 'text-anchor': 'end' }, fmt(v)));
    svg.append(mk('text', { x: W - R, y: H - 6, 'text-anchor': 'end' }, `ply ${n}`));
    svg.append(mk('text', { x: L, y: H - 6 }, 'ply 0'));
    svg.append(mk('polyline', {
      fill: 'none', stroke: side === 0 ? '#1d4f91' : '#a35a00', 'stroke-width': 2,
      points: pts.map(([i, v]) => `${x(i).toFixed(1)},${y(v / div).toFixed(1)}`).join(' '),
    }));
    area.append(svg);
  }
}

// The machine's thinking: live while it searches (the state's "thinking"), else its last move's.
function showThinking(s) {
  const body = $('thinking').tBodies[0];
  body.replaceChildren();
  const live = s.status === 'thinking' && s.thinking ? s.thinking : null;
  const last = [...s.moves].reverse().find((m) => m.thought);
  $('explanation').textContent = !live && last ? last.thought.explanation : '';
  if (!live && !last) return;
  const t = live || last.thought;
  const side = live ? live.side : last.side;
  const [unit, div] = unitOf(s, side);
  const rows = [
    ['machine', s.players[side].name + (live ? ' (thinking)' : '')],
    ['move', live ? (t.line[0] || '') : last.text],
    ['score', t.score === undefined ? '-' : (t.score / div).toFixed(2) + ` ${unit} (mover's view)`],
    ['depth', t.depth],
    ['nodes', t.nodes],
    ['line', t.line.join(' ')],
  ];
  if (live) rows.push(['time', (t.time_ms / 1000).toFixed(1) + ' s']);
  for (const [k, v] of rows) {
    const tr = el('tr', undefined, live ? 'live' : '');
    tr.append(el('th', k), el('td', String(v)));
    tr.dataset.key = k;
    body.append(tr);
  }
  $('thinking').dataset.live = live ? 'yes' : 'no';
}

// The side drawn at the top of the board.
function topSide(s) {
  if (s.game === 'chess') return orientation === 'white' ? 1 : 0;
  if (s.game === 'draughts') return orientation === 'white' ? 1 : 0; // the first player at the bottom
  return 1;
}

function clockText(ms) {
  const t = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, '0')}`;
}

function showClocks(s) {
  for (const side of [0, 1]) {
    const c = clocks[side];
    if (!s.clock) {
      c.textContent = '';
      continue;
    }
    let ms = s.clock.ms[side];
    if (s.clock.running === side) ms -= s.clock.running_for_ms;
    c.textContent = clockText(ms);
    c.classList.toggle('running', s.clock.running === side && !s.over);
    c.classList.toggle('flagged', ms <= 0 || (s.over && /on time/.test(s.reason) && s.side === side));
  }
}

// The player bars above and below the board: a name and a clock, each beside its own side.
const clocks = [$('clock-0'), $('clock-1')]; // moved between the bars, never dropped
function showBars(s) {
  const top = topSide(s);
  const names = sideNames[s.game];
  for (const [bar, side] of [['bar-top', top], ['bar-bottom', 1 - top]]) {
    const b = $(bar);
    const name = el('span', `${names[side]}: ${s.players[side].person ? 'you' : s.players[side].name}`, 'name');
    b.replaceChildren(name, clocks[side]);
    b.dataset.side = side;
  }
}

// The position shown: the live one, or the one after viewPly plies while walking the game.
function shownPosition(s) {
  if (viewPly === null || viewPly >= s.moves.length) return { position: s.position, last: s.moves[s.moves.length - 1], live: true };
  if (viewPly === 0) return { position: s.start, last: null, live: false };
  const m = s.moves[viewPly - 1];
  return { position: m.position || s.position, last: m, live: false };
}

const capturesOnly = (s) => s.game === 'draughts' && (s.legal || []).length > 0 && s.legal.every((m) => m.includes('x'));

function show(s) {
  game = s;
  if (viewPly !== null && viewPly >= s.moves.length) viewPly = null;
  const chess = s.game === 'chess';
  // chessground's stylesheet outranks the hidden attribute: hide by style.
  $('chessboard').style.display = chess ? '' : 'none';
  $('otherboard').style.display = chess ? 'none' : '';
  const view = shownPosition(s);
  if (chess) showChess(s, view);
  else if (s.game === 'tictactoe') showTicTacToe(s, view);
  else if (s.game === 'draughts') showDraughts(s, view);
  else showNim(s, view);
  const names = sideNames[s.game];
  const status = $('status');
  status.textContent = s.over
    ? `game over: ${s.result} (${s.reason})`
    : s.status === 'your-move'
      ? `${names[s.side]} to move: your move${capturesOnly(s) ? ' (a capture is compulsory)' : ''}`
      : `${names[s.side]} to move: ${s.players[s.side].name} is thinking`;
  status.dataset.status = s.status;
  status.classList.toggle('thinking', s.status === 'thinking');
  showMoves(s);
  const note = $('browse-note');
  note.hidden = view.live;
  note.textContent = view.live ? '' : `Showing the position after ${viewPly} of ${s.moves.length} plies, not the live one: press End (or click the last move) to return.`;
  showThinking(s);
  drawGraph(s);
  showBars(s);
  showClocks(s);
  const dl = $('download');
  dl.hidden = false;
  dl.href = `/api/games/${s.id}/record`;
  dl.setAttribute('download', `minimax-${s.id}.${s.record.extension}`);
  $('record-path').textContent = s.record.path ? 'saved on the server: ' + s.record.path : '';
}

// Numbered pairs, each move a button showing the position after it.
function showMoves(s) {
  const list = $('moves');
  list.replaceChildren();
  const first = s.start.fen && s.start.fen.split(' ')[1] === 'b' ? 1 : 0; // chess from Black
  const current = viewPly === null ? s.moves.length : viewPly;
  let li = null;
  s.moves.forEach((m, i) => {
    const k = i + first;
    if (k % 2 === 0 || !li) {
      li = el('li');
      li.append(el('span', `${Math.floor(k / 2) + 1}.`, 'n'));
      if (k % 2 === 1) li.append(el('span', '...', 'gap'));
      list.append(li);
    }
    const b = el('button', m.text, 'mv' + (m.thought ? ' machine' : '') + (i + 1 === current ? ' current' : ''));
    b.type = 'button';
    b.dataset.ply = i + 1;
    if (m.thought) b.title = m.thought.explanation;
    b.addEventListener('click', () => browse(i + 1 === s.moves.length ? null : i + 1));
    li.append(b);
  });
  const cur = list.querySelector('.current');
  if (cur && viewPly === null) list.scrollTop = list.scrollHeight;
  else if (cur) cur.scrollIntoView({ block: 'nearest' });
}

function browse(ply) {
  if (!game) return;
  viewPly = ply === null || ply >= game.moves.length ? null : Math.max(0, ply);
  show(game);
}

// Arrow keys walk the game being played (Play tab) or the replayed record (the seeds' games).
document.addEventListener('keydown', (e) => {
  if (e.target.closest('input, select, textarea')) return;
  const tab = document.querySelector('.tab:not([hidden])').id;
  if (tab === 'tab-play' && game) {
    const at = viewPly === null ? game.moves.length : viewPly;
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: null, Escape: null }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    browse(to);
  } else if (tab === 'tab-replay' && replay) {
    const to = { ArrowLeft: replay.ply - 1, ArrowRight: replay.ply + 1, Home: 0, End: Infinity }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    stepReplay(to);
  }
});

function showChess(s, view) {
  const fen = view.position.fen;
  const parts = fen.split(' ');
  const turn = parts[1] === 'w' ? 'white' : 'black';
  const last = view.last ? view.last.id : null;
  const mine = view.live && s.status === 'your-move';
  cg.set({
    fen: parts[0],
    orientation,
    turnColor: turn,
    check: view.position.check ? turn : false,
    lastMove: last ? [last.slice(0, 2), last.slice(2, 4)] : undefined,
    movable: { color: mine ? turn : undefined, dests: mine ? chessDests(s.legal) : new Map() },
  });
  $('chessboard').dataset.fen = fen;
}

function showTicTacToe(s, view) {
  const area = $('otherboard');
  area.replaceChildren();
  const grid = el('div', undefined, 'ttt');
  const board = view.position.board;
  for (let i = 0; i < 9; ++i) {
    const b = el('button', board[i] === '.' ? '' : board[i].toUpperCase());
    b.dataset.square = i + 1;
    const id = String(i + 1);
    b.disabled = !view.live || !(s.legal || []).includes(id);
    b.addEventListener('click', () => act({ move: id }));
    grid.append(b);
  }
  area.append(grid);
  area.dataset.board = board;
}

let draughtsFrom = null;
const pathOf = (id) => id.split(/[-x]/).map(Number);
function showDraughts(s, view) {
  const ids = view.live ? s.legal || [] : [];
  const targets = draughtsFrom === null ? [] : ids.filter((m) => pathOf(m)[0] === draughtsFrom).map((m) => pathOf(m).at(-1));
  const grid = draughtsGrid(view.position.board, {
    // Squares 1-12 (Black's start) are at the top unless turned: the first player (Black) plays
    // from the bottom, as White does in chess.
    flip: orientation === 'white',
    selected: draughtsFrom,
    last: view.last ? pathOf(view.last.id) : [],
    targets,
    onClick: view.live ? draughtsClick : null,
  });
  $('otherboard').replaceChildren(grid);
  $('otherboard').dataset.fen = view.position.fen;
}

function draughtsClick(sq) {
  const ids = (game && game.legal) || [];
  $('error').textContent = '';
  if (draughtsFrom !== null) {
    const m = ids.find((x) => pathOf(x)[0] === draughtsFrom && pathOf(x).at(-1) === sq);
    draughtsFrom = null;
    if (m) return act({ move: m });
  }
  if (ids.some((x) => pathOf(x)[0] === sq)) draughtsFrom = sq;
  else if (game && game.status === 'your-move' && game.position.board[sq - 1] && capturesOnly(game))
    // A piece that cannot move while a capture is compulsory: say which must take.
    $('error').textContent = `A capture is compulsory: ${[...new Set(ids.map((m) => m))].join(', ')}.`;
  show(game);
}

function showNim(s, view) {
  const area = $('otherboard');
  area.replaceChildren();
  view.position.heaps.forEach((h, i) =>
    area.append(el('div', `${String.fromCharCode(65 + i)}  ${'|'.repeat(h)}  (${h})`, 'nim-heap')),
  );
  const moves = el('div', undefined, 'nim-moves');
  for (const id of view.live ? s.legal || [] : []) {
    const b = el('button', id);
    b.addEventListener('click', () => act({ move: id }));
    moves.append(b);
  }
  area.append(moves);
}

// The clocks count down between states; at zero the flag shows at once (the server ends the
// game at the same moment and the next state says so).
setInterval(() => game && !game.over && game.clock && (game.clock.running_for_ms += 250, showClocks(game)), 250);

// --- game trees: minimax and alpha-beta side by side ---
$('tree-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  $('tree-error').textContent = '';
  const g = $('tree-game').value;
  const req = g === 'tictactoe' ? { game: g, position: $('tree-position').value }
    : g === 'nim' ? { game: g, heaps: $('tree-position').value }
    : { game: 'file', name: g };
  if ($('tree-depth').value && g !== 'shannon_fig2' && g !== 'lecture_exercise')
    req.depth = Number($('tree-depth').value);
  try {
    for (const ab of [0, 1]) {
      const t = await api('POST', '/api/tree', { ...req, alphabeta: ab === 1 });
      $('tree-' + ab).innerHTML = t.svg; // SVG written by src/search/tree_render.cpp
      $('tree-summary-' + ab).textContent = t.summary;
    }
    zoomTrees();
  } catch (err) {
    $('tree-error').textContent = err.message;
  }
});
// Trees keep their drawn size inside a scrolling view; zoom scales them.
let treeZoom = 1;
function zoomTrees() {
  for (const ab of [0, 1]) {
    const svg = document.querySelector(`#tree-${ab} svg`);
    if (!svg) continue;
    if (!svg.dataset.w) {
      svg.dataset.w = svg.getAttribute('width') || svg.viewBox.baseVal.width;
      svg.dataset.h = svg.getAttribute('height') || svg.viewBox.baseVal.height;
      if (!svg.getAttribute('viewBox')) svg.setAttribute('viewBox', `0 0 ${svg.dataset.w} ${svg.dataset.h}`);
    }
    svg.setAttribute('width', parseFloat(svg.dataset.w) * treeZoom);
    svg.setAttribute('height', parseFloat(svg.dataset.h) * treeZoom);
  }
}
$('tree-zoom-in').addEventListener('click', () => { treeZoom = Math.min(4, treeZoom * 1.25); zoomTrees(); });
$('tree-zoom-out').addEventListener('click', () => { treeZoom = Math.max(0.1, treeZoom / 1.25); zoomTrees(); });
$('tree-game').addEventListener('change', () => {
  const g = $('tree-game').value;
  $('tree-position').value = g === 'tictactoe' ? 'xo./.x./o..' : g === 'nim' ? '2 2' : '';
  $('tree-depth').value = g === 'tictactoe' ? 2 : '';
});

// --- problems: the mate solver's solution tree ---
const problemBoard = Chessground($('problem-board'), { viewOnly: true, animation: { enabled: false } });
function solutionTree(sol) {
  const ul = el('ul');
  for (const k of sol.keys || []) {
    const li = el('li');
    li.append(el('span', `1.${k.key}! ${k.check ? '(check) ' : ''}`, 'key'));
    const sub = el('ul');
    if (k.threats && k.threats.length) sub.append(el('li', 'threat: ' + k.threats.join(', ')));
    for (const d of k.defences || []) {
      const dl = el('li', `1...${d.defence}` + (d.ends_play ? '' : '  ') + (d.continuations || []).map((c) => ' 2.' + c).join(' ') + (d.duals ? ' (duals)' : ''));
      sub.append(dl);
    }
    li.append(sub);
    ul.append(li);
  }
  return ul;
}
// The board follows the FEN as it is typed (a FEN that does not read leaves the board as it was),
// from the problem the page opens with.
function showProblemFen() {
  const board = $('problem-fen').value.trim().split(' ')[0];
  if (/^([1-8pnbrqkPNBRQK]+\/){7}[1-8pnbrqkPNBRQK]+$/.test(board)) problemBoard.set({ fen: board });
  $('problem-board').dataset.fen = board;
}
$('problem-fen').addEventListener('input', showProblemFen);
showProblemFen();
$('problem-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  $('problem-error').textContent = '';
  const fen = $('problem-fen').value.trim();
  problemBoard.set({ fen: fen.split(' ')[0] });
  try {
    const sol = await api('POST', '/api/solve', { fen, stipulation: $('problem-stip').value.trim() });
    $('problem-summary').textContent = sol.solved
      ? `${sol.stipulation}: ${sol.keys.length} key(s), ${sol.nodes} positions searched`
      : `${sol.stipulation}: no solution${sol.complete ? '' : ' found in the time allowed'}`;
    $('solution').replaceChildren(solutionTree(sol));
  } catch (err) {
    $('problem-error').textContent = err.message;
  }
});

// --- TUROCHAMP's candidates and Shannon's f(P) at a position ---
const analyseBoard = Chessground($('analyse-board'), { viewOnly: true });
$('analyse-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  $('analyse-error').textContent = '';
  const fen = $('analyse-fen').value.trim();
  try {
    const t = await api('GET', '/api/turochamp?fen=' + encodeURIComponent(fen));
    analyseBoard.set({ fen: fen.split(' ')[0] });
    $('turochamp-summary').textContent = `TUROCHAMP plays ${t.move}; position-play before: ${t.before}; ${t.nodes} positions analysed`;
    const body = $('turochamp').tBodies[0];
    body.replaceChildren();
    const rows = [...t.candidates].sort((a, b) => b.value - a.value || b.position_play - a.position_play);
    for (const c of rows) {
      const tr = el('tr', undefined, c.chosen ? 'chosen' : '');
      tr.append(el('td', c.move), el('td', c.value.toFixed(3)), el('td', c.position_play.toFixed(1)),
        el('td', (c.gain >= 0 ? '+' : '') + c.gain.toFixed(1)), el('td', c.terms));
      body.append(tr);
    }
    $('turochamp-explanation').textContent = t.explanation;
    const f = await api('GET', '/api/shannon?fen=' + encodeURIComponent(fen));
    const sb = $('shannon').tBodies[0];
    sb.replaceChildren();
    for (const side of ['white', 'black']) {
      const tr = el('tr');
      tr.append(el('th', side));
      for (const k of ['K', 'Q', 'R', 'B', 'N', 'P', 'D', 'S', 'I', 'M']) tr.append(el('td', String(f[side][k])));
      sb.append(tr);
    }
    $('shannon-value').textContent = `f(P) = ${f.value.toFixed(2)}: ${f.describe}`;
  } catch (err) {
    $('analyse-error').textContent = err.message;
  }
});

// --- the seeds' games replayed: Turing's printed values beside TUROCHAMP's (all from the server)
// ---
const replayBoard = Chessground($('replay-board'), {viewOnly: true});
let replay = null;  // {record, ply}: ply 0 is the start, ply k after the k-th move
// A draughts board (squares 1-32 in the standard numbering), for play and for replays.
function draughtsGrid(board, { flip = false, selected = null, last = [], targets = [], onClick = null } = {}) {
  const grid = el('div', undefined, 'draughts');
  for (let r = 0; r < 8; ++r)
    for (let c = 0; c < 8; ++c) {
      const row = flip ? 7 - r : r, col = flip ? 7 - c : c;
      const dark = (row + col) % 2 === 1;
      const cell = el('div', undefined, dark ? 'dark' : 'light');
      if (dark) {
        const sq = row * 4 + Math.floor(col / 2) + 1;
        const p = board[sq - 1];
        cell.append(el('span', String(sq), 'num'));
        if (p) cell.append(el('span', p === p.toUpperCase() ? '\u26C3' : '\u26C2', 'man-' + p.toLowerCase()));
        if (selected === sq) cell.classList.add('selected');
        if (last.includes(sq)) cell.classList.add('last');
        if (targets.includes(sq)) cell.classList.add('target');
        if (onClick) {
          cell.dataset.square = sq;
          cell.addEventListener('click', () => onClick(sq));
        }
      }
      grid.append(cell);
    }
  return grid;
}
const kDraughtsStart = [...'bbbbbbbbbbbb', ...Array(8).fill(''), ...'wwwwwwwwwwww'];
function showReplay() {
  const {record, ply} = replay;
  const p = ply > 0 ? record.plies[ply - 1] : null;
  const chess = record.game !== 'draughts';
  $('replay-board').style.display = chess ? '' : 'none';  // chessground's CSS outranks [hidden]
  $('replay-draughts').style.display = chess ? 'none' : '';
  if (chess) {
    replayBoard.set({
      fen: p ? p.fen.split(' ')[0] : 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR',
      lastMove: p ? [p.uci.slice(0, 2), p.uci.slice(2, 4)] : undefined,
    });
  } else {
    $('replay-draughts').replaceChildren(draughtsGrid(p ? p.board : kDraughtsStart));
  }
  $('replay-title').textContent = record.title;
  $('replay-move').textContent =
      p ? `${p.n}.${p.black === chess ? '..' : ''} ${p.san}` : 'the start';
  const head = el('tr');
  const cols = chess ? ['move', 'Turing printed', 'TUROCHAMP here', 'TUROCHAMP would play'] :
                       ['move', 'as printed', `${record.machine} would play`, 'the same'];
  for (const c of cols) head.append(el('th', c));
  $('replay-values').tHead.replaceChildren(head);
  const body = $('replay-values').tBodies[0];
  body.replaceChildren();
  const num = (v) => (v === null || v === undefined ? '-' : v.toFixed(1));
  if (p && chess && !p.black) {
    const tr = el('tr', undefined, 'played');
    tr.append(
        el('td', p.san), el('td', num(p.printed) + (p.asterisk ? '*' : '')), el('td', num(p.ours)),
        el('td', p.same ? `${p.choice} (the same)` : p.choice));
    body.append(tr);
    for (const o of p.others) {
      const r = el('tr');
      r.append(
          el('td', o.san + ' (considered)'), el('td', num(o.printed) + (o.asterisk ? '*' : '')),
          el('td', num(o.ours)), el('td', ''));
      body.append(r);
    }
  } else if (p && !chess && p.choice !== undefined) {
    const tr = el('tr', undefined, 'played');
    tr.append(
        el('td', p.san), el('td', p.printed_text), el('td', p.choice),
        el('td', p.same ? 'yes' : 'no'));
    body.append(tr);
  }
  $('replay-notes').replaceChildren(...(p ? p.notes.map((n) => el('li', n)) : []));
  const list = $('replay-moves');
  [...list.children].forEach(
      (li, i) => li.classList.toggle('current', i === Math.floor((ply - 1) / 2)));
}
async function loadReplay(id) {
  $('replay-error').textContent = '';
  try {
    const record = await api('GET', '/api/records/' + encodeURIComponent(id));
    replay = {record, ply: 0};
    const list = $('replay-moves');
    list.replaceChildren();
    for (let i = 0; i < record.plies.length; i += 2) {
      const w = record.plies[i], b = record.plies[i + 1];
      const li = el('li');
      const half = (text, ply) => {
        const span = el('span', text, 'ply');
        span.dataset.ply = ply;
        span.addEventListener('click', () => stepReplay(ply));
        return span;
      };
      li.append(half(`${w.san}${w.printed != null ? ' ' + w.printed.toFixed(1) : ''}`, i + 1));
      if (b) li.append(' ', half(b.san, i + 2));
      list.append(li);
    }
    showReplay();
  } catch (err) {
    $('replay-error').textContent = err.message;
  }
}
function stepReplay(to) {
  if (!replay) return;
  replay.ply = Math.max(0, Math.min(replay.record.plies.length, to));
  showReplay();
}
$('replay-record').addEventListener('change', () => loadReplay($('replay-record').value));
$('replay-start').addEventListener('click', () => stepReplay(0));
$('replay-back').addEventListener('click', () => stepReplay(replay.ply - 1));
$('replay-next').addEventListener('click', () => stepReplay(replay.ply + 1));
$('replay-end').addEventListener('click', () => stepReplay(Infinity));
api('GET', '/api/records')
    .then((records) => {
      for (const r of records) {
        const o = el('option', r.title);
        o.value = r.id;
        $('replay-record').append(o);
      }
      if (records.length) return loadReplay(records[0].id);
    })
    .catch((e) => ($('replay-error').textContent = e.message));

// --- Watch: a match or round robin played by the server, followed by polling ---
const watchBoard = Chessground($('watch-board'), {viewOnly: true, animation: {enabled: false}});
let watchId = null;
let watchTimer = null;
function showWatch(w) {
  const b = w.board;
  if (b) {
    $('watch-status').textContent =
        `${w.running ? 'playing' : 'finished'}: ${w.games_played} of ${w.games_total} games; ` +
        `${w.running ? 'now' : 'last'} game ${b.game} ${b.first} v ${b.second}${
            b.last_move ? ', last move ' + b.last_move : ''}`;
    $('watch-fen').textContent = b.fen;
    const chess = w.game === 'chess';
    $('watch-board').style.display = chess ? '' : 'none';  // chessground's CSS outranks [hidden]
    $('watch-draughts').style.display = chess ? 'none' : '';
    if (chess) watchBoard.set({fen: b.fen.split(' ')[0]});
    else if (b.board) $('watch-draughts').replaceChildren(draughtsGrid(b.board));
  } else {
    $('watch-status').textContent = w.running ? 'starting' : 'finished';
  }
  if (w.error) $('watch-error').textContent = w.error;
  $('watch-anchor').textContent = w.anchor ? `(${w.anchor} = 0)` : '(the mean = 0)';
  const head = el('tr');
  head.append(el('th', ''));
  w.players.forEach((p, i) => head.append(el('th', String(i + 1))));
  $('watch-table').tHead.replaceChildren(head);
  $('watch-table')
      .tBodies[0]
      .replaceChildren(
          ...w.table.map((row, i) => {
            const tr = el('tr');
            tr.append(el('th', `${i + 1} ${w.players[i]}`));
            row.forEach((v) => tr.append(el('td', v === null ? '-' : String(v))));
            return tr;
          }),
      );
  $('watch-elo')
      .tBodies[0]
      .replaceChildren(
          ...w.elo.map((e) => {
            const tr = el('tr');
            const text = e.elo === null ? '-' :
                                          `${e.elo >= 0 ? '+' : ''}${Math.round(e.elo)}${
                                              e.bound ? ' (bound)' : ` ± ${Math.round(e.error)}`}`;
            const bar = el('td');
            if (e.elo !== null && !e.bound) {
              const scale = (x) => 100 + Math.max(-100, Math.min(100, x / 8));
              const span = el('span', undefined, 'elo-bar');
              span.style.marginLeft = `${scale(e.elo - e.error)}px`;
              span.style.width =
                  `${Math.max(2, scale(e.elo + e.error) - scale(e.elo - e.error))}px`;
              bar.append(span);
            }
            tr.append(
                el('td', e.name), el('td', String(e.games)), el('td', String(e.points)),
                el('td', text), bar);
            return tr;
          }),
      );
  $('watch-results')
      .replaceChildren(...w.results.map((r) => el('li', `${r.first} - ${r.second}  ${r.result}`)));
  $('watch-svg').innerHTML = w.svg || '';
}
async function pollWatch() {
  if (!watchId) return;
  try {
    // raw: a stopped match's state carries its error and its finished games; show them all.
    const w = await api('GET', '/api/watch/' + watchId, undefined, { raw: true });
    showWatch(w);
    if (w.running) watchTimer = setTimeout(pollWatch, 400);
  } catch (err) {
    $('watch-error').textContent = err.message;
  }
}
$('watch-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  $('watch-error').textContent = '';
  clearTimeout(watchTimer);
  try {
    const w = await api('POST', '/api/watch', {
      game: $('watch-game').value,
      players: $('watch-players').value.split(',').map((p) => p.trim()).filter((p) => p),
      games: Number($('watch-games').value),
      movetime_ms: Number($('watch-movetime').value),
    });
    watchId = w.id;
    showWatch(w);
    pollWatch();
  } catch (err) {
    $('watch-error').textContent = err.message;
  }
});
$('watch-stop').addEventListener('click', () => {
  if (watchId)
    api('POST', `/api/watch/${watchId}/stop`)
        .then(() => {
          clearTimeout(watchTimer);
          pollWatch();  // until the server says the match has ended, with its table
        })
        .catch((err) => ($('watch-error').textContent = err.message));
});

// --- the project's plots (docs/*.svg) ---
api('GET', '/api/plots')
    .then((plots) => {
      for (const p of plots) {
        const o = el('option', p.title);
        o.value = p.name;
        $('plot-name').append(o);
      }
      const show = () => ($('plot').src = '/api/plots/' + encodeURIComponent($('plot-name').value));
      $('plot-name').addEventListener('change', show);
      if (plots.length) show();
    })
    .catch((e) => ($('plot-error').textContent = e.message));

loadMachines().catch((e) => ($('error').textContent = e.message));

// The page of `minimax serve` (docs/serve.md). It draws and asks; every rule, notation and machine
// is the server's: legal moves, SAN, results, trees and values all come from the JSON API.
import { Chessground } from 'chessground';

const $ = (id) => document.getElementById(id);

async function api(method, path, body) {
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
  if (j && j.error) throw new Error(j.error);
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
$('game').addEventListener('change', fillPlayers);
$('first').addEventListener('change', showMachineHelp);
$('second').addEventListener('change', showMachineHelp);

// --- the game being played ---
let game = null; // the last state from the server
let orientation = 'white';
let polling = 0; // a new game starts a new polling loop; older loops stop
let pendingPromotion = null;

const cg = Chessground($('chessboard'), {
  movable: { free: false, showDests: true },
  premovable: { enabled: false },
  events: { move: (from, to) => chessMove(from, to) },
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
$('resign').addEventListener('click', () => act({ resign: true }));
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

// Scores from the first player's view, in pawns (the machines' own units, hundredths).
function graphPoints(s) {
  const pts = [];
  s.moves.forEach((m, i) => {
    if (!m.thought || m.thought.score === undefined) return;
    let v = m.thought.score / 100;
    if (m.side === 1) v = -v;
    pts.push([i, Math.max(-10, Math.min(10, v))]);
  });
  return pts;
}

function drawGraph(s) {
  const svg = $('graph');
  svg.replaceChildren();
  const W = 420, H = 120, n = Math.max(10, s.moves.length);
  const ns = 'http://www.w3.org/2000/svg';
  const mid = document.createElementNS(ns, 'line');
  Object.entries({ x1: 0, x2: W, y1: H / 2, y2: H / 2, stroke: '#aaa' }).forEach(([k, v]) => mid.setAttribute(k, v));
  svg.append(mid);
  const pts = graphPoints(s);
  if (!pts.length) return;
  const line = document.createElementNS(ns, 'polyline');
  line.setAttribute('fill', 'none');
  line.setAttribute('stroke', '#036');
  line.setAttribute('stroke-width', '2');
  line.setAttribute('points', pts.map(([i, v]) => `${(i / n) * W},${H / 2 - (v / 10) * (H / 2 - 4)}`).join(' '));
  svg.append(line);
  svg.dataset.points = pts.length;
}

function showThinking(s) {
  const body = $('thinking').tBodies[0];
  body.replaceChildren();
  const last = [...s.moves].reverse().find((m) => m.thought);
  $('explanation').textContent = last ? last.thought.explanation : '';
  if (!last) return;
  const t = last.thought;
  const who = s.players[last.side].name;
  const rows = [
    ['machine', who],
    ['move', last.text],
    ['score', t.score === undefined ? '-' : (t.score / 100).toFixed(2) + ' (mover\'s view)'],
    ['depth', t.depth],
    ['nodes', t.nodes],
    ['line', t.line.join(' ')],
  ];
  for (const [k, v] of rows) {
    const tr = el('tr');
    tr.append(el('th', k), el('td', String(v)));
    tr.dataset.key = k;
    body.append(tr);
  }
}

function showClocks(s) {
  for (const side of [0, 1]) {
    const c = $('clock-' + side);
    if (!s.clock) {
      c.textContent = '';
      continue;
    }
    let ms = s.clock.ms[side];
    if (s.clock.running === side) ms -= s.clock.running_for_ms;
    const t = Math.max(0, Math.round(ms / 1000));
    c.textContent = `${s.players[side].name}: ${Math.floor(t / 60)}:${String(t % 60).padStart(2, '0')}`;
    c.classList.toggle('running', s.clock.running === side);
  }
}

function show(s) {
  game = s;
  const chess = s.game === 'chess';
  $('chessboard').hidden = !chess;
  $('otherboard').hidden = chess;
  if (chess) showChess(s);
  else if (s.game === 'tictactoe') showTicTacToe(s);
  else if (s.game === 'draughts') showDraughts(s);
  else showNim(s);
  const names = sideNames[s.game];
  $('status').textContent = s.over
    ? `game over: ${s.result} (${s.reason})`
    : s.status === 'your-move' ? `${names[s.side]} to move: your move`
    : `${names[s.side]} to move: ${s.players[s.side].name} is thinking`;
  $('status').dataset.status = s.status;
  const list = $('moves');
  list.replaceChildren();
  const first = s.start.fen && s.start.fen.split(' ')[1] === 'b' ? 1 : 0; // chess from Black
  s.moves.forEach((m, i) => {
    const n = Math.floor((i + first) / 2) + 1;
    const li = el('li', `${n}${m.side === 0 ? '.' : '...'} ${m.text}`, m.thought ? 'machine' : '');
    if (m.thought) li.title = m.thought.explanation;
    list.append(li);
  });
  showThinking(s);
  drawGraph(s);
  showClocks(s);
  $('download').href = `/api/games/${s.id}/record`;
  $('download').setAttribute('download', `minimax-${s.id}.${s.record.extension}`);
  $('record-path').textContent = s.record.path ? 'saved on the server: ' + s.record.path : '';
}

function showChess(s) {
  const parts = s.position.fen.split(' ');
  const turn = parts[1] === 'w' ? 'white' : 'black';
  const last = s.moves.length ? s.moves[s.moves.length - 1].id : null;
  cg.set({
    fen: parts[0],
    orientation,
    turnColor: turn,
    check: s.position.check ? turn : false,
    lastMove: last ? [last.slice(0, 2), last.slice(2, 4)] : undefined,
    movable: {
      color: s.status === 'your-move' ? turn : undefined,
      dests: s.status === 'your-move' ? chessDests(s.legal) : new Map(),
    },
  });
  $('chessboard').dataset.fen = s.position.fen;
}

function showTicTacToe(s) {
  const area = $('otherboard');
  area.replaceChildren();
  const grid = el('div', undefined, 'ttt');
  const board = s.position.board;
  for (let i = 0; i < 9; ++i) {
    const b = el('button', board[i] === '.' ? '' : board[i].toUpperCase());
    b.dataset.square = i + 1;
    const id = String(i + 1);
    b.disabled = !(s.legal || []).includes(id);
    b.addEventListener('click', () => act({ move: id }));
    grid.append(b);
  }
  area.append(grid);
  area.dataset.board = board;
}

let draughtsFrom = null;
function showDraughts(s) {
  const grid = draughtsGrid(s.position.board, {
    flip: orientation === 'black', // Black's men start at the top (squares 1-12)
    selected: draughtsFrom,
    onClick: draughtsClick,
  });
  $('otherboard').replaceChildren(grid);
}

function draughtsClick(sq) {
  const ids = (game && game.legal) || [];
  const ends = (m) => { const p = m.split(/[-x]/); return [Number(p[0]), Number(p[p.length - 1])]; };
  if (draughtsFrom !== null) {
    const m = ids.find((x) => ends(x)[0] === draughtsFrom && ends(x)[1] === sq);
    draughtsFrom = null;
    if (m) return act({ move: m });
  }
  if (ids.some((x) => ends(x)[0] === sq)) draughtsFrom = sq;
  show(game);
}

function showNim(s) {
  const area = $('otherboard');
  area.replaceChildren();
  s.position.heaps.forEach((h, i) =>
    area.append(el('div', `${String.fromCharCode(65 + i)}  ${'|'.repeat(h)}  (${h})`, 'nim-heap')),
  );
  const moves = el('div', undefined, 'nim-moves');
  for (const id of s.legal || []) {
    const b = el('button', id);
    b.addEventListener('click', () => act({ move: id }));
    moves.append(b);
  }
  area.append(moves);
}

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
  } catch (err) {
    $('tree-error').textContent = err.message;
  }
});
$('tree-game').addEventListener('change', () => {
  const g = $('tree-game').value;
  $('tree-position').value = g === 'tictactoe' ? 'xo./.x./o..' : g === 'nim' ? '2 2' : '';
  $('tree-depth').value = g === 'tictactoe' ? 2 : '';
});

// --- problems: the mate solver's solution tree ---
const problemBoard = Chessground($('problem-board'), { viewOnly: true });
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
  analyseBoard.set({ fen: fen.split(' ')[0] });
  try {
    const t = await api('GET', '/api/turochamp?fen=' + encodeURIComponent(fen));
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
function draughtsGrid(board, { flip = false, selected = null, onClick = null } = {}) {
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
      list.append(
          el('li',
             `${w.san}${w.printed != null ? ' ' + w.printed.toFixed(1) : ''} ${b ? b.san : ''}`));
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
    if (w.game === 'chess') watchBoard.set({fen: b.fen.split(' ')[0]});
  } else {
    $('watch-status').textContent = w.running ? 'starting' : 'finished';
  }
  if (w.error) $('watch-error').textContent = w.error;
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
    const w = await api('GET', '/api/watch/' + watchId);
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

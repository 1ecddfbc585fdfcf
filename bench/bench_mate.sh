#!/usr/bin/env bash
# Mate solving side by side (issue 6): minimax's exact solver against Stockfish's `go mate N` on the
# matetrack #1-#5 set (297 positions, Popeye's key sets) and the composed direct mates of
# vaeth/chessproblem (#2-#5), each position under the same time limit, in one run.
#   bench/bench_mate.sh [BUILD] [--limit SECONDS] [--every K] [--set matetrack|composed|both]
# minimax is right when it proves exactly the reference key set (and, for matetrack, no shorter
# mate); Stockfish is right when its bestmove is a key and it reports a mate within N (it proves
# nothing, and cannot say "no solution": there it is right if it reports no mate within N).
# MINIMAX_SOLVE overrides the solver command (default: BUILD/minimax solve).
# POPEYE=/path/to/py adds Popeye (thomas-maeder/popeye, built outside the project, never committed),
# the anchor for exact solving: right when it prints exactly the reference key set within the limit.
set -u
build=${1:-build}
[ $# -gt 0 ] && shift
shared=${SHARED:-../shared}
stockfish=${STOCKFISH:-$(command -v stockfish || echo /usr/games/stockfish)}
solve=${MINIMAX_SOLVE:-$build/minimax solve}
[ -d "$shared/data" ] || { echo "bench_mate: $shared/data not found" >&2; exit 1; }
[ -x "$stockfish" ] || { echo "bench_mate: stockfish not found (apt-get install -y stockfish)" >&2; exit 1; }
exec python3 - "$shared/data" "$stockfish" "$solve" "${POPEYE:-}" "$@" <<'PY'
import json, os, re, resource, subprocess, sys, tempfile, time, shlex

data, stockfish, solve, popeye = sys.argv[1], sys.argv[2], shlex.split(sys.argv[3]), sys.argv[4]
args = sys.argv[5:]
limit, every, which = 10.0, 1, "both"
i = 0
while i < len(args):
    if args[i] == "--limit": limit = float(args[i + 1]); i += 2
    elif args[i] == "--every": every = int(args[i + 1]); i += 2
    elif args[i] == "--set": which = args[i + 1]; i += 2
    else: sys.exit("bench_mate: unknown argument " + args[i])

def norm(m):
    m = re.sub(r"^\d+\.+", "", m.strip())
    return re.sub(r"[ .+#!?]", "", m).replace("S", "N")

def uci_to_problem(fen, uci):
    # Long algebraic in problem notation from a UCI move, enough to compare with key sets.
    board = {}
    rows = fen.split()[0].split("/")
    for r, row in enumerate(rows):
        f = 0
        for ch in row:
            if ch.isdigit(): f += int(ch)
            else: board[chr(97 + f) + str(8 - r)] = ch; f += 1
    fr, to, promo = uci[:2], uci[2:4], uci[4:]
    p = board.get(fr, "?")
    if p in "Kk" and fr[0] == "e" and to[0] in "gc" and abs(ord(to[0]) - ord(fr[0])) == 2:
        return "0-0" if to[0] == "g" else "0-0-0"
    letter = "" if p in "Pp" else p.upper().replace("N", "N")
    ep = p in "Pp" and fr[0] != to[0] and to not in board
    cap = to in board or ep
    s = letter + fr + ("*" if cap else "-") + to
    if promo: s += "=" + promo.upper()
    if ep: s += "ep"
    return s

cases = []  # (set, fen, n, keys or [] for no solution)
if which in ("matetrack", "both"):
    for k, line in enumerate(open(data + "/mates/matetrack_short_popeye.jsonl")):
        if k % every: continue
        d = json.loads(line)
        cases.append(("matetrack", d["fen"], int(d["bm"][1:]), sorted(norm(x) for x in d["popeye_keys"])))
if which in ("composed", "both"):
    k = 0
    for line in open(data + "/mates/vaeth_chessproblem_tests.epd"):
        m = re.match(r'(.*?) ; stip "#(\d+)" ; solutions "(.*?)"', line)
        if not m: continue
        k += 1
        if k % every: continue
        sol = m.group(3)
        keys = [] if sol == "No solution exists" else sorted(norm(x) for x in sol.split(";"))
        cases.append(("composed", m.group(1), int(m.group(2)), keys))

sf = subprocess.Popen([stockfish], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): sf.stdin.write(s + "\n"); sf.stdin.flush()
def wait_for(prefix):
    lines = []
    while True:
        l = sf.stdout.readline()
        if not l: sys.exit("bench_mate: stockfish died")
        lines.append(l)
        if l.startswith(prefix): return lines
send("uci"); wait_for("uciok")
send("setoption name Threads value 1"); send("setoption name Hash value 64")
send("isready"); wait_for("readyok")

def sf_cpu():
    # utime + stime of the Stockfish process (all its threads), in seconds.
    f = open("/proc/%d/stat" % sf.pid).read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")
def mm_cpu():
    u = resource.getrusage(resource.RUSAGE_CHILDREN)
    return u.ru_utime + u.ru_stime

def mirror_square(sq): return sq[0] + str(9 - int(sq[1]))

def popeye_input(fen, n, limit):
    # Popeye solves #N with White to play: a Black-to-play position is mirrored (colours swapped,
    # ranks reversed) and its keys mirrored back. Forsyth uses S for the knight.
    board, side, castling, ep = (fen.split() + ["-", "-"])[:4]
    mirrored = side == "b"
    if mirrored:
        board = "/".join(reversed(board.split("/"))).swapcase()
        castling = castling.swapcase() if castling != "-" else "-"
        ep = mirror_square(ep) if ep != "-" else "-"
    rows = board.split("/")
    def at(sq):
        row = rows[8 - int(sq[1])]; f = 0
        for ch in row:
            if ch.isdigit(): f += int(ch); continue
            if chr(97 + f) == sq[0]: return ch
            f += 1
        return None
    opts = []
    no_castle = [sq for right, sq, king, rook, ksq in
                 (("K", "h1", "K", "R", "e1"), ("Q", "a1", "K", "R", "e1"), ("k", "h8", "k", "r", "e8"), ("q", "a8", "k", "r", "e8"))
                 if at(ksq) == king and at(sq) == rook and right not in castling]
    if no_castle: opts.append("nocastling " + " ".join(no_castle))
    if ep != "-":
        f, r = ep[0], int(ep[1])
        opts.append("enpassant %s%d%s%d%s%d" % (f, r + 1, f, r, f, r - 1))
    text = "begin\nforsyth %s\nstipulation #%d\noption maxtime %d noboard %s\nend\n" % (
        board.replace("N", "S").replace("n", "s"), n, max(1, int(limit + 0.999)), " ".join(opts))
    return text, mirrored

def popeye_keys(out, mirrored):
    keys = []
    for line in out.splitlines():
        m = re.match(r"^   1\.(.*?) !(\s.*)?$", line)
        if not m: continue
        k = m.group(1)
        if mirrored: k = re.sub(r"([a-h])([1-8])", lambda q: q.group(1) + str(9 - int(q.group(2))), k)
        keys.append(norm(k))
    return sorted(keys)

tot = {}
for s, fen, n, keys in cases:
    t = tot.setdefault(s, {"n": 0, "mm_ok": 0, "mm_t": 0.0, "sf_ok": 0, "sf_t": 0.0, "mm_c": 0.0, "sf_c": 0.0,
                           "py_ok": 0, "py_t": 0.0, "py_c": 0.0})
    t["n"] += 1
    # minimax
    t0, c0 = time.time(), mm_cpu()
    r = subprocess.run(solve + ["mate", str(n), fen, "--json", "--variations", "1", "--time", str(limit)],
                       capture_output=True, text=True)
    dt = time.time() - t0
    t["mm_c"] += mm_cpu() - c0
    try:
        j = json.loads(r.stdout)
        got = sorted(norm(k["key"]) for k in j["keys"])
        ok = j["complete"] and got == keys and (not keys or s != "matetrack" or j["shortest"] == n)
    except Exception:
        ok = False
    t["mm_ok"] += ok; t["mm_t"] += min(dt, limit)
    # Stockfish
    send("ucinewgame"); send("isready"); wait_for("readyok")
    t0, c0 = time.time(), sf_cpu()
    send("position fen " + fen)
    send("go mate %d movetime %d" % (n, int(limit * 1000)))
    lines = wait_for("bestmove")
    dt = time.time() - t0
    t["sf_c"] += sf_cpu() - c0
    best = lines[-1].split()[1]
    mate = None
    for l in lines:
        m = re.search(r"score mate (-?\d+)", l)
        if m: mate = int(m.group(1))
    found = mate is not None and 0 < mate <= n
    sf_ok = (found and norm(uci_to_problem(fen, best)) in keys) if keys else not found
    t["sf_ok"] += sf_ok; t["sf_t"] += min(dt, limit)
    if popeye:
        text, mirrored = popeye_input(fen, n, limit)
        with tempfile.NamedTemporaryFile("w", suffix=".inp", delete=False) as f:
            f.write(text)
        t0, c0 = time.time(), mm_cpu()
        r = subprocess.run([popeye, f.name], capture_output=True, text=True)
        dt = time.time() - t0
        t["py_c"] += mm_cpu() - c0
        os.unlink(f.name)
        got = popeye_keys(r.stdout, mirrored)
        t["py_ok"] += got == keys and "maximum time" not in r.stdout.lower()
        t["py_t"] += min(dt, limit)
send("quit")

print("limit %.1f s (wall) per position; Stockfish 1 thread, 64 MB hash; minimax one process per position" % limit)
print("%-10s %4s | %-30s | %-30s | %s" % ("set", "n", "minimax: right, wall, cpu", "stockfish: right, wall, cpu",
      "ratio mm/sf wall, cpu"))
for s, t in tot.items():
    print("%-10s %4d | %4d %10.2f s %10.2f s | %4d %10.2f s %10.2f s | %.2f %.2f" % (
          s, t["n"], t["mm_ok"], t["mm_t"], t["mm_c"], t["sf_ok"], t["sf_t"], t["sf_c"],
          t["mm_t"] / t["sf_t"] if t["sf_t"] else float("nan"), t["mm_c"] / t["sf_c"] if t["sf_c"] else float("nan")))
if popeye:
    print("%-10s %4s | %-30s | %s" % ("set", "n", "popeye: right, wall, cpu", "ratio mm/popeye wall, cpu"))
    for s, t in tot.items():
        print("%-10s %4d | %4d %10.2f s %10.2f s | %.2f %.2f" % (s, t["n"], t["py_ok"], t["py_t"], t["py_c"],
              t["mm_t"] / t["py_t"] if t["py_t"] else float("nan"), t["mm_c"] / t["py_c"] if t["py_c"] else float("nan")))
PY

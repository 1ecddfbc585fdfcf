#!/usr/bin/env python3
"""minimax's problem solver beside Popeye (issue 19): the same problems, the same answers, times.

  popeye_problems.py extract POPEYE_SRC [STIPS]   orthodox problems from Popeye's example and
      regression files (.inp) as lines "STIP ; FEN ; source": no fairy condition, piece or option,
      no twin, both kings, English input; STIPS (default "h= ser-# ser-= ser-h# ser-h=") keeps
      only those kinds.
  popeye_problems.py sample POPEYE EPD STIP COUNT [--seed N] [--limit S] [--intelligent]
      [--prefilter MINIMAX] [--max-men M]   COUNT cases of STIP from the positions of an EPD
      file with at most M men (default all; seeded order, the side to move set as STIP needs), kept where Popeye (plain or intelligent, S seconds,
      default 20) finishes with 1 to 12 solutions. --prefilter: minimax first (at most 10 s), and
      Popeye not run where minimax finishes with none or more than 12 (the same set, sooner).
  popeye_problems.py sparse COUNT SHAPES [--seed N]   COUNT random positions of each shape "WvB"
      of SHAPES (e.g. 2v5,3v5: W white and B black units, kings included; men drawn from Q R B N P,
      weighted 1 2 2 2 3; no pawn on the first or last rank, White's king not in check), as EPD
      lines in a seeded order: few units and moves to spare on both sides (`sample ...
      --intelligent` on them keeps the helpmates Popeye's intelligent mode solves).
  popeye_problems.py mates EPD N COUNT [--seed N]   COUNT direct mates #N drawn from the positions
      of an EPD file marked "bm #N" (matetrack's form), seeded, as case lines.
  popeye_problems.py selfmates FILE   the s#N problems of a file as cases: vaeth/chessproblem's
      test file (`FEN ; stip "s#N"`) or bench/data/selfmates.txt (`FEN | s#N | key | source | ...`).
  popeye_problems.py helpmates FILE   the help and series-help problems of bench/data/helpmates.txt
      (`FEN | h#N | solutions | source | ...`) as cases of the classes "h#Nc" (c: composed, beside
      the drawn class h#N).
  popeye_problems.py compare POPEYE MINIMAX CASES [--limit S] [--intelligent]
      [--intelligent-only]   solves every
      case with both programs (one process each, S seconds wall, default 60; with --intelligent
      help and series play also by Popeye's intelligent mode; with --intelligent-only by that
      mode alone, plain Popeye not run on them) and prints a row per case and a
      table per class: solved counts, summed times, and whether the solution sets agree. A case
      line is "STIP ; FEN ; source", with an optional fourth field naming its class (default:
      the stipulation's kind, e.g. h#3).
      MINIMAX_SOLVE_ARGS="--threads 2" adds options to every minimax run.

Popeye (thomas-maeder/popeye) is built outside the project (bench/bench_problems.sh fetches and
builds it in /tmp); nothing of it is committed.
"""
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time

PIECES = "kqrbsp"
SAFE_OPTIONS = {"intelligent", "noboard", "movenumbers", "variation", "nothreat", "maxtime",
                "nontrivial", "intell", "inte", "nobo", "vari", "noth", "maxt"}


def keyword(word, full, at_least=3):
    w = word.lower()
    return len(w) >= min(at_least, len(full)) and full.startswith(w)


def sections(text):
    """The problems of a .inp file: lists of lines between begin/next/end."""
    out, cur, inside = [], [], False
    for line in text.splitlines():
        words = line.split()
        if not words:
            continue
        w = words[0].lower()
        if keyword(w, "begin", 3):
            inside, cur = True, []
            continue
        if not inside:
            continue
        if keyword(w, "next", 4) or keyword(w, "end", 3):
            out.append(cur)
            cur = []
            if keyword(w, "end", 3):
                inside = False
            continue
        cur.append(line)
    return out


def problem(lines):
    """(stipulation, board dict, options, reason to skip or None)."""
    board, stip, opts, reason = {}, None, [], None
    colour, mode = None, None
    for line in lines:
        words = line.split()
        w = words[0].lower()
        if keyword(w, "pieces", 3):
            mode, words = "pieces", words[1:]
        elif keyword(w, "stipulation", 4):
            mode, stip = None, " ".join(words[1:]).lower()
            continue
        elif keyword(w, "option", 3):
            mode, opts = "option", opts + words[1:]
            continue
        elif keyword(w, "forsyth", 3) and len(words) > 1:
            r = 8
            for row in words[1].split("/"):
                f = 0
                for ch in row:
                    if ch.isdigit():
                        f += int(ch)
                    elif ch.lower() in PIECES:
                        board[chr(97 + f) + str(r)] = ch
                        f += 1
                    else:
                        return None, None, None, "forsyth piece " + ch
                r -= 1
            mode = None
            continue
        elif keyword(w, "sstipulation", 3) or keyword(w, "condition", 3) or keyword(w, "twin", 3) \
                or keyword(w, "zeroposition", 3):
            return None, None, None, "uses " + w
        elif mode == "option":
            opts += words
            continue
        elif mode != "pieces":
            mode = None
            continue
        for t in words:
            tl = t.lower()
            if len(tl) >= 2 and ("white".startswith(tl) or "black".startswith(tl)):
                colour = "white" if "white".startswith(tl) else "black"
                continue
            m = re.fullmatch(r"([kqrbsp])((?:[a-h][1-8])+)", tl)
            if not m or colour is None:
                return None, None, None, "piece " + t
            for i in range(0, len(m.group(2)), 2):
                sq = m.group(2)[i:i + 2]
                board[sq] = m.group(1).upper() if colour == "white" else m.group(1)
    if stip is None:
        return None, None, None, "no stipulation"
    for o in opts:
        if re.fullmatch(r"\d+", o):
            continue
        if o.lower() not in SAFE_OPTIONS:
            return None, None, None, "option " + o
    if list(board.values()).count("K") != 1 or list(board.values()).count("k") != 1:
        return None, None, None, "not one king a side"
    return stip, board, opts, None


def side_to_move(stip):
    if stip.startswith("ser-h"):
        return "b"
    if stip.startswith("h"):
        return "w" if stip.endswith(".5") else "b"
    return "w"


def fen_of(board, side):
    rows = []
    for r in range(8, 0, -1):
        row, empty = "", 0
        for f in "abcdefgh":
            p = board.get(f + str(r))
            if p is None:
                empty += 1
                continue
            if empty:
                row, empty = row + str(empty), 0
            row += {"S": "N", "s": "n"}.get(p, p)
        rows.append(row + (str(empty) if empty else ""))
    castle = ""
    if board.get("e1") == "K":
        castle += ("K" if board.get("h1") == "R" else "") + ("Q" if board.get("a1") == "R" else "")
    if board.get("e8") == "k":
        castle += ("k" if board.get("h8") == "r" else "") + ("q" if board.get("a8") == "r" else "")
    return "/".join(rows) + " " + side + " " + (castle or "-") + " - 0 1"


def extract(src, kinds):
    seen = set()
    for root, _, files in sorted(os.walk(src)):
        for name in sorted(files):
            if not name.endswith(".inp"):
                continue
            path = os.path.join(root, name)
            try:
                text = open(path, encoding="latin-1").read()
            except OSError:
                continue
            for k, lines in enumerate(sections(text)):
                stip, board, _, reason = problem(lines)
                if reason:
                    continue
                m = re.fullmatch(r"(ser-h#|ser-h=|ser-#|ser-=|h#|h=|s#|#)(\d+)(\.5)?", stip)
                if not m or m.group(1) not in kinds:
                    continue
                fen = fen_of(board, side_to_move(stip))
                if (stip, fen) in seen:
                    continue
                seen.add((stip, fen))
                print("%s ; %s ; %s#%d" % (stip, fen, os.path.relpath(path, src), k + 1))


def norm(m):
    m = re.sub(r"^\d+\.+", "", m.strip())
    return re.sub(r"[ .+#=!?]", "", m.replace("=Q", "Q").replace("=R", "R").replace("=B", "B")
                  .replace("=S", "S")).replace("N", "S")


def popeye_input(stip, fen, limit, intelligent=False):
    if stip.startswith("spg"):
        # A proof game: the diagram's placement, Popeye's "dia N" (every game of N moves, and the
        # shorter ones, that reach it).
        fen = fen.split()[0] + " w - - 0 1"
    board, side, castling = fen.split()[:3]
    pieces = {"w": [], "b": []}
    for r, row in enumerate(board.split("/")):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
                continue
            sq = chr(97 + f) + str(8 - r)
            pieces["w" if ch.isupper() else "b"].append({"n": "s"}.get(ch.lower(), ch.lower()) + sq)
            f += 1
    opts = ["noboard", "maxtime %d" % max(1, int(limit))] + (["intelligent"] if intelligent else [])
    if stip.startswith("spg"):
        return "begin\npieces white %s\n black %s\nstipulation dia%s\noption %s\nend\n" % (
            " ".join(pieces["w"]), " ".join(pieces["b"]), stip.split()[1], " ".join(opts))
    # Popeye's side to start (side_to_move: White in direct, self and series-direct play and in
    # h#N.5, Black in the rest of help play); where the FEN gives the other side, HalfDuplex
    # solves the stipulation for the other side alone (a matetrack "bm #10" with Black to move is
    # a black mate).
    if side != side_to_move(stip):
        opts.append("halfduplex")
    # The rook of each castling right the FEN does not give may not castle.
    no_castle = [sq for right, sq in (("K", "h1"), ("Q", "a1"), ("k", "h8"), ("q", "a8"))
                 if right not in castling]
    if no_castle:
        opts.append("nocastling " + " ".join(no_castle))
    return "begin\npieces white %s\n black %s\nstipulation %s\noption %s\nend\n" % (
        " ".join(pieces["w"]), " ".join(pieces["b"]), stip, " ".join(opts))


def popeye_solutions(out, lines_kind):
    sols = []
    for line in out.splitlines():
        if lines_kind:
            if not re.match(r"^  1\.", line):
                continue
            moves = [norm(t) for t in line.split() if not re.fullmatch(r"[+#=!]+|ep\.?|dia", t)]
            sols.append(" ".join(x for x in moves if x))
        else:
            m = re.match(r"^   1\.(.*?) !(\s.*)?$", line)
            if m:
                sols.append(norm(m.group(1)))
    return sorted(sols)


def run_minimax(minimax, stip, fen, limit, lines_kind, exact=None):
    """minimax's normalised answer and seconds, or None where it did not finish. exact: a list
    that receives a proof game's solutions of the full length alone (destination squares, as
    euclide_solutions gives them)."""
    t0 = time.time()
    try:
        extra = os.environ.get("MINIMAX_SOLVE_ARGS", "").split()
        r = subprocess.run([minimax, "solve", "problem", stip, fen, "--json", "--variations", "1",
                            "--time", str(limit)] + extra, capture_output=True, text=True,
                           timeout=limit + 10)
        j = json.loads(r.stdout)
        if not j["complete"]:
            return None, time.time() - t0
        if lines_kind:
            # A proof game's shorter plays are solutions to Popeye's "dia N" too.
            got = sorted(" ".join(norm(t) for t in s.split() if t != "ep.")
                         for s in j["solutions"] + j.get("shorter", []))
            if exact is not None:
                exact.extend(sorted(destinations(s) for s in j["solutions"]))
        else:
            got = sorted(norm(k["key"]) for k in j["keys"])
        return got, time.time() - t0
    except Exception:
        return None, time.time() - t0


def destinations(line):
    """A line of moves as the squares each move goes to (castling as O-O / O-O-O): the form in
    which minimax's SAN and Euclide's long notation (Pf2-f3, Ke1xf2, 0-0) compare."""
    out = []
    for t in line.split():
        t = re.sub(r"^\d+\.+", "", t).rstrip("+#!?")
        if t.replace("0", "O") in ("O-O", "O-O-O"):
            out.append(t.replace("0", "O"))
        elif re.search(r"[a-h][1-8]", t):
            out.append(re.findall(r"[a-h][1-8]", t)[-1])
    return " ".join(out)


def run_euclide(euclide, stip, fen, limit):
    """Euclide's solutions of a proof game (destination squares) and seconds, or None where it did
    not finish. Euclide counts games of exactly N moves (no shorter plays)."""
    t0 = time.time()
    try:
        half = round(float(stip.split()[1]) * 2)
        r = subprocess.run([euclide, "--quiet", "--timeout", str(int(limit)), fen.split()[0],
                            str(half)], capture_output=True, text=True, errors="replace",
                           timeout=limit + 10)
        out = r.stdout
        if not re.search(r"Unique proofgame|No solution|(One|Two|Three|Four) solutions?", out) or \
                re.search(r"At least|interrupted|Cooked", out):
            return None, time.time() - t0
        sols = [destinations(" ".join(block.split("\n")))
                for block in re.findall(r"Solution #\d+:\n-+\n(.*?)\n\n", out, re.S)]
        return sorted(sols), time.time() - t0
    except Exception:
        return None, time.time() - t0


def compare(popeye, minimax, cases_file, limit, intelligent, intelligent_only=False,
            euclide=None):
    """Every case with minimax, Popeye and (help and series play, --intelligent) Popeye's
    intelligent mode; a row per case, then a table per class. Times are wall seconds per process,
    summed over the problems both finished. intelligent_only: help and series play with Popeye's
    intelligent mode alone (plain Popeye takes minutes on composed h#5s)."""
    classes = {}
    for line in open(cases_file):
        if not line.strip() or (line.startswith("#") and not re.match(r"#\d", line)):
            continue  # a comment ("#6 ; ..." is a direct mate)
        fields = [x.strip() for x in line.split(";")]
        stip, fen, source = fields[:3]
        lines_kind = not re.match(r"^(#|s#)", stip)
        exact = []
        mm, mm_t = run_minimax(minimax, stip, fen, limit, lines_kind, exact)
        py, py_t = None, 0.0
        if not (intelligent_only and lines_kind):
            out, py_t = run_popeye(popeye, stip, fen, limit)
            py = popeye_solutions(out, lines_kind) if out is not None else None
        pi, pi_t = None, 0.0
        if intelligent and lines_kind and not stip.startswith("spg"):
            out, pi_t = run_popeye(popeye, stip, fen, limit, True)
            pi = popeye_solutions(out, lines_kind) if out is not None else None
        eu, eu_t = None, 0.0
        if euclide and stip.startswith("spg"):
            eu, eu_t = run_euclide(euclide, stip, fen, limit)
        kind = fields[3] if len(fields) > 3 and fields[3] else "spg" if stip.startswith("spg") else \
            re.match(r"[a-z#=-]+", stip).group(0) + re.sub(r"[^0-9.]", "", stip)
        c = classes.setdefault(kind, {"n": 0, "mm": 0, "py": 0, "pi": 0, "agree": 0, "cmp": 0,
                                      "mm_t": 0.0, "py_t": 0.0, "bi": 0, "mmi_t": 0.0,
                                      "pi_t": 0.0, "eu": 0, "eu_cmp": 0, "eu_agree": 0,
                                      "mme_t": 0.0, "eu_t": 0.0})
        c["n"] += 1
        c["mm"] += mm is not None
        c["py"] += py is not None
        c["pi"] += pi is not None
        verdicts = []
        for ref, ref_t, key in ((py, py_t, "py"), (pi, pi_t, "pi")):
            if mm is None or ref is None:
                continue
            verdicts.append("agree" if mm == ref else "DIFFER")
            c["cmp"] += 1
            c["agree"] += mm == ref
            if key == "py":
                c["mm_t"] += mm_t
                c["py_t"] += ref_t
            else:
                c["bi"] += 1
                c["mmi_t"] += mm_t
                c["pi_t"] += ref_t
        if euclide and stip.startswith("spg"):
            c["eu"] += eu is not None
            if mm is not None and eu is not None:
                c["eu_cmp"] += 1
                c["eu_agree"] += exact == eu
                c["mme_t"] += mm_t
                c["eu_t"] += eu_t
                verdicts.append("euclide agrees" if exact == eu else "euclide DIFFERS")
            verdicts.append("euclide %s %.2fs" % ("done" if eu is not None else "open", eu_t))
        print("%-8s %-62s mm %s %6.2fs  popeye %s %6.2fs%s  %s  %s" % (
            stip, fen, "done" if mm is not None else "open", mm_t,
            "done" if py is not None else "open", py_t,
            ("  intelligent %s %6.2fs" % ("done" if pi is not None else "open", pi_t))
            if intelligent and lines_kind and not stip.startswith("spg") else "",
            "/".join(verdicts) or "-", source), flush=True)
        if "euclide DIFFERS" in verdicts:
            print("    minimax: %s\n    euclide: %s" % (exact, eu), flush=True)
        if "DIFFER" in verdicts:
            print("    minimax: %s\n    popeye:  %s\n    intelligent: %s" % (mm, py, pi), flush=True)
    print()
    print("| class | problems | minimax solved | Popeye solved | Popeye intelligent solved | "
          "answers agreeing | minimax s / Popeye s (both done) | minimax s / intelligent s |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    ok = True
    for k, c in sorted(classes.items()):
        ok = ok and c["agree"] == c["cmp"]
        print("| %s | %d | %d | %d | %s | %d of %d | %.2f / %.2f | %s |" % (
            k, c["n"], c["mm"], c["py"], c["pi"] if c["bi"] or c["pi"] else "-",
            c["agree"], c["cmp"], c["mm_t"], c["py_t"],
            "%.2f / %.2f" % (c["mmi_t"], c["pi_t"]) if c["bi"] else "-"))
    if euclide and any(c["eu_cmp"] or c["eu"] for c in classes.values()):
        print()
        print("| class | Euclide solved | solutions agreeing | minimax s / Euclide s (both done) |")
        print("|---|---:|---:|---:|")
        for k, c in sorted(classes.items()):
            if c["eu_cmp"] or c["eu"]:
                ok = ok and c["eu_agree"] == c["eu_cmp"]
                print("| %s | %d | %d of %d | %.2f / %.2f |" % (
                    k, c["eu"], c["eu_agree"], c["eu_cmp"], c["mme_t"], c["eu_t"]))
    return ok


def run_popeye(popeye, stip, fen, limit, intelligent=False):
    """Popeye's output and seconds, or None where it did not finish."""
    with tempfile.NamedTemporaryFile("w", suffix=".inp", delete=False) as f:
        f.write(popeye_input(stip, fen, limit, intelligent))
    t0 = time.time()
    try:
        out = subprocess.run([popeye, f.name], capture_output=True, text=True,
                             timeout=limit + 10).stdout
    except subprocess.TimeoutExpired:
        out = "maximum time"
    finally:
        os.unlink(f.name)
    done = "solution finished" in out and "maximum time" not in out.lower()
    return (out if done else None), time.time() - t0


def minimax_count(minimax, stip, fen, limit):
    """The number of solutions minimax finds (plain text, its last lines read), None if it did
    not finish."""
    try:
        r = subprocess.run([minimax, "solve", "problem", stip, fen, "--variations", "1", "--time",
                            str(limit)] + os.environ.get("MINIMAX_SOLVE_ARGS", "").split(),
                           capture_output=True, timeout=limit + 10)
        tail = r.stdout[-400:].decode(errors="replace")
        if "no solution" in tail:
            return 0
        m = re.search(r"(\d+) solutions?\n", tail)
        return int(m.group(1)) if m and r.returncode == 0 else None
    except Exception:
        return None


def sample(popeye, epd, stip, count, seed, limit, intelligent=False, prefilter=None, max_men=32):
    fens = []
    for line in open(epd):
        f = line.split()
        if len(f) >= 4 and f[0].count("/") == 7:
            fens.append(" ".join(f[:3]))
    random.Random(seed).shuffle(fens)
    kept = tried = popeye_runs = 0

    def report():
        # What the draw has cost so far (a slow draw shows why), on stderr.
        print("sample: %d positions tried, Popeye run on %d, %d kept" % (tried, popeye_runs, kept),
              file=sys.stderr, flush=True)

    for board_side_castle in fens:
        if kept >= count:
            break
        if tried and tried % 50 == 0:
            report()
        tried += 1
        board, _, castle = board_side_castle.split()
        if "k" not in board or "K" not in board:
            continue
        if sum(c.isalpha() for c in board) > max_men:
            continue
        fen = "%s %s %s - 0 1" % (board, side_to_move(stip), castle)
        if prefilter:
            # minimax's count where it finishes first (the two agree wherever both finish), so
            # Popeye runs only on the positions that may be kept.
            m = re.fullmatch(r"h#(\d+)", stip)
            if m and int(m.group(1)) >= 2:
                # h#N's answer holds every shorter line too: more than 12 at N - 1 are too many.
                n = minimax_count(prefilter, "h#%d" % (int(m.group(1)) - 1), fen, 2.0)
                if n is not None and n > 12:
                    continue
            n = minimax_count(prefilter, stip, fen, min(limit, 10.0))
            if n is not None and not 1 <= n <= 12:
                continue
        popeye_runs += 1
        out, _ = run_popeye(popeye, stip, fen, limit, intelligent)
        if out is None or "the side to play can capture the king" in out:
            continue
        n = len(popeye_solutions(out, True))
        if 1 <= n <= 12:
            kept += 1
            print("%s ; %s ; %s (Popeye: %d)" % (stip, fen, os.path.basename(epd), n), flush=True)
    report()


def mates(epd, n, count, seed):
    fens = []
    for line in open(epd):
        if re.search(r"\bbm #%d;" % n, line):
            f = line.split()
            fens.append("%s %s %s %s 0 1" % tuple(f[:4]))
    random.Random(seed).shuffle(fens)
    for fen in fens[:count]:
        print("#%d ; %s ; %s bm #%d" % (n, fen, os.path.basename(epd), n))


def selfmates(path):
    for line in open(path):
        if line.startswith("#"):
            continue
        m = re.match(r'(.*?) ; stip "(s#\d+)"', line)
        if m:
            f = m.group(1).split()
            fen = " ".join(f[:4]) + " 0 1" if len(f) >= 4 else m.group(1)
            print("%s ; %s ; %s" % (m.group(2), fen, os.path.basename(path)))
            continue
        cols = [c.strip() for c in line.split("|")]
        if len(cols) >= 4 and re.fullmatch(r"s#\d+", cols[1]):
            f = cols[0].split()
            print("%s ; %s ; %s" % (cols[1], " ".join(f[:4]) + " 0 1", cols[3].replace(";", ",")))


def helpmates(path):
    """The composed help and series-help problems of bench/data/helpmates.txt as cases, each of
    the class STIPc (h#3c beside the drawn class h#3)."""
    for line in open(path):
        if line.startswith("#"):
            continue
        cols = [c.strip() for c in line.split("|")]
        if len(cols) >= 4 and re.fullmatch(r"(ser-)?h[#=]\d+(\.5)?", cols[1]):
            f = cols[0].split()
            print("%s ; %s ; %s ; %sc" % (cols[1], " ".join(f[:4]) + " 0 1",
                                          cols[3].replace(";", ","), cols[1]))


def sparse(count, shapes, seed):
    """COUNT random positions of each shape "WvB" of SHAPES (comma-separated), as EPD lines in a
    seeded order: each king and W - 1 white, B - 1 black men drawn from Q R B N P (weighted 1 2 2 2
    3), no pawn on the first or last rank, the kings not side by side and White's king not in
    check (the positions of help play, Black moving first)."""
    rng = random.Random(seed)
    kinds = "QRRBBNNPPP"
    lines = []
    for shape in shapes.split(","):
        white_units, black_units = (int(x) for x in shape.split("v"))
        made = 0
        while made < count:
            board = {}
            squares = rng.sample(range(64), white_units + black_units)
            wk, bk = squares[0], squares[1]
            if max(abs(wk % 8 - bk % 8), abs(wk // 8 - bk // 8)) <= 1:
                continue
            board[wk], board[bk] = "K", "k"
            ok = True
            for i, sq in enumerate(squares[2:]):
                piece = rng.choice(kinds)
                if piece == "P" and sq // 8 in (0, 7):
                    ok = False
                board[sq] = piece if i < white_units - 1 else piece.lower()
            if not ok or attacked_by_black(board, wk):
                continue
            lines.append("%s b - - ; sparse %s seed %d" % (placement(board), shape, seed))
            made += 1
    rng.shuffle(lines)
    print("\n".join(lines))


def placement(board):
    """The placement field of a FEN for `board` (square 0 = a1 -> piece letter)."""
    rows = []
    for r in range(7, -1, -1):
        row, gap = "", 0
        for f in range(8):
            p = board.get(r * 8 + f)
            if p is None:
                gap += 1
                continue
            row += (str(gap) if gap else "") + p
            gap = 0
        rows.append(row + (str(gap) if gap else ""))
    return "/".join(rows)


def attacked_by_black(board, target):
    """Whether a black man on `board` (square -> letter) attacks `target`."""
    tf, tr = target % 8, target // 8
    for sq, c in board.items():
        if not c.islower():
            continue
        f, r = sq % 8, sq // 8
        df, dr = tf - f, tr - r
        if c == "p" and dr == -1 and abs(df) == 1:
            return True
        if c == "n" and sorted((abs(df), abs(dr))) == [1, 2]:
            return True
        if c == "k" and max(abs(df), abs(dr)) == 1:
            return True
        lines = {"r": abs(df) * abs(dr) == 0, "b": abs(df) == abs(dr),
                 "q": abs(df) * abs(dr) == 0 or abs(df) == abs(dr)}
        if c in lines and lines[c] and (df or dr):
            sf, sr = (df > 0) - (df < 0), (dr > 0) - (dr < 0)
            x, y = f + sf, r + sr
            while (x, y) != (tf, tr) and y * 8 + x not in board:
                x, y = x + sf, y + sr
            if (x, y) == (tf, tr):
                return True
    return False


def option(name, default, kind=float):
    """The value after --NAME on the command line, or the default."""
    return kind(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


def main():
    a = sys.argv
    if len(a) >= 3 and a[1] == "extract":
        extract(a[2], (a[3] if len(a) > 3 else "h= ser-# ser-= ser-h# ser-h=").split())
        return 0
    if len(a) >= 6 and a[1] == "sample":
        sample(a[2], a[3], a[4], int(a[5]), option("--seed", 1, int), option("--limit", 20.0),
               "--intelligent" in a, option("--prefilter", None, str),
               option("--max-men", 32, int))
        return 0
    if len(a) >= 4 and a[1] == "sparse":
        sparse(int(a[2]), a[3], option("--seed", 1, int))
        return 0
    if len(a) >= 5 and a[1] == "mates":
        mates(a[2], int(a[3]), int(a[4]), option("--seed", 1, int))
        return 0
    if len(a) >= 3 and a[1] == "selfmates":
        selfmates(a[2])
        return 0
    if len(a) >= 3 and a[1] == "helpmates":
        helpmates(a[2])
        return 0
    if len(a) >= 5 and a[1] == "compare":
        only = "--intelligent-only" in a
        return 0 if compare(a[2], a[3], a[4], option("--limit", 60.0),
                            "--intelligent" in a or only, only,
                            option("--euclide", None, str)) else 1
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main())

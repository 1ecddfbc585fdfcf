#!/usr/bin/env python3
"""minimax's intelligent help and series play against its plain search (docs/mate-solver.md).

  intelligent_vs_plain.py MINIMAX COUNT STIPS [--seed N] [--limit S]

For COUNT seeded random positions (both kings, 1-3 more white men and 1-6 more black, no pawn on
the first or last rank) and each stipulation of STIPS (comma-separated, e.g. h=3,ser-h=3,h#3),
solves the problem with `--plain` and with `--intelligent`, S seconds each (default 10). Where
both finish, the solution sets must be the same: every difference is printed as a line
"DIFFER STIP FEN plain-count intelligent-count". At the end (and every 20 positions) a summary:
problems both finished, how many have solutions, how many agree, and the summed times. The
intelligent method must lose no solution; this is its check on positions nobody composed.
"""
import argparse
import json
import random
import subprocess
import sys

from popeye_problems import placement


def random_position(rng, side):
    while True:
        squares = rng.sample(range(64), 12)
        board = {squares[0]: "K", squares[1]: "k"}
        k = 2
        for _ in range(rng.randint(1, 3)):
            board[squares[k]] = rng.choice("QRRBBNNPPP")
            k += 1
        for _ in range(rng.randint(1, 6)):
            board[squares[k]] = rng.choice("qrrbbnnppppp")
            k += 1
        if any(p in "Pp" and s // 8 in (0, 7) for s, p in board.items()):
            continue
        return placement(board) + " %s - - 0 1" % side


def solve(minimax, stip, fen, method, limit):
    r = subprocess.run([minimax, "solve", "problem", stip, fen, "--json", "--" + method, "--time",
                        str(limit)], capture_output=True, text=True)
    if r.returncode != 0:
        return None  # not a legal problem (the side not to move in check), or open
    d = json.loads(r.stdout)
    if not d.get("complete"):
        return None
    return sorted(json.dumps(s, sort_keys=True) for s in d["solutions"]), d["seconds"]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("minimax")
    ap.add_argument("count", type=int)
    ap.add_argument("stips")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--limit", type=float, default=10)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    done = agree = with_solutions = 0
    t_plain = t_intelligent = 0.0

    def summary():
        return ("done %d with solutions %d agree %d plain %.1fs intelligent %.1fs" %
                (done, with_solutions, agree, t_plain, t_intelligent))

    for i in range(a.count):
        for stip in a.stips.split(","):
            # Popeye's sides: White starts ser-#, ser-= and h#N.5; Black the rest.
            side = "w" if stip.startswith(("ser-#", "ser-=")) or stip.endswith(".5") else "b"
            fen = random_position(rng, side)
            p = solve(a.minimax, stip, fen, "plain", a.limit)
            if p is None:
                continue
            q = solve(a.minimax, stip, fen, "intelligent", a.limit)
            if q is None:
                continue
            done += 1
            t_plain += p[1]
            t_intelligent += q[1]
            with_solutions += bool(p[0])
            if p[0] == q[0]:
                agree += 1
            else:
                print("DIFFER", stip, fen, len(p[0]), len(q[0]), flush=True)
        if i % 20 == 19:
            print("at %d: %s" % (i + 1, summary()), flush=True)
    print(summary())
    return 0 if agree == done else 1


if __name__ == "__main__":
    sys.exit(main())

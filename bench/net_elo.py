#!/usr/bin/env python3
"""A learnt network's Elo by generation: each generation's network of a `minimax learn
draughts-net` or `chess-net` run against the same engine's hand-set evaluation (`Eval hand`), in
games at a fixed node count a move (so the machine's load does not change the result), each
opening played with both colours (draughts: the three-move ballots; chess: --openings FILE, EPD
or moves a line). Prints a Markdown table and writes an SVG plot of Elo (with its 95% interval)
against generation; --replot draws the plot from tables it printed, without playing.

Usage: bench/net_elo.py [--game draughts|chess] [--build build] [--run DIR] [--games 100]
                        [--nodes N] [--openings FILE] [--generations 0,2,4] [--svg FILE]
                        [--table FILE] [--replot TABLE...]
DIR defaults to $XDG_CACHE_HOME/minimax/learn/GAME-net (else ~/.cache/...); N to 6000 for
draughts, 5000 for chess.
"""
import argparse
import math
import os
import pathlib
import re
import subprocess
import sys


def elo_interval(wins, draws, losses):
    """Elo difference and its 95% half-width from a trinomial score (the normal approximation)."""
    n = wins + draws + losses
    score = (wins + draws / 2) / n
    var = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / n
    se = math.sqrt(var / n)

    def elo(p):
        p = min(max(p, 1e-4), 1 - 1e-4)
        return -400 * math.log10(1 / p - 1)

    return elo(score), (elo(score + 1.96 * se) - elo(score - 1.96 * se)) / 2


def svg_plot(points, nodes, games, game):
    w, h, left, right, top, bottom = 640, 400, 70, 20, 40, 50
    gens = [p[0] for p in points]
    lo = min(p[1] - p[2] for p in points)
    hi = max(p[1] + p[2] for p in points)
    lo, hi = math.floor(min(lo, 0) / 100) * 100, math.ceil(max(hi, 0) / 100) * 100
    gmax = max(max(gens), 1)

    def x(g):
        return left + (w - left - right) * g / gmax

    def y(e):
        return top + (h - top - bottom) * (hi - e) / (hi - lo)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
           f'font-family="sans-serif" font-size="12">',
           f'<rect width="{w}" height="{h}" fill="white"/>',
           f'<text x="{w / 2}" y="20" text-anchor="middle" font-size="14">The {game} network '
           f'against the hand-set evaluation ({games} games, {nodes} nodes a move)</text>']
    for e in range(int(lo), int(hi) + 1, 100):
        out.append(f'<line x1="{left}" x2="{w - right}" y1="{y(e):.1f}" y2="{y(e):.1f}" '
                   f'stroke="{"#888" if e == 0 else "#ddd"}"/>')
        out.append(f'<text x="{left - 6}" y="{y(e) + 4:.1f}" text-anchor="end">{e}</text>')
    for g in gens:
        out.append(f'<text x="{x(g):.1f}" y="{h - bottom + 16}" text-anchor="middle">{g}</text>')
    out.append(f'<text x="{(left + w - right) / 2}" y="{h - 12}" text-anchor="middle">generation</text>')
    out.append(f'<text x="16" y="{(top + h - bottom) / 2}" text-anchor="middle" '
               f'transform="rotate(-90 16 {(top + h - bottom) / 2})">Elo against the hand-set evaluation</text>')
    path = " ".join(f'{"M" if i == 0 else "L"}{x(g):.1f},{y(e):.1f}' for i, (g, e, _) in enumerate(points))
    out.append(f'<path d="{path}" fill="none" stroke="#2a6" stroke-width="2"/>')
    for g, e, err in points:
        out.append(f'<line x1="{x(g):.1f}" x2="{x(g):.1f}" y1="{y(e - err):.1f}" y2="{y(e + err):.1f}" stroke="#2a6"/>')
        out.append(f'<circle cx="{x(g):.1f}" cy="{y(e):.1f}" r="3" fill="#2a6"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def write_atomically(path, text):
    tmp = pathlib.Path(str(path) + ".tmp")
    tmp.write_text(text)
    os.replace(tmp, path)


def main():
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=["draughts", "chess"], default="draughts")
    ap.add_argument("--build", default="build")
    ap.add_argument("--run", default="")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--nodes", type=int, default=0)
    ap.add_argument("--openings", default="", help="chess: an openings file (required to play)")
    ap.add_argument("--generations", default="", help="e.g. 0,2,4 (default: every one)")
    ap.add_argument("--svg", default="")
    ap.add_argument("--table", default="")
    ap.add_argument("--replot", nargs="+", default=[],
                    help="draw the SVG from tables this script printed (no games played)")
    a = ap.parse_args()
    a.run = a.run or os.path.join(cache, "minimax", "learn", f"{a.game}-net")
    a.nodes = a.nodes or (6000 if a.game == "draughts" else 5000)
    if a.replot:
        points = []
        for f in a.replot:
            for line in pathlib.Path(f).read_text().splitlines():
                m = re.match(r"\| (\d+) \| \d+ \| \+(\d+) =(\d+) -(\d+) \|", line)
                if m:
                    g, w, d, l = map(int, m.groups())
                    e, err = elo_interval(w, d, l)
                    points.append((g, max(-800.0, min(800.0, e)), err))
        points.sort()
        if a.svg:
            write_atomically(a.svg, svg_plot(points, a.nodes, a.games, a.game))
        return
    if a.game == "chess" and not a.openings:
        sys.exit("net_elo: chess needs --openings FILE")
    nets = pathlib.Path(a.run) / "nets"
    have = sorted(int(m.group(1)) for f in nets.glob("gen-*.nnue")
                  if (m := re.fullmatch(r"gen-(\d+)\.nnue", f.name)))
    if not have:
        sys.exit(f"net_elo: no networks in {nets}")
    gens = [int(g) for g in a.generations.split(",")] if a.generations else have
    rows, points = [], []
    print(f"| generation | games | +W =D -L | score | Elo (95%) |\n|---:|---:|---|---:|---|")
    for g in gens:
        net = nets / f"gen-{g}.nnue"
        if not net.exists():
            sys.exit(f"net_elo: {net} does not exist")
        r = subprocess.run([f"{a.build}/minimax", "match", f"engine:EvalFile={net}", "engine:Eval=hand",
                            "--game", a.game, "--openings", a.openings or "ballots",
                            "--games", str(a.games), "--nodes", str(a.nodes)],
                           capture_output=True, text=True)
        m = re.search(r"\+(\d+) =(\d+) -(\d+)", r.stdout)
        if r.returncode != 0 or not m:
            sys.exit(f"net_elo: the match for generation {g} failed: {r.stderr.strip()}")
        w, d, l = map(int, m.groups())
        e, err = elo_interval(w, d, l)
        # minimax's own words for the Elo (a bound when one side scored everything).
        said = re.search(r"Elo difference (.*)", r.stdout)
        elo_text = said.group(1).strip() if said else f"{e:+.0f} ± {err:.0f}"
        e = max(-800.0, min(800.0, e))
        row = f"| {g} | {w + d + l} | +{w} ={d} -{l} | {(w + d / 2) / (w + d + l):.1%} | {elo_text} |"
        print(row, flush=True)
        rows.append(row)
        points.append((g, e, err))
    if a.table:
        write_atomically(a.table, "| generation | games | +W =D -L | score | Elo (95%) |\n|---:|---:|---|---:|---|\n"
                         + "\n".join(rows) + "\n")
    if a.svg:
        write_atomically(a.svg, svg_plot(points, a.nodes, a.games, a.game))


if __name__ == "__main__":
    main()

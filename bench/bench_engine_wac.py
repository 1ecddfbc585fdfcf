#!/usr/bin/env python3
"""Tactics: how many positions of an EPD suite (default Win at Chess, wacnew.epd) the engine solves
at a fixed time per position. The engine's bestmove is compared with the EPD's bm (SAN) by piece,
destination and (for pawns) origin file, which is unambiguous in these suites.

  bench/bench_engine_wac.py [--ms 1000] [--epd FILE] [--first N] [--minimax build/minimax]
"""
import argparse, os, re, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
ap = argparse.ArgumentParser()
ap.add_argument('--ms', type=int, default=1000)
ap.add_argument('--epd', default=os.path.join(here, '..', '..', 'shared', 'data', 'tactical', 'arasan', 'wacnew.epd'))
ap.add_argument('--first', type=int, default=0)
ap.add_argument('--minimax', default=os.path.join(here, '..', 'build', 'minimax'))
ap.add_argument('--hash', type=int, default=16)
a = ap.parse_args()

def board_of(fen):
    rows = fen.split()[0].split('/')
    b = {}
    for r, row in enumerate(rows):
        f = 0
        for c in row:
            if c.isdigit(): f += int(c)
            else:
                b['abcdefgh'[f] + str(8 - r)] = c
                f += 1
    return b

def matches(fen, uci, san):
    san = san.rstrip('+#!?')
    b = board_of(fen)
    piece = b.get(uci[:2], '?').upper()
    if san.startswith('O-O'):
        return piece == 'K' and abs(ord(uci[0]) - ord(uci[2])) >= 2 and ((san == 'O-O') == (uci[2] > uci[0]))
    m = re.match(r'^([NBRQK])?([a-h])?([1-8])?x?([a-h][1-8])(=?[NBRQ])?$', san)
    if not m: return False
    p, ffile, frank, to, promo = m.groups()
    if (p or 'P') != piece or to != uci[2:4]: return False
    if ffile and ffile != uci[0]: return False
    if frank and frank != uci[1]: return False
    if promo and promo[-1].lower() != uci[4:5]: return False
    return True

lines = [l.strip() for l in open(a.epd) if l.strip() and not l.startswith('#')]
if a.first: lines = lines[:a.first]
p = subprocess.Popen([a.minimax, 'uci'], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): p.stdin.write(s + '\n'); p.stdin.flush()
def until(prefix):
    while True:
        l = p.stdout.readline()
        if not l: sys.exit('engine died')
        if l.startswith(prefix): return l
send('uci'); until('uciok')
send('setoption name Hash value %d' % a.hash)
solved = 0
for i, line in enumerate(lines):
    fields = line.split()
    fen = ' '.join(fields[:4])
    bm = re.search(r'\bbm ([^;]+);', line)
    am = re.search(r'\bam ([^;]+);', line)
    send('ucinewgame'); send('position fen ' + fen + ' 0 1'); send('go movetime %d' % a.ms)
    best = until('bestmove').split()[1]
    ok = False
    if bm: ok = any(matches(fen, best, s) for s in bm.group(1).split())
    elif am: ok = not any(matches(fen, best, s) for s in am.group(1).split())
    solved += ok
    ident = re.search(r'id "([^"]+)"', line)
    print('%-10s %-6s %-12s %s' % (ident.group(1) if ident else i + 1, best, (bm or am).group(1) if (bm or am) else '?', 'ok' if ok else '--'))
send('quit')
print('solved %d / %d at %d ms per position' % (solved, len(lines), a.ms))

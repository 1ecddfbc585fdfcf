#!/usr/bin/env python3
"""Self-play games of `minimax uci` driven the way an impatient GUI drives it (bench/soak.sh).

Each game: two engine processes (Threads 1 or 2, a random Hash, Ponder on, a random Move
Overhead), clocks of a few seconds; every search is one of: a timed go; go ponder answered by
ponderhit or by stop at a random moment; go infinite stopped at a random moment; go depth N. Every
bestmove is checked against Stockfish's list of legal moves (go perft 1), an independent referee.
Counts: games, crashes (an engine process that died), illegal moves, time losses (a timed search
that answered after its clock ran out), hangs (no bestmove within 10 s of stop). Prints one JSON
line (and a progress line a game on stderr). Usage: uci_chaos.py MINIMAX GAMES SEED [STOCKFISH];
CHAOS_DEADLINE=<epoch seconds> starts no game after that time.
"""
import json
import os
import random
import shutil
import select
import subprocess
import sys
import time


class Engine:
    def __init__(self, cmd):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.fd = self.p.stdout.fileno()
        self.buf = b""

    def readline(self, timeout):
        """One line without its end; None when the process closed its output, "" on timeout."""
        end = time.time() + timeout
        while b"\n" not in self.buf:
            r, _, _ = select.select([self.fd], [], [], max(0.0, end - time.time()))
            if not r:
                return ""
            chunk = os.read(self.fd, 65536)
            if not chunk:
                return None
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode(errors="replace") + "\n"

    def send(self, line):
        try:
            self.p.stdin.write(line + "\n")
            self.p.stdin.flush()
            return True
        except (BrokenPipeError, OSError):
            return False

    def read_until(self, prefix, timeout):
        end = time.time() + timeout
        while time.time() < end:
            line = self.readline(end - time.time())
            if line is None:
                return None  # died
            if line == "":
                break
            if line.startswith(prefix):
                return line.strip()
        return ""  # timed out

    def alive(self):
        return self.p.poll() is None

    def close(self):
        self.send("quit")
        try:
            self.p.wait(5)
        except subprocess.TimeoutExpired:
            self.p.kill()


def legal_moves(sf, moves):
    sf.send("position startpos moves " + " ".join(moves) if moves else "position startpos")
    sf.send("go perft 1")
    found = []
    end = time.time() + 10
    while time.time() < end:
        line = sf.readline(end - time.time())
        if not line or line.startswith("Nodes searched"):
            break
        if ":" in line and len(line.split(":")[0].strip()) in (4, 5):
            found.append(line.split(":")[0].strip())
    return found


def main():
    minimax, games, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    stockfish = sys.argv[4] if len(sys.argv) > 4 else (shutil.which("stockfish") or
                                                        "/usr/games/stockfish")
    rng = random.Random(seed)
    counts = {"games": 0, "crashes": 0, "illegal": 0, "time_losses": 0, "hangs": 0,
              "searches": 0, "ponderhits": 0, "stops": 0}
    sf = Engine([stockfish])
    deadline = float(os.environ.get("CHAOS_DEADLINE", "0") or 0)
    for g in range(games):
        if deadline and time.time() >= deadline:
            print(f"stopped at the deadline after {g} games", file=sys.stderr)
            break
        engines = []
        for _ in range(2):
            e = Engine([minimax, "uci"])
            e.send("uci")
            e.read_until("uciok", 10)
            e.send(f"setoption name Threads value {rng.choice([1, 2])}")
            e.send(f"setoption name Hash value {rng.choice([1, 2, 8, 16, 64, 128])}")
            e.send("setoption name Ponder value true")
            e.send(f"setoption name Move Overhead value {rng.choice([0, 10, 30, 100])}")
            e.send("ucinewgame")
            e.send("isready")
            e.read_until("readyok", 10)
            engines.append(e)
        moves, clock = [], [3000, 3000]
        ended = "move limit"
        for ply in range(160):
            legal = legal_moves(sf, moves)
            if not legal:
                ended = "end of game"
                break
            side = ply % 2
            e = engines[side]
            pos = "position startpos" + (" moves " + " ".join(moves) if moves else "")
            e.send(pos)
            kind = rng.choice(["timed", "timed", "ponderhit", "ponderstop", "infinite", "depth"])
            start = time.time()
            limit = None
            if kind == "timed" or kind == "ponderhit":
                go = f"go wtime {clock[0]} btime {clock[1]} winc 50 binc 50"
                if kind == "ponderhit":
                    e.send(go.replace("go ", "go ponder "))
                    time.sleep(rng.uniform(0, 0.3))
                    e.send("ponderhit")
                    counts["ponderhits"] += 1
                    start = time.time()
                else:
                    e.send(go)
                limit = clock[side] / 1000.0 + 0.5
            elif kind == "ponderstop":
                e.send(f"go ponder wtime {clock[0]} btime {clock[1]}")
                time.sleep(rng.uniform(0, 0.3))
                e.send("stop")
                counts["stops"] += 1
            elif kind == "infinite":
                e.send("go infinite")
                time.sleep(rng.uniform(0, 0.2))
                e.send("stop")
                counts["stops"] += 1
            else:
                e.send(f"go depth {rng.choice([1, 2, 3, 4])}")
            counts["searches"] += 1
            line = e.read_until("bestmove", (limit or 0) + 10)
            used = time.time() - start
            if line is None or not e.alive():
                counts["crashes"] += 1
                ended = "crash"
                break
            if line == "":
                counts["hangs"] += 1
                ended = "hang"
                break
            move = line.split()[1] if len(line.split()) > 1 else ""
            if move not in legal:
                counts["illegal"] += 1
                ended = f"illegal move {move}"
                break
            if limit is not None:
                clock[side] += 50 - int(used * 1000)
                if clock[side] < 0:
                    counts["time_losses"] += 1
                    ended = "time"
                    break
            moves.append(move)
        for e in engines:
            e.close()
        counts["games"] += 1
        if ended not in ("end of game", "move limit"):
            print(f"game {g + 1}: {ended} after {' '.join(moves)}", file=sys.stderr)
        print(f"game {g + 1}: {ended}, {len(moves)} plies; {json.dumps(counts)}", file=sys.stderr,
              flush=True)
    sf.close()
    print(json.dumps(counts))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""GuiNN Checkers as a Hub engine: speaks the Hub protocol (docs/hub.md) on stdin/stdout and drives
GuiNN's line protocol (../shared/tools/guinn/README.md), so that `minimax match` can play it as
hub:"python3 bench/guinn_hub.py /path/to/guinn_cli". GuiNN is an opponent only (CC BY-NC-SA):
nothing of it is in minimax; build it with ../shared/tools/guinn/build.sh.

The whole game goes to GuiNN (`position FEN moves ...`), so it sees repetitions. Its book is off
(`book off`), its 4-piece database on (its default). Hub's captures (start x end x the men taken)
become GuiNN's standard notation with the whole path of landing squares, found by following the
jumps that take exactly those men; GuiNN's answer becomes Hub's notation again.

Usage: guinn_hub.py GUINN_CLI [--hash MB]
"""
import subprocess
import sys


def geometry(square):
    """Row and column (0-7) of standard square 1-32; row 0 is Black's side, as Strachey numbered."""
    s = square - 1
    row, k = divmod(s, 4)
    col = 2 * k + 1 if row % 2 == 0 else 2 * k
    return row, col


SQUARE_AT = {geometry(n): n for n in range(1, 33)}


def neighbour(square, dr, dc, steps=1):
    r, c = geometry(square)
    return SQUARE_AT.get((r + dr * steps, c + dc * steps))


class Board:
    """Enough of English draughts to replay moves and follow a capture's jumps."""

    def __init__(self, hub_position):
        if len(hub_position) != 33 or hub_position[0] not in "BW":
            raise ValueError(f"bad Hub position '{hub_position}'")
        self.black_to_move = hub_position[0] == "B"
        self.squares = {n: hub_position[n] for n in range(1, 33)}

    def fen(self):
        side = "B" if self.black_to_move else "W"
        white = [("K" if p == "W" else "") + str(n) for n, p in self.squares.items() if p in "wW"]
        black = [("K" if p == "B" else "") + str(n) for n, p in self.squares.items() if p in "bB"]
        return f"{side}:W{','.join(white)}:B{','.join(black)}"

    def directions(self, square):
        piece = self.squares[square]
        if piece in "BW":
            return [(1, 1), (1, -1), (-1, 1), (-1, -1)]
        return [(1, 1), (1, -1)] if piece == "b" else [(-1, 1), (-1, -1)]

    def is_enemy(self, square, piece):
        other = self.squares.get(square, "e")
        return other != "e" and (other.lower() == "b") != (piece.lower() == "b")

    def path(self, start, end, taken):
        """The landing squares of the capture from start to end taking exactly `taken`."""
        piece = self.squares[start]
        dirs = self.directions(start)

        def follow(at, left, path):
            if not left:
                return path if at == end else None
            for dr, dc in dirs:
                over, land = neighbour(at, dr, dc), neighbour(at, dr, dc, 2)
                if over in left and land and (self.squares[land] == "e" or land == start):
                    found = follow(land, left - {over}, path + [land])
                    if found:
                        return found
            return None

        return follow(start, frozenset(taken), [start])

    def play(self, start, end, taken):
        piece = self.squares[start]
        self.squares[start] = "e"
        for t in taken:
            self.squares[t] = "e"
        row, _ = geometry(end)
        if piece == "b" and row == 7:
            piece = "B"
        if piece == "w" and row == 0:
            piece = "W"
        self.squares[end] = piece
        self.black_to_move = not self.black_to_move


def parse_hub_move(text):
    if "x" in text:
        parts = [int(p) for p in text.split("x")]
        return parts[0], parts[1], parts[2:]
    a, b = text.split("-")
    return int(a), int(b), []


def guinn_text(board, start, end, taken):
    if not taken:
        return f"{start}-{end}"
    path = board.path(start, end, taken)
    if not path:
        raise ValueError(f"no capture from {start} to {end} takes {taken}")
    return "x".join(str(s) for s in path)


def hub_text_from_guinn(text):
    """GuiNN's move (a-b, or a path axbxc) as Hub's: start x end x the men taken, ascending."""
    if "-" in text:
        return text
    path = [int(p) for p in text.split("x")]
    taken = []
    for a, b in zip(path, path[1:]):
        (ra, ca), (rb, cb) = geometry(a), geometry(b)
        taken.append(SQUARE_AT[((ra + rb) // 2, (ca + cb) // 2)])
    return "x".join(str(s) for s in [path[0], path[-1]] + sorted(taken))


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: guinn_hub.py GUINN_CLI [--hash MB]")
    cli = sys.argv[1]
    hash_mb = sys.argv[sys.argv.index("--hash") + 1] if "--hash" in sys.argv else None
    guinn = None
    start = "B" + "b" * 12 + "e" * 8 + "w" * 12
    moves = []
    level = {"move-time": "1"}

    def say(line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def tell(line):
        guinn.stdin.write(line + "\n")
        guinn.stdin.flush()

    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        command = words[0]
        args = {}
        rest = raw.strip()[len(command):]
        # name=value pairs, values possibly in quotes
        i = 0
        while i < len(rest):
            while i < len(rest) and rest[i] == " ":
                i += 1
            j = i
            while j < len(rest) and rest[j] not in " =":
                j += 1
            name = rest[i:j]
            if j < len(rest) and rest[j] == "=":
                if j + 1 < len(rest) and rest[j + 1] == '"':
                    k = rest.index('"', j + 2)
                    args[name] = rest[j + 2:k]
                    i = k + 1
                else:
                    k = j + 1
                    while k < len(rest) and rest[k] != " ":
                        k += 1
                    args[name] = rest[j + 1:k]
                    i = k
            elif name:
                args[name] = None
                i = j
            else:
                break
        if command == "quit":
            break
        if command == "hub":
            say("id name=GuiNN version=2.06 author=\"Jonathan Kreuzer\"")
            say("wait")
        elif command == "set-param":
            pass
        elif command == "init":
            if guinn is None:
                guinn = subprocess.Popen([cli], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL,
                                         text=True, bufsize=1)
                tell("book off")
                if hash_mb:
                    tell(f"hash {hash_mb}")
            say("ready")
        elif command == "ping":
            say("pong")
        elif command == "new-game":
            tell("newgame")
        elif command == "pos":
            start = args.get("pos") or ("B" + "b" * 12 + "e" * 8 + "w" * 12)
            moves = (args.get("moves") or "").split()
        elif command == "level":
            level = args
        elif command == "go":
            board = Board(start)
            fen = board.fen()
            guinn_moves = []
            for m in moves:
                s, e, taken = parse_hub_move(m)
                guinn_moves.append(guinn_text(board, s, e, taken))
                board.play(s, e, taken)
            if "move-time" in level:
                ms = int(float(level["move-time"]) * 1000)
            elif "time" in level:
                ms = int((float(level["time"]) / 30 + float(level.get("inc", 0))) * 1000)
            elif "depth" in level:
                ms = None
            else:
                ms = 1000
            tell(f"position {fen}" + (" moves " + " ".join(guinn_moves) if guinn_moves else ""))
            tell(f"go movetime {ms}" if ms is not None else f"go depth {level['depth']}")
            info = ""
            while True:
                line = guinn.stdout.readline()
                if not line:
                    sys.exit("guinn_hub: GuiNN ended")
                line = line.strip()
                if line.startswith("info"):
                    w = line.split()
                    if "score" in w and "depth" in w:
                        score = int(w[w.index("score") + 1])
                        info = f"info depth={w[w.index('depth') + 1]} score={score / 100:.2f}"
                elif line.startswith("bestmove"):
                    best = line.split()[1]
                    if info:
                        say(info)
                    if best == "none":
                        say("error no legal move")
                    else:
                        say("done move=" + hub_text_from_guinn(best))
                    break
                elif line.startswith("error"):
                    say("error GuiNN: " + line)
        elif command in ("stop", "ponder-hit"):
            pass
        else:
            say(f"error unknown command '{command}'")
    if guinn:
        tell("quit")
        guinn.wait(timeout=5)


if __name__ == "__main__":
    main()

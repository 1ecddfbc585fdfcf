#!/usr/bin/env python3
"""Prints every #include between folders of src/ against the layer order of docs/architecture.md.

The order is the fenced block after the line "Layer order" in docs/architecture.md: one layer a
line, lowest first; folders on one line are one layer and may not include one another; a layer may
include only the layers below it (and itself). Inside games/ and machines/ each game's folder is its
own: games/chess may not include games/nim; a file directly in games/ or machines/ (what spans the
games: machines/trees.hpp) stands above that layer's game folders, so it may include them and they
may not include it. Exits 1 if any include reaches up or sideways.

Usage: tools/check_layers.py [--quiet]   (run from anywhere; make test runs it)
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def layer_order():
    text = (ROOT / "docs" / "architecture.md").read_text()
    at = text.find("Layer order")
    if at < 0:
        sys.exit("check_layers: docs/architecture.md has no 'Layer order' section")
    block = re.search(r"```\n(.*?)```", text[at:], re.S)
    if not block:
        sys.exit("check_layers: no fenced block after 'Layer order' in docs/architecture.md")
    rank = {}
    for i, line in enumerate(l for l in block.group(1).splitlines() if l.strip()):
        for folder in line.split("#")[0].split():
            rank[folder.strip("/")] = i
    return rank


def unit(path):
    """The folder an include belongs to: 'games/chess' for games and machines, else the top one."""
    parts = path.split("/")
    if parts[0] in ("games", "machines") and len(parts) > 2:
        return "/".join(parts[:2])
    return parts[0]


def main():
    quiet = "--quiet" in sys.argv
    rank = layer_order()
    bad = 0
    seen = set()
    for f in sorted(SRC.rglob("*")):
        if f.suffix not in (".hpp", ".cpp", ".inc", ".h"):
            continue
        rel = f.relative_to(SRC).as_posix()
        src_unit = unit(rel)
        src_layer = rel.split("/")[0]
        if src_layer not in rank:
            print(f"check_layers: {rel}: folder '{src_layer}' is not in the layer order")
            bad += 1
            continue
        for inc in INCLUDE.findall(f.read_text(errors="replace")):
            if ".." in inc.split("/"):
                print(f"UP   {rel} -> {inc} (a relative path out of its folder)")
                bad += 1
                continue
            if not (SRC / inc).exists():
                continue  # a generated or local file, not a folder of src/
            dst_unit = unit(inc)
            dst_layer = inc.split("/")[0]
            if dst_unit == src_unit:
                continue
            split_layer = src_layer in ("games", "machines") and dst_layer == src_layer
            if split_layer and src_unit == src_layer:
                continue  # a file over the game folders includes one of them
            up = dst_layer not in rank or rank[dst_layer] > rank[src_layer]
            up = up or (split_layer and dst_unit == dst_layer)  # a game folder reaching above it
            sideways = rank.get(dst_layer) == rank[src_layer]
            if up or sideways:
                kind = "UP  " if up else "SIDE"
                print(f"{kind} {rel} -> {inc}")
                bad += 1
            elif not quiet and (src_unit, dst_unit) not in seen:
                seen.add((src_unit, dst_unit))
                print(f"ok   {src_unit} -> {dst_unit}")
    print(f"check_layers: {bad} include(s) reach up or sideways a layer")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

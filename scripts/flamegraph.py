#!/usr/bin/env python3
"""Draws a flame graph (SVG) from folded stacks, as `pmusim report --folded` prints them.

    pmusim report -i pmusim.data --folded -e cycles | scripts/flamegraph.py --title T > out.svg

Each input line is `frame;frame;...;frame COUNT`. The outermost frame is at the bottom; a frame's
width is its share of the total count (its own and its callees'); frames are ordered by name
within their parent, so the x axis is not time. Hovering a frame shows its count.
"""
import argparse
import hashlib
import sys
from xml.sax.saxutils import escape


class Node:
    def __init__(self, name):
        self.name = name
        self.total = 0
        self.children = {}


def parse(lines):
    root = Node("all")
    for n, line in enumerate(lines, 1):
        line = line.rstrip("\n")
        if not line:
            continue
        stack, _, count = line.rpartition(" ")
        try:
            value = int(count)
        except ValueError:
            sys.exit(f"flamegraph.py: line {n}: no count at the end: {line!r}")
        node = root
        node.total += value
        for frame in stack.split(";"):
            node = node.children.setdefault(frame, Node(frame))
            node.total += value
    return root


def color(name):
    """A warm colour, the same for the same name in every graph."""
    h = hashlib.md5(name.encode()).digest()
    return f"rgb({205 + h[0] % 50},{90 + h[1] % 130},{h[2] % 60})"


def depth_of(node):
    return 1 + max((depth_of(c) for c in node.children.values()), default=0)


def draw(root, title, subtitle, width, frame_h, font):
    levels = depth_of(root)
    top = 48
    height = top + levels * frame_h + 24
    scale = (width - 20) / root.total if root.total else 0
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="monospace" font-size="{font}">',
        f'<rect width="{width}" height="{height}" fill="#fdf8ef"/>',
        f'<text x="{width / 2}" y="22" text-anchor="middle" font-size="{font + 5}">{escape(title)}</text>',
        f'<text x="{width / 2}" y="40" text-anchor="middle" fill="#555">{escape(subtitle)}</text>',
    ]

    def emit(node, x, level):
        w = node.total * scale
        if w < 0.3:
            return
        y = height - 24 - (level + 1) * frame_h
        pct = 100.0 * node.total / root.total
        label = f"{node.name} ({node.total:,}, {pct:.2f}%)"
        out.append(f'<g><title>{escape(label)}</title>'
                   f'<rect x="{x:.2f}" y="{y}" width="{w:.2f}" height="{frame_h - 1}" rx="2" '
                   f'fill="{color(node.name)}"/>')
        chars = int((w - 6) / (font * 0.6))
        if chars >= 3:
            text = node.name if len(node.name) <= chars else node.name[: chars - 2] + ".."
            out.append(f'<text x="{x + 3:.2f}" y="{y + frame_h - 5}">{escape(text)}</text>')
        out.append("</g>")
        cx = x
        for child in sorted(node.children.values(), key=lambda c: c.name):
            emit(child, cx, level + 1)
            cx += child.total * scale

    emit(root, 10.0, 0)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("input", nargs="?", help="folded stacks (default: standard input)")
    ap.add_argument("--title", default="Flame graph")
    ap.add_argument("--subtitle", default="")
    ap.add_argument("--width", type=int, default=1200)
    args = ap.parse_args()
    lines = open(args.input).readlines() if args.input else sys.stdin.readlines()
    root = parse(lines)
    if not root.total:
        sys.exit("flamegraph.py: no stacks with a count")
    sys.stdout.write(draw(root, args.title, args.subtitle, args.width, 17, 11))


if __name__ == "__main__":
    main()

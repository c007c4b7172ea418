#!/usr/bin/env python3
"""Fails when the folders of src/ include each other in a cycle (docs/architecture.md "Layers").

Every `#include "..."` of a file under src/ is resolved as the build resolves it: relative to the
including file first, then relative to src/ (the layers' include directory). An include that names
no file of src/ (a generated header, a system header in quotes) is ignored. The folder of a file is
its directory relative to src/ (src/core/veer_el2/timing.c is in core/veer_el2). Each edge of the
folder graph remembers one include that makes it, so a cycle is reported with its evidence.

Usage: check-include-graph.py [SRC_DIR]   (default: the src/ beside this script's folder)
Exit status: 0 no cycle, 1 a cycle (listed), 2 SRC_DIR is not a directory."""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
SOURCE_SUFFIXES = ('.c', '.h')


def folder_of(path, src):
    return os.path.relpath(os.path.dirname(path), src).replace(os.sep, '/')


def resolve(name, including, src):
    for base in (os.path.dirname(including), src):
        cand = os.path.normpath(os.path.join(base, name))
        if os.path.isfile(cand) and os.path.commonpath([cand, src]) == src:
            return cand
    return None


def folder_graph(src):
    """{folder: {other folder: (including file, line number, included file)}}"""
    graph = {}
    for root, dirs, files in os.walk(src):
        dirs.sort()
        for f in sorted(files):
            if not f.endswith(SOURCE_SUFFIXES):
                continue
            path = os.path.join(root, f)
            here = folder_of(path, src)
            graph.setdefault(here, {})
            with open(path, encoding='utf-8', errors='replace') as fh:
                for lineno, line in enumerate(fh, 1):
                    m = INCLUDE.match(line)
                    if not m:
                        continue
                    target = resolve(m.group(1), path, src)
                    if target is None:
                        continue
                    there = folder_of(target, src)
                    if there != here:
                        graph[here].setdefault(there, (path, lineno, target))
    return graph


def find_cycle(graph):
    """One cycle as a list of folders [a, b, ..., a], or None."""
    WHITE, GREY, BLACK = 0, 1, 2
    colour = {n: WHITE for n in graph}
    stack = []

    def visit(n):
        colour[n] = GREY
        stack.append(n)
        for m in sorted(graph.get(n, {})):
            if colour.get(m, WHITE) == GREY:
                return stack[stack.index(m):] + [m]
            if colour.get(m, WHITE) == WHITE:
                found = visit(m)
                if found:
                    return found
        stack.pop()
        colour[n] = BLACK
        return None

    for n in sorted(graph):
        if colour[n] == WHITE:
            found = visit(n)
            if found:
                return found
    return None


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    src = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, '..', 'src'))
    if not os.path.isdir(src):
        print(f'check-include-graph: {src}: not a directory', file=sys.stderr)
        return 2
    graph = folder_graph(src)
    cycle = find_cycle(graph)
    if not cycle:
        print(f'check-include-graph: {len(graph)} folders of {src}, no include cycle')
        return 0
    print('check-include-graph: the folders of src/ include each other in a cycle: '
          + ' -> '.join(cycle), file=sys.stderr)
    for a, b in zip(cycle, cycle[1:]):
        path, lineno, target = graph[a][b]
        print(f'  {os.path.relpath(path, src)}:{lineno}: includes {os.path.relpath(target, src)}',
              file=sys.stderr)
    return 1


if __name__ == '__main__':
    sys.exit(main())

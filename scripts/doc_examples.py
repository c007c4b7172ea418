#!/usr/bin/env python3
"""Checks (or rewrites) the command examples of pmusim's docs against what the commands print.

An example is a fenced block preceded by a marker line; its `$ ` lines are the commands, each
followed by what it prints:

    <!-- example -->
    ```
    $ pmusim record -M veer-el2 -e cycles build/guests/sort-veer.elf
    sort: round 0 ...
    ...
    pmusim: record: profile of build/guests/sort-veer.elf written to pmusim.data
    $ pmusim report -n 5
    ...
    ```

Every command runs with `sh -c` in a scratch directory shared by the examples of one document
(so a `record` feeds the next example's `report`), with the build's pmusim first on PATH and
`build`, `scripts` and `examples` links there, so commands read as a user types them in the
source tree. Standard output and standard error are merged, as on a terminal. A documented line
`...` stands for any number of printed lines. The marker may say
`<!-- example vary=REGEX -->`: on lines matching REGEX the numbers may differ, in value and
width (host times, speeds). Paths of the scratch directory and of the source tree print as /work/pmusim, the
build's as /work/pmusim/build.

usage: doc_examples.py [--update] [--guests DIR] BUILD_DIR DOC.md...
  --guests  where the guest programs are (default BUILD_DIR/guests; a tree configured with
            PMUSIM_PREBUILT_GUESTS takes another tree's)
  --update  rewrite the examples that differ with what the commands print (keeping their `...`
            elisions where the lines around them are found again)
Exit status: 0 every example matches (or was rewritten), 1 a difference (shown as a diff),
2 bad usage or a marker that cannot be parsed.
"""
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile

MARKER = re.compile(r'^<!-- example(?:\s+vary="(?P<vary>[^"]*)")?\s*-->\s*$')
SHOWN_ROOT = "/work/pmusim"
SOURCE_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ELLIPSIS = "..."


def run_command(cmd, workdir, build, guests):
    env = dict(os.environ)
    env["PATH"] = os.path.join(build, "src") + os.pathsep + env.get("PATH", "")
    env["LC_ALL"] = "C"
    p = subprocess.run(["sh", "-c", cmd], cwd=workdir, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, timeout=600)
    text = p.stdout.decode("utf-8", "replace")
    for root, shown in ((guests, SHOWN_ROOT + "/build/guests"), (build, SHOWN_ROOT + "/build"),
                        (workdir, SHOWN_ROOT), (SOURCE_ROOT, SHOWN_ROOT)):
        for spelling in {root, os.path.realpath(root)}:
            text = text.replace(spelling, shown)
    lines = [line.rstrip() for line in text.split("\n")]
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def masked(line, vary):
    """A line of varying numbers: its numbers (and how wide they are) left out."""
    if not vary or not re.search(vary, line):
        return line
    return " ".join(re.sub(r"\d[\d.,]*", "#", line).split())


def matches(documented, printed, vary):
    """Whether the printed lines fit the documented ones, `...` matching any run of lines."""
    doc = [masked(line, vary) for line in documented]
    out = [masked(line, vary) for line in printed]
    memo = {}

    def fit(i, j):
        if (i, j) in memo:
            return memo[(i, j)]
        if i == len(doc):
            r = j == len(out)
        elif doc[i] == ELLIPSIS:
            r = any(fit(i + 1, k) for k in range(j, len(out) + 1))
        else:
            r = j < len(out) and doc[i] == out[j] and fit(i + 1, j + 1)
        memo[(i, j)] = r
        return r

    return fit(0, 0)


def rewritten(documented, printed, vary):
    """The printed lines, elided where the documentation elides: each run of documented lines
    between `...` is looked up again in what was printed (by its first line, digits aside)."""
    if ELLIPSIS not in documented:
        return printed
    segments, seg = [], []
    for line in documented + [ELLIPSIS]:
        if line == ELLIPSIS:
            segments.append(seg)
            seg = []
        else:
            seg.append(line)
    out, pos = [], 0
    for n, seg in enumerate(segments):
        last = n == len(segments) - 1
        tail_after = False
        if n == 0:
            start = 0
        elif last:
            start = max(pos, len(printed) - len(seg))
            key = re.sub(r"\d", "#", seg[0]) if seg else None
            found = next((k for k in range(pos, len(printed))
                          if key is not None and re.sub(r"\d", "#", printed[k]) == key), None)
            if found is not None and found + len(seg) < len(printed):
                start, tail_after = found, True  # the output goes on now: elide the rest
        else:
            key = re.sub(r"\d", "#", seg[0]) if seg else None
            start = next((k for k in range(pos, len(printed))
                          if key is not None and re.sub(r"\d", "#", printed[k]) == key), None)
            if start is None:
                continue  # the lines are gone: drop this part of the example
        if n > 0:
            out.append(ELLIPSIS)
        out.extend(printed[start:start + len(seg)])
        pos = start + len(seg)
        if tail_after:
            out.append(ELLIPSIS)
    return out


def check_block(body, workdir, build, guests, vary, update, where):
    """Runs the block's commands; returns (the block as it should read, whether it differed)."""
    if not body or not body[0].startswith("$ "):
        raise ValueError(f"{where}: an example block starts with a `$ ` command line")
    result, differs = [], False
    i = 0
    while i < len(body):
        cmd = body[i][2:]
        j = i + 1
        while j < len(body) and not body[j].startswith("$ "):
            j += 1
        documented, printed = body[i + 1:j], run_command(cmd, workdir, build, guests)
        result.append(body[i])
        if matches(documented, printed, vary):
            result.extend(documented)
        else:
            differs = True
            if not update:
                print(f"{where}: `{cmd}` prints otherwise than documented:")
                sys.stdout.writelines(difflib.unified_diff(
                    [line + "\n" for line in documented], [line + "\n" for line in printed],
                    "documented", "printed", n=2))
            result.extend(rewritten(documented, printed, vary))
        i = j
    return result, differs


def process(doc, build, guests, update):
    with open(doc) as f:
        text = f.read().split("\n")
    out, failures, count = [], 0, 0
    workdir = tempfile.mkdtemp(prefix="pmusim-doc-")
    try:
        # build/ as a user's tree has it: the pmusim binary and the guest programs
        os.mkdir(os.path.join(workdir, "build"))
        os.symlink(os.path.join(build, "src"), os.path.join(workdir, "build", "src"))
        os.symlink(guests, os.path.join(workdir, "build", "guests"))
        for name in ("scripts", "examples"):
            os.symlink(os.path.join(SOURCE_ROOT, name), os.path.join(workdir, name))
        i = 0
        while i < len(text):
            m = MARKER.match(text[i])
            out.append(text[i])
            i += 1
            if not m:
                if text[i - 1].startswith("<!-- example"):
                    raise ValueError(f"{doc}:{i}: bad example marker (<!-- example vary=\"REGEX\" -->)")
                continue
            where = f"{doc}:{i + 1}"
            if i >= len(text) or not text[i].startswith("```"):
                raise ValueError(f"{where}: an example marker must be followed by a fenced block")
            end = i + 1
            while end < len(text) and text[end] != "```":
                end += 1
            if end == len(text):
                raise ValueError(f"{where}: the example's block is not closed")
            body, differs = check_block(text[i + 1:end], workdir, build, guests, m.group("vary"),
                                         update, where)
            count += 1
            failures += differs
            out.append(text[i])
            out.extend(body)
            out.append("```")
            i = end + 1
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    if update:
        if failures:
            with open(doc, "w") as f:
                f.write("\n".join(out))
        print(f"{doc}: {failures} of {count} examples rewritten")
    else:
        print(f"{doc}: {count - failures} of {count} examples print as documented")
    return failures


def main(argv):
    update = "--update" in argv
    args = [a for a in argv if a != "--update"]
    guests = None
    if len(args) >= 2 and args[0] == "--guests":
        guests, args = args[1], args[2:]
    if len(args) < 2 or not os.path.isdir(args[0]):
        print("usage: doc_examples.py [--update] [--guests DIR] BUILD_DIR DOC.md...", file=sys.stderr)
        return 2
    build = os.path.abspath(args[0])
    guests = os.path.abspath(guests or os.path.join(build, "guests"))
    failures = 0
    try:
        for doc in args[1:]:
            failures += process(doc, build, guests, update)
    except (ValueError, OSError) as e:
        print(f"doc_examples: {e}", file=sys.stderr)
        return 2
    return 1 if failures and not update else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

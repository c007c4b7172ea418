#!/usr/bin/env python3
"""Write a newc cpio archive (an initramfs) of a directory tree, reproducibly.

usage: mkcpio.py OUT.cpio DIR [--node PATH:MODE:TYPE:MAJOR:MINOR]...

Every entry is owned by root (uid and gid 0), has mtime 0 and a fresh inode number; entries
come in sorted order, directories before what they hold, so the same tree always gives the same
bytes. Regular files, directories and symbolic links are taken from DIR; --node adds a device
node that needs no privilege to describe (e.g. /dev/console:0600:c:5:1), which the kernel needs
before devtmpfs is mounted. Hard links are stored as separate files.
"""
import os
import stat
import sys


def header(ino, mode, size, name, rmajor=0, rminor=0, nlink=1):
    name_b = name.encode() + b"\0"
    fields = [ino, mode, 0, 0, nlink, 0, size, 0, 0, rmajor, rminor, len(name_b), 0]
    h = b"070701" + b"".join(b"%08X" % f for f in fields) + name_b
    return h + b"\0" * (-len(h) % 4)


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    out, root = argv[1], argv[2]
    nodes = []
    rest = argv[3:]
    while rest:
        if rest[0] != "--node" or len(rest) < 2:
            sys.exit(__doc__)
        path, mode, kind, major, minor = rest[1].split(":")
        nodes.append((path.lstrip("/"), int(mode, 8), kind, int(major), int(minor)))
        rest = rest[2:]

    entries = []  # (name, kind, data)
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        rel = os.path.relpath(dirpath, root)
        for name in sorted(dirnames + filenames):
            entries.append(os.path.normpath(os.path.join(rel, name)))
    for path, *_ in nodes:
        entries.append(path)
    entries = sorted(set(entries))

    node_of = {n[0]: n for n in nodes}
    ino = 1
    with open(out, "wb") as f:
        for name in entries:
            ino += 1
            if name in node_of:
                _, perm, kind, major, minor = node_of[name]
                kind_bits = stat.S_IFCHR if kind == "c" else stat.S_IFBLK
                f.write(header(ino, kind_bits | perm, 0, name, major, minor))
                continue
            full = os.path.join(root, name)
            st = os.lstat(full)
            perm = stat.S_IMODE(st.st_mode)
            if stat.S_ISLNK(st.st_mode):
                data = os.readlink(full).encode()
                f.write(header(ino, stat.S_IFLNK | 0o777, len(data), name))
            elif stat.S_ISDIR(st.st_mode):
                f.write(header(ino, stat.S_IFDIR | perm, 0, name, nlink=2))
                continue
            elif stat.S_ISREG(st.st_mode):
                with open(full, "rb") as g:
                    data = g.read()
                f.write(header(ino, stat.S_IFREG | perm, len(data), name))
            else:
                sys.exit(f"mkcpio: {full}: not a file, directory or symbolic link")
            f.write(data + b"\0" * (-len(data) % 4))
        f.write(header(0, 0, 0, "TRAILER!!!", nlink=1))
        pad = -f.tell() % 512
        f.write(b"\0" * pad)


if __name__ == "__main__":
    main(sys.argv)

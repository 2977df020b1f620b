#!/usr/bin/env python3
"""Compares musl's wcwidth (measure_width.c's output on stdin) with limpet's reference
(width_reference.txt) and prints the code points where they differ, grouped by the two
widths and by whether Unicode 14.0 (Python 3.11's own unicodedata; musl 1.2.3's tables are
older) had them assigned and with the same East_Asian_Width, then all of them as C ranges
for tests/c/wcwidth_unicode.c, which leaves them out. tests/c/README.md names the classes."""
import os
import sys
import unicodedata as older
import unicodedata2 as ucd

HERE = os.path.dirname(os.path.abspath(__file__))


def runs(lines):
    w = {}
    for line in lines:
        if line.startswith('#'):
            continue
        a, b, v = line.split()
        for c in range(int(a, 16), int(b, 16) + 1):
            w[c] = int(v)
    return w


musl = runs(sys.stdin)
ours = runs(open(os.path.join(HERE, 'width_reference.txt')))
classes = {}
for c in sorted(ours):
    if musl[c] == ours[c]:
        continue
    ch = chr(c)
    if older.category(ch) == 'Cn':
        why = 'unassigned in Unicode 14'
    elif older.east_asian_width(ch) != ucd.east_asian_width(ch):
        why = 'East_Asian_Width changed after Unicode 14'
    else:
        why = 'as in Unicode 14'
    classes.setdefault((why, musl[c], ours[c]), []).append(c)


def ranges(cs):
    rs = []
    for c in cs:
        if rs and rs[-1][1] == c - 1:
            rs[-1][1] = c
        else:
            rs.append([c, c])
    return rs


every = []
for (why, m, o), cs in sorted(classes.items()):
    print(f'{why}: musl {m}, limpet {o}: {len(cs)} code points:',
          ' '.join(f'{a:X}' if a == b else f'{a:X}-{b:X}' for a, b in ranges(cs)))
    every += cs
print(f'{len(every)} code points in all; as C ranges:')
rs = ranges(sorted(every))
for i in range(0, len(rs), 6):
    print('\t' + ' '.join(f'{{0x{a:x}, 0x{b:x}}},' for a, b in rs[i:i + 6]))

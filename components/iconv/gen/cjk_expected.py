#!/usr/bin/env python3
"""Writes tests/c/iconv_cjk_glibc.expected, iconv_cjk_encode.expected and
iconv_cjk_suffix.expected, the output those C programs must print, and checks them against
glibc.

Run from anywhere: `python3 components/iconv/gen/cjk_expected.py` (needs gcc and glibc's
gconv modules). musl cannot be the reference for these two programs (it decodes those
cells wrongly, and cannot encode six of the nine charsets), so the output is computed here
from Python's codecs, the source of limpet's tables, with the cells where limpet follows
musl instead (gen/cjk.py's overrides, listed in the crate README):

- decoding (iconv_cjk_glibc.c): each sequence alone, as Python's codec decodes it:
  converted whole, or EILSEQ with nothing read;
- encoding (iconv_cjk_encode.c): each code point's code, the one that decodes back to it.
  Python's encoders give it, except: Shift_JIS, EUC-JP and ISO-2022-JP have no code for
  U+FF3C (JIS 0x2140 is U+005C, musl's), and Shift_JIS and EUC-JP none for U+00A5 and
  U+203E (Python writes 5C and 7E, which decode to ASCII); ISO-2022-JP writes halfwidth
  katakana in its `ESC ( I` set (musl reads and writes it, Python lacks it); GB2312 and
  GBK are the two-byte codes of GB18030's table (as musl decodes them: its A1-FE square,
  and all of it); Big5 and Big5-HKSCS are the inverse of gen/cjk.py's Big5 table
  (big5hkscs with musl's 150 cells), Python's code where several decode to one character.
  A character without a code is written `*` and counted.

iconv_cjk_suffix.expected is glibc's output (LC_ALL=C.UTF-8 transliterations) except its
ISO-2022-JP lines, computed here from Python's encoder (glibc writes a set's escape before
finding that the character does not fit; limpet writes them together).

Then the programs are built with gcc and run on glibc, and every line (decoding) or code
point (encoding) where glibc differs is counted and printed, so the differences are the
documented ones: GB18030 four-byte 84318236..84318335 (U+FE10..FE19, moved to two bytes
by GB18030-2005, which glibc follows), EUC-JP 8F A2 B7 (U+007E here, U+FF5E in glibc), and
the encoders' choices above (glibc has no `ESC ( I` and no Big5-HKSCS under BIG5, and
writes Python's codes).
"""
import codecs
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.join(HERE, '..', '..', '..', 'tests', 'c')
sys.path.insert(0, HERE)
import cjk  # noqa: E402  (gen/cjk.py: the Big5 table with musl's cells)

FNV_START, FNV_PRIME = 2166136261, 16777619
EILSEQ = 84  # Linux's, on every architecture limpet builds for


class Hash:
    def __init__(self):
        self.h = FNV_START

    def mix(self, v):
        self.h = ((self.h ^ (v & 0xFFFFFFFF)) * FNV_PRIME) & 0xFFFFFFFF


# ---- decoding: iconv_cjk_glibc.c ----------------------------------------------------------

def decode_rows():
    """The rows of iconv_cjk_glibc.c, in its order: (label, [byte strings])."""
    rows = []
    for lead in list(range(0x81, 0xA0)) + list(range(0xE0, 0xF0)):
        seqs = [bytes([lead, t]) for t in range(256)
                if t < 0x40 or t == 0x7F or t >= 0xFD or lead >= 0xEB]
        rows.append(('SHIFT_JIS %02x' % lead, 'shift_jis', seqs))
    for b2 in range(0xA1, 0xFF):
        rows.append(('EUC-JP 8F %02x' % b2, 'euc_jp',
                     [bytes([0x8F, b2, b3]) for b3 in range(0xA1, 0xFF)]))
    for lead in range(0xC7, 0xFF):
        rows.append(('EUC-KR %02x' % lead, 'cp949',
                     [bytes([lead, t]) for t in range(0x41, 0xA1)]))
    for b1 in range(0x83, 0xFF):
        step = 1 if b1 <= 0x84 else 7
        rows.append(('GB18030 %02x' % b1, 'gb18030',
                     [bytes([b1, b2, b3, b4]) for b2 in range(0x30, 0x3A)
                      for b3 in range(0x81, 0xFF, step) for b4 in range(0x30, 0x3A)]))
    return rows


def decode_expected():
    lines = []
    for label, codec, seqs in decode_rows():
        h, ok, ilseq = Hash(), 0, 0
        for s in seqs:
            try:
                out = s.decode(codec).encode('utf-8')
            except UnicodeDecodeError:
                out = None
            if out is None:
                ilseq += 1
                for v in (0, 0, EILSEQ):
                    h.mix(v)
            else:
                ok += 1
                h.mix(len(s))
                h.mix(len(out))
                for b in out:
                    h.mix(b)
                h.mix(0)
        lines.append('%s: ok %d EILSEQ %d EINVAL 0 hash %08x' % (label, ok, ilseq, h.h))
    lines.append('bad 0')
    return lines


# ---- encoding: iconv_cjk_encode.c ---------------------------------------------------------

CHARSETS = ['SHIFT_JIS', 'EUC-JP', 'ISO-2022-JP', 'GB2312', 'GBK', 'GB18030', 'BIG5',
            'BIG5-HKSCS', 'EUC-KR']
BLOCK, SUPPLEMENTARY_STEP = 4096, 61
JIS_MUSL_NONE = {0xFF3C}        # JIS 0x2140 decodes to U+005C
SJIS_ASCII_ALIASES = {0xA5, 0x203E}  # Python writes 5C and 7E, which decode to ASCII


def py_enc(codec, cp):
    try:
        return chr(cp).encode(codec)
    except UnicodeEncodeError:
        return None


def big5_codes():
    """{cp: code bytes}: the inverse of gen/cjk.py's Big5 table."""
    g = cjk.big5()
    cols = cjk.BIG5_TRAILS
    by_cp = {}
    for (lead, col), cp in g.cells.items():
        by_cp.setdefault(cp, []).append(bytes([lead, cols[col]]))
    out = {}
    for cp, codes in by_cp.items():
        pick = py_enc('big5hkscs', cp)
        out[cp] = pick if pick in codes else min(codes)
    return out


def encoder(name):
    """A function from a code point to its bytes in charset `name`, or None."""
    if name in ('SHIFT_JIS', 'EUC-JP'):
        codec = 'shift_jis' if name == 'SHIFT_JIS' else 'euc_jp'
        return lambda cp: None if cp in JIS_MUSL_NONE | SJIS_ASCII_ALIASES else py_enc(codec, cp)

    if name == 'ISO-2022-JP':
        def iso2022jp(cp):
            if 0xFF61 <= cp <= 0xFF9F:
                return b'\x1b(I' + bytes([cp - 0xFF61 + 0x21]) + b'\x1b(B'
            return None if cp in JIS_MUSL_NONE else py_enc('iso2022_jp', cp)
        return iso2022jp
    if name in ('GB2312', 'GBK'):
        square = name == 'GB2312'

        def gb(cp):
            if cp < 0x80:
                return bytes([cp])
            b = py_enc('gb18030', cp)
            if b is None or len(b) != 2 or (square and not (b[0] >= 0xA1 and b[1] >= 0xA1)):
                return None
            return b
        return gb
    if name == 'GB18030':
        return lambda cp: py_enc('gb18030', cp)
    if name in ('BIG5', 'BIG5-HKSCS'):
        codes = big5_codes()
        return lambda cp: bytes([cp]) if cp < 0x80 else codes.get(cp)
    if name == 'EUC-KR':
        return lambda cp: py_enc('cp949', cp)
    raise ValueError(name)


def code_points(base):
    step = 1 if base < 0x10000 else SUPPLEMENTARY_STEP
    first = base
    if step > 1 and (base - 0x10000) % step:
        first += step - (base - 0x10000) % step
    return [cp for cp in range(first, base + BLOCK, step) if not 0xD800 <= cp <= 0xDFFF]


def encode_expected():
    lines, codes = [], {}
    for name in CHARSETS:
        f = encoder(name)
        for base in range(0, 0x110000, BLOCK):
            h, exact = Hash(), 0
            for cp in code_points(base):
                b = f(cp)
                r = 0 if b is not None else 1
                b = b if b is not None else b'*'
                codes[(name, cp)] = (r, b)
                exact += r == 0
                h.mix(cp)
                h.mix(r)
                h.mix(len(b))
                for x in b:
                    h.mix(x)
            lines.append('%s %06x: exact %d hash %08x' % (name, base, exact, h.h))
    lines.append('bad 0')
    return lines, codes


# ---- glibc --------------------------------------------------------------------------------

def run_glibc(program, args=()):
    with tempfile.TemporaryDirectory() as d:
        exe = os.path.join(d, 'prog')
        subprocess.run(['gcc', '-O2', '-o', exe, os.path.join(TESTS, program + '.c')], check=True)
        return subprocess.run([exe, *args], capture_output=True, text=True).stdout.splitlines()


# ---- suffixes and ISO-2022-JP: iconv_cjk_suffix.c ----------------------------------------

ISO2022JP_TEXT = 'A\u3042\u6f22B\u00a5\u5b57\n'
ASCII_ESCAPE = b'\x1b(B'


def iso2022jp_line(cap):
    """The program's line for the ISO-2022-JP text into `cap` bytes: each character (with
    the escape that selects its set, from Python's encoder) while it fits, then the reset's
    return to ASCII."""
    enc = codecs.getincrementalencoder('iso2022_jp')()
    out, read, ascii_set, stop = b'', 0, True, None
    for ch in ISO2022JP_TEXT:
        piece = enc.encode(ch)
        if len(out) + len(piece) > cap:
            stop = 'E2BIG'
            break
        out += piece
        read += len(ch.encode('utf-8'))
        if piece.startswith(b'\x1b'):
            ascii_set = piece.startswith(ASCII_ESCAPE)
    reset = 'ok'
    if not ascii_set:
        if len(out) + len(ASCII_ESCAPE) <= cap:
            out += ASCII_ESCAPE
        else:
            reset = 'E2BIG'
    return 'ISO-2022-JP out %d: %s %s read %d reset %s' % (
        cap, out.hex(), stop or '0', read, reset)


def suffix_expected():
    """glibc's output, with the ISO-2022-JP lines computed; and the lines glibc differs in."""
    lines, differ = [], []
    for line in run_glibc('iconv_cjk_suffix'):
        if line.startswith('ISO-2022-JP out '):
            mine = iso2022jp_line(int(line.split()[2].rstrip(':')))
            if mine != line:
                differ.append((mine, line))
            line = mine
        lines.append(line)
    return lines, differ


def main():
    dec = decode_expected()
    with open(os.path.join(TESTS, 'iconv_cjk_glibc.expected'), 'w') as f:
        f.write('\n'.join(dec) + '\n')
    enc, codes = encode_expected()
    with open(os.path.join(TESTS, 'iconv_cjk_encode.expected'), 'w') as f:
        f.write('\n'.join(enc) + '\n')

    suffix, differ = suffix_expected()
    with open(os.path.join(TESTS, 'iconv_cjk_suffix.expected'), 'w') as f:
        f.write('\n'.join(suffix) + '\n')
    print('iconv_cjk_suffix: %d lines, %d ISO-2022-JP lines differ from glibc' % (
        len(suffix), len(differ)))
    for a, b in differ:
        print('  expected %s\n  glibc    %s' % (a, b))

    glibc = run_glibc('iconv_cjk_glibc')
    differ = [(a, b) for a, b in zip(dec, glibc) if a != b]
    print('iconv_cjk_glibc: %d lines, %d differ from glibc' % (len(dec), len(differ)))
    for a, b in differ:
        print('  expected %s\n  glibc    %s' % (a, b))

    name, counts, samples = None, {}, {}
    for line in run_glibc('iconv_cjk_encode', ['-v']):
        p = line.split()
        if len(p) == 1:
            name = p[0]
            continue
        if not p[0].startswith('U+'):
            break
        cp, r = int(p[0][2:], 16), int(p[1])
        want = codes[(name, cp)]
        # glibc fails with EILSEQ (-1) where a character has no code.
        got = (1, b'*') if r < 0 else (min(r, 1), bytes.fromhex(p[2]) if len(p) > 2 else b'')
        if got != want:
            counts[name] = counts.get(name, 0) + 1
            samples.setdefault(name, []).append('U+%04X %s/%s' % (
                cp, want[1].hex() if want[0] == 0 else '-', got[1].hex() if got[0] == 0 else '-'))
    print('iconv_cjk_encode: code points where glibc differs (expected/glibc):')
    for n in CHARSETS:
        print('  %s: %d %s' % (n, counts.get(n, 0), ' '.join(samples.get(n, [])[:6])))


if __name__ == '__main__':
    main()

#!/usr/bin/env python3
"""Writes the tables of limpet's East Asian charsets (components/iconv/src/cjk/data/).

Run from anywhere: `python3 components/iconv/gen/cjk.py`. The source is Python's own codecs
(shift_jis, euc_jp, gb18030, big5hkscs, cp949), with the few cells where musl 1.2.x decodes
differently overridden to musl's choice (measured by running musl's iconv over every
two-byte sequence; each override is listed below with its reason). Every file is rewritten
from scratch, so a re-run reproduces the committed bytes exactly.

Files (all integers little-endian):
- `*.grid`: a decode table over lead x trail bytes. It is `nrows` bytes of row map (one per
  lead byte from the table's first lead: the row's slot, or 0xFF for a lead with no
  characters) then `slots * cols` u16 cells (the BMP code point, 0 = no character).
- `big5.plane2`: one bit per cell of big5.grid, set when the cell's character is the
  cell's value + 0x20000 (HKSCS puts about 1,900 characters in plane 2).
- `*.rev`: a reverse index from code point to the charset's code (see rev_index below).
- `tables.rs`: the sizes of these files and the small tables (GB18030's four-byte ranges,
  the KS X 1001 hangul bitmap for CP949's extension) as Rust constants.
"""
import bisect
import os
import struct
import sys

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'src', 'cjk', 'data')

# musl decodes JIS X 0208 row 1 cell 32 (Shift_JIS 815F, EUC-JP A1C0, ISO-2022-JP 2140) as
# U+005C REVERSE SOLIDUS, and so encodes nothing to U+FF3C; Python and glibc say U+FF3C.
JIS0208_MUSL = {(0x21, 0x40): 0x5C}

# Big5 cells musl decodes differently from Python's big5hkscs (HKSCS-2004): 13 cells of the
# Big5 part where musl follows the mapping of Unicode's BIG5.TXT/CP950 family (A145 U+2027
# HYPHENATION POINT, not U+2022, and so on), the control pictures A3C0-A3E0 and the euro
# sign A3E1, four cells of row C6, and the 68 characters HKSCS-2008 added at 877A-87DF
# (glibc decodes those too). Measured on musl 1.2.3: code:code-point, hex.
BIG5_MUSL = '''
    877A:3875 877B:21D53 877C:2369E 877D:26021 877E:3EEC 87A1:258DE 87A2:3AF5 87A3:7AFC
    87A4:9F97 87A5:24161 87A6:2890D 87A7:231EA 87A8:20A8A 87A9:2325E 87AA:430A 87AB:8484
    87AC:9F96 87AD:942F 87AE:4930 87AF:8613 87B0:5896 87B1:974A 87B2:9218 87B3:79D0 87B4:7A32
    87B5:6660 87B6:6A29 87B7:889D 87B8:744C 87B9:7BC5 87BA:6782 87BB:7A2C 87BC:524F 87BD:9046
    87BE:34E6 87BF:73C4 87C0:25DB9 87C1:74C6 87C2:9FC7 87C3:57B3 87C4:492F 87C5:544C 87C6:4131
    87C7:2368E 87C8:5818 87C9:7A72 87CA:27B65 87CB:8B8F 87CC:46AE 87CD:26E88 87CE:4181
    87CF:25D99 87D0:7BAE 87D1:224BC 87D2:9FC8 87D3:224C1 87D4:224C9 87D5:224CC 87D6:9FC9
    87D7:8504 87D8:235BB 87D9:40B4 87DA:9FCA 87DB:44E1 87DC:2ADFF 87DD:62C1 87DE:706E 87DF:9FCB
    A145:2027 A14E:FE51 A1C2:AF A1E3:FF5E A1F2:2295 A1F3:2299 A241:2215 A242:FE68 A244:FFE5
    A246:FFE0 A247:FFE1 A3C0:2400 A3C1:2401 A3C2:2402 A3C3:2403 A3C4:2404 A3C5:2405 A3C6:2406
    A3C7:2407 A3C8:2408 A3C9:2409 A3CA:240A A3CB:240B A3CC:240C A3CD:240D A3CE:240E A3CF:240F
    A3D0:2410 A3D1:2411 A3D2:2412 A3D3:2413 A3D4:2414 A3D5:2415 A3D6:2416 A3D7:2417 A3D8:2418
    A3D9:2419 A3DA:241A A3DB:241B A3DC:241C A3DD:241D A3DE:241E A3DF:241F A3E0:2421 A3E1:20AC
    C6CD:5E7A C6CF:5EF4 C6D3:65E0 C6D5:7676 C6D7:96B6 F9FE:2593
'''


def dec(codec, b):
    """Python's decoding of the bytes b as one character's code point, or None."""
    try:
        s = b.decode(codec)
    except UnicodeDecodeError:
        return None
    return ord(s) if len(s) == 1 else None


def enc(codec, cp):
    try:
        return chr(cp).encode(codec)
    except UnicodeEncodeError:
        return None


# ---- decode grids -------------------------------------------------------------------------

class Grid:
    """A decode table: leads lead_lo..=lead_hi, `cols` trail columns, cells[(lead, col)]."""

    def __init__(self, name, lead_lo, lead_hi, cols):
        self.name, self.lead_lo, self.lead_hi, self.cols = name, lead_lo, lead_hi, cols
        self.cells = {}

    def bytes(self):
        rowmap, slots = bytearray(), []
        for lead in range(self.lead_lo, self.lead_hi + 1):
            row = [self.cells.get((lead, c), 0) for c in range(self.cols)]
            if any(row):
                rowmap.append(len(slots))
                slots.append(row)
            else:
                rowmap.append(0xFF)
        assert len(slots) < 0xFF
        cells = b''.join(struct.pack('<H', v & 0xFFFF) for row in slots for v in row)
        return bytes(rowmap), cells, len(slots)


def jis_grid(name, prefix):
    """JIS X 0208 (prefix b'') or 0212 (prefix b'\\x8f') from Python's euc_jp, as 94x94 by
    row byte 0x21..0x7E and column 0..93."""
    g = Grid(name, 0x21, 0x7E, 94)
    for r in range(0x21, 0x7F):
        for c in range(0x21, 0x7F):
            cp = dec('euc_jp', prefix + bytes([r | 0x80, c | 0x80]))
            if cp is not None:
                g.cells[(r, c - 0x21)] = cp
    return g


def jis0208():
    g = jis_grid('jis0208', b'')
    # Python's shift_jis must agree with its euc_jp on the shared set.
    for (r, c), cp in g.cells.items():
        s = sjis_bytes(r, c + 0x21)
        assert dec('shift_jis', s) == cp, (hex(r), c, hex(cp))
    for (r, c), cp in JIS0208_MUSL.items():
        g.cells[(r, c - 0x21)] = cp
    return g


def sjis_bytes(r, c):
    """The Shift_JIS bytes of JIS row byte r, column byte c (both 0x21..0x7E)."""
    r0, c0 = r - 0x21, c - 0x21
    lead = (r0 >> 1) + (0x81 if r0 < 62 else 0xC1)
    if r0 % 2:
        trail = c0 + 0x9F
    else:
        trail = c0 + 0x40 + (c0 + 0x40 >= 0x7F)
    return bytes([lead, trail])


def ksc5601():
    """KS X 1001 from Python's cp949 (its A1-FE x A1-FE part is KS X 1001)."""
    g = Grid('ksc5601', 0x21, 0x7E, 94)
    for r in range(0x21, 0x7F):
        for c in range(0x21, 0x7F):
            cp = dec('cp949', bytes([r | 0x80, c | 0x80]))
            if cp is not None:
                g.cells[(r, c - 0x21)] = cp
    return g


GB_TRAILS = list(range(0x40, 0x7F)) + list(range(0x80, 0xFF))


def gb2():
    """GB18030's two-byte part (GBK and GB2312 are its subsets, as musl decodes them)."""
    g = Grid('gb2', 0x81, 0xFE, len(GB_TRAILS))
    for lead in range(0x81, 0xFF):
        for i, t in enumerate(GB_TRAILS):
            cp = dec('gb18030', bytes([lead, t]))
            if cp is not None:
                g.cells[(lead, i)] = cp
    return g


BIG5_TRAILS = list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF))


def big5():
    g = Grid('big5', 0x81, 0xFE, len(BIG5_TRAILS))
    col = {t: i for i, t in enumerate(BIG5_TRAILS)}
    for lead in range(0x81, 0xFF):
        for t in BIG5_TRAILS:
            cp = dec('big5hkscs', bytes([lead, t]))
            if cp is not None:
                g.cells[(lead, col[t])] = cp
    for item in BIG5_MUSL.split():
        code, cp = (int(x, 16) for x in item.split(':'))
        g.cells[(code >> 8, col[code & 0xFF])] = cp
    return g


def big5_plane2(g):
    rowmap, _, slots = g.bytes()
    bits = bytearray((slots * g.cols + 7) // 8)
    for (lead, c), cp in g.cells.items():
        assert cp < 0x10000 or 0x20000 <= cp < 0x30000, hex(cp)
        if cp >= 0x10000:
            i = rowmap[lead - g.lead_lo] * g.cols + c
            bits[i >> 3] |= 1 << (i & 7)
    return bytes(bits)


# ---- reverse indexes ----------------------------------------------------------------------

def rev_index(pairs, top):
    """A reverse index over code points 0..top (a multiple of 256) from {cp: code}.

    Layout: `top / 256` u16 page entries (0xFFFF: no code point of the page has a code;
    otherwise the page's block number), then per block four u64 bitmap words (bit i of
    word w: code point page*256 + w*64 + i has a code) and four u16 counts (codes before
    each word in this block, plus the block's base), then the u16 codes in code point
    order. A lookup is one page load, one word, one popcount and one code load.
    """
    pages, blocks, codes = [], [], []
    for p in range(top // 256):
        cps = [cp for cp in range(p * 256, p * 256 + 256) if cp in pairs]
        if not cps:
            pages.append(0xFFFF)
            continue
        pages.append(len(blocks))
        words, ranks = [0, 0, 0, 0], []
        for cp in cps:
            words[(cp & 255) >> 6] |= 1 << (cp & 63)
        for w in range(4):
            ranks.append(len(codes) + sum(bin(x).count('1') for x in words[:w]))
        assert ranks[-1] < 0x10000
        blocks.append((words, ranks))
        codes.extend(pairs[cp] for cp in cps)
    out = b''.join(struct.pack('<H', x) for x in pages)
    out += b''.join(struct.pack('<4Q', *w) for w, _ in blocks)
    out += b''.join(struct.pack('<4H', *r) for _, r in blocks)
    out += b''.join(struct.pack('<H', c) for c in codes)
    return out, len(pages), len(blocks), len(codes)


def canonical(cands, python_pick):
    """The code to encode a code point that several codes decode to: Python's choice when it
    is one of them, else the lowest."""
    return python_pick if python_pick in cands else min(cands)


def invert(cells, to_code, python_pick):
    """{cp: code} from a grid's cells; to_code maps (lead, col) to the stored code."""
    by_cp = {}
    for key, cp in cells.items():
        if cp >= 0x80:  # ASCII is encoded by the codecs themselves
            by_cp.setdefault(cp, []).append(to_code(key))
    return {cp: canonical(c, python_pick(cp)) if len(c) > 1 else c[0] for cp, c in by_cp.items()}


def code16(b):
    return b[0] << 8 | b[1] if b is not None and len(b) == 2 else None


# ---- GB18030 four-byte ranges -------------------------------------------------------------

GB4_BMP_COUNT = 39420  # 81308130..8431A439


def gb4_bytes(i):
    return bytes([0x81 + i // 12600, 0x30 + i // 1260 % 10, 0x81 + i // 10 % 126, 0x30 + i % 10])


def gb4_ranges(g2_cps):
    """The BMP four-byte sequences as runs (linear index, first code point) in which the
    code point rises by one with the index."""
    runs = []
    for i in range(GB4_BMP_COUNT):
        cp = dec('gb18030', gb4_bytes(i))
        assert cp is not None and cp < 0x10000, i
        if runs and cp == runs[-1][1] + (i - runs[-1][0]):
            continue
        runs.append((i, cp))
    # Beyond the BMP, the mapping is linear from 90308130 = U+10000.
    assert dec('gb18030', bytes([0x90, 0x30, 0x81, 0x30])) == 0x10000
    assert dec('gb18030', bytes([0xE3, 0x32, 0x9A, 0x35])) == 0x10FFFF
    assert dec('gb18030', bytes([0x84, 0x31, 0xA5, 0x30])) is None
    return runs


# ---- CP949's extension --------------------------------------------------------------------

HANGUL_FIRST, HANGUL_COUNT = 0xAC00, 11172
KS_HANGUL_ROW = 0x30  # KS X 1001's first hangul row (EUC lead 0xB0)
UHC_COUNT = 8822


def uhc_code(k):
    """The CP949 code of the k-th hangul syllable that KS X 1001 lacks."""
    trails = list(range(0x41, 0x5B)) + list(range(0x61, 0x7B)) + list(range(0x81, 0xFF))
    if k < 32 * 178:
        return 0x81 + k // 178, trails[k % 178]
    k -= 32 * 178
    return 0xA1 + k // 84, trails[k % 84]


def uhc_bitmap(ksc):
    in_ksc = set(cp for cp in ksc.cells.values() if HANGUL_FIRST <= cp < HANGUL_FIRST + HANGUL_COUNT)
    words = []
    for w in range((HANGUL_COUNT + 63) // 64):
        x = 0
        for b in range(64):
            if HANGUL_FIRST + w * 64 + b in in_ksc:
                x |= 1 << b
        words.append(x)
    missing, before = 0, []
    for w in range(len(words)):
        before.append(missing)
        n = min(64, HANGUL_COUNT - w * 64)
        missing += n - bin(words[w]).count('1')
    assert missing == UHC_COUNT
    # The extension's order is the code point order of the missing syllables.
    k = 0
    for s in range(HANGUL_FIRST, HANGUL_FIRST + HANGUL_COUNT):
        if s not in in_ksc:
            assert dec('cp949', bytes(uhc_code(k))) == s, (k, hex(s))
            k += 1
    return words, before


# ---- output -------------------------------------------------------------------------------

# The features that use each table family, for the cfg on its constants.
JIS = ['charset-shift-jis', 'charset-euc-jp', 'charset-iso-2022-jp']
FEATURES = {
    'jis0208': JIS, 'jis': JIS, 'jis0212': ['charset-euc-jp'],
    'ksc5601': ['charset-euc-kr'], 'ksc': ['charset-euc-kr'], 'uhc': ['charset-euc-kr'],
    'gb2': ['charset-gb2312', 'charset-gbk', 'charset-gb18030'], 'gb': ['charset-gb2312', 'charset-gbk', 'charset-gb18030'],
    'gb4': ['charset-gb18030'],
    'big5': ['charset-big5', 'charset-big5-hkscs'],
}


def cfg(family, size=None):
    """The cfg of a family's constant; `size` True or False also asks for (or against) the
    crate's `size` feature, under which the reverse indexes are built at run time."""
    fs = ['feature = "%s"' % f for f in FEATURES[family]]
    c = fs[0] if len(fs) == 1 else 'any(%s)' % ', '.join(fs)
    if size is not None:
        c = 'all(%s, %s)' % ('feature = "size"' if size else 'not(feature = "size")', c)
    return '#[cfg(%s)]' % c


def rust_array(name, ty, xs, fmt, cfg_line=None):
    body = ''
    line = '   '
    for x in xs:
        item = ' ' + fmt % x + ','
        if len(line) + len(item) > 99:
            body += line + '\n'
            line = '   '
        line += item
    body += line + '\n'
    if cfg_line is None:
        cfg_line = cfg('gb4' if name.startswith('GB4') else 'uhc')
    return '%s\npub static %s: [%s; %d] = [\n%s];\n' % (cfg_line, name, ty, len(xs), body)


def main():
    os.makedirs(OUT, exist_ok=True)
    files, consts = {}, []

    def grid_files(g):
        rowmap, cells, slots = g.bytes()
        files[g.name + '.grid'] = rowmap + cells
        consts.append('/// Lead bytes (rows) in `%s.grid`, from 0x%02X.' % (g.name, g.lead_lo))
        consts.append(cfg(g.name))
        consts.append('pub const %s_ROWS: usize = %d;' % (g.name.upper(), len(rowmap)))
        consts.append('/// Columns per row of `%s.grid`.' % g.name)
        consts.append(cfg(g.name))
        consts.append('pub const %s_COLS: usize = %d;' % (g.name.upper(), g.cols))

    def rev_file(name, pairs, top):
        data, npages, nblocks, ncodes = rev_index(pairs, top)
        files[name + '.rev'] = data
        consts.append('/// Pages, blocks and codes of `%s.rev`.' % name)
        consts.append(cfg(name, size=False))
        consts.append('pub const %s_REV: RevShape = RevShape { pages: %d, blocks: %d, codes: %d };'
                      % (name.upper(), npages, nblocks, ncodes))

    # Japanese: JIS X 0208 and 0212; codes are row<<8|col (0x2121..0x7E7E), 0212 with 0x8000.
    j8, j12 = jis0208(), jis_grid('jis0212', b'\x8f')
    grid_files(j8)
    grid_files(j12)
    jis = invert(j8.cells, lambda k: k[0] << 8 | (k[1] + 0x21),
                 lambda cp: (lambda b: code16(bytes(x & 0x7F for x in b)) if b and len(b) == 2 else None)(enc('euc_jp', cp)))
    for cp, code in invert(j12.cells, lambda k: 0x8000 | k[0] << 8 | (k[1] + 0x21), lambda cp: None).items():
        jis.setdefault(cp, code)  # JIS X 0208 first, as Python's euc_jp encodes
    rev_file('jis', jis, 0x10000)

    # Korean.
    ks = ksc5601()
    grid_files(ks)
    words, before = uhc_bitmap(ks)
    # KS X 1001's 2,350 syllables fill rows 0x30..0x48 in code point order, so the encoder
    # finds them by their rank in the hangul bitmap and the reverse index leaves them out.
    ks_hangul = sorted(cp for cp in ks.cells.values() if HANGUL_FIRST <= cp < HANGUL_FIRST + HANGUL_COUNT)
    for k, cp in enumerate(ks_hangul):
        assert ks.cells[(KS_HANGUL_ROW + k // 94, k % 94)] == cp
    ksrev = invert(ks.cells, lambda k: k[0] << 8 | (k[1] + 0x21), lambda cp: None)
    rev_file('ksc', {cp: code for cp, code in ksrev.items() if cp not in set(ks_hangul)}, 0x10000)

    # Chinese (GB): codes are the two bytes.
    g2 = gb2()
    grid_files(g2)
    assert len(set(g2.cells.values())) == len(g2.cells), 'GB18030 two-byte codes are one-to-one'
    gb4 = gb4_ranges(set(g2.cells.values()))
    gbrev = {}
    for (lead, c), cp in g2.cells.items():
        if cp < 0x80:
            continue
        py = enc('gb18030', cp)
        code = lead << 8 | GB_TRAILS[c]
        if len(py) == 2 and code16(py) != code and dec('gb18030', py) == cp:
            code = code16(py)
        if len(py) == 2:
            gbrev[cp] = code
    rev_file('gb', gbrev, 0x10000)
    in_gb4 = set()
    for r, (i, cp) in enumerate(gb4):
        end = gb4[r + 1][0] if r + 1 < len(gb4) else GB4_BMP_COUNT
        in_gb4.update(range(cp, cp + end - i))
    for cp in range(0x80, 0x10000):
        if not 0xD800 <= cp < 0xE000:
            assert cp in gbrev or cp in in_gb4, hex(cp)

    # Chinese (Big5 and HKSCS): codes are the two bytes.
    b5 = big5()
    grid_files(b5)
    files['big5.plane2'] = big5_plane2(b5)
    b5rev = invert(b5.cells, lambda k: k[0] << 8 | BIG5_TRAILS[k[1]], lambda cp: code16(enc('big5hkscs', cp)))
    rev_file('big5', b5rev, 0x30000)
    # The code points with several codes where the one kept is not the lowest (Python's
    # pick): what the size profile's run-time build needs besides the grid.
    lowest = {}
    for (lead, c), cp in b5.cells.items():
        code = lead << 8 | BIG5_TRAILS[c]
        lowest[cp] = min(code, lowest.get(cp, code))
    big5_picks = [(cp, code) for cp, code in sorted(b5rev.items()) if code != lowest[cp]]

    for name, data in sorted(files.items()):
        with open(os.path.join(OUT, name), 'wb') as f:
            f.write(data)

    # GB18030 four-byte runs, sorted by index for decoding and by code point for encoding.
    idx = [r[0] for r in gb4]
    cps = [r[1] for r in gb4]
    ends = idx[1:] + [GB4_BMP_COUNT]
    by_cp = sorted(range(len(gb4)), key=lambda r: cps[r])
    coarse = [bisect.bisect_right(idx, b << 7) - 1 for b in range((GB4_BMP_COUNT + 127) >> 7)]
    rs = ['// Generated by components/iconv/gen/cjk.py from Python %s\'s codecs; do not edit.'
          % sys.version.split()[0],
          '//! The shapes of the binary tables beside this file, and the small tables.',
          '#[cfg(any(%s))]' % ', '.join('feature = "%s"' % f for f in JIS + ['charset-euc-kr', 'charset-gb2312', 'charset-gbk', 'charset-gb18030', 'charset-big5', 'charset-big5-hkscs']),
          'use super::table::RevShape;', ''] + consts + ['']
    rs[2] = rs[2].replace('#[cfg(any(', '#[cfg(all(not(feature = "size"), any(').replace(')]', '))]')
    rs.append('/// GB18030 four-byte BMP runs: the linear index (from 81308130) where each starts.')
    rs.append(rust_array('GB4_INDEX', 'u16', idx, '%d'))
    rs.append('/// The code point of each run\'s first sequence.')
    rs.append(rust_array('GB4_CP', 'u16', cps, '0x%04X'))
    rs.append('/// For each block of 128 linear indexes, the run its first index falls in.')
    rs.append(rust_array('GB4_COARSE', 'u8', coarse, '%d'))
    rs.append('/// The runs again, in code point order: their first code point...')
    rs.append(rust_array('GB4_BY_CP_CP', 'u16', [cps[r] for r in by_cp], '0x%04X'))
    rs.append('/// ...their first linear index...')
    rs.append(rust_array('GB4_BY_CP_INDEX', 'u16', [idx[r] for r in by_cp], '%d'))
    rs.append('/// ...and their length.')
    rs.append(rust_array('GB4_BY_CP_LEN', 'u16', [ends[r] - idx[r] for r in by_cp], '%d'))
    rs.append('/// Hangul syllables U+AC00.. in KS X 1001: bit b of word w is U+AC00 + 64w + b.')
    rs.append(rust_array('KSC_HANGUL', 'u64', words, '0x%016X'))
    rs.append('/// How many syllables before word w are not in KS X 1001 (CP949 codes them).')
    rs.append(rust_array('UHC_BEFORE', 'u16', before, '%d'))
    rs.append('/// Big5 code points with several codes whose encoding is not the lowest of them')
    rs.append('/// (Python\'s pick): (code point, code), for the size profile\'s run-time reverse index.')
    rs.append(rust_array('BIG5_PICKS', '(u32, u16)', big5_picks, '(0x%04X, 0x%04X)', cfg('big5', size=True)))
    with open(os.path.join(OUT, 'tables.rs'), 'w') as f:
        f.write('\n'.join(rs))
    for name, data in sorted(files.items()):
        print('%-14s %7d bytes' % (name, len(data)))


if __name__ == '__main__':
    main()

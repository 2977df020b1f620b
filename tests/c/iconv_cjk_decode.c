/* The East Asian charsets through iconv(3), decoding: every one-byte and two-byte sequence
 * of Shift_JIS, EUC-JP, GB2312, GBK, GB18030, Big5, Big5-HKSCS and EUC-KR, each converted
 * alone to UTF-8, and ISO-2022-JP's sets after each escape. Each lead byte's row is one
 * line: how many calls succeeded, failed with EILSEQ and with EINVAL, and a hash of every
 * call's result (bytes read, bytes written, the output, the error). Compared with musl.
 *
 * Left out, because musl 1.2.3 decodes them wrongly (limpet decodes them as glibc and
 * Python do; iconv_cjk_glibc checks them against glibc's output):
 * - Shift_JIS trails 00-3F, 7F, FD-FF, which musl reads as if they were valid (its bounds
 *   check is too wide), and the leads EB-EF, which it reads past the end of its table;
 * - EUC-JP's three-byte 8F sequences (JIS X 0212), which musl lacks;
 * - EUC-KR (CP949) leads C7 and on with trails below A1, past the end of CP949's
 *   extension (C6 52), where musl reads 414 codes from C7 41 to DD 52 as code points from
 *   U+D7A4 (no syllables);
 * - GB18030's four-byte sequences from lead 83 (iconv_cjk_glibc); those of leads 81 and 82
 *   are here, sampled.
 * A lone byte from 80 that cannot start a sequence is not compared (alone, or after a
 * Shift_JIS katakana byte): musl waits for a trail (EINVAL) after every byte from 80,
 * limpet after the bytes that start a sequence (glibc's), and says EILSEQ for the rest. */
#include <errno.h>
#include <iconv.h>
#include <stdio.h>
#include <string.h>
#include "iconv_cjk_cells.h"

static void row_end(const char *name, const char *what, unsigned lead)
{
    printf("%s %s %02x: ok %d EILSEQ %d EINVAL %d hash %08x\n", name, what, lead, ok, ilseq,
           inval, hash);
}

/* Whether musl 1.2.3 decodes the pair wrongly, or the pair ends in a lone lead byte that is
 * not one (see the header). */
static int musl_wrong(const char *name, unsigned lead, unsigned trail)
{
    /* After a katakana byte (A1-DF) the trail is read alone: see the lone leads below. */
    if (!strcmp(name, "SHIFT_JIS") && lead >= 0xa1 && lead <= 0xdf)
        return trail == 0x80 || trail == 0xa0 || trail >= 0xeb;
    if (!strcmp(name, "SHIFT_JIS") && lead >= 0x81 && lead != 0xa0 &&
        !(lead >= 0xa1 && lead <= 0xdf))
        return (lead >= 0xeb && lead <= 0xef) || trail < 0x40 || trail == 0x7f ||
               trail >= 0xfd;
    if (!strcmp(name, "EUC-KR"))
        return lead >= 0xc7 && trail < 0xa1;
    return 0;
}

static const char *charsets[] = {
    "SHIFT_JIS", "EUC-JP", "GB2312", "GBK", "GB18030", "BIG5", "BIG5-HKSCS", "EUC-KR",
};

int main(void)
{
    for (size_t k = 0; k < sizeof charsets / sizeof *charsets; k++) {
        const char *name = charsets[k];
        iconv_t cd = iconv_open("UTF-8", name);
        if (cd == (iconv_t)-1) {
            printf("%s: cannot open\n", name);
            bad++;
            continue;
        }
        row_start();
        for (unsigned b = 0; b < 0x80; b++) {
            char s[1] = {(char)b};
            one(cd, s, 1);
        }
        row_end(name, "ascii", 0);
        for (unsigned lead = 0x80; lead < 0x100; lead++) {
            row_start();
            for (unsigned trail = 0; trail < 0x100; trail++) {
                if (musl_wrong(name, lead, trail))
                    continue;
                if (!strcmp(name, "EUC-JP") && lead == 0x8f)
                    continue;
                char s[2] = {(char)lead, (char)trail};
                one(cd, s, 2);
            }
            row_end(name, "lead", lead);
        }
        if (!strcmp(name, "GB18030")) {
            for (unsigned b1 = 0x81; b1 <= 0x82; b1++) {
                row_start();
                for (unsigned b2 = 0x30; b2 <= 0x39; b2++)
                    for (unsigned b3 = 0x81; b3 <= 0xfe; b3++)
                        for (unsigned b4 = 0x30; b4 <= 0x39; b4++) {
                            char s[4] = {(char)b1, (char)b2, (char)b3, (char)b4};
                            one(cd, s, 4);
                        }
                row_end(name, "four-byte", b1);
            }
        }
        iconv_close(cd);
    }

    /* ISO-2022-JP: each escape followed by every pair (or byte) of 21-7E. */
    static const char *const escapes[] = {"\033(B", "\033(J", "\033(I", "\033$@", "\033$B"};
    iconv_t cd = iconv_open("UTF-8", "ISO-2022-JP");
    if (cd == (iconv_t)-1) {
        printf("ISO-2022-JP: cannot open\n");
        return 1;
    }
    for (size_t e = 0; e < sizeof escapes / sizeof *escapes; e++) {
        int wide = escapes[e][1] == '$';
        for (unsigned first = 0x21; first < 0x7f; first++) {
            if (wide || first == 0x21)
                row_start();
            for (unsigned second = 0x21; second < 0x7f; second++) {
                char s[5];
                memcpy(s, escapes[e], 3);
                s[3] = (char)first;
                s[4] = (char)second;
                one(cd, s, 5);
                if (!wide)
                    break;
            }
            if (wide || first == 0x7e) {
                char what[8];
                snprintf(what, sizeof what, "esc%zu", e);
                row_end("ISO-2022-JP", what, wide ? first : 0);
            }
        }
    }
    iconv_close(cd);
    printf("bad %d\n", bad);
    return bad != 0;
}

/* The East Asian cells musl 1.2.3 decodes wrongly or not at all, through iconv(3), each
 * sequence converted alone to UTF-8 (iconv_cjk_decode compares the rest with musl):
 * - Shift_JIS: the two-byte leads 81-9F and E0-EF with the trails musl wrongly accepts
 *   (00-3F, 7F, FD-FF; its bounds check is too wide), and the leads EB-EF with every
 *   trail (musl reads past the end of its table): all invalid;
 * - EUC-JP: every three-byte 8F A1-FE A1-FE (JIS X 0212, which musl lacks);
 * - EUC-KR: leads C7-FE with trails 41-A0, past the end of CP949's extension, where musl
 *   reads 414 codes as U+D7A4 and on: all invalid;
 * - GB18030's four-byte sequences of leads 83 and 84 (the rest of the BMP) whole and of
 *   leads 85-FE (90-E3 are planes 1-16) sampled, which musl maps to wrong code points
 *   (and slowly: it scans a table for each).
 * Each row is one line: the calls that succeeded, failed with EILSEQ and with EINVAL, and a
 * hash of every result (bytes read, bytes written, output, error).
 *
 * NAME.expected is glibc 2.36's output of this program (gcc, glibc's iconv), which decodes
 * these cells as Python's codecs do; components/iconv/gen/cjk_expected.sh writes it. */
#include <errno.h>
#include <iconv.h>
#include <stdio.h>
#include <string.h>
#include "iconv_cjk_cells.h"

static void row_end(const char *name, unsigned lead)
{
    printf("%s %02x: ok %d EILSEQ %d EINVAL %d hash %08x\n", name, lead, ok, ilseq, inval,
           hash);
}

static iconv_t open_from(const char *name)
{
    iconv_t cd = iconv_open("UTF-8", name);
    if (cd == (iconv_t)-1) {
        printf("%s: cannot open\n", name);
        bad++;
    }
    return cd;
}

int main(void)
{
    iconv_t cd = open_from("SHIFT_JIS");
    if (cd != (iconv_t)-1) {
        for (unsigned lead = 0x81; lead <= 0xef; lead++) {
            if (lead == 0xa0)
                lead = 0xe0;
            row_start();
            for (unsigned trail = 0; trail < 0x100; trail++) {
                int wrong_trail = trail < 0x40 || trail == 0x7f || trail >= 0xfd;
                if (!wrong_trail && lead < 0xeb)
                    continue;
                char s[2] = {(char)lead, (char)trail};
                one(cd, s, 2);
            }
            row_end("SHIFT_JIS", lead);
        }
        iconv_close(cd);
    }

    cd = open_from("EUC-JP");
    if (cd != (iconv_t)-1) {
        for (unsigned b2 = 0xa1; b2 <= 0xfe; b2++) {
            row_start();
            for (unsigned b3 = 0xa1; b3 <= 0xfe; b3++) {
                char s[3] = {(char)0x8f, (char)b2, (char)b3};
                one(cd, s, 3);
            }
            row_end("EUC-JP 8F", b2);
        }
        iconv_close(cd);
    }

    cd = open_from("EUC-KR");
    if (cd != (iconv_t)-1) {
        for (unsigned lead = 0xc7; lead <= 0xfe; lead++) {
            row_start();
            for (unsigned trail = 0x41; trail <= 0xa0; trail++) {
                char s[2] = {(char)lead, (char)trail};
                one(cd, s, 2);
            }
            row_end("EUC-KR", lead);
        }
        iconv_close(cd);
    }

    cd = open_from("GB18030");
    if (cd != (iconv_t)-1) {
        for (unsigned b1 = 0x83; b1 <= 0xfe; b1++) {
            /* Whole for the BMP's leads, every seventh third byte for the others. */
            unsigned step = b1 <= 0x84 ? 1 : 7;
            row_start();
            for (unsigned b2 = 0x30; b2 <= 0x39; b2++)
                for (unsigned b3 = 0x81; b3 <= 0xfe; b3 += step)
                    for (unsigned b4 = 0x30; b4 <= 0x39; b4++) {
                        char s[4] = {(char)b1, (char)b2, (char)b3, (char)b4};
                        one(cd, s, 4);
                    }
            row_end("GB18030", b1);
        }
        iconv_close(cd);
    }
    printf("bad %d\n", bad);
    return bad != 0;
}

/* The East Asian charsets through iconv(3), encoding: every scalar value of the BMP and
 * every 61st of planes 1-16, each converted alone from UTF-8 to Shift_JIS, EUC-JP,
 * ISO-2022-JP, GB2312, GBK, GB18030, Big5, Big5-HKSCS and EUC-KR, then the reset (which
 * writes ISO-2022-JP's return to ASCII). A character the charset lacks is musl's `*`,
 * counted. Each block of 4,096 code points is one line: how many were written exactly,
 * and a hash of every result (return value, error, output). With an argument, every code
 * point's bytes are printed instead (what gen/cjk_expected.py compares).
 *
 * musl 1.2.3 cannot encode GB2312, GBK, GB18030, Big5, Big5-HKSCS or EUC-KR (iconv_open
 * refuses them as targets), so NAME.expected is written by components/iconv/gen/
 * cjk_expected.py from Python's codecs, with musl's choices where musl decodes
 * differently (the README's table: Shift_JIS, EUC-JP, ISO-2022-JP give U+005C for JIS
 * 0x2140 so U+FF3C has no code; Shift_JIS has no code for U+00A5, U+203E; ...): every
 * code is the one that decodes back to the character. The script also runs glibc's iconv
 * over the same code points and counts where it differs. */
#include <errno.h>
#include <iconv.h>
#include <stdio.h>
#include <string.h>

/* Planes 1-16 are sampled every SUPPLEMENTARY_STEP code points. */
#define SUPPLEMENTARY_STEP 61
#define BLOCK 4096

static unsigned hash;
static int exact, bad;

static void mix(unsigned v)
{
    hash = (hash ^ v) * 16777619u;
}

static size_t utf8(unsigned cp, char *s)
{
    if (cp < 0x80) {
        s[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        s[0] = (char)(0xc0 | cp >> 6);
        s[1] = (char)(0x80 | (cp & 0x3f));
        return 2;
    }
    if (cp < 0x10000) {
        s[0] = (char)(0xe0 | cp >> 12);
        s[1] = (char)(0x80 | (cp >> 6 & 0x3f));
        s[2] = (char)(0x80 | (cp & 0x3f));
        return 3;
    }
    s[0] = (char)(0xf0 | cp >> 18);
    s[1] = (char)(0x80 | (cp >> 12 & 0x3f));
    s[2] = (char)(0x80 | (cp >> 6 & 0x3f));
    s[3] = (char)(0x80 | (cp & 0x3f));
    return 4;
}

/* Encodes cp alone and mixes in the result; prints it when verbose. */
static void one(iconv_t cd, unsigned cp, int verbose)
{
    char in[4], out[32];
    char *ip = in, *op = out;
    size_t il = utf8(cp, in), ol = sizeof out;
    iconv(cd, NULL, NULL, NULL, NULL);
    size_t r = iconv(cd, &ip, &il, &op, &ol);
    int e = r == (size_t)-1 ? errno : 0;
    if (!e && iconv(cd, NULL, NULL, &op, &ol) == (size_t)-1)
        e = errno;
    if (e)
        bad++;
    if (!e && r == 0)
        exact++;
    mix(cp);
    mix(e ? 0xffffffffu : (unsigned)r);
    mix((unsigned)(op - out));
    for (char *p = out; p < op; p++)
        mix((unsigned char)*p);
    if (verbose) {
        printf("U+%x %d ", cp, e ? -1 : (int)r);
        for (char *p = out; p < op; p++)
            printf("%02x", (unsigned char)*p);
        printf("\n");
    }
}

static const char *charsets[] = {
    "SHIFT_JIS", "EUC-JP", "ISO-2022-JP", "GB2312", "GBK", "GB18030", "BIG5", "BIG5-HKSCS",
    "EUC-KR",
};

int main(int argc, char **argv)
{
    int verbose = argc > 1;
    for (size_t k = 0; k < sizeof charsets / sizeof *charsets; k++) {
        iconv_t cd = iconv_open(charsets[k], "UTF-8");
        if (cd == (iconv_t)-1) {
            printf("%s: cannot open\n", charsets[k]);
            continue;
        }
        if (verbose)
            printf("%s\n", charsets[k]);
        for (unsigned base = 0; base < 0x110000; base += BLOCK) {
            hash = 2166136261u;
            exact = 0;
            unsigned step = base < 0x10000 ? 1 : SUPPLEMENTARY_STEP;
            /* The sample continues across blocks: the code points base..base+BLOCK that
             * are a multiple of the step from 0x10000. */
            unsigned first = base;
            if (step > 1 && (base - 0x10000) % step)
                first += step - (base - 0x10000) % step;
            for (unsigned cp = first; cp < base + BLOCK; cp += step)
                if (cp < 0xd800 || cp > 0xdfff)
                    one(cd, cp, verbose);
            if (!verbose)
                printf("%s %06x: exact %d hash %08x\n", charsets[k], base, exact, hash);
        }
        iconv_close(cd);
    }
    printf("bad %d\n", bad);
    return bad != 0;
}

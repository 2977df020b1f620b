/* //TRANSLIT and //IGNORE into the East Asian charsets, and ISO-2022-JP's encoder, through
 * iconv(3):
 * - each of a list of characters, between A and B, into each charset with //TRANSLIT: the
 *   bytes and the count of irreversible conversions. The list holds characters that none
 *   of the nine charsets has (so the transliteration table is what writes them) and some
 *   that a few have (so they are written as themselves there);
 * - //IGNORE and //TRANSLIT//IGNORE with a Thai letter, which none of them but GB18030
 *   has: dropped, then EILSEQ with all the input read (glibc's way of saying input was
 *   lost); with //TRANSLIT, `?` where the table has nothing;
 * - UTF-8 to ISO-2022-JP: a text with JIS X 0208 characters and a yen sign (JIS-Roman),
 *   whole, into every output size, and the reset's `ESC ( B` when it does not fit.
 *
 * musl 1.2.3 refuses every name with a suffix, and writes ISO-2022-JP returning to ASCII
 * after each character, so NAME.expected is written by components/iconv/gen/
 * cjk_expected.py: glibc 2.36's output of this program (which sets the C.UTF-8 locale,
 * whose transliterations limpet's table follows), except the ISO-2022-JP lines, which the
 * script computes from Python's encoder: where a character does not fit, glibc has
 * already written the escape that selects its set (and its reset then fails with E2BIG),
 * while limpet writes an escape only together with its character. Left out of the list
 * where glibc's tables differ from limpet's (the crate README): the em dash and the middle
 * dot (GB2312 has them in limpet, as in musl's decoder, and not in glibc), the euro (GBK,
 * Big5 and EUC-KR have it in limpet and musl), the characters Shift_JIS writes as 5C/7E in
 * glibc. */
#include <errno.h>
#include <iconv.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

/* Not BIG5: limpet's (musl's decoder's) is Big5-HKSCS, glibc's is plain Big5. */
static const char *charsets[] = {
    "SHIFT_JIS", "EUC-JP", "ISO-2022-JP", "GB2312", "GBK", "GB18030", "BIG5-HKSCS", "EUC-KR",
};

static const char *chars[] = {
    "\xc3\xa9",     /* é */
    "\xe2\x84\xa2", /* ™ */
    "\xc2\xbd",     /* ½ */
    "\xc2\xab",     /* « */
    "\xc5\x92",     /* Œ */
    "\xe2\x80\x98", /* ‘ */
    "\xe2\x80\x9c", /* “ */
    "\xe2\x80\xa6", /* … */
    "\xc2\xa9",     /* © */
    "\xc3\x97",     /* × */
    "\xe2\x89\xa0", /* ≠ */
    "\xef\xac\x81", /* ﬁ */
    "\xe2\x91\xa0", /* ① */
    "\xc3\x9f",     /* ß */
    "\xc5\x81",     /* Ł */
};

static int bad;

static void hex(const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        printf("%02x", (unsigned char)p[i]);
}

static const char *name(int e)
{
    return e == 0 ? "ok" : e == EILSEQ ? "EILSEQ" : e == EINVAL ? "EINVAL" : e == E2BIG ? "E2BIG" : "?";
}

/* Converts text with cd (reset first) into a buffer of cap bytes, then the reset; prints
 * the bytes, the return value (or error) and the input read. */
static void run(iconv_t cd, const char *text, size_t cap)
{
    char in[64], out[128];
    size_t n = strlen(text);
    memcpy(in, text, n);
    char *ip = in, *op = out;
    size_t il = n, ol = cap;
    iconv(cd, NULL, NULL, NULL, NULL);
    size_t r = iconv(cd, &ip, &il, &op, &ol);
    int e = r == (size_t)-1 ? errno : 0;
    size_t rr = iconv(cd, NULL, NULL, &op, &ol);
    int er = rr == (size_t)-1 ? errno : 0;
    printf(" ");
    hex(out, (size_t)(op - out));
    if (e)
        printf(" %s", name(e));
    else
        printf(" %zu", r);
    printf(" read %zu reset %s\n", (size_t)(ip - in), name(er));
}

int main(void)
{
    setlocale(LC_ALL, "C.UTF-8");
    for (size_t k = 0; k < sizeof charsets / sizeof *charsets; k++) {
        char target[64];
        snprintf(target, sizeof target, "%s//TRANSLIT", charsets[k]);
        iconv_t cd = iconv_open(target, "UTF-8");
        if (cd == (iconv_t)-1) {
            printf("%s: cannot open\n", target);
            bad++;
            continue;
        }
        for (size_t c = 0; c < sizeof chars / sizeof *chars; c++) {
            char text[32];
            snprintf(text, sizeof text, "A%sB", chars[c]);
            printf("%s char %zu:", target, c);
            run(cd, text, 128);
        }
        iconv_close(cd);

        static const char *const suffixes[] = {"//IGNORE", "//TRANSLIT//IGNORE"};
        for (size_t s = 0; s < 2; s++) {
            snprintf(target, sizeof target, "%s%s", charsets[k], suffixes[s]);
            cd = iconv_open(target, "UTF-8");
            if (cd == (iconv_t)-1) {
                printf("%s: cannot open\n", target);
                bad++;
                continue;
            }
            printf("%s:", target);
            /* A, Thai KO KAI, the first hiragana, B. */
            run(cd, "A\xe0\xb8\x81\xe3\x81\x82" "B", 128);
            iconv_close(cd);
        }
    }

    iconv_t cd = iconv_open("ISO-2022-JP", "UTF-8");
    if (cd == (iconv_t)-1) {
        printf("ISO-2022-JP: cannot open\n");
        return 0;
    }
    /* A, hiragana A, a kanji, B, yen, a kanji, newline. */
    const char *text = "A\xe3\x81\x82\xe6\xbc\xa2" "B\xc2\xa5\xe5\xad\x97\n";
    for (size_t cap = 0; cap <= 32; cap++) {
        printf("ISO-2022-JP out %zu:", cap);
        run(cd, text, cap);
    }
    iconv_close(cd);
    /* 0 even when a check failed: musl fails them all, and the output is the verdict. */
    printf("bad %d\n", bad);
    return 0;
}

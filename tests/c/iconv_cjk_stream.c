/* The East Asian charsets through iconv(3) as a stream, compared with musl. For a short
 * text in each charset (ASCII, two-byte characters, Shift_JIS and EUC-JP katakana,
 * GB18030 four-byte sequences of leads 81 and 82, CP949's extension hangul, ISO-2022-JP's
 * five sets):
 * - cut: the text cut at every byte, converted in one call: how far it read, how much it
 *   wrote, and how it ended (EINVAL exactly when the cut is inside a character);
 * - bad: a byte that starts nothing (FF) put at every character boundary: where EILSEQ
 *   stops;
 * - out: the whole text into an output buffer of every size from 0: where E2BIG stops;
 * - split: the text fed in two calls split at every byte, the unread tail of the first
 *   carried into the second: the output must be the whole text's;
 * - and, for Shift_JIS and EUC-JP, which musl can write, the same out and split checks
 *   encoding from UTF-8. (musl writes ISO-2022-JP too, but returns to ASCII after each
 *   character where limpet stays in the set, as glibc and Python do: both are valid, and
 *   iconv_cjk_suffix checks limpet's against glibc's.)
 * The rest of each charset is covered by iconv_cjk_decode, iconv_cjk_encode and
 * iconv_cjk_glibc. Each conversion gets a new descriptor rather than a reset: musl 1.2.3's
 * reset (a null inbuf) leaves its ISO-2022-JP decoder in the set it was in (limpet's
 * returns to ASCII, as POSIX says). */
#include <errno.h>
#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct sample {
    const char *charset;
    const char *text;
    size_t len;
    size_t chars[16]; /* where each character starts, ending with the length */
};

#define S(cs, t, ...) {cs, t, sizeof t - 1, {__VA_ARGS__}}

static const struct sample samples[] = {
    S("SHIFT_JIS", "A\x82\xa0\x8a\xbf\xb1\x8e\x9a\n", 0, 1, 3, 5, 6, 8, 9),
    S("EUC-JP", "A\xa4\xa2\xb4\xc1\x8e\xb1\xbb\xfa\n", 0, 1, 3, 5, 7, 9, 10),
    S("ISO-2022-JP", "A\x1b$B$\"4A\x1b(I1\x1b(J\\\x1b$@;z\x1b(B\n", 0, 1, 4, 6, 8, 11, 12,
      15, 16, 19, 21, 24, 25),
    S("GB2312", "A\xba\xba\xd7\xd6" "b\xd6\xd0\n", 0, 1, 3, 5, 6, 8, 9),
    S("GBK", "A\xba\xba\x81@\xd7\xd6\n", 0, 1, 3, 5, 7, 8),
    S("GB18030", "A\xba\xba\x81\x30\x81\x30\x81@\xa8\xa6\x82\x35\x8f\x33\n", 0, 1, 3, 7, 9,
      11, 15, 16),
    S("BIG5", "A\xba~\xa6rb\xa4\xa4\n", 0, 1, 3, 5, 6, 8, 9),
    S("BIG5-HKSCS", "A\xba~\x88\x66\xa4\xa4\n", 0, 1, 3, 5, 7, 8),
    S("EUC-KR", "A\xc7\xd1\x8c" "c\xb1\xdb\n", 0, 1, 3, 5, 7, 8),
};

static int bad;
static const char *to_name, *from_name;

/* A new descriptor for the current direction in place of cd. */
static iconv_t fresh(iconv_t cd)
{
    iconv_close(cd);
    cd = iconv_open(to_name, from_name);
    if (cd == (iconv_t)-1) {
        printf("cannot reopen %s from %s\n", to_name, from_name);
        exit(1);
    }
    return cd;
}

/* One call over in[0..n) into an out buffer of size cap; prints "read/written/end". */
static size_t convert(iconv_t cd, const char *in, size_t n, char *out, size_t cap,
                      size_t *read, int *err)
{
    char buf[256];
    memcpy(buf, in, n);
    char *ip = buf, *op = out;
    size_t il = n, ol = cap;
    size_t r = iconv(cd, &ip, &il, &op, &ol);
    *err = r == (size_t)-1 ? errno : 0;
    *read = (size_t)(ip - buf);
    return (size_t)(op - out);
}

static const char *name(int e)
{
    return e == 0 ? "ok" : e == EILSEQ ? "EILSEQ" : e == EINVAL ? "EINVAL" : e == E2BIG ? "E2BIG" : "?";
}

static void hex(const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        printf("%02x", (unsigned char)p[i]);
}

/* The checks of one direction: `text` of `len` bytes converted by cd (to or from the
 * sample's charset), with `chars` its character starts. */
static iconv_t checks(const char *what, iconv_t cd, const char *text, size_t len,
                   const size_t *chars, int cut_and_bad)
{
    char whole[256], out[256];
    size_t read;
    int err;
    cd = fresh(cd);
    size_t n = convert(cd, text, len, whole, sizeof whole, &read, &err);
    char *op = whole + n;
    size_t ol = sizeof whole - n;
    iconv(cd, NULL, NULL, &op, &ol);
    n = (size_t)(op - whole);
    printf("%s whole: %s ", what, name(err));
    hex(whole, n);
    printf("\n");
    if (err)
        bad++;

    if (cut_and_bad) {
        printf("%s cut:", what);
        for (size_t k = 0; k <= len; k++) {
            cd = fresh(cd);
            size_t w = convert(cd, text, k, out, sizeof out, &read, &err);
            printf(" %zu/%zu/%s", read, w, name(err));
        }
        printf("\n%s bad:", what);
        for (size_t c = 0; chars[c] < len || c == 0; c++) {
            char buf[256];
            memcpy(buf, text, chars[c]);
            buf[chars[c]] = (char)0xff;
            memcpy(buf + chars[c] + 1, text + chars[c], len - chars[c]);
            cd = fresh(cd);
            size_t w = convert(cd, buf, len + 1, out, sizeof out, &read, &err);
            printf(" %zu/%zu/%s", read, w, name(err));
            if (chars[c] == len)
                break;
        }
        printf("\n");
    }

    printf("%s out:", what);
    for (size_t cap = 0; cap <= n; cap++) {
        cd = fresh(cd);
        size_t w = convert(cd, text, len, out, cap, &read, &err);
        printf(" %zu/%zu/%s", read, w, name(err));
        if (!err) {
            char *rp = out + w;
            size_t rl = cap - w;
            size_t r = iconv(cd, NULL, NULL, &rp, &rl);
            printf("+%zu/%s", (size_t)(rp - out) - w, r == (size_t)-1 ? name(errno) : "ok");
        }
    }
    printf("\n");

    int same = 0;
    for (size_t k = 0; k <= len; k++) {
        char buf[256];
        cd = fresh(cd);
        size_t w = convert(cd, text, k, out, sizeof out, &read, &err);
        /* The unread tail of the first part goes before the second. */
        memcpy(buf, text + read, len - read);
        w += convert(cd, buf, len - read, out + w, sizeof out - w, &read, &err);
        char *rp = out + w;
        size_t rl = sizeof out - w;
        iconv(cd, NULL, NULL, &rp, &rl);
        w = (size_t)(rp - out);
        if (!err && w == n && !memcmp(out, whole, n))
            same++;
    }
    printf("%s split: %d of %zu like the whole\n", what, same, len + 1);
    if (same != (int)len + 1)
        bad++;
    return cd;
}

int main(void)
{
    for (size_t i = 0; i < sizeof samples / sizeof *samples; i++) {
        const struct sample *s = &samples[i];
        to_name = "UTF-8";
        from_name = s->charset;
        iconv_t cd = iconv_open(to_name, from_name);
        if (cd == (iconv_t)-1) {
            printf("%s: cannot open\n", s->charset);
            bad++;
            continue;
        }
        char what[64];
        snprintf(what, sizeof what, "%s->UTF-8", s->charset);
        cd = checks(what, cd, s->text, s->len, s->chars, 1);

        /* Back the other way, for the charsets musl writes as limpet does. */
        char utf8[256];
        size_t read;
        int err;
        cd = fresh(cd);
        size_t n = convert(cd, s->text, s->len, utf8, sizeof utf8, &read, &err);
        iconv_close(cd);
        if (strcmp(s->charset, "SHIFT_JIS") && strcmp(s->charset, "EUC-JP"))
            continue;
        to_name = s->charset;
        from_name = "UTF-8";
        cd = iconv_open(to_name, from_name);
        if (cd == (iconv_t)-1) {
            printf("%s: cannot open as a target\n", s->charset);
            bad++;
            continue;
        }
        snprintf(what, sizeof what, "UTF-8->%s", s->charset);
        cd = checks(what, cd, utf8, n, NULL, 0);
        iconv_close(cd);
    }
    printf("bad %d\n", bad);
    return bad != 0;
}

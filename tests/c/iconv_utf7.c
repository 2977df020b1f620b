/* UTF-7 (RFC 2152), which musl lacks (iconv_open fails there), so the expected output
 * (iconv_utf7.expected) is glibc 2.36's, made by this program built with gcc; Python's
 * codecs decode every encoded line back to the same text. The encoder writes only Set D
 * and white space directly, closes a run with '-' only where needed, and the reset closes
 * an open run; each text is also converted one input byte per call and one output byte at
 * a time, which must give the same bytes. On musl the program prints "open failed" lines
 * and exits 0: the output is the verdict. */
#include <errno.h>
#include <iconv.h>
#include <stdio.h>
#include <string.h>

static void hex(const char *label, const char *p, size_t n)
{
    printf("%s [", label);
    for (size_t i = 0; i < n; i++)
        printf((unsigned char)p[i] >= 0x20 && (unsigned char)p[i] < 0x7f ? "%c" : "\\x%02x",
               (unsigned char)p[i]);
    printf("]\n");
}

/* Converts all of `in` at once, then the reset; returns the length written. */
static size_t whole(const char *to, const char *from, const char *in, size_t n, char *out, size_t room)
{
    iconv_t cd = iconv_open(to, from);
    if (cd == (iconv_t)-1) {
        printf("%s <- %s: open failed\n", to, from);
        return 0;
    }
    char *ip = (char *)in, *op = out;
    size_t il = n, ol = room;
    size_t r = iconv(cd, &ip, &il, &op, &ol);
    if (r == (size_t)-1)
        printf("  stopped: %s at %ld\n", errno == EILSEQ ? "EILSEQ" : errno == EINVAL ? "EINVAL" : "other",
               (long)(ip - in));
    iconv(cd, NULL, NULL, &op, &ol);
    iconv_close(cd);
    return op - out;
}

/* The same, fed one input byte at a time (another only after EINVAL or when all was
 * read), with one byte of output room (another only after an E2BIG that wrote nothing). */
static size_t trickle(const char *to, const char *from, const char *in, size_t n, char *out, size_t room)
{
    iconv_t cd = iconv_open(to, from);
    if (cd == (iconv_t)-1)
        return 0;
    char *ip = (char *)in, *op = out;
    size_t fed = 0, pending = 0, grant = 1;
    for (;;) {
        if (pending == 0) {
            if (fed == n)
                break;
            pending++;
            fed++;
        }
        size_t ol = grant, wrote_before = op - out;
        size_t r = iconv(cd, &ip, &pending, &op, &ol);
        if ((size_t)(op - out) > room)
            return 0;
        if (r != (size_t)-1) {
            grant = 1;
        } else if (errno == E2BIG) {
            grant = (size_t)(op - out) == wrote_before ? grant + 1 : 1;
        } else if (errno == EINVAL && fed < n) {
            pending++;
            fed++;
        } else {
            break;
        }
    }
    for (grant = 1;; grant++) {
        size_t ol = grant;
        if (iconv(cd, NULL, NULL, &op, &ol) != (size_t)-1)
            break;
    }
    iconv_close(cd);
    return op - out;
}

static const char *texts[] = {
    "Hi Mom -\xe2\x98\xba-!",
    "A\xe2\x89\xa2\xce\x91.",
    "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e",
    "1 + 1 = 2",
    "!~\\a+b\xe2\x82\xac\xf0\x9f\x98\x80",
    "\xe2\x82\xac x\xe2\x82\xac.\xe2\x82\xac",
    "caf\xc3\xa9-bar \xc3\xa9-",
    "a\xc3\xa9" "b\xc3\xa9\xc3\xa9\xc3\xa9z",
    "",
    "+++---",
    "line\r\nnext\tend \xf0\x9f\x98\x80\xf0\x9f\x98\x81x",
};

static const char *bad[] = {"+!", "+AGF-", "+2D0-", "a\x80", "+AGE", "+AGEA-", "+ZeVnLIqe"};

int main(void)
{
    char enc[512], dec[512], enc2[512];
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        size_t n = strlen(texts[i]);
        size_t e = whole("UTF-7", "UTF-8", texts[i], n, enc, sizeof enc);
        hex("utf7", enc, e);
        size_t d = whole("UTF-8", "UTF-7", enc, e, dec, sizeof dec);
        printf("  decodes back: %s\n", d == n && !memcmp(dec, texts[i], n) ? "yes" : "no");
        size_t e2 = trickle("UTF-7", "UTF-8", texts[i], n, enc2, sizeof enc2);
        printf("  byte at a time encodes the same: %s\n", e2 == e && !memcmp(enc2, enc, e) ? "yes" : "no");
        size_t d2 = trickle("UTF-8", "UTF-7", enc, e, dec, sizeof dec);
        printf("  byte at a time decodes the same: %s\n", d2 == n && !memcmp(dec, texts[i], n) ? "yes" : "no");
    }
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        hex("decode", bad[i], strlen(bad[i]));
        size_t d = whole("UTF-8", "UTF-7", bad[i], strlen(bad[i]), dec, sizeof dec);
        hex("  gives", dec, d);
    }
    return 0;
}

/* iconv's errors and pointers as POSIX says and musl does: EILSEQ stops at the invalid
 * sequence, EINVAL leaves the input at the start of an incomplete one, E2BIG after the last
 * whole character; the return value counts the characters the target lacks (musl writes
 * '*'); a call with a null input resets; the unmarked UTF-16/32 forms' byte-order marks.
 * Compared with musl. */
#include <errno.h>
#include <iconv.h>
#include <stdio.h>
#include <string.h>

static void show(const char *to, const char *from, const char *in, size_t n, size_t room)
{
    iconv_t cd = iconv_open(to, from);
    if (cd == (iconv_t)-1) {
        printf("%s <- %s: open failed\n", to, from);
        return;
    }
    char out[64];
    char *ip = (char *)in, *op = out;
    size_t il = n, ol = room;
    errno = 0;
    size_t r = iconv(cd, &ip, &il, &op, &ol);
    const char *e = r != (size_t)-1 ? "-" : errno == EILSEQ ? "EILSEQ" : errno == EINVAL ? "EINVAL"
                  : errno == E2BIG ? "E2BIG" : "other";
    printf("%s <- %s: r=%ld %s read=%ld left=%ld wrote=", to, from, r == (size_t)-1 ? -1L : (long)r, e,
           (long)(ip - in), (long)il);
    for (char *p = out; p < op; p++)
        printf("%02x", (unsigned char)*p);
    printf(" outleft=%ld\n", (long)ol);
    iconv_close(cd);
}

/* Every output size for one conversion: where E2BIG stops. */
static void sizes(const char *to, const char *from, const char *in, size_t n)
{
    for (size_t room = 0; room <= 12; room++)
        show(to, from, in, n, room);
}

int main(void)
{
    show("UTF-8", "UTF-8", "A\xc0\x80", 3, 64);
    show("UTF-8", "UTF-8", "A\xed\xa0\x80", 4, 64);
    show("UTF-8", "UTF-8", "A\xf4\x90\x80\x80", 5, 64);
    show("UTF-8", "UTF-8", "A\xe2\x82", 3, 64);
    show("UTF-8", "UTF-8", "A\xe2\x41", 3, 64);
    show("UTF-8", "UTF-8", "A\x80", 2, 64);
    show("UTF-8", "UTF-8", "A\xf5", 2, 64);
    show("UTF-8", "UTF-8", "\xf0\x9f\x98", 3, 64);
    show("UTF-16LE", "UTF-8", "A\xf0\x9f\x98", 4, 64);
    show("UTF-8", "UTF-16LE", "\x00\xd8\x00\xdc", 4, 64);
    show("UTF-8", "UTF-16LE", "\x00\xdc\x00\xdc", 4, 64);
    show("UTF-8", "UTF-16LE", "\x00\xd8\x41\x00", 4, 64);
    show("UTF-8", "UTF-16LE", "A\x00\x00\xd8", 4, 64);
    show("UTF-8", "UTF-16LE", "A\x00\x41", 3, 64);
    show("UTF-8", "UTF-32LE", "\x00\x00\x11\x00", 4, 64);
    show("UTF-8", "UTF-32LE", "\x00\xd8\x00\x00", 4, 64);
    show("UTF-8", "UTF-32BE", "\x00\x00\x00\x41\x00\x00", 6, 64);
    show("UTF-8", "WCHAR_T", "A\0\0\0\0\xd8\0\0", 8, 64);
    show("UTF-8", "ASCII", "A\xc3", 2, 64);
    show("UTF-8", "CP1252", "a\x81\x80", 3, 64);
    show("UTF-8", "ISO-8859-3", "\xa5", 1, 64);
    /* The target lacks the character: '*', counted. */
    show("ISO-8859-1", "UTF-8", "A\xe2\x82\xac" "B\xc3\xa9\xf0\x9f\x98\x80", 11, 64);
    show("ASCII", "UTF-8", "A\xc3\xa9" "B", 4, 64);
    show("KOI8-R", "UTF-8", "\xe2\x82\xac", 3, 64);
    show("CP1252", "UTF-8", "\xe2\x82\xac\xc5\x93\xc4\x80", 7, 64);
    /* Byte-order marks. */
    show("UTF-16", "UTF-8", "A\xc3\xa9", 3, 64);
    show("UTF-32", "UTF-8", "A\xc3\xa9", 3, 64);
    show("UCS-2", "UTF-8", "A\xc3\xa9", 3, 64);
    show("UCS-4", "UTF-8", "A\xc3\xa9", 3, 64);
    show("UTF-8", "UTF-16", "\xff\xfe\x41\x00", 4, 64);
    show("UTF-8", "UTF-16", "\xfe\xff\x00\x41", 4, 64);
    show("UTF-8", "UTF-16", "\x00\x41", 2, 64);
    show("UTF-8", "UTF-16", "\xff\xfe\xff\xfe\x41\x00", 6, 64);
    show("UTF-8", "UTF-16BE", "\xfe\xff\x00\x41", 4, 64);
    show("UTF-8", "UTF-32", "\xff\xfe\0\0\x41\0\0\0", 8, 64);
    show("UTF-8", "UTF-32", "\0\0\0\x41", 4, 64);
    show("UTF-8", "UCS-2", "\xff\xfe\x41\x00", 4, 64);
    show("UTF-8", "UCS-4", "\0\0\xfe\xff\0\0\0\x41", 8, 64);
    /* E2BIG at every output size. */
    sizes("UTF-16LE", "UTF-8", "ab\xc3\xa9\xf0\x9f\x98\x80z", 9);
    sizes("UTF-8", "UTF-32BE", "\0\0\0a\0\0\0\xe9\0\1\xf6\0", 12);
    sizes("ISO-8859-1", "UTF-8", "ab\xc3\xa9\xe2\x82\xac", 7);

    /* State across calls: a sequence split between two calls, and the reset. */
    iconv_t cd = iconv_open("UTF-16LE", "UTF-8");
    char out[16], *op = out, *ip = "\xe2\x82\xac";
    size_t il = 2, ol = sizeof out;
    size_t r = iconv(cd, &ip, &il, &op, &ol);
    printf("split: r=%ld errno=%s read=%ld\n", (long)r, errno == EINVAL ? "EINVAL" : "?", (long)(2 - il));
    il = 3;
    r = iconv(cd, &ip, &il, &op, &ol);
    printf("rest: r=%ld wrote=%ld\n", (long)r, (long)(op - out));
    op = out;
    ol = sizeof out;
    r = iconv(cd, NULL, NULL, &op, &ol);
    printf("reset: r=%ld wrote=%ld\n", (long)r, (long)(op - out));
    r = iconv(cd, NULL, NULL, NULL, NULL);
    printf("reset without output: r=%ld\n", (long)r);
    iconv_close(cd);

    cd = iconv_open("UTF-8", "UTF-16");
    ip = "\xff\xfe\x41\x00";
    il = 4;
    op = out;
    ol = sizeof out;
    iconv(cd, &ip, &il, &op, &ol);
    ip = "\x42\x00";
    il = 2;
    iconv(cd, &ip, &il, &op, &ol);
    printf("order kept across calls: %.*s\n", (int)(op - out), out);
    iconv_close(cd);
    return 0;
}

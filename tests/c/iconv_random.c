/* Generated inputs, compared with musl: for each pair of charsets, 3,000 strings of random
 * bytes (half of them made of valid characters with a damaged byte here and there) go
 * through one iconv call with a random output size; the return value, errno, the bytes read
 * and written and the output are folded into one checksum a pair, and the pairs that differ
 * can be printed case by case with an argument (`iconv_random PAIR-NUMBER`).
 * Where UCS-2 is either side, all the inputs are characters from the BMP (no random
 * bytes, which might decode to more): musl writes U+FFFD for
 * one above it and does not count it, limpet writes '*' and counts it (POSIX counts every
 * conversion that is not identical), and the input is made with the library's own
 * encoder. */
#include <errno.h>
#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *froms[] = {"UTF-8", "UTF-16", "UTF-16LE", "UTF-16BE", "UTF-32", "UTF-32LE",
                              "UCS-2", "UCS-2LE", "UCS-4", "WCHAR_T", "ASCII", "ISO-8859-1",
                              "CP1252", "KOI8-R", "ISO-8859-7"};
static const char *tos[] = {"UTF-8", "UTF-16LE", "UTF-16", "UTF-32BE", "UCS-2", "ISO-8859-1",
                            "ASCII", "CP1251", "ISO-8859-15", "IBM1047"};

static unsigned long long seed = 0x9e3779b97f4a7c15ULL;
static unsigned next(void)
{
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return (unsigned)(seed >> 11);
}

/* A random scalar value, mostly small, sometimes a surrogate or past U+10FFFF; with
 * `bmp`, below U+10000. */
static unsigned random_char(int bmp)
{
    if (bmp)
        return next() % 0x10000;
    switch (next() % 8) {
    case 0: case 1: case 2: return next() % 0x80;
    case 3: return 0x80 + next() % 0x780;
    case 4: return 0x800 + next() % 0xf800;
    case 5: return 0x10000 + next() % 0x100000;
    case 6: return 0xd800 + next() % 0x800;
    default: return next() % 0x120000;
    }
}

/* Valid-looking input: random characters encoded to `from` by the library itself (musl's
 * or limpet's encoder, which the other tests compare), then a byte damaged now and then. */
static size_t make_input(const char *from, int bmp, unsigned char *buf, size_t cap)
{
    if (next() % 2 && !bmp) {
        size_t n = next() % 24;
        for (size_t i = 0; i < n; i++)
            buf[i] = (unsigned char)next();
        return n;
    }
    unsigned cps[12];
    size_t k = next() % 12;
    for (size_t i = 0; i < k; i++)
        cps[i] = random_char(bmp);
    iconv_t cd = iconv_open(from, "UTF-32LE");
    char *ip = (char *)cps, *op = (char *)buf;
    size_t il = k * 4, ol = cap;
    while (il > 0) {
        if (iconv(cd, &ip, &il, &op, &ol) == (size_t)-1 && errno != E2BIG) {
            ip += 4;
            il -= 4;
        } else if (errno == E2BIG && il > 0) {
            break;
        }
    }
    iconv_close(cd);
    size_t n = (unsigned char *)op - buf;
    /* A damaged UTF-16 or UTF-32 unit may hold a character above the BMP. */
    if (n && next() % 3 == 0 && (!bmp || !strncmp(from, "UCS-2", 5)))
        buf[next() % n] = (unsigned char)next();
    if (n && next() % 4 == 0)
        n -= next() % n;
    return n;
}

int main(int argc, char **argv)
{
    int want = argc > 1 ? atoi(argv[1]) : -1, pair = 0;
    for (size_t f = 0; f < sizeof froms / sizeof *froms; f++)
        for (size_t t = 0; t < sizeof tos / sizeof *tos; t++, pair++) {
            unsigned long sum = 0;
            int bmp = !strncmp(froms[f], "UCS-2", 5) || !strncmp(tos[t], "UCS-2", 5);
            for (int c = 0; c < 3000; c++) {
                unsigned char in[64], out[128];
                size_t n = make_input(froms[f], bmp, in, sizeof in);
                size_t room = next() % 2 ? sizeof out : next() % 16;
                iconv_t cd = iconv_open(tos[t], froms[f]);
                char *ip = (char *)in, *op = (char *)out;
                size_t il = n, ol = room;
                errno = 0;
                size_t r = iconv(cd, &ip, &il, &op, &ol);
                int e = r == (size_t)-1 ? errno : 0;
                iconv_close(cd);
                sum = sum * 1000003 + (r == (size_t)-1 ? 99 : r) * 7 + e;
                sum = sum * 31 + (n - il) * 257 + (room - ol);
                for (unsigned char *p = out; p < (unsigned char *)op; p++)
                    sum = sum * 131 + *p;
                if (want == pair) {
                    printf("%s -> %s in=", froms[f], tos[t]);
                    for (size_t i = 0; i < n; i++)
                        printf("%02x", in[i]);
                    printf(" room=%zu r=%ld e=%d read=%zu out=", room, r == (size_t)-1 ? -1L : (long)r, e, n - il);
                    for (unsigned char *p = out; p < (unsigned char *)op; p++)
                        printf("%02x", *p);
                    printf("\n");
                }
            }
            if (want < 0)
                printf("%2d %s -> %s: %016lx\n", pair, froms[f], tos[t], sum);
        }
    return 0;
}

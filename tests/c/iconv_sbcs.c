/* The single-byte charsets: every byte decoded (to UTF-32BE), and every character decoded
 * encoded back to its byte. Prints a checksum of each table and the bytes it lacks, so a
 * difference from musl names its charset; with any argument, prints every byte instead.
 * Compared with musl. */
#include <errno.h>
#include <iconv.h>
#include <stdio.h>
#include <string.h>

static const char *sets[] = {
    "ISO-8859-1", "ISO-8859-2", "ISO-8859-3", "ISO-8859-4", "ISO-8859-5", "ISO-8859-6",
    "ISO-8859-7", "ISO-8859-8", "ISO-8859-9", "ISO-8859-10", "ISO-8859-11", "ISO-8859-13",
    "ISO-8859-14", "ISO-8859-15", "ISO-8859-16", "CP1250", "CP1251", "CP1252", "CP1253",
    "CP1254", "CP1255", "CP1256", "CP1257", "CP1258", "KOI8-R", "KOI8-U", "CP437", "CP850",
    "CP866", "IBM1047",
};

int main(int argc, char **argv)
{
    int bad = 0;
    for (size_t s = 0; s < sizeof sets / sizeof *sets; s++) {
        iconv_t dec = iconv_open("UTF-32BE", sets[s]);
        iconv_t enc = iconv_open(sets[s], "UTF-32BE");
        if (dec == (iconv_t)-1 || enc == (iconv_t)-1) {
            printf("%s: open failed\n", sets[s]);
            bad++;
            continue;
        }
        unsigned long sum = 0;
        int missing = 0, roundtrip_bad = 0;
        for (int b = 0; b < 256; b++) {
            char in = (char)b, out[4], *ip = &in, *op = out;
            size_t il = 1, ol = 4;
            if (iconv(dec, &ip, &il, &op, &ol) == (size_t)-1) {
                missing++;
                if (argc > 1)
                    printf("%s %02x -\n", sets[s], b);
                continue;
            }
            unsigned long c = (unsigned char)out[0] << 24 | (unsigned char)out[1] << 16 |
                              (unsigned char)out[2] << 8 | (unsigned char)out[3];
            if (argc > 1)
                printf("%s %02x %04lx\n", sets[s], b, c);
            sum = sum * 31 + c * 257 + b;
            char back, *bp = &back, *cp = out;
            size_t cl = 4, bl = 1;
            size_t r = iconv(enc, &cp, &cl, &bp, &bl);
            if (r != 0 || bl != 0 || (unsigned char)back != b)
                roundtrip_bad++;
        }
        printf("%s: checksum %08lx, undefined bytes %d, round-trip failures %d\n", sets[s],
               sum & 0xffffffffUL, missing, roundtrip_bad);
        bad += roundtrip_bad;
        iconv_close(dec);
        iconv_close(enc);
    }
    printf("bad %d\n", bad);
    return bad != 0;
}

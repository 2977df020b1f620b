/* What iconv_cjk_decode and iconv_cjk_glibc share: one() converts a sequence alone with a
 * fresh state and mixes its result (bytes read, bytes written, the output, the error) into
 * an FNV-1a hash, counting the calls that succeeded, failed with EILSEQ or EINVAL, or
 * failed any other way (bad); row_start() begins a row's counts and hash. Each program
 * prints its rows its own way. */
#include <errno.h>
#include <iconv.h>
#include <string.h>

/* FNV-1a's offset basis and prime (32-bit). */
#define FNV_BASIS 2166136261u
#define FNV_PRIME 16777619u

static unsigned hash = FNV_BASIS;
static int ok, ilseq, inval, bad;

static void mix(unsigned v)
{
    hash = (hash ^ v) * FNV_PRIME;
}

/* Converts the n bytes at s alone with a fresh state (cd is reset first) and mixes in the
 * result. */
static void one(iconv_t cd, const char *s, size_t n)
{
    char in[16], out[64];
    memcpy(in, s, n);
    char *ip = in, *op = out;
    size_t il = n, ol = sizeof out;
    iconv(cd, NULL, NULL, NULL, NULL);
    size_t r = iconv(cd, &ip, &il, &op, &ol);
    int e = r == (size_t)-1 ? errno : 0;
    if (!e)
        ok++;
    else if (e == EILSEQ)
        ilseq++;
    else if (e == EINVAL)
        inval++;
    else
        bad++;
    mix((unsigned)(ip - in));
    mix((unsigned)(op - out));
    for (char *p = out; p < op; p++)
        mix((unsigned char)*p);
    mix((unsigned)e);
}

static void row_start(void)
{
    hash = FNV_BASIS;
    ok = ilseq = inval = 0;
}

/* iconv(3) from GB18030 to UTF-8 over 64 KB per call: Chinese text as it comes, mostly
 * two-byte hanzi (lead 0xB0..0xF7) with ASCII words and punctuation between, and about one
 * character in thirty a four-byte sequence of the BMP (81308130..8234FE39: Latin letters
 * with marks, Cyrillic, symbols, CJK extension A). The four-byte ones stay there because
 * musl 1.2.3 decodes the later ones wrongly and glibc (GB18030-2005) lacks those of the
 * characters 2005 moved to two-byte codes; they are few because musl finds each one by a
 * scan of its table (about 0.1 ms each). The descriptor is opened once; every call
 * converts the whole buffer. */
#include <iconv.h>
#include "bench.h"

#define SIZE 65536
#define OUT_SIZE (SIZE * 2)
static unsigned char text[SIZE];
static char out[OUT_SIZE];
static iconv_t cd;
static unsigned long want;

static unsigned long convert(void)
{
	char *in = (char *)text, *o = out;
	unsigned long in_left = SIZE, out_left = OUT_SIZE;
	BENCH_HIDE(in);
	if (iconv(cd, &in, &in_left, &o, &out_left) != 0 || in_left != 0)
		bench_fail("iconv: GB18030 text did not convert whole");
	return OUT_SIZE - out_left;
}

static void bench_setup(const char *arg)
{
	static const char *const words[] = { "GB18030", " ", "2024", ", ", "iconv", ". ", "UTF-8", "\n" };
	unsigned x = 2024, n = 0;
	(void)arg;
	while (n < SIZE - 8) {
		x = x * 1103515245u + 12345u;
		unsigned r = (x >> 16) & 0xff;
		if (r < 40) {
			for (const char *w = words[r % 8]; *w; w++)
				text[n++] = (unsigned char)*w;
		} else if (r < 48) {
			unsigned lead = 0x81 + (x >> 8) % 2;
			text[n++] = (unsigned char)lead;
			text[n++] = (unsigned char)(0x30 + (x >> 10) % (lead == 0x81 ? 10 : 5));
			text[n++] = (unsigned char)(0x81 + (x >> 4) % 126);
			text[n++] = (unsigned char)(0x30 + (x >> 24) % 10);
		} else {
			text[n++] = (unsigned char)(0xB0 + (x >> 8) % 72);
			text[n++] = (unsigned char)(0xA1 + (x >> 4) % 94);
		}
	}
	while (n < SIZE)
		text[n++] = ' ';
	cd = iconv_open("UTF-8", "GB18030");
	if (cd == (iconv_t)-1)
		bench_fail("iconv_open(UTF-8, GB18030) failed");
	want = convert();
	/* Two-byte hanzi are three bytes of UTF-8: the output is longer than the input. */
	if (want <= SIZE)
		bench_fail("iconv: UTF-8 output shorter than the GB18030 input");
}

static void bench_op(long i)
{
	(void)i;
	unsigned long got = convert();
	BENCH_KEEP(out[got - 1]);
	if (got != want)
		bench_fail("iconv: output length changed between calls");
}

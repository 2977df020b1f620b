/* iconv from UTF-8 to UTF-16LE over 64 KB of mixed text (iconv_text.h) per operation,
 * through one descriptor opened in the set-up: the whole buffer in one call. */
#include <iconv.h>
#include "bench.h"
#include "iconv_text.h"

static iconv_t cd;
static char out[TEXT_SIZE * 2];

static void bench_setup(const char *arg)
{
	(void)arg;
	make_text(1);
	cd = iconv_open("UTF-16LE", "UTF-8");
	if (cd == (iconv_t)-1)
		bench_fail("iconv_open failed");
}

static void bench_op(long i)
{
	(void)i;
	char *in = text, *o = out;
	size_t il = text_len, ol = sizeof out;
	BENCH_HIDE(in);
	if (iconv(cd, &in, &il, &o, &ol) != 0 || il != 0)
		bench_fail("iconv failed");
	BENCH_KEEP(o);
}

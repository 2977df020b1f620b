/* iconv from UTF-8 to ISO-8859-1 over 64 KB of mixed text (iconv_text.h) per operation,
 * through one descriptor opened in the set-up: the whole buffer in one call. */
#include "bench.h"
#include "iconv_text.h"

static char out[TEXT_SIZE * 1];

static void bench_setup(const char *arg)
{
	(void)arg;
	text_open("ISO-8859-1", 0);
}

static void bench_op(long i)
{
	(void)i;
	text_convert(out, sizeof out);
}

/* Buffered stream throughput: 64 bytes fwritten to a fully buffered FILE on /dev/null
 * and 64 bytes freaded from one on /dev/zero, so most calls only copy through the
 * stream's buffer (with its locking) and one in sixteen reaches the kernel. */
#include <stdio.h>
#include "bench.h"

static FILE *out, *in;
static char chunk[64];

static void bench_setup(const char *arg)
{
	(void)arg;
	out = fopen("/dev/null", "w");
	in = fopen("/dev/zero", "r");
	if (!out || !in)
		bench_fail("fopen failed");
}

static void bench_op(long i)
{
	chunk[0] = (char)i;
	if (fwrite(chunk, 1, sizeof chunk, out) != sizeof chunk)
		bench_fail("fwrite failed");
	if (fread(chunk, 1, sizeof chunk, in) != sizeof chunk)
		bench_fail("fread failed");
	__asm__ volatile("" : : "r"(chunk) : "memory");
}

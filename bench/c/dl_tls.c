/* A call into a dlopen'd library (dl_tls.lib.c) whose function increments a general-dynamic
 * __thread variable: the indirect call plus __tls_get_addr's fast path, once the first call
 * has given this thread the library's TLS block. */
#include "bench.h"
#include "bench_dl.h"

static long (*bump)(void);
static long expected;

static void bench_setup(const char *arg)
{
	(void)arg;
	void *lib = bench_dlopen("libbench_tls.so");
	long (*peek)(unsigned) = (long (*)(unsigned))dlsym(lib, "bench_tls_peek");
	bump = (long (*)(void))dlsym(lib, "bench_tls_bump");
	if (!peek || !bump)
		bench_fail("dlsym failed");
	if (peek(2) != 3 || peek(3) != 0)
		bench_fail("the library's TLS image is wrong");
}

static void bench_op(long i)
{
	(void)i;
	if (bump() != ++expected)
		bench_fail("the TLS counter is wrong");
}

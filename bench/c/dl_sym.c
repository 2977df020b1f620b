/* dlsym in a library of 1,000 exported functions (dl_sym.lib.c), opened once: each operation
 * looks up the next of the 1,000 names, taken in a scattered order ((k * 37) % 1000), and
 * every lookup succeeds. */
#include "bench.h"
#include "bench_dl.h"

#define N 1000
/* "bench_sym_" and three digits. */
#define NAME_LEN 13

static void *lib;
static char names[N][NAME_LEN + 1];

static void bench_setup(const char *arg)
{
	(void)arg;
	lib = bench_dlopen("libbench_syms.so");
	for (int k = 0; k < N; k++) {
		int n = (k * 37) % N;
		const char *stem = "bench_sym_";
		for (int c = 0; c < 10; c++)
			names[k][c] = stem[c];
		names[k][10] = (char)('0' + n / 100);
		names[k][11] = (char)('0' + n / 10 % 10);
		names[k][12] = (char)('0' + n % 10);
		names[k][13] = 0;
		int (*f)(void) = (int (*)(void))dlsym(lib, names[k]);
		if (!f || f() != 1000 + n)
			bench_fail("dlsym found the wrong function");
	}
}

static void bench_op(long i)
{
	void *p = dlsym(lib, names[i % N]);
	if (!p)
		bench_fail("dlsym failed");
	BENCH_KEEP(p);
}

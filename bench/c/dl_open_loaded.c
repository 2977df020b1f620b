/* dlopen+dlclose of a small library that another handle keeps loaded: the work all three
 * C libraries do alike (find the library among the loaded ones by its path, count a
 * reference, drop it), where dl_open_close measures loading and unloading. */
#include "bench.h"
#include "bench_dl.h"

static const char *path;

static void bench_setup(const char *arg)
{
	(void)arg;
	/* This handle is never closed: the library stays for the whole run. */
	void *kept = bench_dlopen("libbench_small.so");
	long (*apply)(unsigned, long) = (long (*)(unsigned, long))dlsym(kept, "bench_small_apply");
	if (!apply || apply(1, 3) != 15)
		bench_fail("the library's constructor or relocations are wrong");
	path = bench_dl_path("libbench_small.so");
}

static void bench_op(long i)
{
	(void)i;
	bench_dl_open_close(path);
}

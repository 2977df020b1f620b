/* dlopen of a small library (dl_open_close.lib.c: a few functions, data with relocations,
 * one constructor) with RTLD_NOW, then dlclose. limpet and glibc unload the library on
 * dlclose, so every operation maps, relocates and initialises it again, and unmaps it.
 * musl's dlclose does nothing: after the first operation its dlopen finds the library
 * already loaded (open, fstat, a search of the loaded list). */
#include "bench.h"
#include "bench_dl.h"

static const char *path;

static void bench_setup(const char *arg)
{
	(void)arg;
	void *h = bench_dlopen("libbench_small.so");
	long (*apply)(unsigned, long) = (long (*)(unsigned, long))dlsym(h, "bench_small_apply");
	/* 3 squared, plus strlen("square") from the constructor. */
	if (!apply || apply(1, 3) != 15)
		bench_fail("the library's constructor or relocations are wrong");
	if (dlclose(h))
		bench_fail("dlclose failed");
	path = bench_dl_path("libbench_small.so");
}

static void bench_op(long i)
{
	(void)i;
	bench_dl_open_close(path);
}

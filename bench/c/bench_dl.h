/* For the rows that dlopen a library of their own: the build puts it beside the program,
 * and the runner starts the program in another directory, so the row opens it by the
 * absolute path that /proc/self/exe gives. Include after bench.h. */
#ifndef BENCH_DL_H
#define BENCH_DL_H

#include <dlfcn.h>
#include <unistd.h>

/* The path of FILE in the program's own directory, in a buffer of its own. */
static const char *bench_dl_path(const char *file)
{
	static char path[4096];
	long n = readlink("/proc/self/exe", path, sizeof path);
	unsigned long dir = 0;
	if (n <= 0 || (unsigned long)n >= sizeof path)
		bench_fail("readlink /proc/self/exe failed");
	for (long k = 0; k < n; k++)
		if (path[k] == '/')
			dir = (unsigned long)k + 1;
	unsigned long len = bench_strlen(file);
	if (dir + len >= sizeof path)
		bench_fail("the library's path is too long");
	for (unsigned long k = 0; k <= len; k++)
		path[dir + k] = file[k];
	return path;
}

/* dlopen of FILE from the program's directory with RTLD_NOW; the program fails without it. */
static void *bench_dlopen(const char *file)
{
	void *h = dlopen(bench_dl_path(file), RTLD_NOW);
	if (!h)
		bench_fail(dlerror());
	return h;
}

/* One operation of the dlopen+dlclose rows: open PATH with RTLD_NOW and close it. */
static void bench_dl_open_close(const char *path)
{
	void *h = dlopen(path, RTLD_NOW);
	if (!h)
		bench_fail(dlerror());
	if (dlclose(h))
		bench_fail("dlclose failed");
}

#endif

/* 10,000 dlopen/dlclose cycles of a small library (limpet only: musl's dlclose does
 * nothing, so dl_unload_cycles.expected holds what a loader that unloads prints, as
 * glibc's does; the program always returns 0, because the musl reference run, whose exit
 * status is compared, fails these checks). Every cycle loads the library afresh (its
 * static data starts at its initial value), and the cycles leak neither memory (VmRSS
 * grows by less than 1 MiB) nor mappings (/proc/self/maps grows by at most 2 lines). */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#define CYCLES 10000

static long rss_kib(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	long kib = -1;
	while (f && fgets(line, sizeof line, f))
		if (strncmp(line, "VmRSS:", 6) == 0)
			sscanf(line + 6, "%ld", &kib);
	if (f)
		fclose(f);
	return kib;
}

static int maps_lines(void)
{
	FILE *f = fopen("/proc/self/maps", "r");
	int n = 0, c;
	while (f && (c = getc(f)) != EOF)
		n += c == '\n';
	if (f)
		fclose(f);
	return n;
}

/* One cycle; returns whether the library was loaded afresh and worked. */
static int cycle(void)
{
	void *h = dlopen("./libdl_unload_cycles_small.so", RTLD_NOW);
	if (!h)
		return 0;
	int (*bump)(void) = (int (*)(void))dlsym(h, "small_bump");
	int fresh = bump && bump() == 1;
	return dlclose(h) == 0 && fresh;
}

int main(void)
{
	int fresh = 0;
	for (int i = 0; i < 100; i++)
		fresh += cycle();
	long rss0 = rss_kib();
	int maps0 = maps_lines();
	for (int i = 0; i < CYCLES; i++)
		fresh += cycle();
	long rss1 = rss_kib();
	int maps1 = maps_lines();
	printf("cycles that loaded the library afresh: %d of %d\n", fresh, CYCLES + 100);
	printf("VmRSS grew by less than 1 MiB: %s\n", rss0 > 0 && rss1 - rss0 < 1024 ? "yes" : "no");
	printf("/proc/self/maps grew by at most 2 lines: %s\n", maps1 - maps0 <= 2 ? "yes" : "no");
	/* The figures themselves vary from run to run, so they go to stderr, which the harness
	 * does not compare (run the program from its build directory to see them). */
	fprintf(stderr, "%d cycles: VmRSS %ld kB -> %ld kB, /proc/self/maps %d -> %d lines\n", CYCLES, rss0, rss1,
	        maps0, maps1);
	return 0;
}

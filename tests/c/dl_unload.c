/* dlclose unloads (limpet only: musl's dlclose does nothing, so dl_unload.expected holds
 * what a loader that unloads prints, as glibc's does; the program always returns 0, because
 * the musl reference run, whose exit status is compared, fails these checks).
 * - After the last dlclose the library and the dependencies nothing else needs are gone:
 *   their files are no longer in /proc/self/maps, RTLD_NOLOAD does not find them,
 *   dl_iterate_phdr has as many objects as before and dlpi_subs grew.
 * - Their destructors ran at dlclose, the user's before its dependency's.
 * - A library stays while a handle to it is open, or while another loaded library needs it.
 * - RTLD_NODELETE (at dlopen, or added with RTLD_NOLOAD) keeps a library until exit, when
 *   its destructor runs (after the atexit handlers; the later constructed first, as
 *   dl_ctor_order shows musl does: glibc runs these two the other way round).
 * - A handler the library registered with __cxa_atexit runs at dlclose, and not again at
 *   exit. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cxa_calls;

/* How many lines of /proc/self/maps name the file `lib`. */
static int mapped(const char *lib)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[512];
	int n = 0;
	size_t m = strlen(lib);
	while (f && fgets(line, sizeof line, f)) {
		size_t len = strcspn(line, "\n");
		line[len] = 0;
		n += len > m && line[len - m - 1] == '/' && strcmp(line + len - m, lib) == 0;
	}
	if (f)
		fclose(f);
	return n;
}

static void state(const char *lib)
{
	char path[128];
	snprintf(path, sizeof path, "./%s", lib);
	void *h = dlopen(path, RTLD_NOW | RTLD_NOLOAD);
	printf("  %s: %s, %s\n", lib, mapped(lib) ? "mapped" : "not mapped", h ? "RTLD_NOLOAD finds it" : "RTLD_NOLOAD does not find it");
	if (h)
		dlclose(h);
	dlerror();
}

static int objects(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	unsigned long long *w = data;
	w[0]++;
	w[1] = info->dlpi_subs;
	return 0;
}

static void *open_lib(const char *lib, int mode)
{
	char path[128];
	snprintf(path, sizeof path, "./%s", lib);
	printf("dlopen %s\n", lib);
	void *h = dlopen(path, mode);
	if (!h)
		printf("  failed\n");
	return h;
}

static void close_lib(void *h, const char *what)
{
	printf("dlclose %s\n", what);
	if (dlclose(h) != 0)
		printf("  dlclose failed\n");
}

/* An atexit handler: it runs before every destructor. */
static void report(void)
{
	printf("at exit: the __cxa_atexit handler has run %d time(s)\n", cxa_calls);
}

int main(void)
{
	unsigned long long before[2] = {0}, loaded[2] = {0}, after[2] = {0};
	dl_iterate_phdr(objects, before);
	void *user = open_lib("libdl_unload_user.so", RTLD_NOW);
	if (!user)
		return 0;
	state("libdl_unload_user.so");
	state("libdl_unload_dep.so");
	dl_iterate_phdr(objects, loaded);
	close_lib(user, "user");
	state("libdl_unload_user.so");
	state("libdl_unload_dep.so");
	dl_iterate_phdr(objects, after);
	printf("objects: %llu more while loaded, %llu more after dlclose; dlpi_subs grew: %s\n",
	       loaded[0] - before[0], after[0] - before[0], after[1] > before[1] ? "yes" : "no");

	printf("-- a dependency another library still needs\n");
	user = open_lib("libdl_unload_user.so", RTLD_NOW);
	void *other = open_lib("libdl_unload_other.so", RTLD_NOW);
	if (!user || !other)
		return 0;
	close_lib(user, "user");
	state("libdl_unload_user.so");
	state("libdl_unload_dep.so");
	close_lib(other, "other");
	state("libdl_unload_dep.so");

	printf("-- a dependency also opened by itself\n");
	void *dep = open_lib("libdl_unload_dep.so", RTLD_NOW);
	user = open_lib("libdl_unload_user.so", RTLD_NOW);
	if (!dep || !user)
		return 0;
	close_lib(dep, "dep");
	state("libdl_unload_dep.so");
	close_lib(user, "user");
	state("libdl_unload_user.so");
	state("libdl_unload_dep.so");

	printf("-- two handles to one library\n");
	void *a = open_lib("libdl_unload_user.so", RTLD_NOW);
	void *b = open_lib("libdl_unload_user.so", RTLD_NOW);
	if (!a || !b)
		return 0;
	close_lib(a, "the first");
	state("libdl_unload_user.so");
	close_lib(b, "the second");
	state("libdl_unload_user.so");

	printf("-- RTLD_NODELETE\n");
	void *nodel = open_lib("libdl_unload_nodel.so", RTLD_NOW | RTLD_NODELETE);
	if (!nodel)
		return 0;
	int (*nodel_value)(void) = (int (*)(void))dlsym(nodel, "nodel_value");
	close_lib(nodel, "nodel");
	state("libdl_unload_nodel.so");
	printf("  nodel_value still callable: %d\n", nodel_value ? nodel_value() : -1);
	void *pinned = open_lib("libdl_unload_pinned.so", RTLD_NOW);
	void *pin = dlopen("./libdl_unload_pinned.so", RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
	printf("  RTLD_NOLOAD | RTLD_NODELETE: %s\n", pin == pinned ? "same handle" : "other handle");
	if (!pinned || !pin)
		return 0;
	close_lib(pin, "pinned");
	close_lib(pinned, "pinned again");
	state("libdl_unload_pinned.so");

	printf("-- __cxa_atexit\n");
	void *cxa = open_lib("libdl_unload_cxa.so", RTLD_NOW);
	void (*reg)(int *) = cxa ? (void (*)(int *))dlsym(cxa, "cxa_register") : 0;
	if (!reg)
		return 0;
	reg(&cxa_calls);
	close_lib(cxa, "cxa");
	printf("  the handler has run %d time(s)\n", cxa_calls);
	state("libdl_unload_cxa.so");
	atexit(report);
	printf("main returns\n");
	return 0;
}

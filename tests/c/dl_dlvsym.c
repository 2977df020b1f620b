/* dlvsym, the GNU extension (limpet only: musl has no dlvsym, so the program looks it up
 * with dlsym and says so when it is missing; dl_dlvsym.expected holds glibc's output, and
 * the program returns 0 either way, as the musl reference run's status is compared).
 * The library defines vers_fn twice: VERS_1.0 (returns 1) and the default VERS_2.0
 * (returns 2). dlvsym picks each by its version, dlsym gets the default one, a version
 * the symbol does not have gives NULL and a dlerror message. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>

static int call(void *f) { return f ? ((int (*)(void))f)() : -1; }

int main(void)
{
	void *(*dlvsym_fn)(void *, const char *, const char *) =
		(void *(*)(void *, const char *, const char *))dlsym(RTLD_DEFAULT, "dlvsym");
	if (!dlvsym_fn) {
		printf("dlvsym: not available\n");
		return 0;
	}
	void *h = dlopen("./libdl_dlvsym_versioned.so", RTLD_NOW);
	if (!h)
		return 0;
	printf("dlvsym vers_fn VERS_1.0: %d\n", call(dlvsym_fn(h, "vers_fn", "VERS_1.0")));
	printf("dlvsym vers_fn VERS_2.0: %d\n", call(dlvsym_fn(h, "vers_fn", "VERS_2.0")));
	printf("dlsym vers_fn (the default version): %d\n", call(dlsym(h, "vers_fn")));
	printf("dlvsym vers_plain VERS_2.0: %d\n", call(dlvsym_fn(h, "vers_plain", "VERS_2.0")));
	dlerror();
	void *none = dlvsym_fn(h, "vers_fn", "VERS_3.0");
	printf("dlvsym vers_fn VERS_3.0: %s, message %s\n", none ? "found" : "NULL", dlerror() ? "yes" : "no");
	none = dlvsym_fn(h, "vers_plain", "VERS_1.0");
	printf("dlvsym vers_plain VERS_1.0: %s, message %s\n", none ? "found" : "NULL", dlerror() ? "yes" : "no");
	printf("the hidden names: vers_old %s, vers_new %s\n", dlsym(h, "vers_old") ? "found" : "NULL",
	       dlsym(h, "vers_new") ? "found" : "NULL");
	return 0;
}

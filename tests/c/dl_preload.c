/* LD_PRELOAD (dl_preload.env names ./libdl_preload_pre.so): the preloaded library's
 * constructor runs before main, its malloc replaces libc's for the program's calls and
 * libc's own (strdup), and its whoami interposes the linked library's, both for the
 * program and for that library's own call. The program does not link the preloaded
 * library: it finds its counter with dlsym(RTLD_DEFAULT). */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *whoami(void);
const char *base_asks_whoami(void);

#include "dl_check.h"

int main(void)
{
	int *ctor_ran = (int *)dlsym(RTLD_DEFAULT, "preload_ctor_ran");
	int (*calls)(void) = (int (*)(void))dlsym(RTLD_DEFAULT, "preload_malloc_calls");
	check("the preloaded library is in the global scope", ctor_ran && calls);
	if (!ctor_ran || !calls)
		return 1;
	check("its constructor ran before main", *ctor_ran == 1);

	void *warm = malloc(8);
	free(warm);
	int before = calls();
	void *p[4];
	for (int i = 0; i < 4; i++)
		p[i] = malloc(64);
	int after = calls();
	for (int i = 0; i < 4; i++)
		free(p[i]);
	printf("4 mallocs reached the preloaded malloc: %d\n", after - before);
	check("they returned memory", p[0] && p[1] && p[2] && p[3]);

	before = calls();
	char *s = strdup("preloaded");
	check("strdup allocates through the preloaded malloc", calls() > before && s && !strcmp(s, "preloaded"));
	free(s);

	printf("the program's whoami: %s\n", whoami());
	printf("the linked library's whoami: %s\n", base_asks_whoami());
	check("RTLD_DEFAULT finds the preloaded malloc", dlsym(RTLD_DEFAULT, "malloc") == (void *)malloc);
	return fails != 0;
}

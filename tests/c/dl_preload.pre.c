/* dl_preload's LD_PRELOAD library: it replaces malloc (counting calls and forwarding them
 * through dlsym(RTLD_NEXT, "malloc")) and the linked library's whoami. A call that arrives
 * while the next malloc is being looked up is served from a static arena. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>

static void *(*next_malloc)(size_t);
static int resolving;
static _Alignas(16) unsigned char arena[4096];
static size_t arena_used;
static int calls;
int preload_ctor_ran;

__attribute__((constructor)) static void ctor(void) { preload_ctor_ran = 1; }

void *malloc(size_t n)
{
	if (!next_malloc && !resolving) {
		resolving = 1;
		next_malloc = (void *(*)(size_t))dlsym(RTLD_NEXT, "malloc");
		resolving = 0;
	}
	if (resolving || !next_malloc) {
		n = (n + 15) & ~(size_t)15;
		if (n > sizeof arena - arena_used)
			return 0;
		arena_used += n;
		return arena + arena_used - n;
	}
	calls++;
	return next_malloc(n);
}

/* The arena's blocks must never reach the real free. */
void free(void *p)
{
	static void (*next_free)(void *);
	if (!p || ((unsigned char *)p >= arena && (unsigned char *)p < arena + sizeof arena))
		return;
	if (!next_free)
		next_free = (void (*)(void *))dlsym(RTLD_NEXT, "free");
	next_free(p);
}

int preload_malloc_calls(void) { return calls; }
const char *whoami(void) { return "preload"; }

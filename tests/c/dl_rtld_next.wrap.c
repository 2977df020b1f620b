/* dl_rtld_next's wrapper library, linked by the program: its malloc, free and open count
 * their calls and pass them on to the next definition, found with dlsym(RTLD_NEXT, ...).
 * A call that arrives while the next malloc is being looked up (a loader may allocate)
 * is served from a small static arena, which free recognises and ignores. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>

static void *(*next_malloc)(size_t);
static void (*next_free)(void *);
static int (*next_open)(const char *, int, ...);
static int resolving;
static _Alignas(16) unsigned char arena[4096];
static size_t arena_used;
static int malloc_calls, free_calls, open_calls;

static void *arena_alloc(size_t n)
{
	n = (n + 15) & ~(size_t)15;
	if (n > sizeof arena - arena_used)
		return 0;
	void *p = arena + arena_used;
	arena_used += n;
	return p;
}

static void resolve(void)
{
	resolving = 1;
	next_malloc = (void *(*)(size_t))dlsym(RTLD_NEXT, "malloc");
	next_free = (void (*)(void *))dlsym(RTLD_NEXT, "free");
	next_open = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "open");
	resolving = 0;
}

void *malloc(size_t n)
{
	if (resolving)
		return arena_alloc(n);
	if (!next_malloc)
		resolve();
	malloc_calls++;
	return next_malloc ? next_malloc(n) : arena_alloc(n);
}

void free(void *p)
{
	if (!p || ((unsigned char *)p >= arena && (unsigned char *)p < arena + sizeof arena))
		return;
	if (!next_free)
		resolve();
	free_calls++;
	if (next_free)
		next_free(p);
}

int open(const char *path, int flags, ...)
{
	mode_t mode = 0;
	if (flags & O_CREAT) {
		va_list ap;
		va_start(ap, flags);
		mode = va_arg(ap, mode_t);
		va_end(ap);
	}
	if (!next_open)
		resolve();
	open_calls++;
	return next_open ? next_open(path, flags, mode) : -1;
}

int wrap_malloc_calls(void) { return malloc_calls; }
int wrap_free_calls(void) { return free_calls; }
int wrap_open_calls(void) { return open_calls; }
int wrap_resolved(void) { return next_malloc && next_free && next_open; }
void *wrap_next_open(void) { return (void *)next_open; }

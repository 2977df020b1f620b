/* A program that defines malloc, free, calloc and realloc replaces the library's allocator
 * everywhere: the C library's own allocations (strdup, strndup, stdio streams, getline,
 * in the main thread and another) must reach these
 * definitions, and free of what the library allocated must come back here too. The
 * replacement is a bump allocator over a static arena with a 16-byte size header (the
 * threads never allocate at the same time). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <errno.h>
#include <pthread.h>

static _Alignas(16) unsigned char arena[1 << 20];
static size_t used;
static int n_malloc, n_free, n_calloc, n_realloc, n_foreign;

void *malloc(size_t n)
{
	n_malloc++;
	size_t need = (n + 16 + 15) & ~(size_t)15;
	if (need > sizeof arena - used) {
		errno = ENOMEM;
		return 0;
	}
	unsigned char *p = arena + used;
	used += need;
	*(size_t *)p = n;
	return p + 16;
}

static int ours(void *p)
{
	return (unsigned char *)p >= arena && (unsigned char *)p < arena + sizeof arena;
}

void free(void *p)
{
	if (!p)
		return;
	n_free++;
	if (!ours(p))
		n_foreign++;
}

void *calloc(size_t a, size_t b)
{
	n_calloc++;
	if (b && a > (size_t)-1 / b) {
		errno = ENOMEM;
		return 0;
	}
	void *p = malloc(a * b);
	n_malloc--;
	if (p)
		memset(p, 0, a * b);
	return p;
}

void *realloc(void *p, size_t n)
{
	n_realloc++;
	void *q = malloc(n);
	n_malloc--;
	if (q && p) {
		size_t old = *(size_t *)((unsigned char *)p - 16);
		memcpy(q, p, old < n ? old : n);
	}
	return q;
}

static void *worker(void *arg)
{
	char *t = strdup(arg);
	int r = ours(t);
	free(t);
	return (void *)(long)r;
}

int main(void)
{
	alarm(10);
	char *s = strdup("interposed");
	printf("strdup ours %d text %s\n", ours(s), s);
	free(s);

	char path[64];
	snprintf(path, sizeof path, "/tmp/malloc_replace_%d", (int)getpid());
	FILE *f = fopen(path, "w+");
	if (!f)
		return 1;
	for (int i = 0; i < 50; i++)
		fprintf(f, "line %d of a file long enough to make getline grow its buffer %d\n", i, i * i);
	rewind(f);
	char *line = 0;
	size_t cap = 0;
	int lines = 0;
	while (getline(&line, &cap, f) > 0)
		lines++;
	printf("getline lines %d buffer ours %d\n", lines, ours(line));
	free(line);
	fclose(f);
	remove(path);

	pthread_t th;
	void *res;
	if (pthread_create(&th, 0, worker, "from a thread") || pthread_join(th, &res))
		return 1;
	printf("thread strdup ours %d\n", (int)(long)res);

	int before = n_malloc + n_calloc + n_realloc;
	char *dup = strndup("abcdef", 3);
	printf("strndup ours %d text %s\n", ours(dup), dup);
	free(dup);
	int after = n_malloc + n_calloc + n_realloc;
	printf("library allocations reached the replacement: %s\n", after > before ? "yes" : "no");
	printf("library frees reached the replacement: %s\n", n_free >= 3 ? "yes" : "no");
	printf("foreign pointers freed: %d\n", n_foreign);
	return 0;
}

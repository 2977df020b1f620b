/* limpet-malloc's static archive in a program on another C library: `cargo xtask embed
 * malloc` links this file against target/embed/malloc/.../liblimpet_malloc_embed.a (the
 * default allocator, malloc-hardened), ahead of the host libc, and runs it. The archive's
 * malloc family replaces the host's everywhere, inside the host libc too (its printf
 * buffers come from limpet); the host supplies errno, memcpy and memset.
 *
 * What shows it is limpet's: dladdr places malloc in this program, and malloc_usable_size
 * returns the size asked for, as musl's mallocng does (glibc rounds up: 24 for 5 bytes). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "this program" when `f` is defined in the executable, else the shared object's path. */
static const char *defined_in(void *f)
{
	Dl_info fi, mi;
	if (!dladdr(f, &fi) || !dladdr((void *)defined_in, &mi))
		return "?";
	return fi.dli_fbase == mi.dli_fbase ? "this program" : fi.dli_fname;
}

int main(void)
{
	printf("malloc, free are defined in: %s, %s\n", defined_in((void *)malloc), defined_in((void *)free));

	char *p = malloc(5);
	printf("malloc(5): usable size %zu, 16-byte aligned: %d\n", malloc_usable_size(p), (uintptr_t)p % 16 == 0);
	memcpy(p, "abcd", 5);
	p = realloc(p, 100000);
	printf("realloc to 100000: usable size %zu, contents kept: %s\n", malloc_usable_size(p), p);
	free(p);

	size_t total = 0;
	char *blocks[1000];
	for (int i = 0; i < 1000; i++) {
		blocks[i] = calloc(1, (size_t)i * 7 + 1);
		total += malloc_usable_size(blocks[i]);
	}
	int zero = 1;
	for (int i = 0; i < 1000; i++) {
		for (size_t j = 0; j < (size_t)i * 7 + 1; j++)
			zero &= blocks[i][j] == 0;
		free(blocks[i]);
	}
	printf("1000 callocs of 1..6994 bytes: %zu usable bytes in all, all zero: %d\n", total, zero);

	void *a = aligned_alloc(4096, 4096), *m = NULL;
	int r = posix_memalign(&m, 64, 10);
	printf("aligned_alloc(4096): aligned %d; posix_memalign(64): %d, aligned %d\n", (uintptr_t)a % 4096 == 0, r,
	       (uintptr_t)m % 64 == 0);
	free(a);
	free(m);

	errno = 0;
	void *huge = malloc(SIZE_MAX / 2);
	printf("malloc(SIZE_MAX / 2): %s, errno ENOMEM: %d\n", huge ? "a block" : "NULL", errno == ENOMEM);
	return 0;
}

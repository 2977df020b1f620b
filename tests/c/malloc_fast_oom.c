/* Under an address-space limit (RLIMIT_AS), allocation fails with NULL and ENOMEM instead
 * of crashing, for small, medium and large sizes, and works again once memory is freed. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

enum { MAX = 1 << 20 };
static void *blocks[MAX];

/* Allocates `size`-byte blocks until one fails; returns whether the failure was NULL with
 * ENOMEM, then frees them all. */
static int exhaust(size_t size, int use_calloc)
{
	long n = 0;
	int enomem = 0;
	while (n < MAX) {
		errno = 0;
		void *p = use_calloc ? calloc(1, size) : malloc(size);
		if (!p) {
			enomem = errno == ENOMEM;
			break;
		}
		((char *)p)[0] = 1;
		blocks[n++] = p;
	}
	int hit = n < MAX;
	while (n > 0)
		free(blocks[--n]);
	return hit && enomem;
}

int main(void)
{
	alarm(15);
	struct rlimit rl = { 256 << 20, 256 << 20 };
	if (setrlimit(RLIMIT_AS, &rl))
		return 1;
	int a = exhaust(1 << 20, 0);
	int b = exhaust(40000, 0);
	int c = exhaust(1000, 1);
	int d = exhaust(5000, 0);
	errno = 0;
	void *huge = malloc(SIZE_MAX / 4);
	int e = !huge && errno == ENOMEM;
	char *s = malloc(100);
	int f = s != 0;
	if (s)
		strcpy(s, "alive");
	printf("1 MiB blocks: NULL with ENOMEM: %s\n", a ? "yes" : "no");
	printf("40000-byte blocks: NULL with ENOMEM: %s\n", b ? "yes" : "no");
	printf("1000-byte callocs: NULL with ENOMEM: %s\n", c ? "yes" : "no");
	printf("5000-byte blocks: NULL with ENOMEM: %s\n", d ? "yes" : "no");
	printf("huge: NULL with ENOMEM: %s\n", e ? "yes" : "no");
	printf("malloc after freeing: %s %s\n", f ? "yes" : "no", f ? s : "");
	return 0;
}

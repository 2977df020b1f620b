/* String functions on data that ends exactly at the end of a readable page
 * (the next page is PROT_NONE) or starts right after an inaccessible page:
 * an implementation that reads whole words must not touch the other page.
 * A fault here kills the test with SIGSEGV. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

int main(void)
{
	/* [none][rw][rw][none] */
	char *m = mmap(NULL, 4 * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		return 1;
	mprotect(m, 4096, PROT_NONE);
	mprotect(m + 3 * 4096, 4096, PROT_NONE);
	char *lo = m + 4096;     /* first readable byte */
	char *hi = m + 3 * 4096; /* one past the last readable byte */
	int bad = 0;
	char tmp[128];

	for (int n = 0; n < 64; n++) {
		/* A string of length n whose NUL is the last readable byte. */
		char *s = hi - n - 1;
		memset(s, 'a' + n % 26, n);
		s[n] = 0;
		char *t = hi - 2 * 4096 + 2048 - n - 1; /* the same string, elsewhere */
		memcpy(t, s, n + 1);
		if (strlen(s) != (size_t)n) bad++;
		if (strcmp(s, t) != 0 || strcmp(t, s) != 0) bad++;
		if (strncmp(s, t, n + 100) != 0) bad++;
		if (strchr(s, 'Z') != NULL) bad++;
		if (strchr(s, 0) != s + n) bad++;
		if (strrchr(s, 'Z') != NULL) bad++;
		if (strrchr(s, 0) != s + n) bad++;
		if (memchr(s, 'Z', n) != NULL) bad++;
		if (memcmp(s, t, n + 1) != 0) bad++;
		if (strcpy(tmp, s) != tmp || strcmp(tmp, t) != 0) bad++;
		memset(tmp, 'x', sizeof tmp);
		strncpy(tmp, s, 100);
		if (strcmp(tmp, t) != 0 || tmp[99] != 0) bad++;
		tmp[0] = 0;
		strcat(tmp, s);
		if (strcmp(tmp, t) != 0) bad++;
		char *d = strdup(s);
		if (!d || strcmp(d, t) != 0) bad++;
		free(d);

		/* A string at the very start of the readable range; comparing
		 * it with a differing one must stop at the first difference. */
		char *u = lo;
		memset(u, 'a' + n % 26, n);
		u[n] = 0;
		if (strcmp(u, s) != 0) bad++;
		if (n > 0 && strcmp(u, "") <= 0) bad++;

		/* memmove/memcpy whose source ends at the boundary. */
		memmove(tmp, hi - n, n);
		memcpy(tmp, hi - n, n);
		memmove(hi - n, hi - n - 1, n); /* overlapping, backwards copy at the end */
		memmove(lo, lo + 1, n);         /* overlapping, forwards copy at the start */
	}
	printf("page boundary bad %d\n", bad);

	/* strncmp and memcmp must not read beyond n even if no NUL is near. */
	memset(hi - 32, 'q', 32);
	memset(tmp, 'q', 32);
	printf("strncmp to boundary %d\n", strncmp(hi - 32, tmp, 32));
	printf("memcmp to boundary %d\n", memcmp(hi - 32, tmp, 32));
	printf("memchr to boundary %s\n", memchr(hi - 32, 'r', 32) ? "found" : "not found");
	/* strncpy with n ending at the boundary, no NUL in source. */
	memset(tmp, 0, sizeof tmp);
	strncpy(tmp, hi - 32, 32);
	printf("strncpy to boundary %.32s\n", tmp);
	munmap(m, 4 * 4096);
	return bad != 0;
}

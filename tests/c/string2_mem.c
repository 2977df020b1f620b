/* memrchr, memmem, mempcpy, memccpy, bcopy, bzero, explicit_bzero, and the
 * long copies and fills where limpet's x86_64 backends switch to rep movsb /
 * rep stosb (64 KiB, 1 MiB), checked against byte loops; buffers that end at
 * an inaccessible page show nothing is read past its bounds. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>

static unsigned seed = 12345;
static unsigned rnd(void) { seed = seed * 1103515245u + 12345u; return seed >> 16; }
static long idx(const void *r, const void *base) { return r ? (long)((const char *)r - (const char *)base) : -1; }

int main(void)
{
	int bad = 0, cases = 0;
	const char s[] = "abcabcXabc";
	printf("memrchr c: %ld\n", idx(memrchr(s, 'c', 10), s));
	printf("memrchr a n=1: %ld\n", idx(memrchr(s, 'a', 1), s));
	printf("memrchr z: %ld\n", idx(memrchr(s, 'z', 10), s));
	printf("memrchr 0x158: %ld\n", idx(memrchr(s, 0x158, 10), s));
	printf("memmem abc: %ld\n", idx(memmem(s, 10, "abc", 3), s));
	printf("memmem cX: %ld\n", idx(memmem(s, 10, "cX", 2), s));
	printf("memmem empty: %ld\n", idx(memmem(s, 10, "", 0), s));
	printf("memmem long: %ld\n", idx(memmem(s, 3, "abca", 4), s));
	const char z[] = "a\0b\0c";
	printf("memmem NUL: %ld\n", idx(memmem(z, 5, "\0c", 2), z));

	char d[32];
	memset(d, '#', sizeof d);
	char *e = mempcpy(d, "hello", 5);
	printf("mempcpy end %ld: %.8s\n", idx(e, d), d);
	memset(d, '#', sizeof d);
	e = memccpy(d, "key=value", '=', 9);
	printf("memccpy = %ld: %.10s\n", idx(e, d), d);
	memset(d, '#', sizeof d);
	e = memccpy(d, "key=value", '!', 5);
	printf("memccpy ! %ld: %.10s\n", idx(e, d), d);
	strcpy(d, "0123456789");
	bcopy(d, d + 2, 5);
	printf("bcopy up: %s\n", d);
	bcopy(d + 3, d, 5);
	printf("bcopy down: %s\n", d);
	bzero(d + 2, 3);
	printf("bzero: %d %d %d %d %d\n", d[1] != 0, d[2], d[3], d[4], d[5] != 0);
	memset(d, 'x', sizeof d);
	explicit_bzero(d, 7);
	printf("explicit_bzero: %d %d\n", d[6], d[7]);

	/* Random memrchr/memmem against loops. */
	static unsigned char buf[512];
	for (int t = 0; t < 3000; t++) {
		int n = rnd() % 300, o = rnd() % 64;
		for (int i = 0; i < n + 64; i++) buf[i] = "ab\x80\xff"[rnd() % 4];
		int c = "ab\x80\xff"[rnd() % 4] & 255;
		long want = -1;
		for (int i = 0; i < n; i++) if (buf[o + i] == c) want = i;
		cases++;
		if (idx(memrchr(buf + o, c, n), buf + o) != want) bad++;
		int m = 1 + rnd() % 5;
		unsigned char nd[8];
		for (int i = 0; i < m; i++) nd[i] = "ab\x80\xff"[rnd() % 2];
		long w2 = -1;
		for (int i = 0; i + m <= n && w2 < 0; i++) if (!memcmp(buf + o + i, nd, m)) w2 = i;
		if (idx(memmem(buf + o, n, nd, m), buf + o) != w2) bad++;
	}
	printf("random memrchr/memmem cases %d bad %d\n", cases, bad);

	/* Long copies, moves and fills around the rep thresholds. */
	size_t big = (1 << 21) + 4096;
	unsigned char *a = malloc(big), *b = malloc(big);
	int lbad = 0;
	size_t sizes[] = {65535, 65536, 65541, 262144, 1048575, 1048576, 1048579, 2097152};
	for (int k = 0; k < 8; k++) {
		size_t n = sizes[k];
		int so = rnd() % 64, dof = rnd() % 64;
		for (size_t i = 0; i < big; i++) a[i] = rnd();
		memcpy(b + dof, a + so, n);
		for (size_t i = 0; i < n; i++) if (b[dof + i] != a[so + i]) { lbad++; break; }
		memset(b + dof, 0x5a, n);
		for (size_t i = 0; i < n; i++) if (b[dof + i] != 0x5a) { lbad++; break; }
		memcpy(b, a, big);
		memmove(b + 7, b, n);
		for (size_t i = 0; i < n; i++) if (b[7 + i] != a[i]) { lbad++; break; }
		memcpy(b, a, big);
		memmove(b, b + 4000, n);
		for (size_t i = 0; i < n; i++) if (b[i] != a[4000 + i]) { lbad++; break; }
	}
	printf("long copies bad %d\n", lbad);
	free(a);
	free(b);

	/* memrchr and memmem never read past n: the page after is inaccessible. */
	long pg = 4096;
	unsigned char *map = mmap(0, 2 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	mprotect(map + pg, pg, PROT_NONE);
	memset(map, 'q', pg);
	int fbad = 0;
	for (int n = 0; n <= 200; n++) {
		unsigned char *p = map + pg - n;
		if (memrchr(p, 'z', n)) fbad++;
		if (n >= 3 && memmem(p, n, "qqz", 3)) fbad++;
		if (n >= 2 && idx(memmem(p, n, "qq", 2), p) != 0) fbad++;
	}
	printf("fenced bad %d\n", fbad);
	return bad || lbad || fbad;
}

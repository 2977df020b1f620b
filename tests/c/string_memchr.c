/* memchr: finds the first occurrence within n bytes only, converts c to
 * unsigned char, finds NUL bytes, returns NULL when absent, and never
 * looks past n (the buffer ends at an inaccessible page here). */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

static long idx(const void *r, const void *base)
{
	return r ? (long)((const char *)r - (const char *)base) : -1;
}

int main(void)
{
	int bad = 0;
	const char s[] = "hello world\0after";
	printf("memchr o: %ld\n", idx(memchr(s, 'o', sizeof s), s));
	printf("memchr z: %ld\n", idx(memchr(s, 'z', sizeof s), s));
	printf("memchr NUL: %ld\n", idx(memchr(s, 0, sizeof s), s));
	printf("memchr past NUL: %ld\n", idx(memchr(s, 'f', sizeof s), s));
	printf("memchr beyond n: %ld\n", idx(memchr(s, 'w', 6), s));
	printf("memchr n=0: %ld\n", idx(memchr(s, 'h', 0), s));
	printf("memchr 0x100+'l': %ld\n", idx(memchr(s, 0x100 + 'l', sizeof s), s));
	const char hi[] = "ab\xe9" "cd";
	printf("memchr 0xe9: %ld\n", idx(memchr(hi, 0xe9, 5), hi));
	printf("memchr -23 (0xe9): %ld\n", idx(memchr(hi, -23, 5), hi));

	/* Every position and alignment against a loop. */
	static unsigned char buf[300];
	int cases = 0;
	for (int off = 0; off < 16; off++)
		for (int n = 0; n < 100; n++)
			for (int pos = -1; pos < n; pos++) {
				memset(buf, 'a', sizeof buf);
				if (pos >= 0)
					buf[off + pos] = 'X';
				buf[off + n] = 'X';
				void *r = memchr(buf + off, 'X', n);
				void *want = pos >= 0 ? buf + off + pos : NULL;
				cases++;
				if (r != want)
					bad++;
			}
	printf("memchr cases %d bad %d\n", cases, bad);

	/* Buffer whose last byte is the last byte of a readable page. */
	char *p = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	mprotect(p + 4096, 4096, PROT_NONE);
	for (int n = 1; n <= 64; n++) {
		char *b = p + 4096 - n;
		memset(b, 'a', n);
		if (memchr(b, 'z', n) != NULL)
			bad++;
		b[n - 1] = 'z';
		if (memchr(b, 'z', n) != b + n - 1)
			bad++;
	}
	printf("page end ok %s\n", bad ? "no" : "yes");
	munmap(p, 8192);
	return bad != 0;
}

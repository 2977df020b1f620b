/* strlen for every length 0..300 at every alignment 0..15, with garbage
 * after the terminator, with high bytes, and at the end of a page. */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

int main(void)
{
	static char buf[400];
	int bad = 0, cases = 0;
	for (int off = 0; off < 16; off++)
		for (int n = 0; n <= 300; n++) {
			memset(buf, 0x80 | (n & 0x7f), sizeof buf);
			buf[off + n] = 0;
			cases++;
			if (strlen(buf + off) != (size_t)n)
				bad++;
		}
	printf("strlen cases %d bad %d\n", cases, bad);
	printf("strlen(\"\") %zu\n", strlen(""));
	printf("strlen(\"abc\") %zu\n", strlen("abc"));
	printf("strlen stops at first NUL %zu\n", strlen("ab\0cd"));
	printf("strlen high bytes %zu\n", strlen("\xff\xfe\x80\x81"));

	char *p = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	mprotect(p + 4096, 4096, PROT_NONE);
	int pbad = 0;
	for (int n = 0; n < 100; n++) {
		char *s = p + 4096 - n - 1;
		memset(s, 'x', n);
		s[n] = 0;
		if (strlen(s) != (size_t)n)
			pbad++;
	}
	printf("page end bad %d\n", pbad);
	munmap(p, 8192);
	return bad || pbad;
}

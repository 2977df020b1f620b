/* memcmp: bytes compare as unsigned char, only the sign of the result is
 * specified, n=0 is equal, and the first difference decides regardless of
 * later bytes or alignment. */
#include <stdio.h>
#include <string.h>

static const char *sign(int r) { return r < 0 ? "<0" : r > 0 ? ">0" : "0"; }

int main(void)
{
	int bad = 0;
	printf("abc vs abd: %s\n", sign(memcmp("abc", "abd", 3)));
	printf("abd vs abc: %s\n", sign(memcmp("abd", "abc", 3)));
	printf("abc vs abc: %s\n", sign(memcmp("abc", "abc", 3)));
	printf("n=0: %s\n", sign(memcmp("a", "b", 0)));
	printf("0x80 vs 0x01: %s\n", sign(memcmp("\x80", "\x01", 1)));
	printf("0xff vs 0x00: %s\n", sign(memcmp("\xff", "\x00", 1)));
	printf("embedded NUL: %s\n", sign(memcmp("a\0b", "a\0c", 3)));
	printf("difference after n: %s\n", sign(memcmp("abcX", "abcY", 3)));

	/* Every position of a single differing byte, every alignment. */
	static unsigned char a[300], b[300];
	int cases = 0;
	for (int off = 0; off < 8; off++)
		for (int n = 1; n <= 200; n += 7)
			for (int pos = 0; pos < n; pos++) {
				for (int i = 0; i < 300; i++)
					a[i] = b[i] = (unsigned char)(i * 5);
				b[off + pos] = (unsigned char)(a[off + pos] + 1 + (pos & 0x7f));
				int r = memcmp(a + off, b + off, n);
				int want = a[off + pos] < b[off + pos] ? -1 : 1;
				cases++;
				if ((r < 0 ? -1 : r > 0 ? 1 : 0) != want)
					bad++;
				if (memcmp(a + off, b + off, pos) != 0)
					bad++;
			}
	printf("memcmp cases %d bad %d\n", cases, bad);
	return bad != 0;
}

/* strncmp: n=0 compares equal, comparison stops at n or at a NUL, bytes
 * compare as unsigned char; only the sign is printed. */
#include <stdio.h>
#include <string.h>

static const char *sign(int r) { return r < 0 ? "<0" : r > 0 ? ">0" : "0"; }

int main(void)
{
	printf("n=0 different: %s\n", sign(strncmp("a", "b", 0)));
	printf("equal prefix within n: %s\n", sign(strncmp("abcX", "abcY", 3)));
	printf("difference at n: %s\n", sign(strncmp("abcX", "abcY", 4)));
	printf("n larger than both: %s\n", sign(strncmp("abc", "abc", 100)));
	printf("shorter first: %s\n", sign(strncmp("ab", "abc", 100)));
	printf("shorter second: %s\n", sign(strncmp("abc", "ab", 100)));
	printf("shorter but n stops first: %s\n", sign(strncmp("ab", "abc", 2)));
	printf("unsigned bytes: %s\n", sign(strncmp("\xe0", "\x10", 1)));
	printf("after NUL ignored: %s\n", sign(strncmp("ab\0x", "ab\0y", 4)));
	printf("n=SIZE_MAX: %s\n", sign(strncmp("same", "same", (size_t)-1)));

	static char a[200], b[200];
	int bad = 0, cases = 0;
	for (int len = 0; len < 40; len++)
		for (int pos = 0; pos <= len; pos++)
			for (size_t n = 0; n < 45; n += 2) {
				memset(a, 0, sizeof a);
				memset(b, 0, sizeof b);
				for (int i = 0; i < len; i++)
					a[i + 1] = b[i + 3] = (char)('A' + i);
				if (pos < len)
					b[pos + 3] = 'z';
				int want = (pos < len && (size_t)pos < n) ? -1 : 0;
				int r = strncmp(a + 1, b + 3, n);
				cases++;
				if ((r < 0 ? -1 : r > 0 ? 1 : 0) != want)
					bad++;
			}
	printf("strncmp cases %d bad %d\n", cases, bad);
	return bad != 0;
}

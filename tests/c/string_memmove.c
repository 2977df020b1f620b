/* memmove with overlapping regions in both directions, for many lengths and
 * offsets, compared with a copy through a temporary buffer. */
#include <stdio.h>
#include <string.h>

static void ref_move(unsigned char *buf, int d, int s, int n)
{
	unsigned char tmp[512];
	for (int i = 0; i < n; i++)
		tmp[i] = buf[s + i];
	for (int i = 0; i < n; i++)
		buf[d + i] = tmp[i];
}

int main(void)
{
	static unsigned char a[600], b[600];
	int bad = 0, cases = 0;
	for (int s = 0; s < 40; s++)
		for (int d = 0; d < 40; d++)
			for (int n = 0; n <= 260; n += (n < 40 ? 1 : 13)) {
				for (int i = 0; i < 600; i++)
					a[i] = b[i] = (unsigned char)(i * 13 + 1);
				void *r = memmove(a + d, a + s, n);
				ref_move(b, d, s, n);
				cases++;
				if (r != a + d || memcmp(a, b, sizeof a) != 0) {
					if (bad < 5)
						printf("mismatch s=%d d=%d n=%d\n", s, d, n);
					bad++;
				}
			}
	printf("memmove cases %d bad %d\n", cases, bad);

	char str[32] = "abcdefghij";
	memmove(str + 2, str, 8);
	printf("forward overlap: %s\n", str);
	strcpy(str, "abcdefghij");
	memmove(str, str + 3, 8);
	printf("backward overlap: %s\n", str);
	strcpy(str, "same");
	memmove(str, str, 4);
	printf("same place: %s\n", str);
	memmove(str, "zzz", 0);
	printf("zero length: %s\n", str);
	return bad != 0;
}

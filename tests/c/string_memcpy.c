/* memcpy against a byte loop for every length 0..300 and every source and
 * destination misalignment 0..15, checking guard bytes around the
 * destination; plus the return value and a large copy. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	static unsigned char src[512], dst[512];
	int bad = 0, cases = 0;
	for (int i = 0; i < 512; i++)
		src[i] = (unsigned char)(i * 7 + 3);
	for (int so = 0; so < 16; so++)
		for (int dof = 0; dof < 16; dof++)
			for (int n = 0; n <= 300; n++) {
				memset(dst, 0xEE, sizeof dst);
				void *r = memcpy(dst + dof, src + so, n);
				cases++;
				if (r != dst + dof)
					bad++;
				for (int i = 0; i < 512; i++) {
					int in = i >= dof && i < dof + n;
					unsigned char want = in ? src[so + i - dof] : 0xEE;
					if (dst[i] != want) {
						if (bad < 5)
							printf("mismatch so=%d do=%d n=%d at %d\n", so, dof, n, i);
						bad++;
						break;
					}
				}
			}
	printf("memcpy cases %d bad %d\n", cases, bad);

	size_t big = 1 << 20;
	unsigned char *a = malloc(big), *b = malloc(big);
	for (size_t i = 0; i < big; i++)
		a[i] = (unsigned char)(i ^ (i >> 8));
	memcpy(b, a, big);
	int same = memcmp(a, b, big) == 0;
	printf("1 MiB copy %s\n", same ? "ok" : "FAIL");
	free(a);
	free(b);

	char s[] = "copy me";
	char d[8];
	printf("returns dest %s, copied \"%s\"\n", memcpy(d, s, sizeof s) == d ? "yes" : "no", d);
	return bad != 0 || !same;
}

/* strncpy: pads with NULs up to n when the source is shorter, does not
 * terminate when the source is at least n long, writes nothing for n=0,
 * and returns dest. */
#include <stdio.h>
#include <string.h>

static void dump(const char *label, const char *b, int n)
{
	printf("%s:", label);
	for (int i = 0; i < n; i++) {
		if (b[i] >= 32 && b[i] < 127)
			printf(" %c", b[i]);
		else
			printf(" %02x", (unsigned char)b[i]);
	}
	printf("\n");
}

int main(void)
{
	char buf[12];
	memset(buf, '#', sizeof buf);
	char *r = strncpy(buf, "abc", 8);
	printf("returns dest %s\n", r == buf ? "yes" : "no");
	dump("short src padded", buf, 12);

	memset(buf, '#', sizeof buf);
	strncpy(buf, "abcdefghij", 5);
	dump("long src truncated, no NUL", buf, 12);

	memset(buf, '#', sizeof buf);
	strncpy(buf, "abcde", 5);
	dump("exact length, no NUL", buf, 12);

	memset(buf, '#', sizeof buf);
	strncpy(buf, "abcde", 6);
	dump("length+1", buf, 12);

	memset(buf, '#', sizeof buf);
	strncpy(buf, "xyz", 0);
	dump("n=0", buf, 12);

	memset(buf, '#', sizeof buf);
	strncpy(buf, "", 10);
	dump("empty src", buf, 12);

	memset(buf, '#', sizeof buf);
	strncpy(buf, "a\0bc", 4);
	dump("stops at NUL", buf, 12);

	static char src[200], dst[300];
	int bad = 0, cases = 0;
	for (int off = 0; off < 16; off++)
		for (int len = 0; len < 40; len++)
			for (int n = 0; n < 60; n++) {
				memset(src, 0, sizeof src);
				for (int i = 0; i < len; i++)
					src[i + 1] = (char)('a' + i % 26);
				memset(dst, '#', sizeof dst);
				strncpy(dst + off, src + 1, n);
				cases++;
				for (int i = 0; i < 120; i++) {
					char want;
					if (i < off || i >= off + n)
						want = '#';
					else if (i - off < len)
						want = src[1 + i - off];
					else
						want = 0;
					if (dst[i] != want) {
						bad++;
						break;
					}
				}
			}
	printf("strncpy cases %d bad %d\n", cases, bad);
	return bad != 0;
}

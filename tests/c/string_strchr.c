/* strchr and strrchr: first/last occurrence, c converted to char, the
 * terminator itself can be found (returning a pointer to it), and NULL
 * when absent; every alignment and position. */
#include <stdio.h>
#include <string.h>

static long idx(const char *r, const char *base) { return r ? (long)(r - base) : -1; }

int main(void)
{
	const char s[] = "abcabc";
	printf("strchr b %ld\n", idx(strchr(s, 'b'), s));
	printf("strrchr b %ld\n", idx(strrchr(s, 'b'), s));
	printf("strchr z %ld\n", idx(strchr(s, 'z'), s));
	printf("strrchr z %ld\n", idx(strrchr(s, 'z'), s));
	printf("strchr NUL %ld\n", idx(strchr(s, 0), s));
	printf("strrchr NUL %ld\n", idx(strrchr(s, 0), s));
	printf("strchr 0x100+'c' %ld\n", idx(strchr(s, 0x100 + 'c'), s));
	printf("strchr 0x100 (NUL) %ld\n", idx(strchr(s, 0x100), s));
	printf("strchr in empty %ld\n", idx(strchr("", 'a'), ""));
	printf("strrchr NUL of empty %ld\n", idx(strrchr("", 0), ""));
	const char hi[] = "x\xe9y\xe9z";
	printf("strchr 0xe9 %ld\n", idx(strchr(hi, 0xe9), hi));
	printf("strrchr 0xe9 %ld\n", idx(strrchr(hi, 0xe9), hi));
	printf("strchr -23 %ld\n", idx(strchr(hi, -23), hi));
	const char emb[] = "ab\0ab";
	printf("strrchr stops at NUL %ld\n", idx(strrchr(emb, 'a'), emb));

	static char buf[200];
	int bad = 0, cases = 0;
	for (int off = 0; off < 16; off++)
		for (int len = 0; len < 70; len++)
			for (int pos = -1; pos < len; pos++) {
				memset(buf, 0, sizeof buf);
				memset(buf + off, 'm', len);
				buf[off + len + 1] = 'Q'; /* after the terminator: must not be found */
				if (pos >= 0)
					buf[off + pos] = 'Q';
				char *want = pos >= 0 ? buf + off + pos : NULL;
				cases++;
				if (strchr(buf + off, 'Q') != want)
					bad++;
				if (strrchr(buf + off, 'Q') != want)
					bad++;
				if (strchr(buf + off, 0) != buf + off + len)
					bad++;
				if (strrchr(buf + off, 0) != buf + off + len)
					bad++;
				if (len >= 2 && pos >= 0) {
					/* Two occurrences: first and last differ. */
					buf[off + len - 1] = 'Q';
					if (strrchr(buf + off, 'Q') != buf + off + len - 1)
						bad++;
					if (strchr(buf + off, 'Q') != want)
						bad++;
				}
			}
	printf("strchr/strrchr cases %d bad %d\n", cases, bad);
	return bad != 0;
}

/* strnlen, stpcpy, stpncpy, strncat, strlcpy, strlcat, strchrnul, strspn,
 * strcspn, strpbrk, strtok, strtok_r, strsep, strndup, index, rindex, ffs,
 * ffsl, ffsll and swab, with musl's results printed for comparison. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

static long idx(const void *r, const void *base) { return r ? (long)((const char *)r - (const char *)base) : -1; }

int main(void)
{
	char d[64];
	printf("strnlen %zu %zu %zu\n", strnlen("hello", 3), strnlen("hello", 10), strnlen("", 4));
	memset(d, '#', sizeof d);
	char *e = stpcpy(d, "abc");
	printf("stpcpy %ld %.6s\n", idx(e, d), d);
	memset(d, '#', sizeof d);
	e = stpncpy(d, "abc", 6);
	printf("stpncpy %ld %d%d%d %c\n", idx(e, d), d[3], d[4], d[5], d[6]);
	memset(d, '#', sizeof d);
	e = stpncpy(d, "abcdef", 3);
	printf("stpncpy short %ld %.5s\n", idx(e, d), d);
	strcpy(d, "ab");
	strncat(d, "cdefg", 3);
	printf("strncat %s\n", strncat(d, "XY", 10));
	memset(d, '#', sizeof d);
	printf("strlcpy %zu %s\n", strlcpy(d, "hello", 3), d);
	printf("strlcpy0 %zu %c\n", strlcpy(d, "hello", 0), d[0]);
	char s3[8] = "abcdefg";
	printf("strlcat unterminated %zu\n", strlcat(s3, "xyz", 4));
	char s4[8] = "ab";
	printf("strlcat %zu %s\n", strlcat(s4, "xyz", 4), s4);
	char s5[16] = "ab";
	printf("strlcat fits %zu %s\n", strlcat(s5, "xyz", 16), s5);
	const char *t = "hello, world";
	printf("strchrnul o %ld z %ld nul %ld\n", idx(strchrnul(t, 'o'), t), idx(strchrnul(t, 'z'), t), idx(strchrnul(t, 0), t));
	printf("strspn %zu %zu %zu\n", strspn(t, "leh"), strspn(t, ""), strspn(t, "abcdefghijklmnopqrstuvwxyz, "));
	printf("strcspn %zu %zu %zu\n", strcspn(t, ","), strcspn(t, ""), strcspn(t, "xyz"));
	printf("strpbrk %ld %ld\n", idx(strpbrk(t, "wo"), t), idx(strpbrk(t, "XY"), t));
	printf("index %ld rindex %ld %ld\n", idx(index(t, 'o'), t), idx(rindex(t, 'o'), t), idx(rindex(t, 0), t));

	char tok[] = "  one,two;;three  four";
	for (char *p = strtok(tok, " ,;"); p; p = strtok(0, " ,;")) printf("strtok [%s]\n", p);
	printf("strtok again %d\n", strtok(0, " ") == 0);
	char tok2[] = "a:b::c";
	char *save = 0;
	for (char *p = strtok_r(tok2, ":", &save); p; p = strtok_r(0, ":", &save)) printf("strtok_r [%s]\n", p);
	char sep[] = "a,,b;c";
	char *sp = sep, *f;
	while ((f = strsep(&sp, ",;"))) printf("strsep [%s]\n", f);
	printf("strsep end %d\n", sp == 0);

	char *dup = strndup("abcdef", 4);
	printf("strndup %s %zu\n", dup, strlen(dup));
	free(dup);
	dup = strndup("ab", 10);
	printf("strndup %s\n", dup);
	free(dup);

	printf("ffs %d %d %d %d\n", ffs(0), ffs(1), ffs(0x80000000), ffs(-8));
	printf("ffsl %d %d ffsll %d %d\n", ffsl(0), ffsl(1L << 40), ffsll(1LL << 62), ffsll(-1));
	char sw[6] = "abcde", sd[6] = "#####";
	swab(sw, sd, 5);
	printf("swab %s\n", sd);
	memset(sd, '#', 5);
	swab(sw, sd, -1);
	printf("swab neg %s\n", sd);

	/* Random strspn/strcspn/strnlen against loops. */
	unsigned seed = 7;
	int bad = 0, cases = 0;
	for (int k = 0; k < 5000; k++) {
		char s[80], set[6];
		int n = (seed = seed * 1103515245u + 12345u) >> 16 & 63;
		for (int i = 0; i < n; i++) s[i] = "abc\x80"[(seed = seed * 1103515245u + 12345u) >> 16 & 3];
		s[n] = 0;
		int m = (seed = seed * 1103515245u + 12345u) >> 16 & 3;
		for (int i = 0; i < m; i++) set[i] = "abd\x80"[(seed = seed * 1103515245u + 12345u) >> 16 & 3];
		set[m] = 0;
		size_t a = 0, r = 0;
		while (s[a] && strchr(set, s[a])) a++;
		while (s[r] && !strchr(set, s[r])) r++;
		cases++;
		if (strspn(s, set) != a || strcspn(s, set) != r || strnlen(s, k % 70) != (n < k % 70 ? n : k % 70)) bad++;
	}
	printf("random spans cases %d bad %d\n", cases, bad);
	return bad;
}

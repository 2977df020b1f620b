/* strstr, strcasestr and memmem on random haystacks over small alphabets
 * (many near matches) against a naive search, and on inputs that make a
 * naive search quadratic: limpet's two-way search must finish quickly
 * (the harness's time limit is the check). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static unsigned seed = 99;
static unsigned rnd(void) { seed = seed * 1103515245u + 12345u; return seed >> 16; }

/* ASCII lower case, as tolower in the C locale (limpet has no <ctype.h> yet). */
static int lower(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

static long naive(const char *h, long n, const char *nd, long m, int fold)
{
	for (long i = 0; i + m <= n; i++) {
		long j = 0;
		while (j < m && (fold ? lower((unsigned char)h[i + j]) == lower((unsigned char)nd[j]) : h[i + j] == nd[j])) j++;
		if (j == m) return i;
	}
	return -1;
}

int main(void)
{
	static char h[1200], nd[40];
	int bad = 0, cases = 0;
	long found = 0;
	for (int t = 0; t < 20000; t++) {
		int k = 1 + rnd() % 4, n = rnd() % 1000, m = 1 + rnd() % 12;
		const char *alpha = t & 1 ? "abAB" : "ab\x80\xff";
		for (int i = 0; i < n; i++) h[i] = alpha[rnd() % k];
		h[n] = 0;
		if (rnd() % 2 && n > m) {
			int at = rnd() % (n - m);
			memcpy(nd, h + at, m);
		} else {
			for (int i = 0; i < m; i++) nd[i] = alpha[rnd() % k];
		}
		nd[m] = 0;
		long w = naive(h, n, nd, m, 0), wf = naive(h, n, nd, m, 1);
		char *r = strstr(h, nd), *rf = strcasestr(h, nd), *rm = memmem(h, n, nd, m);
		cases++;
		if ((r ? r - h : -1) != w || (rf ? rf - h : -1) != wf || (rm ? rm - h : -1) != w) bad++;
		found += w >= 0;
	}
	printf("random searches %d found %ld bad %d\n", cases, found, bad);

	/* A quadratic input for a naive search: 4 MB of 'a', a needle of 4000
	 * 'a's and a 'b'. */
	long n = 4 << 20, m = 4001;
	char *big = malloc(n + m + 1), *needle = malloc(m + 1);
	memset(big, 'a', n);
	big[n] = 0;
	memset(needle, 'a', m - 1);
	needle[m - 1] = 'b';
	needle[m] = 0;
	printf("strstr worst %d\n", strstr(big, needle) == 0);
	printf("memmem worst %d\n", memmem(big, n, needle, m) == 0);
	memcpy(big + n, needle, m + 1);
	char *r = strstr(big, needle);
	printf("strstr at end %ld\n", r ? (long)(r - big) : -1L);
	/* musl's strcasestr is the naive search, so its reference run gets a
	 * smaller worst case: 256 KB and a 400-byte needle. */
	long cn = 256 << 10;
	big[cn] = 0;
	needle[399] = 'b';
	needle[400] = 0;
	printf("strcasestr worst %d\n", strcasestr(big, needle) == 0);
	memcpy(big + cn, needle, 401);
	needle[0] = 'A';
	r = strcasestr(big, needle);
	printf("strcasestr at end %ld\n", r ? (long)(r - big) : -1L);
	free(big);
	free(needle);
	return bad;
}

/* The wide-string functions: copies, comparisons (musl's difference values),
 * searches, spans, tokens, wcsxfrm's truncation, and wcscasecmp over every
 * code point (musl's towlower, through towlower(c) - towlower(0)). */
#define _GNU_SOURCE
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

static long widx(const wchar_t *r, const wchar_t *base) { return r ? (long)(r - base) : -1; }

int main(void)
{
	wchar_t d[32], s[] = L"h\x100llo w\x10000rld";
	printf("wcslen %zu wcsnlen %zu %zu\n", wcslen(s), wcsnlen(s, 4), wcsnlen(s, 40));
	wmemset(d, L'#', 32);
	wchar_t *e = wcpcpy(d, L"abc");
	printf("wcpcpy %ld %d %d\n", widx(e, d), d[3], d[4]);
	printf("wcscpy %d\n", wcscpy(d, s) == d && !wcscmp(d, s));
	wmemset(d, L'#', 32);
	e = wcpncpy(d, L"ab", 5);
	printf("wcpncpy %ld %d %d %d %d\n", widx(e, d), d[2], d[4], d[5], wcsncpy(d, L"xyz", 2) == d);
	wcscpy(d, L"ab");
	wcscat(d, L"cd");
	wcsncat(d, L"efgh", 2);
	printf("wcscat/wcsncat %ls\n", d);
	printf("wmemcpy %d wmemmove %ls\n", wmemcpy(d, L"12345", 5) == d, (wmemmove(d + 1, d, 3), d));
	wchar_t a[] = {-5, 0}, b[] = {5, 0}, big1[] = {0x7fffffff, 0}, big2[] = {(wchar_t)0x80000000, 0};
	printf("wcscmp %d %d %d wcsncmp %d %d wmemcmp %d %d\n", wcscmp(a, b), wcscmp(b, a), wcscmp(big1, big2), wcsncmp(L"ab", L"ac", 1), wcsncmp(L"ab", L"ac", 2), wmemcmp(a, b, 1), wmemcmp(L"abc", L"abd", 3));
	printf("wcscoll %d wcscoll_l %d\n", wcscoll(L"a", L"c"), wcscoll_l(L"c", L"a", (locale_t)0));
	printf("wcschr %ld %ld %ld wcsrchr %ld %ld\n", widx(wcschr(s, L'l'), s), widx(wcschr(s, 0), s), widx(wcschr(s, L'z'), s), widx(wcsrchr(s, L'l'), s), widx(wcsrchr(s, 0x10000), s));
	printf("wmemchr %ld %ld\n", widx(wmemchr(s, 0x100, 12), s), widx(wmemchr(s, L'w', 3), s));
	printf("wcsstr %ld %ld %ld wcswcs %ld\n", widx(wcsstr(s, L"llo"), s), widx(wcsstr(s, L""), s), widx(wcsstr(s, L"lol"), s), widx(wcswcs(s, L"\x10000r"), s));
	printf("wcsspn %zu wcscspn %zu wcspbrk %ld\n", wcsspn(s, L"h\x100l"), wcscspn(s, L" "), widx(wcspbrk(s, L"ow"), s));
	wchar_t tk[] = L"  a b,,c ", *sv = 0;
	for (wchar_t *p = wcstok(tk, L" ,", &sv); p; p = wcstok(0, L" ,", &sv)) printf("wcstok [%ls]\n", p);
	wchar_t *dup = wcsdup(s);
	printf("wcsdup %d\n", dup != s && !wcscmp(dup, s));
	free(dup);
	for (int n = 0; n < 8; n++) {
		wmemset(d, L'#', 10);
		size_t l = wcsxfrm(d, L"hello", n);
		printf("wcsxfrm %d -> %zu", n, l);
		for (int i = 0; i < 7; i++) printf(" %d", d[i]);
		printf("\n");
	}
	printf("wcsxfrm_l %zu\n", wcsxfrm_l(d, L"ab", 5, (locale_t)0));
	printf("wcscasecmp %d %d %d wcsncasecmp %d %d\n", wcscasecmp(L"ABC", L"abd"), wcscasecmp(L"\x100", L"\x101"), wcscasecmp_l(L"\x391", L"\x3b1", (locale_t)0), wcsncasecmp(L"Ax", L"ay", 1), wcsncasecmp_l(L"Ax", L"ay", 2, (locale_t)0));

	/* towlower over every code point: sum and a count of changed ones. */
	unsigned long sum = 0;
	long changed = 0;
	for (wchar_t c = 1; c < 0x110000; c++) {
		wchar_t x[2] = {c, 0};
		int l = wcscasecmp(x, L"");
		sum = sum * 31 + (unsigned)l;
		changed += l != c;
	}
	printf("wcscasecmp folds %ld code points, hash %lu\n", changed, sum);

	/* wcsstr against a naive search. */
	unsigned seed = 5;
	int bad = 0;
	static wchar_t h[400], nd[10];
	for (int t = 0; t < 5000; t++) {
		int n = (seed = seed * 1103515245u + 12345u) >> 16 & 255, m = 1 + ((seed = seed * 1103515245u + 12345u) >> 16) % 6;
		for (int i = 0; i < n; i++) h[i] = L"a\x100\x10000"[((seed = seed * 1103515245u + 12345u) >> 16) % 2];
		h[n] = 0;
		for (int i = 0; i < m; i++) nd[i] = L"a\x100\x10000"[((seed = seed * 1103515245u + 12345u) >> 16) % 2];
		nd[m] = 0;
		long w = -1;
		for (int i = 0; i + m <= n && w < 0; i++) if (!wmemcmp(h + i, nd, m)) w = i;
		if (widx(wcsstr(h, nd), h) != w) bad++;
	}
	printf("random wcsstr bad %d\n", bad);
	return bad;
}

/* Differential fuzzing of the string conversions against musl: 200000 pseudo-random cases
 * (a fixed LCG, so every run is the same) of byte strings biased towards UTF-8 lead and
 * continuation bytes through mbsrtowcs, mbsnrtowcs, mbstowcs and byte-at-a-time mbrtowc, and
 * of wide strings mixing ASCII, BMP, surrogates, supplementary and out-of-range values
 * through wcsrtombs, wcsnrtombs and wcstombs, with random output lengths, in C.UTF-8 and C.
 * Everything observable (results, errno, *src, output, state) is hashed; the hashes and
 * outcome counts are printed. */
#include <errno.h>
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

static uint64_t seed = 12345;
static unsigned rnd(unsigned n) {
	seed = seed * 6364136223846793005ull + 1442695040888963407ull;
	return (unsigned)(seed >> 33) % n;
}
static uint64_t h;
static void mix(uint64_t v) {
	h ^= v;
	h *= 1099511628211ull;
}

static unsigned char byte(void) {
	static const unsigned char pick[] = {'a', 'z', 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf,
	                                     0xe0, 0xe1, 0xec, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xff};
	return rnd(3) ? pick[rnd(sizeof pick)] : 1 + rnd(255);
}

static wchar_t wide(void) {
	static const wchar_t pick[] = {'a', 0x7f, 0x80, 0x7ff, 0x800, 0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdf80, 0xdfff,
	                               0xe000, 0xfffd, 0xffff, 0x10000, 0x10ffff, 0x110000, -2};
	return rnd(2) ? pick[rnd(sizeof pick / sizeof *pick)] : 1 + rnd(0x10ffff);
}

static void multibyte_case(void) {
	char s[24];
	int n = rnd(20);
	for (int i = 0; i < n; i++) s[i] = byte();
	s[n] = 0;
	wchar_t w[32];
	size_t len = rnd(24);
	mbstate_t st;
	const char *src = s;

	wmemset(w, 0x55, 32);
	memset(&st, 0, sizeof st);
	errno = 0;
	size_t r = mbsrtowcs(rnd(8) ? w : 0, &src, len, &st);
	mix(r), mix(errno), mix(src ? src - s : -1), mix(mbsinit(&st));
	for (int i = 0; i < 32; i++) mix(w[i]);

	wmemset(w, 0x55, 32);
	errno = 0;
	r = mbstowcs(w, s, len);
	mix(r), mix(errno);
	for (int i = 0; i < 32; i++) mix(w[i]);

	wmemset(w, 0x55, 32);
	memset(&st, 0, sizeof st);
	src = s;
	size_t nms = rnd(n + 2);
	errno = 0;
	r = mbsnrtowcs(rnd(8) ? w : 0, &src, nms, len, &st);
	mix(r), mix(errno), mix(src ? src - s : -1), mix(mbsinit(&st));
	for (int i = 0; i < 32; i++) mix(w[i]);

	memset(&st, 0, sizeof st);
	for (int i = 0; i <= n; i++) {
		wchar_t wc = 0x55;
		errno = 0;
		r = mbrtowc(&wc, s + i, 1, &st);
		mix(r), mix(wc), mix(errno);
	}
	memset(&st, 0, sizeof st);
	int i = 0;
	while (i <= n) {
		wchar_t wc = 0x55;
		errno = 0;
		r = mbrtowc(&wc, s + i, n + 1 - i, &st);
		mix(r), mix(wc), mix(errno);
		if (r == 0 || r == (size_t)-2) break;
		i += r == (size_t)-1 ? 1 : (int)r;
	}
}

static void wide_case(void) {
	wchar_t w[16];
	int n = rnd(12);
	for (int i = 0; i < n; i++) w[i] = wide();
	w[n] = 0;
	char b[64];
	size_t len = rnd(40);
	const wchar_t *src = w;

	memset(b, 0x55, sizeof b);
	errno = 0;
	size_t r = wcsrtombs(rnd(8) ? b : 0, &src, len, 0);
	mix(r), mix(errno), mix(src ? src - w : -1);
	for (int i = 0; i < 64; i++) mix((unsigned char)b[i]);

	memset(b, 0x55, sizeof b);
	errno = 0;
	r = wcstombs(b, w, len);
	mix(r), mix(errno);
	for (int i = 0; i < 64; i++) mix((unsigned char)b[i]);

	memset(b, 0x55, sizeof b);
	src = w;
	errno = 0;
	r = wcsnrtombs(rnd(8) ? b : 0, &src, rnd(n + 2), len, 0);
	mix(r), mix(errno), mix(src ? src - w : -1);
	for (int i = 0; i < 64; i++) mix((unsigned char)b[i]);
}

static void run(const char *name) {
	const char *got = setlocale(LC_CTYPE, name);
	h = 1469598103934665603ull;
	for (int i = 0; i < 100000; i++) multibyte_case();
	printf("%s multibyte hash %016llx\n", got, (unsigned long long)h);
	h = 1469598103934665603ull;
	for (int i = 0; i < 100000; i++) wide_case();
	printf("%s wide hash %016llx\n", got, (unsigned long long)h);
}

int main(void) {
	alarm(15);
	run("C.UTF-8");
	run("C");
	return 0;
}

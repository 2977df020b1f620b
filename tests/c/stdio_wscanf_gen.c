/* A differential generator for swscanf: from a fixed seed, random wide formats (white
 * space including Unicode spaces, ASCII and non-ASCII literals, %%, every conversion with
 * suppression, widths and lengths, %[ sets with ranges, negation and non-ASCII members)
 * over random wide inputs (digits, signs, hex and float syntax, letters, ASCII and
 * Unicode spaces, Latin-1, BMP and astral characters, now and then one the locale cannot
 * encode), run in the C locale and in C.UTF-8. Each case prints the result, errno and
 * every byte stored; then, when the locale can encode the whole input, it runs again through fwscanf on a file of the input's
 * multibyte bytes and prints that result, whether it stored the same bytes, the position
 * after it and the next wide character. (Not on fmemopen: musl's gives back an ASCII
 * character that came from a refill by stepping back onto a byte its read function never
 * stored there, and reads garbage.) `./stdio_wscanf_gen N SEED` runs N cases
 * per locale. */
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

static unsigned long long rs = 88172645463325252ULL;

static unsigned rnd(unsigned n)
{
	rs ^= rs << 13;
	rs ^= rs >> 7;
	rs ^= rs << 17;
	return (unsigned)(rs >> 33) % n;
}

static const wchar_t alpha[] = L"0123456789+-.xXeEpPaAfFiInNtTyY()_ \t\n%abcz]^[";
static const wchar_t others[] = { 0x85, 0x2000, 0x3000, 0x2007, 0xa0, 0xe9, 0xff, 0xdf80, 0xdfff,
	0x100, 0x17f, 0x20ac, 0xfb01, 0x1f600, 0x10ffff, 0xd800, 0x110000, 0 };

static wchar_t pick_char(int rare)
{
	if (rnd(100) < (unsigned)rare)
		return others[rnd(sizeof others / sizeof *others - 1)];
	return alpha[rnd(sizeof alpha / sizeof *alpha - 1)];
}

static void add(wchar_t *f, size_t *k, const char *s)
{
	while (*s)
		f[(*k)++] = (unsigned char)*s++;
}

/* Appends to the input something the directive may match: a number-like token for a
 * numeric conversion, characters of the set or a word for the others. */
static void token(wchar_t *in, size_t *n, int c, const wchar_t *set, size_t setn)
{
	static const char *nums[] = { "0", "12", "-7", "+3", "0x1f", "0X", "077", "1.5", "-2.5e3", "1e+", ".5", "inf",
		"-nan", "nan(ab)", "0x1.8p3", "99999999999999999999", "INFINITY", "1e400", "0x", "-", "4e-320" };
	int t = rnd(4);
	if (t == 0)
		return;
	if (strchr("diuoxXpfeagFEGA", c) && t > 1) {
		const char *x = nums[rnd(sizeof nums / sizeof *nums)];
		while (*x && *n < 28)
			in[(*n)++] = (unsigned char)*x++;
		return;
	}
	int m = 1 + rnd(5);
	for (int i = 0; i < m && *n < 28; i++)
		in[(*n)++] = setn && rnd(3) ? set[rnd(setn)] : pick_char(6);
}

static int conversion(wchar_t *f, size_t *k)
{
	static const char *conv[] = { "d", "i", "u", "o", "x", "X", "p", "f", "e", "g", "a", "F", "E", "G", "A",
		"s", "c", "[", "n", "S", "C" };
	static const char *len[] = { "", "", "", "hh", "h", "l", "l", "ll", "j", "z", "t", "L" };
	const char *c = conv[rnd(sizeof conv / sizeof *conv)];
	f[(*k)++] = '%';
	if (*c != 'n' && rnd(5) == 0)
		f[(*k)++] = '*';
	if (*c != 'n' && rnd(3) == 0) {
		char w[8];
		snprintf(w, sizeof w, "%u", rnd(10));
		add(f, k, w);
	}
	if (*c != 'S' && *c != 'C' && *c != 'p')
		add(f, k, len[rnd(sizeof len / sizeof *len)]);
	f[(*k)++] = (unsigned char)*c;
	if (*c != '[')
		return *c;
	{
		if (rnd(3) == 0)
			f[(*k)++] = '^';
		if (rnd(6) == 0)
			f[(*k)++] = rnd(2) ? ']' : '-';
		int m = 1 + rnd(4);
		for (int i = 0; i < m; i++) {
			f[(*k)++] = pick_char(30);
			if (f[*k - 1] == ']' || f[*k - 1] == 0xd800 || f[*k - 1] == 0x110000)
				f[*k - 1] = 'q';
			if (rnd(3) == 0) {
				f[(*k)++] = '-';
				f[(*k)++] = pick_char(30);
				if (f[*k - 1] == ']')
					f[*k - 1] = 'z';
			}
		}
		if (rnd(20))
			f[(*k)++] = ']';
	}
	return '[';
}

static unsigned char d[4][128], d2[4][128];
static char path[64];

static void one(void)
{
	wchar_t fmt[64], in[32];
	size_t k = 0, n = 0;
	int m = 1 + rnd(3);
	for (int i = 0; i < m && k < 40; i++) {
		switch (rnd(8)) {
		case 0:
			f_space:
			fmt[k++] = rnd(4) ? ' ' : (rnd(2) ? 0x3000 : '\n');
			if (rnd(2) && n < 28)
				in[n++] = rnd(3) ? ' ' : 0x2000;
			break;
		case 1:
			fmt[k++] = pick_char(40);
			if (fmt[k - 1] == '%' || fmt[k - 1] == 0xd800 || fmt[k - 1] == 0x110000)
				goto f_space;
			if (rnd(5) && n < 28)
				in[n++] = fmt[k - 1];
			break;
		case 2:
			add(fmt, &k, "%%");
			if (rnd(5) && n < 28)
				in[n++] = '%';
			break;
		default: {
			size_t at = k;
			int c = conversion(fmt, &k);
			const wchar_t *set = fmt + at;
			while (*set != '[' && set < fmt + k)
				set++;
			token(in, &n, c, c == '[' ? set + 1 : 0, c == '[' ? (size_t)(fmt + k - set - 1) : 0);
		}
		}
	}
	fmt[k] = 0;
	if (rnd(4) == 0 && n < 28)
		in[n++] = pick_char(25);
	in[n] = 0;
	memset(d, 0xa5, sizeof d);
	errno = 0;
	int r = swscanf(in, fmt, d[0], d[1], d[2], d[3]);
	int e = errno;
	for (size_t i = 0; fmt[i]; i++)
		printf("%x.", (unsigned)fmt[i]);
	printf(" |");
	for (size_t i = 0; in[i]; i++)
		printf("%x.", (unsigned)in[i]);
	printf(" r=%d", r);
	printf(" e=%d", e);
	for (int i = 0; i < 4; i++) {
		int last = -1;
		for (int j = 0; j < 128; j++)
			if (d[i][j] != 0xa5)
				last = j;
		if (last < 0)
			continue;
		printf(" %d=", i);
		for (int j = 0; j <= last; j++)
			printf("%02x", d[i][j]);
	}
	memcpy(d2, d, sizeof d);
	char mb[160];
	size_t len = wcstombs(mb, in, sizeof mb);
	if (len != (size_t)-1) {
		FILE *f = fopen(path, "w");
		fwrite(mb, 1, len, f);
		fclose(f);
		f = fopen(path, "r");
		memset(d, 0xa5, sizeof d);
		int r2 = fwscanf(f, fmt, d[0], d[1], d[2], d[3]);
		long pos = ftell(f);
		wint_t next = fgetwc(f);
		printf(" | r=%d same=%d tell=%ld next=%x", r2, !memcmp(d, d2, sizeof d), pos, (unsigned)next);
		fclose(f);
	}
	printf("\n");
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 3000;
	if (argc > 2)
		rs = strtoull(argv[2], 0, 0) | 1;
	alarm(20);
	snprintf(path, sizeof path, "/tmp/stdio_wscanf_gen_%d", (int)getpid());
	for (int i = 0; i < n; i++)
		one();
	if (!setlocale(LC_ALL, "C.UTF-8"))
		return 1;
	for (int i = 0; i < n; i++)
		one();
	remove(path);
	return 0;
}

/* Differential scanf test: a seeded generator makes (format, input) pairs covering every
 * conversion, width, length modifier, suppression, %m, %N$, sets, signs, bases, floats
 * (decimal, hex, inf/nan, huge, tiny, subnormal, long), malformed and truncated input;
 * each case prints sscanf's result, errno and every byte it stored (floats also as %a),
 * so the output is compared, not the printing of it (long doubles are
 * printed as their bytes only). Each case without %m is run again through fscanf on a
 * file, and where that stream stands afterwards is printed too. The number of cases is argv[1]
 * (default CASES) and argv[2] an optional seed; the harness runs the default against musl.
 * Built with plain gcc it runs on glibc too (see the stdio README for the differences). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

#ifndef CASES
#define CASES 20000
#endif

#define NDEST 16
#define DSIZE 512
#define FILL 0xa5

static uint64_t state = 0x5ca9f00dULL;

static uint64_t next(void)
{
	uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static unsigned pick(unsigned n) { return (unsigned)(next() % n); }
static int chance(unsigned pct) { return pick(100) < pct; }

static char in[256];
static size_t in_len;
static char fmt[512];
static size_t fmt_len;

static void put_in(const char *s)
{
	size_t n = strlen(s);
	if (in_len + n < 120) {
		memcpy(in + in_len, s, n);
		in_len += n;
		in[in_len] = 0;
	}
}

static void put_fmt(const char *s)
{
	size_t n = strlen(s);
	memcpy(fmt + fmt_len, s, n);
	fmt_len += n;
	fmt[fmt_len] = 0;
}

static const char *spaces[] = { " ", "  ", "\t", "\n", " \n\t", "\v", "\f\r " };
static const char *words[] = { "abc", "x", "Hello", "a-b", "]z", "^^", "zz9", "\xc3\xa9t\xe9", "_q_", "A]B", "--", "." };
static const char *specials[] = {
	"inf", "INF", "Infinity", "infinity", "iNfInItY", "infi", "infinit", "infx", "in", "i",
	"nan", "NaN", "nan()", "nan(abc_12)", "nan(", "nan(x", "nan(a b)", "na", "n", "nAn(Z9)",
	"0x", "0X", "0x.", "0x.p1", "0xp3", "0x1p", "0x1p+", "0x1p-x", "0xg", "0x.8", "-0x",
	"1e", "1e+", "1e-", "1ex", "1e+x", ".", "-.", "+", "-", ".e5", "0e", "1.2.3", "00", "0", "-0",
	"1e99999999999999999999", "1e-99999999999999999999", "0.0000000000000000000000000000001e30",
	"18446744073709551615", "18446744073709551616", "-18446744073709551616", "99999999999999999999999",
	"9223372036854775807", "9223372036854775808", "-9223372036854775809", "4294967295", "4294967296",
	"2147483648", "-2147483649", "65535", "65536", "255", "256", "-129", "0777", "08", "09",
	"0x7fffffffffffffff", "0xffffffffffffffff", "0x10000000000000000", "0xFFFFFFFF", "0x1.fffffffffffffp1023",
	"0x1p-1074", "0x1p-1075", "0x1.8p-1075", "0x1p-149", "0x1p-150", "0x1.000001p-150", "0x1p128", "0x1p-16445",
	"0x1p-16446", "0x1p16384", "4.9406564584124654e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
	"1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308", "3.4028235e38", "3.4028236e38",
	"1.401298464e-45", "7.00649232e-46", "7.006492321624085e-46", "1.18e-4951", "3.6e-4951", "1.19e4932",
	"1.18973149535723176502e4932", "0.1", "0.5", "2.5", "1.00000000000000011102230246251565404236316680908203125",
	"1.000000000000000111022302462515654042363166809082031250000000001", "123456789012345678901234567890",
	"0.000000000000000000000000000000000000000000000000000000000001",
};

static void rand_number(void)
{
	char buf[80];
	int n = 0;
	unsigned kind = pick(10);
	if (chance(25))
		buf[n++] = chance(50) ? '-' : '+';
	if (kind < 3) {
		int d = 1 + pick(kind == 0 ? 25 : 6);
		for (int i = 0; i < d; i++)
			buf[n++] = (char)('0' + pick(10));
	} else if (kind < 5) {
		buf[n++] = '0';
		buf[n++] = chance(50) ? 'x' : 'X';
		int d = pick(18);
		for (int i = 0; i < d; i++)
			buf[n++] = "0123456789abcdefABCDEF"[pick(22)];
		if (chance(30)) {
			buf[n++] = '.';
			for (int i = pick(5); i > 0; i--)
				buf[n++] = "0123456789abcdef"[pick(16)];
		}
		if (chance(40))
			n += sprintf(buf + n, "%c%s%d", chance(50) ? 'p' : 'P', chance(30) ? "-" : chance(30) ? "+" : "", (int)pick(1100));
	} else if (kind < 8) {
		int d = pick(12);
		for (int i = 0; i < d; i++)
			buf[n++] = chance(30) ? '0' : (char)('0' + pick(10));
		if (chance(60)) {
			buf[n++] = '.';
			for (int i = pick(12); i > 0; i--)
				buf[n++] = (char)('0' + pick(10));
		}
		if (chance(50))
			n += sprintf(buf + n, "%c%s%d", chance(50) ? 'e' : 'E', chance(40) ? "-" : chance(30) ? "+" : "", (int)pick(kind == 7 ? 5000 : 330));
	} else {
		buf[n++] = '0';
		int d = pick(8);
		for (int i = 0; i < d; i++)
			buf[n++] = (char)('0' + pick(9));
	}
	buf[n] = 0;
	put_in(buf);
}

static void rand_input(void)
{
	in_len = 0;
	in[0] = 0;
	int tokens = pick(6);
	for (int t = 0; t < tokens; t++) {
		unsigned k = pick(100);
		if (k < 35)
			rand_number();
		else if (k < 55)
			put_in(specials[pick(sizeof specials / sizeof *specials)]);
		else if (k < 70)
			put_in(words[pick(sizeof words / sizeof *words)]);
		else if (k < 85)
			put_in(spaces[pick(sizeof spaces / sizeof *spaces)]);
		else {
			char c[2] = { (char)(1 + pick(255)), 0 };
			put_in(c);
		}
		if (chance(50))
			put_in(spaces[pick(3)]);
	}
	/* Sometimes cut the input short, in the middle of a token. */
	if (in_len && chance(15))
		in[in_len = pick(in_len)] = 0;
}

static const char *sets[] = {
	"[abc]", "[^ \n]", "[]a-z]", "[^]x]", "[-a]", "[a-]", "[z-a]", "[0-9.e+-]", "[^0-9]", "[a-cx-z]",
	"[^-]", "[]]", "[^]]", "[\xc3\xa9\xe9-\xff]", "[A-Za-z_]", "[^\t ]", "[a", "[^", "[]", "[a-c-e]",
};

/* What each in-order destination is, so that %m pointers and floats print right. */
enum kind { K_RAW, K_ALLOC, K_FLOAT, K_DOUBLE, K_LDOUBLE };
static enum kind kinds[NDEST];
static int alloc_wide[NDEST], alloc_c[NDEST];

static int rand_format(int positional)
{
	fmt_len = 0;
	fmt[0] = 0;
	int dests = 0;
	int convs = 1 + pick(4);
	memset(kinds, 0, sizeof kinds);
	for (int c = 0; c < convs; c++) {
		unsigned k = pick(100);
		if (k < 12) {
			put_fmt(spaces[pick(sizeof spaces / sizeof *spaces)]);
			continue;
		}
		if (k < 18) {
			char lit[3] = { "abx.-+0]\xe9:%"[pick(11)], 0, 0 };
			if (lit[0] == '%')
				lit[1] = '%';
			put_fmt(lit);
			continue;
		}
		char spec[64];
		int n = 0;
		spec[n++] = '%';
		int suppress = chance(10);
		if (suppress)
			spec[n++] = '*';
		else if (positional)
			n += sprintf(spec + n, "%d$", 1 + (int)pick(positional == 2 ? 10 : 8));
		if (chance(40))
			n += sprintf(spec + n, "%d", (int)pick(22));
		static const char convs_s[] = "diouxXnaefgAEFGscspd[[ccsidfegxSC";
		char conv = convs_s[pick(sizeof convs_s - 1)];
		int m = 0;
		if ((conv == 's' || conv == 'c' || conv == '[' || conv == 'S' || conv == 'C') && chance(25) && !positional) {
			spec[n++] = 'm';
			m = 1;
		}
		static const char *lens[] = { "", "", "", "", "hh", "h", "l", "l", "ll", "j", "z", "t", "L", "L", "q" };
		const char *len = lens[pick(sizeof lens / sizeof *lens)];
		n += sprintf(spec + n, "%s", len);
		if (chance(1))
			spec[n++] = "ykw!"[pick(4)];
		else if (conv == '[') {
			const char *set = sets[pick(sizeof sets / sizeof *sets)];
			n += sprintf(spec + n, "%s", set);
			/* A set without its ']' swallows the rest of the format: nothing follows it,
			 * so that the destinations stay where the generator thinks they are. */
			if (!strcmp(set, "[a") || !strcmp(set, "[^") || !strcmp(set, "[]"))
				convs = c + 1;
		} else
			spec[n++] = conv;
		spec[n] = 0;
		put_fmt(spec);
		if (!suppress && !positional && dests < NDEST) {
			enum kind kd = K_RAW;
			if (m) {
				kd = K_ALLOC;
				alloc_wide[dests] = conv == 'S' || conv == 'C' || !strcmp(len, "l");
				alloc_c[dests] = conv == 'c' || conv == 'C' ? -1 : 0;
				if (alloc_c[dests]) {
					/* %mc stores width bytes (1 by default). */
					const char *p = spec + 1;
					int w = 0;
					while (*p >= '0' && *p <= '9')
						w = w * 10 + (*p++ - '0');
					alloc_c[dests] = w ? w : 1;
				}
			} else if (strchr("aefgAEFG", conv)) {
				if (!*len)
					kd = K_FLOAT;
				else if (!strcmp(len, "l"))
					kd = K_DOUBLE;
				else if (!strcmp(len, "L"))
					kd = K_LDOUBLE;
			}
			kinds[dests++] = kd;
		}
		if (chance(10))
			put_fmt(" ");
	}
	return dests;
}

static unsigned char dest[NDEST][DSIZE], dest2[NDEST][DSIZE];
static FILE *tf;

/* The same case through fscanf on a file: whether it stores the same, then where the
 * stream stands (ftell, and the byte fgetc reads next), which shows exactly what scanf
 * consumed and what it gave back. Cases with %m are left out (their pointers differ). */
static void through_file(int r)
{
	for (int d = 0; d < NDEST; d++)
		if (kinds[d] == K_ALLOC)
			return;
	rewind(tf);
	ftruncate(fileno(tf), 0);
	fputs(in, tf);
	rewind(tf);
	memset(dest2, FILL, sizeof dest2);
	int r2 = fscanf(tf, fmt, dest2[0], dest2[1], dest2[2], dest2[3], dest2[4], dest2[5], dest2[6], dest2[7],
		dest2[8], dest2[9], dest2[10], dest2[11], dest2[12], dest2[13], dest2[14], dest2[15]);
	long pos = ftell(tf);
	int c = fgetc(tf);
	printf(" F%s t=%ld c=%d", r2 == r && !memcmp(dest, dest2, sizeof dest) ? "=" : "!", pos, c);
}

static void hex(const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		printf("%02x", p[i]);
}

static void one_case(int i)
{
	int positional = chance(8) ? 1 + chance(20) : 0;
	rand_format(positional);
	rand_input();
	memset(dest, FILL, sizeof dest);
	errno = 0;
	int r = sscanf(in, fmt, dest[0], dest[1], dest[2], dest[3], dest[4], dest[5], dest[6], dest[7], dest[8],
		dest[9], dest[10], dest[11], dest[12], dest[13], dest[14], dest[15]);
	int e = errno;
	printf("%d [", i);
	for (const char *p = fmt; *p; p++)
		printf((unsigned char)*p < 0x20 || (unsigned char)*p > 0x7e ? "\\%03o" : "%c", (unsigned char)*p);
	printf("] [");
	for (const char *p = in; *p; p++)
		printf((unsigned char)*p < 0x20 || (unsigned char)*p > 0x7e ? "\\%03o" : "%c", (unsigned char)*p);
	printf("] r=%d", r);
	printf(" e=%d", e);
	through_file(r);
	for (int d = 0; d < NDEST; d++) {
		size_t last = DSIZE;
		while (last && dest[d][last - 1] == FILL)
			last--;
		if (!last)
			continue;
		printf(" %d:", d);
		if (!positional && kinds[d] == K_ALLOC) {
			char *s;
			memcpy(&s, dest[d], sizeof s);
			if (!s) /* glibc nulls the pointer of a failed %m */
				printf("null");
			else if (alloc_wide[d]) {
				wchar_t *w = (wchar_t *)s;
				size_t n = alloc_c[d] ? (size_t)alloc_c[d] : wcslen(w);
				printf("w{");
				for (size_t k = 0; k < n; k++)
					printf("%x,", (unsigned)w[k]);
				printf("}");
			} else {
				size_t n = alloc_c[d] ? (size_t)alloc_c[d] : strlen(s);
				printf("m{");
				hex((unsigned char *)s, n);
				printf("}");
			}
			free(s);
			continue;
		}
		hex(dest[d], last);
		if (!positional && kinds[d] == K_FLOAT) {
			float f;
			memcpy(&f, dest[d], sizeof f);
			printf("=%a", (double)f);
		} else if (!positional && kinds[d] == K_DOUBLE) {
			double f;
			memcpy(&f, dest[d], sizeof f);
			printf("=%a", f);
		}
	}
	printf("\n");
}

int main(int argc, char **argv)
{
	alarm(argc > 1 ? 0 : 19);
	tf = tmpfile();
	if (!tf)
		return 1;
	long cases = argc > 1 ? atol(argv[1]) : CASES;
	if (argc > 2)
		state = strtoull(argv[2], 0, 0);
	for (long i = 0; i < cases; i++)
		one_case((int)i);
	printf("cases %ld\n", cases);
	return 0;
}

/* fnmatch against musl on generated input: 100,000 pattern/string/flags triples from a
 * fixed-seed generator (xorshift64, below), in the C locale over an alphabet of the
 * characters that mean something to a pattern (`* ? [ ] ! ^ - / . \`), letters of both
 * cases, classes and bytes above 0x7f; then 50,000 more in C.UTF-8 with two-byte
 * characters, always whole, and ranges that end in ASCII: limpet deliberately differs from
 * musl on a byte that is no character (musl loops forever on such a pattern under
 * FNM_PATHNAME) and after a range that ends in a multibyte character (musl misreads the
 * rest of the list). Prints a
 * running hash of the results, the number of matches, and every 5,000th case, so that a
 * difference shows where it is. */
#include <fnmatch.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

static unsigned long long seed = 0x2545F4914F6CDD1DULL;

static unsigned long long next(void)
{
	seed ^= seed << 13;
	seed ^= seed >> 7;
	seed ^= seed << 17;
	return seed;
}

static unsigned pick(unsigned n)
{
	return (unsigned)(next() % n);
}

static const char *const pat_c[] = {
	"a", "b", "A", "*", "*", "?", "[", "]", "!", "^", "-", "/", ".", "\\",
	"[:alpha:]", "[:upper:]", "[.a.]", "\xc3", "\xa9", "a-c",
};
static const char *const str_c[] = { "a", "b", "A", "B", "/", ".", "-", "]", "!", "^", "\\", "[", "*", "\xc3", "\xa9" };

static const char *const pat_u[] = {
	"a", "\xc3\xa9", "\xc3\x89", "*", "*", "?", "[", "]", "!", "/", ".", "\\", "[:lower:]", "a-c", "\xc3\xa0-z", "b",
};
static const char *const str_u[] = { "a", "\xc3\xa9", "\xc3\x89", "\xc3\xbf", "/", ".", "-", "]", "b", "\\" };

static const int flag_bits[] = { FNM_PATHNAME, FNM_NOESCAPE, FNM_PERIOD, FNM_LEADING_DIR, FNM_CASEFOLD };

static void build(char *out, const char *const *units, unsigned n, unsigned maxlen)
{
	unsigned len = pick(maxlen + 1);
	out[0] = 0;
	for (unsigned i = 0; i < len; i++)
		strcat(out, units[pick(n)]);
}

/* Prints s with every byte outside printable ASCII as \xHH. */
static void show(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c < 0x20 || c > 0x7e || c == '"')
			printf("\\x%02x", c);
		else
			putchar(c);
	}
	putchar('"');
}

static void run(const char *name, const char *const *pu, unsigned pn, const char *const *su, unsigned sn, int cases)
{
	char pat[128], str[128];
	unsigned long hash = 2166136261u;
	int matched = 0;
	for (int i = 0; i < cases; i++) {
		build(pat, pu, pn, 9);
		build(str, su, sn, 9);
		int flags = 0;
		for (unsigned b = 0; b < sizeof flag_bits / sizeof *flag_bits; b++)
			if (pick(3) == 0)
				flags |= flag_bits[b];
		int r = fnmatch(pat, str, flags);
		matched += r == 0;
		hash = (hash ^ (unsigned long)(r == 0 ? 1 : r == FNM_NOMATCH ? 2 : 3)) * 16777619u;
		hash &= 0xffffffffu;
		if (i % 5000 == 0) {
			printf("%s %6d ", name, i);
			show(pat);
			putchar(' ');
			show(str);
			printf(" %#x -> %d\n", flags, r);
		}
	}
	printf("%s: %d cases, %d matched, hash %08lx\n", name, cases, matched, hash);
}

int main(void)
{
	run("C", pat_c, sizeof pat_c / sizeof *pat_c, str_c, sizeof str_c / sizeof *str_c, 100000);
	if (!setlocale(LC_CTYPE, "C.UTF-8")) {
		printf("no C.UTF-8\n");
		return 1;
	}
	run("UTF-8", pat_u, sizeof pat_u / sizeof *pat_u, str_u, sizeof str_u / sizeof *str_u, 50000);
	return 0;
}

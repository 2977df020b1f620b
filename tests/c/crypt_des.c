/* crypt_des: traditional DES crypt (two salt characters) and BSDi extended DES (`_`, four
 * characters of count, four of salt): known hashes, every salt byte, 10,000 generated keys
 * and settings of each kind, settings that must fail, and a large count.
 *
 * Debian's musl has no crypt (Debian removes it: bug #947193), so the reference run cannot
 * even start: crypt_des.flags lets the link leave `crypt` unresolved (a dynamic symbol, for
 * limpet's loader to bind), crypt_des.status says the program exits 0, and crypt_des.expected is the output of musl 1.2.3's own crypt:
 * crypt_des.gen.sh builds musl's src/crypt from Debian's source package and links this
 * program with it.
 *
 * A refused setting prints "refused": musl writes "*", limpet (as libxcrypt and glibc)
 * "*0", or "*1" for a setting that starts with "*0". errno is not printed: musl leaves
 * it, limpet sets EINVAL.
 *
 * `crypt_des -v` prints every case instead of a digest of each family.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const char B64[] = "./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/* Lengths of a whole hash string. */
#define TRAD_LEN 13
#define EXT_LEN 20
#define CASES 10000

static int verbose;
static unsigned long long rng = 0x243f6a8885a308d3ull;

static unsigned long long next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* A family of cases: how many, how many refused, and an FNV-1a digest of every result. */
struct family {
	const char *name;
	int n, refused;
	unsigned long long digest;
};

static void start(struct family *f, const char *name)
{
	f->name = name;
	f->n = f->refused = 0;
	f->digest = 0xcbf29ce484222325ull;
}

static void mix(struct family *f, const char *s)
{
	for (; *s; s++)
		f->digest = (f->digest ^ (unsigned char)*s) * 0x100000001b3ull;
	f->digest = (f->digest ^ '\n') * 0x100000001b3ull;
}

static void show(const char *s)
{
	for (; *s; s++) {
		unsigned char c = *s;
		if (c > ' ' && c < 127 && c != '\\')
			putchar(c);
		else
			printf("\\x%02x", c);
	}
}

/* Hashes and records one case; a result shorter than a hash is a refusal. */
static void one(struct family *f, const char *key, const char *setting)
{
	const char *r = crypt(key, setting);
	size_t want = setting[0] == '_' ? EXT_LEN : TRAD_LEN;
	int refused = !r || strlen(r) != want;
	f->n++;
	f->refused += refused;
	mix(f, refused ? "refused" : r);
	if (verbose) {
		show(key);
		putchar(' ');
		show(setting);
		putchar(' ');
		show(refused ? "refused" : r);
		putchar('\n');
	}
}

static void finish(struct family *f)
{
	printf("%s: %d cases, %d refused, digest %016llx\n", f->name, f->n, f->refused, f->digest);
}

static void random_key(char *k)
{
	unsigned long long r = next();
	size_t len = r % 10 == 0 ? 0 : r % 10 < 7 ? next() % 12 : r % 10 < 9 ? next() % 40 : next() % 300;
	for (size_t i = 0; i < len; i++)
		k[i] = 1 + next() % 255;
	k[len] = 0;
}

int main(int argc, char **argv)
{
	verbose = argc > 1 && !strcmp(argv[1], "-v");
	struct family f;
	char key[320], setting[32];

	static const char *const known[][2] = {
		{ "test", "ab" }, { "test", "abcdefg" }, { "", ".." }, { "x", "zz" },
		{ "0123456789abcdefghij", "_J9..CCCC" }, { "test", "_J9..CCCCxyz" },
		{ "12345678901234567", "_/...CCCC" }, { "pw", "_.z..CCCC" },
		/* Outside the alphabet: musl takes them, libxcrypt does not. */
		{ "test", "a!" }, { "test", "*0" }, { "test", "$1" }, { "test", "$x" },
		{ "test", "\xff\x80" }, { "test", " ;" },
	};
	for (size_t i = 0; i < sizeof known / sizeof *known; i++) {
		const char *r = crypt(known[i][0], known[i][1]);
		show(known[i][0]);
		putchar(' ');
		show(known[i][1]);
		putchar(' ');
		show(r);
		putchar('\n');
	}

	/* Every byte as either salt character (as the first, `_` is the extended method). */
	start(&f, "salt bytes");
	for (int c = 1; c < 256; c++) {
		setting[0] = c, setting[1] = '.', setting[2] = 0;
		one(&f, "key", setting);
		setting[0] = '.', setting[1] = c;
		one(&f, "key", setting);
	}
	finish(&f);

	start(&f, "traditional, alphabet salts");
	for (int i = 0; i < CASES; i++) {
		random_key(key);
		setting[0] = B64[next() % 64], setting[1] = B64[next() % 64];
		size_t more = next() % 4 == 0 ? next() % 12 : 0;
		for (size_t j = 0; j < more; j++)
			setting[2 + j] = B64[next() % 64];
		setting[2 + more] = 0;
		one(&f, key, setting);
	}
	finish(&f);

	start(&f, "traditional, any salt bytes");
	for (int i = 0; i < CASES; i++) {
		random_key(key);
		setting[0] = 1 + next() % 255, setting[1] = 1 + next() % 255, setting[2] = 0;
		one(&f, key, setting);
	}
	finish(&f);

	/* Counts 1 to 4,096, mostly small; now and then any byte in the count or the salt. */
	start(&f, "extended");
	for (int i = 0; i < CASES; i++) {
		random_key(key);
		unsigned count = 1 + (next() % 8 == 0 ? next() % 4096 : next() % 64);
		setting[0] = '_';
		for (int j = 0; j < 4; j++)
			setting[1 + j] = B64[count >> 6 * j & 63];
		for (int j = 0; j < 4; j++)
			setting[5 + j] = B64[next() % 64];
		/* Not in the count's top characters, where a byte of the alphabet would make a
		 * count of millions. */
		static const int junk_at[] = { 1, 2, 5, 6, 7, 8 };
		if (next() % 16 == 0)
			setting[junk_at[next() % 6]] = 1 + next() % 255;
		setting[9] = 0;
		one(&f, key, setting);
	}
	finish(&f);

	static const char *const bad[] = {
		"", "a", "_", "_J9..CCC", "_J9", "_....CCCC", "_....zzzz", "_J9..!CCC",
		"_!9..CCCC", "_J9..CC:C", "a:", ":a", "\na", "a\n",
	};
	start(&f, "bad settings");
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		one(&f, "password", bad[i]);
	finish(&f);

	/* A large count, 2^19 - 1 (the largest, 2^24 - 1, takes seconds: the bound is the
	 * format's own, as in musl). */
	start(&f, "large count");
	one(&f, "password", "_zzz/CCCC");
	finish(&f);
	return 0;
}

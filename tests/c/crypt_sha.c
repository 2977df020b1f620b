/* crypt's `$5$` and `$6$` (SHA-crypt) against the real musl: 1,000 generated cases and the
 * edges musl draws. Keys of 0 to 300 bytes of any value but NUL (musl refuses more than
 * 256), salts of 0 to 20 bytes mixing the base-64 alphabet with `$ : \n * \xff`, rounds
 * absent (5,000) in a tenth of the cases, below 1,000 (raised to 1,000), 1,000 to 1,099,
 * or malformed. Each line prints the hash, or "fail" for a result starting with `*` (musl
 * returns "*", limpet "*0").
 *
 * Debian's musl has no crypt (crypt_sha.rustupmusl): the reference is rustup's musl 1.2.5,
 * linked statically. */
#include <stdio.h>
#include <string.h>

char *crypt(const char *key, const char *setting);

static unsigned long long rng = 0x243f6a8885a308d3ull;

static unsigned next(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

static const char b64[] = "./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
static const char odd[] = "$:\n*\xff";

static void show(int i, const char *key, const char *setting)
{
	const char *h = crypt(key, setting);
	printf("%d %s\n", i, !h || h[0] == '*' ? "fail" : h);
}

int main(void)
{
	static char key[400], setting[128];
	enum { CASES = 1000 };
	for (int i = 0; i < CASES; i++) {
		int klen = next(4) == 0 ? (int)next(8) : next(4) == 0 ? 250 + (int)next(12) : (int)next(301);
		for (int k = 0; k < klen; k++)
			key[k] = (char)(1 + next(255));
		key[klen] = 0;
		int n = sprintf(setting, "$%c$", i & 1 ? '6' : '5');
		unsigned r = next(10);
		if (r < 2)
			n += sprintf(setting + n, "rounds=%u$", next(1000));
		else if (r < 8)
			n += sprintf(setting + n, "rounds=%u$", 1000 + next(100));
		else if (r == 8)
			n += sprintf(setting + n, "rounds=%s$", next(2) ? "+1000" : "01000x");
		int slen = next(21);
		for (int k = 0; k < slen; k++)
			setting[n++] = next(40) == 0 ? odd[next(5)] : b64[next(64)];
		setting[n] = 0;
		show(i, key, setting);
	}
	/* The edges, each measured on musl. */
	static const char *const edges[] = {
		"$6$rounds=999$salt", "$6$rounds=0$salt", "$6$rounds=0000000000001000$salt",
		"$6$rounds=10000000$salt", "$6$rounds=99999999999999999999999$salt",
		"$6$rounds=4294968296$salt", "$6$rounds=$salt", "$6$rounds=-1$salt", "$6$rounds=1000",
		"$6$", "$6$$", "$6$rounds=1000$", "$6$roundsxx$", "$6$abcdefghijklmnop:", "$6$abcdefghijklmno:",
		"$6$ab$:", "$5$ab:", "$5$rounds=999$abcdefghijklmnopqrstuvwxyz", "$6$saltstring$oldhash",
	};
	for (unsigned i = 0; i < sizeof edges / sizeof *edges; i++)
		show(CASES + (int)i, "hello", edges[i]);
	memset(key, 'x', 257);
	key[256] = 0;
	show(-1, key, "$6$salt");
	show(-2, key, "$5$salt");
	key[256] = 'x';
	key[257] = 0;
	show(-3, key, "$6$salt");
	show(-4, key, "$5$salt");
	return 0;
}

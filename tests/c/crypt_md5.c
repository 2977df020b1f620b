/* crypt's `$1$` (MD5-crypt) against the real musl: 2,000 generated cases and the edges musl
 * draws. Keys of 0 to 300 bytes of any value but NUL, salts of 0 to 12 bytes of any value
 * but NUL (musl takes every byte but `$`, up to 8 of them), then the key bound: 30,000
 * bytes hash, 30,001 fail. Each line prints the hash, or "fail" for a result starting with
 * `*` (musl returns "*", limpet "*0").
 *
 * Debian's musl has no crypt (crypt_md5.rustupmusl): the reference is rustup's musl 1.2.5,
 * linked statically. */
#include <stdio.h>
#include <string.h>

char *crypt(const char *key, const char *setting);

static unsigned long long rng = 0x13198a2e03707344ull;

static unsigned next(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

static void show(int i, const char *key, const char *setting)
{
	const char *h = crypt(key, setting);
	if (!h || h[0] == '*') {
		printf("%d fail\n", i);
		return;
	}
	/* The salt may hold any byte: print the hash in hex. */
	printf("%d ", i);
	for (; *h; h++)
		printf("%02x", (unsigned char)*h);
	printf("\n");
}

int main(void)
{
	static char key[30002], setting[32];
	enum { CASES = 2000 };
	for (int i = 0; i < CASES; i++) {
		int klen = next(2) ? (int)next(20) : (int)next(301);
		for (int k = 0; k < klen; k++)
			key[k] = (char)(1 + next(255));
		key[klen] = 0;
		int n = sprintf(setting, "$1$");
		int slen = next(13);
		for (int k = 0; k < slen; k++)
			setting[n++] = (char)(1 + next(255));
		setting[n] = 0;
		show(i, key, setting);
	}
	show(-1, "hello", "$1$");
	show(-2, "", "$1$salt");
	show(-3, "hello", "$1$ab$cd");
	show(-4, "hello", "$1$rounds=1000$x");
	memset(key, 'x', 30001);
	key[30000] = 0;
	show(-5, key, "$1$salt");
	key[30000] = 'x';
	key[30001] = 0;
	show(-6, key, "$1$salt");
	return 0;
}

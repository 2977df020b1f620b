/* crypt_encrypt: setkey and encrypt, DES one bit a byte. The block before any setkey
 * (the zero key's), known answers (FIPS 81's example, NBS SP 500-20's tables), edflag
 * values other than 0 and 1, bytes other than 0 and 1 in the key and the block, and
 * 10,000 generated keys and blocks there and back.
 *
 * Debian's musl has no encrypt or setkey (Debian removes musl's crypt: bug #947193), so the
 * reference run cannot even start: crypt_encrypt.flags lets the link leave them unresolved (dynamic
 * symbols, for limpet's loader to bind),
 * crypt_encrypt.status says the program exits 0, and crypt_encrypt.expected is the output
 * of musl 1.2.3's own functions: crypt_encrypt.gen.sh builds musl's src/crypt from
 * Debian's source package and links this program with it.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BITS 64
#define CASES 10000

static unsigned long long rng = 0x13198a2e03707344ull;

static unsigned long long next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static void to_bits(unsigned long long v, char *b)
{
	for (int i = 0; i < BITS; i++)
		b[i] = v >> (BITS - 1 - i) & 1;
}

/* The block as a number; -1 marks a byte other than 0 and 1. */
static unsigned long long from_bits(const char *b, int *odd)
{
	unsigned long long v = 0;
	for (int i = 0; i < BITS; i++) {
		*odd |= b[i] != 0 && b[i] != 1;
		v = v << 1 | (b[i] & 1);
	}
	return v;
}

static void one(unsigned long long k, unsigned long long p, int edflag)
{
	char kb[BITS], b[BITS];
	int odd = 0;
	to_bits(k, kb);
	to_bits(p, b);
	setkey(kb);
	encrypt(b, edflag);
	unsigned long long c = from_bits(b, &odd);
	printf("key %016llx in %016llx edflag %d: %016llx%s\n", k, p, edflag, c, odd ? " (bytes not 0/1)" : "");
}

int main(void)
{
	char kb[BITS], b[BITS];
	int odd = 0;

	/* Before any setkey. */
	memset(b, 0, BITS);
	encrypt(b, 0);
	printf("no key yet: %016llx\n", from_bits(b, &odd));

	one(0x0123456789abcdefull, 0x4e6f772069732074ull, 0);
	one(0x0123456789abcdefull, 0x3fa40e8a984d4815ull, 1);
	one(0x133457799bbcdff1ull, 0x0123456789abcdefull, 0);
	one(0x133457799bbcdff1ull, 0x85e813540f0ab405ull, -1);
	one(0x133457799bbcdff1ull, 0x85e813540f0ab405ull, 2);
	one(0x133457799bbcdff1ull, 0x85e813540f0ab405ull, 256);
	for (int i = 0; i < BITS; i++)
		one(0x0101010101010101ull, 1ull << (BITS - 1 - i), 0);
	for (int i = 0; i < BITS; i += 8)
		for (int j = 0; j < 7; j++)
			one(0x0101010101010101ull ^ 1ull << (BITS - 1 - i - j), 0, 0);
	/* Parity bits change nothing. */
	one(0x133457799bbcdff1ull ^ 0x0101010101010101ull, 0x0123456789abcdefull, 0);

	/* Any byte values in the key and the block. */
	unsigned long long digest = 0xcbf29ce484222325ull;
	int bad = 0;
	for (int i = 0; i < CASES; i++) {
		for (int j = 0; j < BITS; j++)
			kb[j] = next(), b[j] = next();
		setkey(kb);
		encrypt(b, next() % 2);
		odd = 0;
		digest = (digest ^ from_bits(b, &odd)) * 0x100000001b3ull;
		bad += odd;
	}
	printf("any bytes: %d cases, digest %016llx, %d with bytes not 0/1\n", CASES, digest, bad);

	/* There and back. */
	int back = 0;
	digest = 0xcbf29ce484222325ull;
	for (int i = 0; i < CASES; i++) {
		unsigned long long k = next(), p = next(), c;
		to_bits(k, kb);
		to_bits(p, b);
		setkey(kb);
		encrypt(b, 0);
		c = from_bits(b, &odd);
		digest = (digest ^ c) * 0x100000001b3ull;
		encrypt(b, 1);
		back += from_bits(b, &odd) == p;
	}
	printf("round trips: %d of %d, digest %016llx\n", back, CASES, digest);
	return 0;
}

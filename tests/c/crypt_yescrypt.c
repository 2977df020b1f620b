/* crypt and crypt_r with yescrypt ($y$) and scrypt ($7$), which musl lacks: its output is
 * compared with crypt_yescrypt.expected, glibc's libcrypt (libxcrypt) output for the same
 * program, which crypt_yescrypt.gen.sh regenerates.
 *
 * Debian's default cost ($y$j9T$) with a few keys and salts; small costs in every
 * yescrypt mode (classic scrypt, write-once/read-many, read-write) with p and t given;
 * keys empty, long and with high-bit bytes; a setting that is a whole old hash; scrypt's
 * $7$ with the RFC 7914 parameters; and hostile settings, which fail with "*0" and errno
 * EINVAL, at once: N = 2^63, r * p past
 * 2^30, p or t huge, a ROM, bad base-64, truncated strings. limpet's own bounds (1 GiB of
 * memory, 2^25 BlockMix rows), which libxcrypt does not have (it hashes $y$jIT$, 8 GiB),
 * are tested in components/crypt. The program exits 0; Debian's musl, which has no crypt
 * at all, cannot load its library (crypt_yescrypt.status). */
#include <stddef.h>

/* In crypt_yescrypt.lib.c: Debian's musl has no crypt at all, so the calls live in the
 * program's library, which musl then cannot load (crypt_yescrypt.status), while the
 * program itself links (crypt_yescrypt.flags: --allow-shlib-undefined). */
void show(const char *key, const char *setting);

int main(void)
{
	static const char *defaults[] = {
		"$y$j9T$abcdefgh",
		"$y$j9T$F5Jx5fExrKuPp53xLKQ..1$X3DX6M94c7o.9agCG9G317fhZg9SqC.5i5rd.RhAtQ7",
		"$y$j9T$/6k.2IU/5UE08g.1Bsk1E.",
	};
	static const char *keys[] = { "", "pw", "password", "\xc3\xa9t\xc3\xa9 \x80\xff",
		"0123456789012345678901234567890123456789012345678901234567890123456789",
	};
	static const char *small[] = {
		"$y$j75$/6k.2IU/5UE08g.1Bsk1E.",
		"$y$j/.$/.",
		"$y$j0...$/6k.2IU/",      /* p = 2 */
		"$y$j1../.$saltsalt",     /* t = 1: "$y$" flavour j, N 16, r 1, p 3, t 1 */
		"$y$j3/./$/6k.2IU/5UE08g", /* t = 1 */
		"$y$.3/$/6k.2IU/",        /* classic scrypt */
		"$y$/3/$/6k.2IU/",        /* write-once/read-many */
		"$y$/3//.$/6k.2IU/",      /* write-once/read-many, t = 1 */
		"$y$j2T$",                /* empty salt */
		"$y$j2T$$",
		"$7$C6..../....SodiumChloride",
		"$7$06..../....",
		"$7$0/..../....ab$cd$ef",
		"$7$1/....0....NaCl",
	};
	static const char *hostile[] = {
		"$y$jzT$saltsalt",    /* N = 2^63 */
		"$y$j9zzzzzz$saltsalt", /* r huge */
		"$y$j9T7zzzzzz$salt", /* p huge */
		"$y$j9T2zzzzzz$salt", /* t huge */
		"$y$j9T3/$saltsalt",  /* g */
		"$y$j9T5.$saltsalt",  /* a ROM */
		"$y$k.9T$saltsalt",   /* an unknown flavour */
		"$y$j9T$abc",         /* bits past the last byte */
		"$y$j9T$a",
		"$y$j9T$sa:t",
		"$y$j9T",
		"$y$j",
		"$y$",
		"$7$z6..../....salt", /* N = 2^63 */
		"$7$.6..../....salt", /* N = 1 */
		"$7$C6..../zzzzsalt", /* r * p past 2^30 */
		"$7$Kzzzz/..../salt", /* memory */
		"$7$C6....",
		"$7$C6..../....sa~t",
	};
	for (size_t i = 0; i < sizeof defaults / sizeof *defaults; i++)
		show("pw", defaults[i]);
	show("\xff\xfe long and odd key \x01\x7f", defaults[0]);
	for (size_t i = 0; i < sizeof small / sizeof *small; i++)
		for (size_t k = 0; k < sizeof keys / sizeof *keys; k++)
			show(keys[k], small[i]);
	for (size_t i = 0; i < sizeof hostile / sizeof *hostile; i++)
		show("password", hostile[i]);
	return 0;
}

/* crypt and crypt_r, the dispatcher: a method is chosen by the setting's prefix, crypt_r
 * writes into the caller's struct crypt_data and returns a pointer into it, crypt into one
 * static buffer; a failed hash is `*0` with errno EINVAL, which never equals the setting.
 * Settings that start with `*` are left out: they are traditional DES salts in musl and
 * limpet (any byte but `:` and newline), which libxcrypt refuses (it writes `*0`, or `*1`
 * for a setting starting with `*0`); limpet-crypt's Rust tests check that a failure never
 * equals its setting.
 *
 * Compared with crypt_basic.expected (crypt_basic.gen.sh: glibc's libcrypt, libxcrypt,
 * prints the same), not with musl: musl 1.2.5 fails with "*" and leaves errno alone;
 * limpet fails as libxcrypt does, with a string that never equals the setting. Debian's musl has no crypt (crypt_basic.rustupmusl): the reference build
 * is rustup's musl 1.2.5, linked statically; it dies on the null setting (musl reads it), so
 * crypt_basic.status gives the exit status. Only the methods every limpet build has and
 * musl agrees on are used ($1$ $5$ $6$); traditional DES settings are left to its own
 * test. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

/* Debian's musl installs no <crypt.h>; this is musl's layout (libxcrypt's is larger, so
 * crypt_basic.gen.sh sets CRYPT_DATA_BUF to its size). */
#ifndef CRYPT_DATA_BUF
#define CRYPT_DATA_BUF 256
#endif
struct crypt_data {
	int initialized;
	char __buf[CRYPT_DATA_BUF];
};

char *crypt(const char *key, const char *setting);
char *crypt_r(const char *key, const char *setting, struct crypt_data *data);

static void fails(const char *key, const char *setting, const char *what)
{
	errno = 0;
	const char *h = crypt(key, setting);
	int e = errno;
	printf("%s: %s errno %s differs from setting %s\n", what, h, e == EINVAL ? "EINVAL" : e ? "other" : "0",
	       strcmp(h, setting) ? "yes" : "no");
}

int main(void)
{
	static const char *const settings[] = {
		"$1$saltstri", "$5$saltstring", "$6$saltstring", "$6$rounds=1000$saltstring$oldhash",
	};
	struct crypt_data data;
	for (unsigned i = 0; i < sizeof settings / sizeof *settings; i++) {
		memset(&data, 0, sizeof data);
		char *r = crypt_r("Hello world!", settings[i], &data);
		int inside = r >= (char *)&data && r < (char *)(&data + 1);
		char copy[256];
		snprintf(copy, sizeof copy, "%s", r);
		char *c = crypt("Hello world!", settings[i]);
		printf("%s crypt_r inside data %s, crypt same %s\n", copy, inside ? "yes" : "no",
		       strcmp(copy, c) ? "no" : "yes");
	}
	/* crypt's buffer is reused. */
	char *a = crypt("a", "$1$x");
	char *b = crypt("b", "$1$x");
	printf("crypt reuses its buffer %s\n", a == b ? "yes" : "no");

	/* Settings both refuse (musl's own bounds, where libxcrypt differs, are in crypt_sha). */
	fails("hello", "$5$ab:cd", "colon in salt");
	fails("hello", "$6$rounds=1000", "rounds without end");
	fails("hello", "$6$rounds=$salt", "empty rounds");
	fails("hello", "", "empty setting");

	/* A null setting or key fails too, through both functions. */
	errno = 0;
	char *n = crypt("hello", NULL);
	printf("null setting: %s errno %s\n", n ? (n[0] == '*' ? "fails" : n) : "null", errno == EINVAL ? "EINVAL" : "other");
	errno = 0;
	n = crypt_r(NULL, "$6$salt", &data);
	printf("null key: %s errno %s\n", n ? (n[0] == '*' ? "fails" : n) : "null", errno == EINVAL ? "EINVAL" : "other");
	return 0;
}

/* The calls of crypt_yescrypt.c: crypt and crypt_r of one key and setting, printed with
 * errno on failure. In a library of their own because Debian's musl has no crypt: the
 * program links there, and only this library fails to load. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <crypt.h>
#else
/* musl has no <crypt.h>; its struct crypt_data is a 256-byte buffer after an int. */
struct crypt_data {
	int initialized;
	char __buf[256];
};
char *crypt_r(const char *, const char *, struct crypt_data *);
char *crypt(const char *, const char *);
#endif

static struct crypt_data data;

void show(const char *key, const char *setting)
{
	errno = 0;
	const char *h = crypt(key, setting);
	int e = errno;
	const char *h2 = crypt_r(key, setting, &data);
	printf("%s\n", h ? h : "(null)");
	if (!h || !h2 || strcmp(h, h2) != 0)
		printf("  crypt_r differs\n");
	if (h && h[0] == '*')
		printf("  errno %s\n", e == EINVAL ? "EINVAL" : "other");
}

/* libbench_crypt.so, the crypt_yescrypt row's call of crypt: on glibc from libcrypt.so.1
 * (opened here, since a row's link flags are the same for every libc and musl has no
 * libcrypt), elsewhere the libc's own crypt, which Debian's musl lacks. */
#include <stddef.h>
/* Any libc header, so that glibc's __GLIBC__ is defined before it is tested. */
#include <string.h>
#ifdef __GLIBC__
#include <dlfcn.h>
#else
char *crypt(const char *, const char *);
#endif

const char *bench_crypt(const char *key, const char *setting)
{
#ifdef __GLIBC__
	static char *(*fn)(const char *, const char *);
	if (!fn) {
		void *h = dlopen("libcrypt.so.1", RTLD_NOW);
		fn = h ? (char *(*)(const char *, const char *))dlsym(h, "crypt") : NULL;
		if (!fn)
			return NULL;
	}
	return fn(key, setting);
#else
	return crypt(key, setting);
#endif
}

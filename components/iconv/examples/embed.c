/* limpet-iconv's static archive in a program on another C library: `cargo xtask embed
 * iconv` links this file against target/embed/iconv/.../liblimpet_iconv_embed.a, ahead of
 * the host libc, and runs it. The <iconv.h> functions below are limpet's (with only the
 * charsets that are always in: the archive is built without `charset-*` features); the host
 * libc supplies printf, malloc, strlen and errno.
 *
 * What shows they are limpet's: dladdr places them in this program, and a character the
 * target lacks becomes musl's '*', counted (glibc's iconv fails with EILSEQ there). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <iconv.h>
#include <stdio.h>
#include <string.h>

static const char *defined_in(void *f)
{
	Dl_info fi, mi;
	if (!dladdr(f, &fi) || !dladdr((void *)defined_in, &mi))
		return "?";
	return fi.dli_fbase == mi.dli_fbase ? "this program" : fi.dli_fname;
}

static int convert(const char *to, const char *from, const char *in, size_t n)
{
	iconv_t cd = iconv_open(to, from);
	if (cd == (iconv_t)-1) {
		printf("%s <- %s: %s\n", to, from, strerror(errno));
		return 1;
	}
	char out[64], *ip = (char *)in, *op = out;
	size_t il = n, ol = sizeof out;
	size_t r = iconv(cd, &ip, &il, &op, &ol);
	printf("%s <- %s: returned %ld, wrote", to, from, r == (size_t)-1 ? -1L : (long)r);
	for (char *p = out; p < op; p++)
		printf(" %02x", (unsigned char)*p);
	printf("\n");
	iconv_close(cd);
	return r == (size_t)-1;
}

int main(void)
{
	printf("iconv_open is in %s\n", defined_in((void *)iconv_open));
	int bad = 0;
	bad |= convert("UTF-16LE", "UTF-8", "h\xc3\xa9", 3);
	bad |= convert("ISO-8859-1", "UTF-8", "\xe2\x82\xac" "5", 4);
	bad |= convert("UTF-8", "UTF-16", "\xff\xfe\x41\x00", 4);
	/* Left out of this archive: unknown, as in a build without the feature. */
	printf("CP1252 %s\n", iconv_open("CP1252", "UTF-8") == (iconv_t)-1 ? "refused" : "opened");
	return bad;
}

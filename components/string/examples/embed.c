/* limpet-string's static archive in a program on another C library: `cargo xtask embed
 * string` links this file against target/embed/string/.../liblimpet_string_embed.a, ahead
 * of the host libc, and runs it. Every string function below is limpet's; the host libc
 * supplies printf, malloc (for strdup) and errno.
 *
 * What shows they are limpet's: dladdr places them in this program, not in libc.so, and
 * strerror and strsignal give musl's texts (glibc's differ for the values below). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

/* "this program" when `f` is defined in the executable, else the shared object's path. */
static const char *defined_in(void *f)
{
	Dl_info fi, mi;
	if (!dladdr(f, &fi) || !dladdr((void *)defined_in, &mi))
		return "?";
	return fi.dli_fbase == mi.dli_fbase ? "this program" : fi.dli_fname;
}

static long at(const void *found, const void *base)
{
	return found ? (long)((const char *)found - (const char *)base) : -1;
}

int main(void)
{
	const char *text = "The quick brown fox jumps over the lazy dog";
	char buf[64];
	size_t n = strlen(text);

	printf("strlen, memmem, strerror are defined in: %s, %s, %s\n", defined_in((void *)strlen),
	       defined_in((void *)memmem), defined_in((void *)strerror));
	printf("strlen: %zu\n", n);
	printf("strstr(\"fox\"): %ld, strstr(\"cat\"): %ld\n", at(strstr(text, "fox"), text), at(strstr(text, "cat"), text));
	printf("memmem(\"the\"): %ld, strcasestr(\"THE\"): %ld\n", at(memmem(text, n, "the", 3), text),
	       at(strcasestr(text + 1, "THE"), text));
	printf("memchr('o'): %ld, memrchr('o'): %ld, strrchr('T'): %ld\n", at(memchr(text, 'o', n), text),
	       at(memrchr(text, 'o', n), text), at(strrchr(text, 'T'), text));

	memset(buf, '.', sizeof buf);
	memcpy(buf, text + 4, 5);
	strcpy(buf + 5, "!");
	printf("memcpy+strcpy: \"%s\", memcmp(\"abc\", \"abd\"): %d, strcmp(\"b\", \"a\") > 0: %d\n", buf,
	       memcmp("abc", "abd", 3) < 0 ? -1 : 1, strcmp("b", "a") > 0);

	char *dup = strdup(text);
	char *save, *word = strtok_r(dup, " ", &save);
	int words = 0;
	while (word) {
		words++;
		word = strtok_r(NULL, " ", &save);
	}
	free(dup);
	printf("strtok_r words: %d, wcslen(L\"wide\"): %zu\n", words, wcslen(L"wide"));

	/* musl's texts: glibc 2.36 says "Success", "Unknown error 1000" and "Real-time signal 6". */
	printf("strerror(0): %s\nstrerror(1000): %s\nstrsignal(40): %s\n", strerror(0), strerror(1000), strsignal(40));
	return 0;
}

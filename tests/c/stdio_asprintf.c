/* asprintf/vasprintf (sizes across the first allocation, empty output, errors leaving the
 * pointer alone), ctermid, _flushlbf, and the __fgetwc_unlocked/__fputwc_unlocked names. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

wint_t __fgetwc_unlocked(FILE *);
wint_t __fputwc_unlocked(wchar_t, FILE *);

static int via_v(char **s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vasprintf(s, fmt, ap);
	va_end(ap);
	return r;
}

int main(void)
{
	alarm(10);
	char *s = 0;
	int r = asprintf(&s, "%d %s %.3f", 42, "limpet", 3.14159);
	printf("asprintf %d [%s]\n", r, s);
	free(s);
	for (int n = 0; n <= 3000; n += 250) {
		r = asprintf(&s, "%*s|", n, "x");
		printf("width %d: %d len %zu last %c\n", n, r, strlen(s), s[r - 1]);
		free(s);
	}
	r = asprintf(&s, "%s", "");
	printf("empty %d [%s]\n", r, s);
	free(s);
	r = via_v(&s, "%05d-%c", 7, 'z');
	printf("vasprintf %d [%s]\n", r, s);
	free(s);
	s = (char *)0x1;
	errno = 0;
	r = asprintf(&s, "%hs", "x");
	int e = errno;
	printf("bad format %d errno %d pointer kept %d\n", r, e, s == (char *)0x1);

	char term[L_ctermid];
	printf("ctermid %s %s same %d\n", ctermid(0), ctermid(term), ctermid(term) == term);

	char path[64];
	snprintf(path, sizeof path, "/tmp/stdio_asprintf_%d", (int)getpid());
	FILE *f = fopen(path, "w+");
	fputs("pending", f);
	_flushlbf();
	FILE *g = fopen(path, "r");
	char buf[16] = { 0 };
	printf("after _flushlbf the file holds %zu bytes\n", fread(buf, 1, sizeof buf - 1, g));
	fclose(g);
	rewind(f);
	wint_t w = __fgetwc_unlocked(f);
	printf("__fgetwc_unlocked %c\n", (int)w);
	fseek(f, 0, SEEK_END);
	printf("__fputwc_unlocked %c\n", (int)__fputwc_unlocked(L'!', f));
	fclose(f);
	remove(path);
	return 0;
}

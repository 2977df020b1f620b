/* The va_list variants (vprintf, vfprintf, vsnprintf, vsprintf) called from
 * variadic wrappers, including re-use of the arguments through va_copy. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int wrap_vprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vprintf(fmt, ap);
	va_end(ap);
	return r;
}

static int wrap_vfprintf(FILE *f, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vfprintf(f, fmt, ap);
	va_end(ap);
	return r;
}

/* Measure, then format into an exactly sized buffer, then print twice. */
static void twice(const char *fmt, ...)
{
	va_list ap, ap2, ap3;
	va_start(ap, fmt);
	va_copy(ap2, ap);
	va_copy(ap3, ap);
	int need = vsnprintf(NULL, 0, fmt, ap);
	char buf[256];
	int got = vsnprintf(buf, need + 1, fmt, ap2);
	char buf2[256];
	int got2 = vsprintf(buf2, fmt, ap3);
	va_end(ap3);
	va_end(ap2);
	va_end(ap);
	printf("need %d got %d got2 %d \"%s\" \"%s\" same %s\n", need, got, got2, buf, buf2,
	       strcmp(buf, buf2) == 0 ? "yes" : "no");
}

/* Consume some arguments in the caller, pass the rest on. */
static void skip_first(int count, ...)
{
	va_list ap;
	va_start(ap, count);
	for (int i = 0; i < count; i++)
		(void)va_arg(ap, int);
	const char *fmt = va_arg(ap, const char *);
	vprintf(fmt, ap);
	va_end(ap);
}

int main(void)
{
	int r = wrap_vprintf("vprintf %d %s %c\n", 1, "two", '3');
	printf("vprintf ret %d\n", r);
	r = wrap_vfprintf(stdout, "vfprintf %05d %-3s|\n", -7, "x");
	printf("vfprintf ret %d\n", r);
	twice("%d+%d=%d %s", 2, 2, 4, "maths");
	twice("%lld %hhd %zu %p", -1LL, 257, (size_t)3, (void *)0x20);
	twice("%2$s %1$s", "b", "a");
	skip_first(3, 10, 20, 30, "after skipping: %d %s\n", 40, "fifty");
	return 0;
}

/* sprintf and vsprintf into a buffer: the returned count excludes the NUL,
 * the NUL is written, nothing past it is touched, and building a string
 * piecewise with the returned offsets works. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int my_vsprintf(char *buf, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vsprintf(buf, fmt, ap);
	va_end(ap);
	return r;
}

int main(void)
{
	char buf[128];
	memset(buf, '#', sizeof buf);
	int r = sprintf(buf, "%d-%s-%c", 42, "str", 'z');
	printf("sprintf ret %d \"%s\" NUL at %zu then '%c'\n", r, buf, strlen(buf), buf[r + 1]);
	r = sprintf(buf, "%s", "");
	printf("empty ret %d first byte %d\n", r, buf[0]);
	int off = 0;
	for (int i = 0; i < 10; i++)
		off += sprintf(buf + off, "%d,", i * i);
	printf("piecewise %d \"%s\"\n", off, buf);
	memset(buf, '#', sizeof buf);
	r = my_vsprintf(buf, "%05d|%-4s|%x", 17, "ab", 255u);
	printf("vsprintf ret %d \"%s\" then '%c'\n", r, buf, buf[r + 1]);
	r = sprintf(buf, "%%");
	printf("percent ret %d \"%s\"\n", r, buf);
	r = sprintf(buf, "no conversions");
	printf("literal ret %d \"%s\"\n", r, buf);
	r = sprintf(buf, "%c", 0);
	printf("NUL char ret %d strlen %zu\n", r, strlen(buf));
	return 0;
}

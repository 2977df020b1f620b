/* printf's %lc and %ls in the C locale and in C.UTF-8: the multibyte encoding, a precision
 * that counts bytes and stops before a character that would pass it, width in bytes, and
 * EILSEQ for a character the locale cannot encode. */
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <unistd.h>
#include <wchar.h>

static void show(const char *fmt, const wchar_t *ws)
{
	char buf[64];
	errno = 0;
	int r = snprintf(buf, sizeof buf, fmt, ws);
	int e = errno;
	printf("%-8s r=%d e=%d [", fmt, r, e);
	for (int i = 0; r > 0 && i < r && buf[i]; i++)
		printf("%02x", (unsigned char)buf[i]);
	printf("]\n");
}

static void showc(const char *fmt, wint_t c)
{
	char buf[64];
	errno = 0;
	int r = snprintf(buf, sizeof buf, fmt, c);
	int e = errno;
	printf("%-8s %x r=%d e=%d [", fmt, (unsigned)c, r, e);
	for (int i = 0; r > 0 && i < r; i++)
		printf("%02x", (unsigned char)buf[i]);
	printf("]\n");
}

static void all(void)
{
	static const wchar_t s1[] = L"h\u00e9\u20ac\U0001F600!";
	static const wchar_t s2[] = { 'a', 0xdfe9, 'b', 0 };
	static const wchar_t s3[] = { 'a', 0xd800, 0 };
	const char *fmts[] = { "%ls", "%.1ls", "%.2ls", "%.3ls", "%.4ls", "%.6ls", "%10ls", "%-10ls|", "%.0ls" };
	for (unsigned i = 0; i < sizeof fmts / sizeof *fmts; i++) {
		show(fmts[i], s1);
		show(fmts[i], s2);
		show(fmts[i], s3);
	}
	wint_t cs[] = { 'x', 0xe9, 0x20ac, 0x1f600, 0xdf80, 0xdfff, 0xd800, 0x110000, 0 };
	for (unsigned i = 0; i < sizeof cs / sizeof *cs; i++) {
		showc("%lc", cs[i]);
		showc("%3lc|", cs[i]);
	}
}

int main(void)
{
	alarm(10);
	printf("C locale\n");
	all();
	printf("setlocale %s\n", setlocale(LC_ALL, "C.UTF-8") ? "ok" : "null");
	all();
	return 0;
}

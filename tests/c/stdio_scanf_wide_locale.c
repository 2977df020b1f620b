/* scanf's %lc, %ls and %l[ decode multibyte input as mbrtowc does in the current locale:
 * UTF-8 after setlocale(LC_ALL, "C.UTF-8"), musl's 8-bit clean bytes in C. A width counts
 * bytes; a character cut short or an invalid sequence is an input failure (EILSEQ for the
 * invalid one), after what was stored before it. */
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <unistd.h>
#include <wchar.h>

static void show(const char *in, const char *fmt)
{
	wchar_t ws[16];
	for (int i = 0; i < 16; i++)
		ws[i] = 0x5a;
	int n = -9;
	errno = 0;
	int r = sscanf(in, fmt, ws, &n);
	int e = errno;
	printf("%-12s r=%d e=%d n=%d:", fmt, r, e, n);
	for (int i = 0; i < 6; i++)
		printf(" %x", (unsigned)ws[i]);
	printf("\n");
}

static void two(const char *in, const char *fmt)
{
	int a = -1;
	wchar_t ws[8] = { 0 };
	errno = 0;
	int r = sscanf(in, fmt, &a, ws);
	int e = errno;
	printf("%-12s r=%d e=%d a=%d ws0=%x\n", fmt, r, e, a, (unsigned)ws[0]);
}

int main(void)
{
	alarm(10);
	printf("setlocale %s\n", setlocale(LC_ALL, "C.UTF-8") ? "ok" : "null");
	show("h\xc3\xa9llo x", "%ls%n");
	show("\xc3\xa9\xc3\xa9", "%1lc%n");
	show("\xc3\xa9\xc3\xa9", "%2lc%n");
	show("\xc3\xa9\xc3\xa9", "%3lc%n");
	show("\xc3\xa9\xc3\xa9", "%4lc%n");
	show("\xc3\xa9z", "%2ls%n");
	show("\xc3\xa9z", "%1ls%n");
	show("a\xffz", "%ls%n");
	show("a\xc3(z", "%ls%n");
	show("\xe2\x82\xac!", "%l[^!]%n");
	show("\xc3\xa9\xc3\xa9x", "%l[\xc3\xa9]%n");
	show("ab\xc3", "%ls%n");
	show("\xc3\xa9", "%lc%n");
	show("\xf0\x9f\x98\x80 rest", "%ls%n");
	show("\xed\xa0\x80", "%ls%n");
	two("5 \xff", "%d %ls");
	two("5 \xc3", "%d %ls");
	two("5 \xc3\xa9", "%d %ls");
	wchar_t *m = 0;
	int r = sscanf("\xc3\xa9t\xc3\xa9", "%mls", &m);
	printf("%%mls r=%d:", r);
	for (int i = 0; r == 1 && m[i]; i++)
		printf(" %x", (unsigned)m[i]);
	printf("\n");
	setlocale(LC_ALL, "C");
	show("h\xc3\xa9", "%ls%n");
	show("\xff", "%lc%n");
	return 0;
}

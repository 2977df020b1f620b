/* <uchar.h>: mbrtoc16 splitting supplementary characters into surrogates (the low one
 * returned as (size_t)-3 on the next call), mbrtoc32, c16rtomb joining surrogates (lone or
 * mismatched ones: EILSEQ, or in the C locale the byte characters), c32rtomb; with given
 * and internal states, NULL strings and NULL outputs, in C.UTF-8 and C. */
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <uchar.h>
#include <unistd.h>
#include <wchar.h>

static void to16(const char *what, const char *s, size_t n, mbstate_t *st) {
	char16_t c = 0x5555;
	errno = 0;
	size_t r = mbrtoc16(&c, s, n, st);
	int e = errno;
	printf("  mbrtoc16 %-16s %zd c16 %04x errno %d init %d\n", what, (ssize_t)r, c, e, st ? mbsinit(st) : -1);
}

static void from16(const char *what, char16_t c, mbstate_t *st) {
	char b[8];
	memset(b, 0x55, sizeof b);
	errno = 0;
	size_t r = c16rtomb(b, c, st);
	int e = errno;
	printf("  c16rtomb %-12s %zd errno %d [%02x %02x %02x %02x] init %d\n", what, (ssize_t)r, e, (unsigned char)b[0],
	       (unsigned char)b[1], (unsigned char)b[2], (unsigned char)b[3], st ? mbsinit(st) : -1);
}

static void run(void) {
	mbstate_t st;
	memset(&st, 0, sizeof st);
	const char *smile = "\xf0\x9f\x98\x80!";
	to16("smile", smile, 5, &st);
	to16("low from state", smile + 4, 1, &st);
	to16("then !", smile + 4, 1, &st);
	to16("e9", "\xc3\xa9", 2, &st);
	to16("nul", "", 1, &st);
	to16("partial f0", smile, 1, &st);
	to16("rest", smile + 1, 4, &st);
	to16("low, NULL s", 0, 0, &st);
	to16("NULL s", 0, 0, &st);
	to16("partial e2", "\xe2", 1, &st);
	to16("NULL s partial", 0, 0, &st);
	to16("bad", "\xff", 1, &st);
	to16("n=0", "a", 0, &st);
	to16("internal smile", smile, 4, 0);
	to16("internal low", "x", 1, 0);
	char16_t c = 0;
	size_t r1 = mbrtoc16(0, smile, 4, &st);
	size_t r2 = mbrtoc16(&c, "x", 1, &st);
	printf("  NULL pc16: %zd then %zd %04x\n", (ssize_t)r1, (ssize_t)r2, c);

	char32_t c32 = 0;
	memset(&st, 0, sizeof st);
	size_t a = mbrtoc32(&c32, smile, 5, &st);
	printf("  mbrtoc32 smile %zd %x", (ssize_t)a, c32);
	a = mbrtoc32(&c32, "\xe2\x82", 2, &st);
	printf(" partial %zd", (ssize_t)a);
	a = mbrtoc32(&c32, "\xac", 1, &st);
	printf(" done %zd %x", (ssize_t)a, c32);
	a = mbrtoc32(&c32, "\xe2", 1, 0);
	printf(" internal %zd", (ssize_t)a);
	errno = 0;
	a = mbrtoc32(0, 0, 0, 0);
	printf(" NULL s %zd errno %d", (ssize_t)a, errno);
	a = mbrtoc32(&c32, "\x80", 1, &st);
	printf(" bad %zd\n", (ssize_t)a);

	memset(&st, 0, sizeof st);
	from16("d83d", 0xd83d, &st);
	from16("de00", 0xde00, &st);
	from16("41", 0x41, &st);
	from16("e9", 0xe9, &st);
	from16("dbff", 0xdbff, &st);
	from16("dfff", 0xdfff, &st);
	from16("d800", 0xd800, &st);
	from16("42 after hi", 0x42, &st);
	from16("lone dc00", 0xdc00, &st);
	from16("lone df80", 0xdf80, &st);
	from16("d800", 0xd800, &st);
	from16("d800 again", 0xd800, &st);
	from16("ffff", 0xffff, &st);
	from16("internal d83d", 0xd83d, 0);
	from16("internal de00", 0xde00, 0);
	errno = 0;
	size_t r3 = c16rtomb(0, 0xd800, &st);
	int e3 = errno;
	from16("d800", 0xd800, &st);
	errno = 0;
	size_t r4 = c16rtomb(0, 0x41, &st);
	int e4 = errno;
	printf("  c16rtomb NULL s: %zd errno %d; held: %zd errno %d init %d\n", (ssize_t)r3, e3, (ssize_t)r4, e4,
	       mbsinit(&st));
	char b[8];
	const char32_t probe[] = {0, 0x41, 0x7f, 0x80, 0xe9, 0x7ff, 0x800, 0xd7ff, 0xd800, 0xdfff, 0xdf80, 0xe000, 0xffff,
	                          0x10000, 0x10ffff, 0x110000, 0xffffffff};
	printf("  c32rtomb:");
	for (size_t i = 0; i < sizeof probe / sizeof *probe; i++) {
		errno = 0;
		size_t r = c32rtomb(b, probe[i], 0);
		printf(" %x:%zd/%d", probe[i], (ssize_t)r, errno);
	}
	printf(" NULL s %zd\n", (ssize_t)c32rtomb(0, 0x10000, 0));
}

int main(void) {
	alarm(10);
	const char *l = setlocale(LC_ALL, "C.UTF-8");
	printf("== %s\n", l);
	run();
	l = setlocale(LC_ALL, "C");
	printf("== %s\n", l);
	run();
	return 0;
}

/* open_wmemstream against musl, in the C locale and in C.UTF-8: *bufp and *sizep after
 * every write (the stream is unbuffered), wide and byte writes decoded in the locale,
 * multibyte sequences cut between writes (dropped, then the rest is invalid), invalid
 * bytes (the write fails, errno EILSEQ, no error flag, the position stays), NUL bytes
 * (the write ends there), seeks in wide characters from every origin and past the end
 * (zeros in between), the seek limits, orientation, reading, printf's output (lost, as
 * musl's backend ignores buffered bytes), setvbuf, growth over many writes, and the
 * exit-time list of open streams. */
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

static wchar_t *p;
static size_t n;

static void show(const char *tag, FILE *f, int r)
{
	printf("%s: r=%d errno=%d n=%zu tell=%ld err=%d [", tag, r, errno, n, ftell(f), ferror(f));
	for (size_t i = 0; i <= n; i++)
		printf("%x ", (unsigned)p[i]);
	printf("]\n");
	errno = 0;
}

static void run(const char *name)
{
	printf("== %s\n", name);
	p = (wchar_t *)1;
	n = 99;
	FILE *f = open_wmemstream(&p, &n);
	if (!f)
		return;
	errno = 0;
	printf("fwide=%d n=%zu first=%x\n", fwide(f, 0), n, (unsigned)p[0]);
	show("fputwc", f, (int)fputwc(L'a', f));
	show("fputwc e9", f, (int)fputwc(0xe9, f));
	show("fputwc 20ac", f, (int)fputwc(0x20ac, f));
	show("fputws", f, fputws(L"b\xe9" L"c", f));
	show("fputs", f, fputs("d\xc3\xa9", f));
	show("fputc", f, fputc('e', f));
	show("fputc c3", f, fputc(0xc3, f));
	show("fputc a9", f, fputc(0xa9, f));
	clearerr(f);
	show("cut", f, fputs("f\xe2\x82", f));
	show("rest", f, fputs("\xac" "g", f));
	show("bad", f, fputs("hi\xff" "j", f));
	show("fwrite nul", f, (int)fwrite("k\0lm", 1, 4, f));
	show("fwrite", f, (int)fwrite("nop", 1, 3, f));
	show("seek cur -2", f, fseek(f, -2, SEEK_CUR));
	show("write X", f, fputs("X", f));
	show("seek set 1", f, fseek(f, 1, SEEK_SET));
	show("write YZ", f, fputs("YZ", f));
	show("seek end 0", f, fseek(f, 0, SEEK_END));
	show("seek end 3", f, fseek(f, 3, SEEK_END));
	show("fflush", f, fflush(f));
	show("write W", f, fputs("W", f));
	show("seek set 2", f, fseek(f, 2, SEEK_SET));
	show("nul at 2", f, (int)fwrite("\0", 1, 1, f));
	fseek(f, 0, SEEK_END);
	show("seek -1000", f, fseek(f, -1000, SEEK_END));
	show("seek max", f, fseek(f, 0x1fffffffffffffffL, SEEK_SET));
	printf("tell max=%ld\n", ftell(f));
	show("seek max+1", f, fseek(f, 0x2000000000000000L, SEEK_SET));
	show("seek cur +1", f, fseek(f, 1, SEEK_CUR));
	show("seek whence 7", f, fseek(f, 0, 7));
	fseek(f, 0, SEEK_END);
	show("fgetc", f, fgetc(f));
	clearerr(f);
	show("fgetwc", f, (int)fgetwc(f));
	clearerr(f);
	printf("fwide -1=%d\n", fwide(f, -1));
	show("fprintf", f, fprintf(f, "%d-%s", 42, "xyz"));
	show("fwprintf-free putwc", f, (int)putwc(L'Q', f));
	char big[200];
	memset(big, 'r', sizeof big);
	show("fprintf long", f, fprintf(f, "%.100s|%.150s", big, big));
	show("fwrite 200", f, (int)fwrite(big, 1, 200, f));
	static char vbuf[64];
	show("setvbuf", f, setvbuf(f, vbuf, _IOFBF, sizeof vbuf));
	show("buffered", f, fputs("buffered", f));
	show("fflush2", f, fflush(f));
	printf("fclose=%d n=%zu last=%x\n", fclose(f), n, (unsigned)p[n]);
	free(p);

	/* growth, one character at a time and in pieces */
	f = open_wmemstream(&p, &n);
	int bad = 0;
	for (int i = 0; i < 5000; i++) {
		if (i % 3 == 0)
			fputwc(L'a' + i % 26, f);
		else
			fputc('A' + i % 26, f);
		if (n != (size_t)i + 1 || p[n] != 0)
			bad++;
	}
	fclose(f);
	int same = 1;
	for (int i = 0; i < 5000; i++)
		if (p[i] != (i % 3 == 0 ? L'a' + i % 26 : L'A' + i % 26))
			same = 0;
	printf("growth bad=%d same=%d n=%zu\n", bad, same, n);
	free(p);

	/* seeks then writes before the first growth */
	f = open_wmemstream(&p, &n);
	show("fresh seek 4", f, fseek(f, 4, SEEK_SET));
	show("fresh write", f, fputs("z", f));
	show("fresh seek 0", f, fseek(f, 0, SEEK_SET));
	show("empty fprintf", f, fprintf(f, "%s", ""));
	fclose(f);
	free(p);
}

int main(void)
{
	alarm(10);
	run("C");
	if (!setlocale(LC_ALL, "C.UTF-8"))
		return 1;
	run("C.UTF-8");
	/* Left open: exit flushes it with the others, without harm. */
	FILE *f = open_wmemstream(&p, &n);
	fputws(L"left open", f);
	printf("open at exit n=%zu\n", n);
	return 0;
}

/* Streams on pipes, with the read end non-blocking so the program sees which
 * writes happened: the three setvbuf modes, a caller's buffer, setbuf, setbuffer,
 * setlinebuf; fclose of a stream with buffered data; fflush(NULL) reaching an
 * fdopen'd stream; reading a pipe through stdin (getchar, ungetc, fgets, getline)
 * and end of file on it; fseek/ftell on a pipe (ESPIPE). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int rd, wr;

static void newpipe(void)
{
	int p[2];
	pipe(p);
	rd = p[0];
	wr = p[1];
	fcntl(rd, F_SETFL, O_NONBLOCK);
}

static void seen(const char *what)
{
	char buf[512];
	ssize_t n = read(rd, buf, sizeof buf - 1);
	if (n < 0)
		n = 0;
	buf[n] = 0;
	printf("%-22s [%s]\n", what, buf);
}

int main(void)
{
	alarm(10);

	newpipe();
	FILE *f = fdopen(wr, "w");
	fputs("full", f);
	seen("default full");
	fputs("\nmore", f);
	seen("newline, still full");
	fflush(f);
	seen("fflush");

	setvbuf(f, NULL, _IOLBF, 0);
	fputs("one\ntwo", f);
	seen("line: one\\ntwo");
	fputc('\n', f);
	seen("line: \\n");
	fwrite("a\nb\nc", 1, 5, f);
	seen("line: fwrite");
	fprintf(f, "%d\n", 42);
	seen("line: fprintf");
	fflush(f);
	seen("flush");

	setvbuf(f, NULL, _IONBF, 0);
	fputs("x", f);
	seen("none: x");
	fputc('y', f);
	seen("none: y");
	fprintf(f, "%s-%d", "pf", 7);
	seen("none: fprintf");

	static char small[8 + 4];
	setvbuf(f, small, _IOFBF, sizeof small);
	fputs("abcd", f);
	seen("small buffer: abcd");
	fputs("e", f);
	seen("small buffer: e");
	fputs("fghijk", f);
	seen("small buffer: fghijk");
	fflush(f);
	seen("flush");

	static char big[BUFSIZ];
	setbuf(f, big);
	fputs("setbuf\n", f);
	seen("setbuf");
	setbuffer(f, NULL, 0);
	fputs("unbuffered", f);
	seen("setbuffer null");
	setbuffer(f, big, 16);
	fputs("12345678", f);
	seen("setbuffer 16: 8");
	fputs("9", f);
	seen("setbuffer 16: 9");
	setlinebuf(f);
	fputs("l\n", f);
	seen("setlinebuf");
	printf("bad mode %d\n", setvbuf(f, NULL, 7, 0) != 0);

	/* fclose writes what was buffered; fflush(NULL) reaches fdopen'd streams. */
	setvbuf(f, NULL, _IOFBF, 0);
	fputs("pending at fclose", f);
	seen("before fclose");
	printf("fclose %d\n", fclose(f));
	seen("after fclose");
	close(rd);

	newpipe();
	f = fdopen(wr, "w");
	fputs("flush null", f);
	seen("before fflush(NULL)");
	printf("fflush(NULL) %d\n", fflush(NULL));
	seen("after fflush(NULL)");
	errno = 0;
	long t = ftell(f);
	int e = errno;
	printf("ftell on pipe %ld errno=%d\n", t, e);
	errno = 0;
	int r = fseek(f, 0, SEEK_SET);
	e = errno;
	printf("fseek on pipe %d errno=%d\n", r, e);
	fclose(f);
	close(rd);

	/* stdin from a pipe. */
	int p[2];
	pipe(p);
	dup2(p[0], 0);
	close(p[0]);
	write(p[1], "ab\nline two\nthird", 17);
	close(p[1]);
	int c = getchar();
	printf("getchar %c\n", c);
	printf("ungetc %c\n", ungetc('A', stdin));
	char line[32];
	printf("fgets \"%s\"", fgets(line, sizeof line, stdin));
	char *lp = NULL;
	size_t n = 0;
	ssize_t len = getline(&lp, &n, stdin);
	printf("getline %zd \"%s\" n=%zu\n", len, lp, n);
	len = getline(&lp, &n, stdin);
	printf("getline %zd \"%s\" n=%zu eof=%d\n", len, lp, n, feof(stdin));
	len = getline(&lp, &n, stdin);
	printf("getline at end %zd\n", len);
	c = getchar();
	printf("getchar at end %d eof=%d err=%d\n", c, feof(stdin), ferror(stdin));
	clearerr(stdin);
	printf("cleared eof=%d\n", feof(stdin));
	free(lp);
	return 0;
}

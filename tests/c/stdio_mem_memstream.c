/* open_memstream: when *ptr and *sizep change (at open, fflush, fseek, a full buffer,
 * fclose), the buffer always NUL-terminated, seeks past the end zero-filling the gap,
 * seek limits, the stream being write-only, and fprintf/fputc/fwrite/setvbuf through it. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void dump(const char *what, const char *buf, size_t n)
{
	printf("%s %zu [", what, n);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)buf[i];
		if (c >= 0x20 && c < 0x7f)
			putchar(c);
		else
			printf("\\%o", c);
	}
	printf("]\n");
}

static void basics(void)
{
	char *p = (char *)1;
	size_t n = 99;
	FILE *f = open_memstream(&p, &n);
	printf("open: ptr set %d size %zu first %d fileno %d\n", p != (char *)1, n, p[0], fileno(f));
	fprintf(f, "hello %d", 42);
	printf("before flush size %zu\n", n);
	int r = fflush(f);
	printf("fflush %d\n", r);
	dump("flushed", p, n);
	printf("terminated %d\n", p[n] == 0);
	long pos = ftell(f);
	printf("ftell %ld\n", pos);
	fputc('!', f);
	pos = ftell(f);
	printf("ftell pending %ld size %zu\n", pos, n);

	/* Back over the data: *sizep follows the position, the data stays. */
	r = fseek(f, 2, SEEK_SET);
	printf("fseek 2 %d size %zu\n", r, n);
	dump("after seek", p, 9);
	fputs("LL", f);
	fflush(f);
	dump("overwrite", p, n);
	printf("tail kept %s\n", p + n);
	r = fseek(f, 0, SEEK_END);
	pos = ftell(f);
	printf("fseek end %d ftell %ld size %zu\n", r, pos, n);

	/* Past the end: nothing changes until a write lands there. */
	r = fseek(f, 20, SEEK_SET);
	printf("fseek 20 %d size %zu\n", r, n);
	fflush(f);
	printf("after fflush size %zu\n", n);
	fputc('x', f);
	fflush(f);
	dump("gap", p, n);
	printf("terminated %d\n", p[n] == 0);
	r = fseek(f, -30, SEEK_CUR);
	int e = errno;
	printf("fseek -30 %d errno %d\n", r, e);
	r = fseek(f, -21, SEEK_END);
	e = errno;
	printf("fseek end-21 %d errno %d\n", r, e);
	r = fseek(f, 0, 9);
	e = errno;
	printf("fseek whence 9 %d errno %d\n", r, e);
	r = fseek(f, -1, SEEK_END);
	printf("fseek end-1 %d ftell %ld\n", r, ftell(f));

	/* Write-only. */
	errno = 0;
	int c = fgetc(f);
	e = errno;
	printf("fgetc %d ferror %d errno %d\n", c, ferror(f), e);
	clearerr(f);
	printf("ungetc %d\n", ungetc('a', f));
	clearerr(f);
	printf("readable %d writable %d\n", __freadable(f), __fwritable(f));
	r = fclose(f);
	printf("fclose %d size %zu\n", r, n);
	dump("closed", p, n);
	free(p);
}

static void growth(void)
{
	char *p;
	size_t n;
	FILE *f = open_memstream(&p, &n);
	char *first = p;
	(void)first;
	size_t total = 0, bad = 0;
	for (int i = 0; i < 3000; i++) {
		int k = fprintf(f, "%d,", i);
		total += (size_t)k;
		if (i % 500 == 0) {
			fflush(f);
			if (n != total || p[n] != 0)
				bad++;
		}
	}
	/* A chunk larger than the stream's buffer goes straight through. */
	char big[5000];
	memset(big, 'z', sizeof big);
	size_t w = fwrite(big, 1, sizeof big, f);
	total += w;
	printf("fwrite big %zu size now %zu\n", w, n);
	fclose(f);
	printf("total %zu size %zu bad %zu strlen %zu\n", total, n, bad, strlen(p));
	printf("start %.10s end %s\n", p, p + n - 3);
	free(p);

	/* Closing with nothing written leaves an empty, terminated string. */
	f = open_memstream(&p, &n);
	printf("empty fclose %d size %zu str \"%s\"\n", fclose(f), n, p);
	free(p);
}

static void buffering(void)
{
	char *p;
	size_t n;
	FILE *f = open_memstream(&p, &n);
	setvbuf(f, NULL, _IONBF, 0);
	fputc('a', f);
	printf("nbf after fputc size %zu\n", n);
	fprintf(f, "%s-%d", "bc", 7);
	printf("nbf after fprintf size %zu \"%s\"\n", n, p);
	setvbuf(f, NULL, _IOLBF, 0);
	fputs("x\ny", f);
	printf("lbf size %zu \"%s\"\n", n, p);
	fclose(f);
	printf("closed \"%s\"\n", p);
	free(p);

	/* Buffered output reaches the memory when the stream's buffer is full. */
	f = open_memstream(&p, &n);
	size_t seen = 0;
	for (int i = 0; i < 2000 && !seen; i++) {
		fputc('q', f);
		if (n)
			seen = n;
	}
	printf("first transfer at %zu bytes\n", seen);
	fclose(f);
	free(p);
}

/* exit() writes out a memory stream's buffer too: the size seen by an atexit handler
 * registered before the stream was opened (so it runs after the flush... or not). */
static char *gp;
static size_t gn;
static void report(void)
{
	printf("at exit size %zu\n", gn);
	fflush(stdout);
}

int main(void)
{
	alarm(10);
	basics();
	growth();
	buffering();
	/* fflush(NULL) reaches memory streams too. */
	char *q;
	size_t qn;
	FILE *g = open_memstream(&q, &qn);
	fputs("all", g);
	printf("before fflush(NULL) %zu\n", qn);
	fflush(NULL);
	printf("after fflush(NULL) %zu \"%s\"\n", qn, q);
	fclose(g);
	free(q);
	atexit(report);
	FILE *f = open_memstream(&gp, &gn);
	fputs("pending", f);
	return 0;
}

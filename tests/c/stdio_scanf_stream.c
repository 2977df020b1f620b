/* fscanf, scanf and vfscanf on streams: files, pipes, unbuffered streams, stdin. What
 * scanf read ahead but did not use (one byte at most) must stay readable, so after each
 * call the test prints the result, ftell where it applies, and what fgetc reads next. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char path[64];

static FILE *file_with(const char *text)
{
	FILE *f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
	return fopen(path, "r");
}

static void rest(FILE *f)
{
	int c;
	printf(" rest=[");
	while ((c = fgetc(f)) != EOF)
		putchar(c == '\n' ? '|' : c);
	printf("] eof=%d err=%d\n", feof(f), ferror(f));
}

static int my_fscanf(FILE *f, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = vfscanf(f, fmt, ap);
	va_end(ap);
	return r;
}

/* Prints the bytes of each buffer up to the last one scanf changed. */
static unsigned char buf[3][64];

static void clear(void)
{
	memset(buf, 0xa5, sizeof buf);
}

static void dump(void)
{
	for (int i = 0; i < 3; i++) {
		int last = 64;
		while (last && buf[i][last - 1] == 0xa5)
			last--;
		printf(" %d:", i);
		for (int k = 0; k < last; k++)
			printf("%02x", buf[i][k]);
	}
}

/* One fscanf on a file holding `text`, then where the stream stands. */
static void on_file(const char *text, const char *fmt)
{
	FILE *f = file_with(text);
	clear();
	int r = my_fscanf(f, fmt, buf[0], buf[1], buf[2]);
	printf("file [%s] [%s] r=%d", text, fmt, r);
	dump();
	printf(" tell=%ld", ftell(f));
	int c = fgetc(f);
	printf(" next=%d", c);
	if (c != EOF)
		ungetc(c, f);
	rest(f);
	fclose(f);
}

/* The same over a pipe, read with a buffered or an unbuffered stream. */
static void on_pipe(const char *text, const char *fmt, int unbuffered)
{
	int p[2];
	pipe(p);
	write(p[1], text, strlen(text));
	close(p[1]);
	FILE *f = fdopen(p[0], "r");
	if (unbuffered)
		setvbuf(f, 0, _IONBF, 0);
	clear();
	int r = fscanf(f, fmt, buf[0], buf[1], buf[2]);
	printf("pipe%s [%s] [%s] r=%d", unbuffered ? "(unbuf)" : "", text, fmt, r);
	dump();
	rest(f);
	fclose(f);
}

int main(void)
{
	alarm(10);
	snprintf(path, sizeof path, "/tmp/scanf_stream_%d", (int)getpid());

	static const char *cases[][2] = {
		{ "123abc", "%d%n" },
		{ "  -42 7", "%d %d%n" },
		{ "0xg", "%x%n" },
		{ "0x", "%x%n" },
		{ "0x1fz", "%x%n" },
		{ "0xg", "%i%n" },
		{ "089", "%i%d%n" },
		{ "1e+x", "%lf%s" },
		{ "1e5x", "%lf%s" },
		{ "1ex", "%lf%s" },
		{ "infx", "%lf%s" },
		{ "infinitx", "%lf%s" },
		{ "nan(ab", "%lf%s" },
		{ "nan(ab)c", "%lf%s" },
		{ "0x1.8p1q", "%lf%s" },
		{ "0x.p", "%lf%s" },
		{ "-.", "%lf%s" },
		{ "12 abc", "%d %s" },
		{ "abc]def", "%[a-c]%n" },
		{ "  xyz", "%[^y]%n" },
		{ "", "%d" },
		{ "   ", "%d" },
		{ "5", "%d%d" },
		{ "5 x", "%d%d" },
		{ "a5", "a%d" },
		{ "b5", "a%d" },
		{ "  %7", "%%%d" },
		{ "9999999999999999999999", "%d%n" },
		{ "12345", "%3d%d" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
		on_file(cases[i][0], cases[i][1]);
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
		for (int u = 0; u < 2; u++)
			on_pipe(cases[i][0], cases[i][1], u);

	/* A number across the end of the first bufferful. */
	{
		FILE *f = fopen(path, "w");
		for (int i = 0; i < 1020; i++)
			fputc(' ', f);
		fputs("123456789 tail", f);
		fclose(f);
		f = fopen(path, "r");
		int a = -1, n = -1;
		int r = fscanf(f, "%d%n", &a, &n);
		printf("boundary r=%d a=%d n=%d tell=%ld", r, a, n, ftell(f));
		rest(f);
		fclose(f);
	}
	/* Bytes pushed back with ungetc are read first. */
	{
		FILE *f = file_with("34 rest");
		ungetc('2', f);
		ungetc('1', f);
		int a = -1;
		int r = fscanf(f, "%d", &a);
		printf("ungetc r=%d a=%d tell=%ld", r, a, ftell(f));
		rest(f);
		fclose(f);
	}
	/* A stream at end of file, a write-only stream. */
	{
		FILE *f = file_with("7");
		int a = -1;
		int r1 = fscanf(f, "%d", &a);
		int r2 = fscanf(f, "%d", &a);
		int r3 = fscanf(f, "%n", &a);
		printf("at eof r=%d %d %d a=%d eof=%d\n", r1, r2, r3, a, feof(f));
		fclose(f);
		f = fopen(path, "w");
		errno = 0;
		int r = fscanf(f, "%d", &a);
		printf("write-only r=%d err=%d\n", r, ferror(f));
		fclose(f);
	}
	/* Reading after writing on an update stream sends the output first. */
	{
		FILE *f = fopen(path, "w+");
		fputs("31 32", f);
		rewind(f);
		int a = -1, b = -1;
		int r = fscanf(f, "%d%d", &a, &b);
		printf("w+ r=%d a=%d b=%d tell=%ld\n", r, a, b, ftell(f));
		fclose(f);
	}
	/* stdin is closed under the harness: an input failure. */
	{
		int a = -1;
		errno = 0;
		int r = scanf("%d", &a);
		int e = errno;
		printf("closed stdin r=%d a=%d errno=%s err=%d\n", r, a, e == EBADF ? "EBADF" : e ? "other" : "0", ferror(stdin));
		clearerr(stdin);
	}
	/* Real input on descriptor 0 through a pipe. */
	{
		int p[2];
		pipe(p);
		write(p[1], "  77 word 0x1A", 14);
		close(p[1]);
		/* With descriptor 0 closed, pipe may hand it out itself. */
		if (p[0] != 0) {
			dup2(p[0], 0);
			close(p[0]);
		}
		int a = -1, c = -1;
		char w[16] = "";
		int r = scanf("%d%15s%i", &a, w, &c);
		int r2 = scanf("%d", &a);
		printf("stdin pipe r=%d a=%d w=%s c=%d then r=%d eof=%d\n", r, a, w, c, r2, feof(stdin));
	}
	/* stdin reopened on a file. */
	{
		FILE *f = fopen(path, "w");
		fputs("2.5 x", f);
		fclose(f);
		if (!freopen(path, "r", stdin))
			return 1;
		float x = -1;
		char s[4] = "";
		int r = scanf("%f %3c", &x, s);
		printf("freopen r=%d x=%a s=%.3s", r, x, s);
		rest(stdin);
	}
	unlink(path);
	return 0;
}

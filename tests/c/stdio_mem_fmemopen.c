/* fmemopen in every mode: what a read, a write, a flush, a seek and fclose leave in the
 * caller's buffer and report, byte for byte as musl does. Covers a NULL buffer, "a"
 * starting at the first NUL, the "+" modes, reads stopping at the size, the terminator
 * written after the data when there is room, seek limits, and the EINVAL cases. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void dump(const char *what, const char *buf, size_t n)
{
	printf("%s [", what);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)buf[i];
		if (c >= 0x20 && c < 0x7f)
			putchar(c);
		else
			printf("\\%o", c);
	}
	printf("]\n");
}

static void fill(char *buf, size_t n)
{
	for (size_t i = 0; i < n; i++)
		buf[i] = (char)('A' + i % 26);
}

static void opens(void)
{
	char buf[8];
	const char *modes[] = { "r", "r+", "w", "w+", "a", "a+", "rb", "wb+", "x", "", "+r", "ax" };
	for (size_t i = 0; i < sizeof modes / sizeof *modes; i++) {
		errno = 0;
		FILE *f = fmemopen(buf, sizeof buf, modes[i]);
		int e = errno;
		printf("mode \"%s\": %s errno %d\n", modes[i], f ? "ok" : "null", e);
		if (f)
			fclose(f);
	}
	errno = 0;
	FILE *f = fmemopen(buf, 0, "r");
	int e = errno;
	printf("size 0 buf: %s errno %d\n", f ? "ok" : "null", e);
	if (f)
		fclose(f);
	errno = 0;
	f = fmemopen(NULL, 0, "w+");
	e = errno;
	printf("size 0 null: %s errno %d\n", f ? "ok" : "null", e);
	if (f)
		fclose(f);
	errno = 0;
	f = fmemopen(buf, sizeof buf, "w");
	e = errno;
	e = fileno(f);
	printf("fileno %d errno %d\n", e, errno);
	fclose(f);
}

static void reads(void)
{
	char buf[10];
	memcpy(buf, "ab\0cdefghi", 10);
	FILE *f = fmemopen(buf, 10, "r");
	char out[16];
	memset(out, '.', sizeof out);
	size_t n = fread(out, 1, 4, f);
	dump("r fread 4", out, n);
	long pos = ftell(f);
	printf("ftell %ld feof %d\n", pos, feof(f));
	n = fread(out, 1, 16, f);
	dump("r fread rest", out, n);
	pos = ftell(f);
	int eof = feof(f);
	printf("n %zu ftell %ld feof %d ferror %d\n", n, pos, eof, ferror(f));
	printf("fgetc at end %d\n", fgetc(f));
	errno = 0;
	int r = fputc('x', f);
	int e = errno;
	printf("fputc on r %d ferror %d errno %d\n", r, ferror(f), e);
	clearerr(f);
	r = fseek(f, 10, SEEK_SET);
	printf("fseek 10 %d ftell %ld\n", r, ftell(f));
	errno = 0;
	r = fseek(f, 11, SEEK_SET);
	e = errno;
	printf("fseek 11 %d errno %d ftell %ld\n", r, e, ftell(f));
	errno = 0;
	r = fseek(f, -1, SEEK_SET);
	printf("fseek -1 %d errno %d\n", r, errno);
	r = fseek(f, -3, SEEK_END);
	printf("fseek end-3 %d ftell %ld\n", r, ftell(f));
	printf("fgetc %c\n", fgetc(f));
	errno = 0;
	r = fseek(f, 1, SEEK_END);
	printf("fseek end+1 %d errno %d\n", r, errno);
	errno = 0;
	r = fseek(f, -11, SEEK_END);
	printf("fseek end-11 %d errno %d\n", r, errno);
	r = fseek(f, -2, SEEK_CUR);
	printf("fseek cur-2 %d ftell %ld\n", r, ftell(f));
	errno = 0;
	r = fseek(f, 5, 7);
	printf("fseek whence 7 %d errno %d\n", r, errno);
	rewind(f);
	r = ungetc('Z', f);
	int c1 = fgetc(f);
	printf("ungetc %d fgetc %c fgetc %c\n", r, c1, fgetc(f));
	printf("ftell after %ld\n", ftell(f));
	dump("buffer untouched", buf, 10);
	printf("fclose %d\n", fclose(f));

	/* A NULL buffer in "r" mode reads size zero bytes. */
	f = fmemopen(NULL, 5, "r");
	memset(out, '.', sizeof out);
	n = fread(out, 1, 16, f);
	dump("null r", out, n);
	printf("feof %d\n", feof(f));
	fclose(f);
}

static void writes(const char *mode)
{
	char buf[12];
	fill(buf, sizeof buf);
	buf[6] = 0;
	FILE *f = fmemopen(buf, 10, mode);
	printf("== %s\n", mode);
	dump("at open", buf, 12);
	printf("ftell at open %ld\n", ftell(f));
	printf("fputs %d\n", fputs("xyz", f));
	dump("before flush", buf, 12);
	printf("ftell %ld\n", ftell(f));
	printf("fflush %d\n", fflush(f));
	dump("after flush", buf, 12);
	printf("fseek 1 %d\n", fseek(f, 1, SEEK_SET));
	printf("fputc %d\n", fputc('q', f));
	int fl = fflush(f);
	printf("fflush %d ftell %ld\n", fl, ftell(f));
	dump("overwrite", buf, 12);
	int sk = fseek(f, 0, SEEK_END);
	printf("fseek end %d ftell %ld\n", sk, ftell(f));
	printf("fwrite 20 -> %zu\n", fwrite("0123456789abcdefghij", 1, 20, f));
	int err = ferror(f);
	printf("ferror %d ftell %ld\n", err, ftell(f));
	dump("after big write", buf, 12);
	int c = fputc('!', f);
	printf("fputc when full %d ferror %d\n", c, ferror(f));
	printf("fflush %d\n", fflush(f));
	dump("full", buf, 12);
	if (strchr(mode, '+')) {
		rewind(f);
		char out[16];
		memset(out, '.', sizeof out);
		size_t n = fread(out, 1, sizeof out, f);
		dump("read back", out, n);
	}
	printf("fclose %d\n", fclose(f));
	dump("closed", buf, 12);
}

static void small_writes(const char *mode)
{
	char buf[12];
	fill(buf, sizeof buf);
	buf[3] = 0;
	FILE *f = fmemopen(buf, 10, mode);
	printf("== small %s\n", mode);
	fprintf(f, "%d-%s", 42, "hi");
	dump("unflushed", buf, 12);
	printf("fclose %d\n", fclose(f));
	dump("closed", buf, 12);

	fill(buf, sizeof buf);
	f = fmemopen(buf, 10, mode);
	fprintf(f, "0123456789");
	printf("fclose exact %d\n", fclose(f));
	dump("exact", buf, 12);

	fill(buf, sizeof buf);
	f = fmemopen(buf, 10, mode);
	fputs("abc", f);
	fseek(f, 0, SEEK_SET);
	fputs("Z", f);
	fclose(f);
	dump("seek back", buf, 12);

	/* Writes after a seek past the written data. */
	fill(buf, sizeof buf);
	f = fmemopen(buf, 10, mode);
	fputs("ab", f);
	printf("fseek 6 %d\n", fseek(f, 6, SEEK_SET));
	fputs("c", f);
	fclose(f);
	dump("gap", buf, 12);
}

static void unbuffered(void)
{
	char buf[8];
	fill(buf, sizeof buf);
	FILE *f = fmemopen(buf, 6, "w");
	printf("setvbuf %d\n", setvbuf(f, NULL, _IONBF, 0));
	fputc('a', f);
	dump("nbf 1", buf, 8);
	fputs("bcdefgh", f);
	printf("ferror %d\n", ferror(f));
	dump("nbf 2", buf, 8);
	fclose(f);

	char mine[8 + 4];
	fill(buf, sizeof buf);
	f = fmemopen(buf, 8, "w+");
	printf("setvbuf own %d\n", setvbuf(f, mine, _IOFBF, sizeof mine));
	fputs("abcd", f);
	dump("own 4", buf, 8);
	fputs("e", f);
	dump("own 5", buf, 8);
	rewind(f);
	char out[8] = { 0 };
	printf("fgets \"%s\"\n", fgets(out, sizeof out, f));
	fclose(f);

	/* Line buffering: musl's memory streams take _IOLBF like any other. */
	fill(buf, sizeof buf);
	f = fmemopen(buf, 8, "w");
	setvbuf(f, NULL, _IOLBF, 0);
	fputs("ab\ncd", f);
	dump("lbf", buf, 8);
	fclose(f);
}

static void nullbuf(void)
{
	FILE *f = fmemopen(NULL, 16, "w+");
	fprintf(f, "hello %d\n", 7);
	printf("ftell %ld\n", ftell(f));
	rewind(f);
	char line[32];
	printf("fgets \"%s\"", fgets(line, sizeof line, f));
	int c = fgetc(f);
	printf("fgetc at data end %d feof %d\n", c, feof(f));
	fseek(f, 0, SEEK_END);
	printf("end %ld\n", ftell(f));
	fclose(f);

	f = fmemopen(NULL, 4, "a+");
	printf("a+ null start %ld\n", ftell(f));
	fputs("xyzzy", f);
	rewind(f);
	memset(line, 0, sizeof line);
	size_t got = fread(line, 1, 8, f);
	printf("read %zu \"%s\"\n", got, line);
	fclose(f);
}

static void appends(void)
{
	char buf[10];
	fill(buf, sizeof buf);
	buf[4] = 0;
	FILE *f = fmemopen(buf, 10, "a");
	printf("a start %ld\n", ftell(f));
	fputs("12", f);
	fseek(f, 0, SEEK_SET);
	printf("a after seek 0 %ld\n", ftell(f));
	fputs("3", f);
	printf("a ftell %ld\n", ftell(f));
	fclose(f);
	dump("a", buf, 10);

	fill(buf, sizeof buf);
	f = fmemopen(buf, 10, "a+");
	printf("a+ no nul start %ld\n", ftell(f));
	printf("a+ fgetc %d\n", fgetc(f));
	rewind(f);
	printf("a+ after rewind %c\n", fgetc(f));
	int pr = fputs("z", f);
	printf("a+ fputs %d ferror %d\n", pr, ferror(f));
	fflush(f);
	fclose(f);
	dump("a+", buf, 10);

	fill(buf, sizeof buf);
	buf[2] = 0;
	f = fmemopen(buf, 10, "a+");
	rewind(f);
	char out[12] = { 0 };
	size_t n = fread(out, 1, 10, f);
	dump("a+ read", out, n);
	fputs("W", f);
	fclose(f);
	dump("a+ wrote", buf, 10);
}

static void readwrite(void)
{
	char buf[10];
	memcpy(buf, "0123456789", 10);
	FILE *f = fmemopen(buf, 10, "r+");
	printf("r+ fgetc %c\n", fgetc(f));
	fseek(f, 0, SEEK_CUR);
	fputs("ab", f);
	fflush(f);
	dump("r+ 1", buf, 10);
	int c = fgetc(f);
	printf("r+ fgetc %c ftell %ld\n", c, ftell(f));
	fseek(f, -1, SEEK_END);
	fputs("XY", f);
	fclose(f);
	dump("r+ 2", buf, 10);

	memcpy(buf, "0123456789", 10);
	f = fmemopen(buf, 10, "w+");
	dump("w+ open", buf, 10);
	fputs("hello", f);
	/* Reading right after writing: the output goes out first. */
	c = fgetc(f);
	printf("w+ fgetc after write %d feof %d\n", c, feof(f));
	rewind(f);
	char *line = NULL;
	size_t cap = 0;
	ssize_t n = getline(&line, &cap, f);
	printf("getline %zd \"%s\"\n", n, line);
	n = getline(&line, &cap, f);
	printf("getline again %zd feof %d\n", n, feof(f));
	free(line);
	fclose(f);
	dump("w+ closed", buf, 10);
}

/* freopen cannot move a stream without a descriptor: EBADF, and the stream is closed
 * (after writing out its buffer). */
static void reopen(void)
{
	char buf[16] = "abc";
	FILE *f = fmemopen(buf, sizeof buf, "r+");
	errno = 0;
	FILE *g = freopen(NULL, "r", f);
	int e = errno;
	printf("freopen null path %s errno %d\n", g ? "ok" : "null", e);
	f = fmemopen(buf, sizeof buf, "w");
	fputs("xyz", f);
	errno = 0;
	g = freopen("/dev/null", "w", f);
	e = errno;
	printf("freopen path %s errno %d buf %s\n", g ? "ok" : "null", e, buf);
}

int main(void)
{
	alarm(10);
	opens();
	reads();
	writes("w");
	writes("w+");
	writes("r+");
	writes("a");
	writes("a+");
	small_writes("w");
	small_writes("w+");
	small_writes("a");
	unbuffered();
	nullbuf();
	appends();
	readwrite();
	reopen();
	return 0;
}

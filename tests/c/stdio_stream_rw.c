/* Reading and writing one file through one stream: the switching rules of C11
 * 7.21.5.3 kept (fseek or fflush between) and broken (musl flushes output before
 * reading; input read ahead is dropped when writing, so the write lands after it);
 * append mode; ungetc; seek and tell with buffered data; fgetpos/fsetpos; fgets;
 * fread/fwrite of objects; EOF and error indicators. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static char path[64];

/* Evaluates its arguments left to right, unlike a call's. */
#define SHOW2(fmt, a, b) do { long a_ = (a); long b_ = (b); printf(fmt, a_, b_); } while (0)
#define SHOW3(fmt, a, b, c) do { long a_ = (a); long b_ = (b); long c_ = (c); printf(fmt, a_, b_, c_); } while (0)

static void show(const char *what)
{
	char buf[256];
	FILE *f = fopen(path, "r");
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = 0;
	printf("%-16s \"%s\"\n", what, buf);
	fclose(f);
}

static void reset(const char *s)
{
	FILE *f = fopen(path, "w");
	fputs(s, f);
	fclose(f);
}

int main(void)
{
	alarm(10);
	snprintf(path, sizeof path, "/tmp/limpet_sst_rw_%d", (int)getpid());

	/* Kept rules. */
	reset("0123456789");
	FILE *f = fopen(path, "r+");
	SHOW2("getc %ld tell %ld\n", getc(f), ftell(f));
	fseek(f, 0, SEEK_CUR);
	fputs("ab", f);
	printf("after write tell %ld\n", ftell(f));
	fflush(f);
	SHOW2("getc %ld tell %ld\n", getc(f), ftell(f));
	fclose(f);
	show("kept");

	/* Broken: write right after reading: lands where the read-ahead stopped. */
	reset("0123456789");
	f = fopen(path, "r+");
	printf("getc %c\n", getc(f));
	fputs("XY", f);
	printf("tell after broken write %ld\n", ftell(f));
	fclose(f);
	show("read then write");

	/* Broken the other way: output is flushed, reading goes on after it. */
	reset("0123456789");
	f = fopen(path, "r+");
	fputs("AB", f);
	SHOW2("getc after write %ld tell %ld\n", getc(f), ftell(f));
	fclose(f);
	show("write then read");

	/* Append: every write at the end, whatever the position. */
	reset("base");
	f = fopen(path, "a+");
	SHOW2("a+ first read %ld tell %ld\n", getc(f), ftell(f));
	fseek(f, 1, SEEK_SET);
	fputs("-end", f);
	printf("a+ tell with pending %ld\n", ftell(f));
	fflush(f);
	printf("a+ tell flushed %ld\n", ftell(f));
	rewind(f);
	char line[64];
	printf("a+ fgets \"%s\"\n", fgets(line, sizeof line, f));
	fclose(f);
	show("append");

	/* ungetc and positions. */
	reset("hello\nworld\n");
	f = fopen(path, "r");
	printf("ungetc before read %d\n", ungetc('Z', f));
	SHOW2("read %ld tell %ld\n", getc(f), ftell(f));
	SHOW2("read %ld tell %ld\n", getc(f), ftell(f));
	SHOW2("ungetc %ld tell %ld\n", ungetc('H', f), ftell(f));
	int n = 0;
	while (ungetc('0' + n, f) != EOF && n < 100)
		n++;
	printf("pushed %d more\n", n);
	while (n-- > 0)
		putchar(getc(f));
	putchar('\n');
	printf("fgets \"%s\"", fgets(line, sizeof line, f));
	fpos_t pos;
	printf("fgetpos %d\n", fgetpos(f, &pos));
	printf("fgets \"%s\"", fgets(line, sizeof line, f));
	SHOW2("fgets at end %ld eof=%ld\n", fgets(line, sizeof line, f) != NULL, feof(f));
	SHOW2("ungetc at eof %ld eof=%ld\n", ungetc('!', f), feof(f));
	SHOW3("getc %ld getc %ld eof=%ld\n", getc(f), getc(f), feof(f));
	SHOW2("fsetpos %ld eof=%ld\n", fsetpos(f, &pos), feof(f));
	printf("fgets \"%s\"", fgets(line, sizeof line, f));
	printf("fseek back %d\n", fseek(f, -3, SEEK_CUR));
	printf("fgets \"%s\"", fgets(line, sizeof line, f));
	SHOW2("fseek end %ld tell %ld\n", fseek(f, 0, SEEK_END), ftell(f));
	SHOW2("fseek past end %ld tell %ld\n", fseeko(f, 100, SEEK_END), (long)ftello(f));
	errno = 0;
	int r = fseek(f, -1000, SEEK_SET);
	int e = errno;
	printf("fseek negative %d errno=%d\n", r, e);
	errno = 0;
	r = fseek(f, 0, 42);
	e = errno;
	printf("fseek bad whence %d errno=%d\n", r, e);
	printf("fgets small: ");
	rewind(f);
	printf("\"%s\" ", fgets(line, 4, f));
	printf("\"%s\" ", fgets(line, 4, f));
	printf("\"%s\" ", fgets(line, 1, f));
	printf("%s\n", fgets(line, 0, f) ? "line" : "null");
	printf("fgets midline after ungetc: ");
	ungetc('#', f);
	printf("\"%s\"", fgets(line, sizeof line, f));
	fclose(f);

	/* fread/fwrite of objects, partial at the end. */
	int nums[5] = { 1, 2, 3, 4, 5 }, back[5] = { 0 };
	f = fopen(path, "w+");
	printf("fwrite %zu\n", fwrite(nums, sizeof nums[0], 5, f));
	SHOW2("fwrite zero %ld %ld\n", fwrite(nums, 0, 5, f), fwrite(nums, 4, 0, f));
	fseek(f, -6, SEEK_END);
	SHOW2("fread partial %ld eof=%ld\n", fread(back, sizeof back[0], 5, f), feof(f));
	rewind(f);
	size_t got = fread(back, sizeof back[0], 5, f);
	printf("fread %zu: %d %d %d %d %d\n", got, back[0], back[1], back[2], back[3], back[4]);
	SHOW2("fread zero %ld %ld\n", fread(back, 0, 5, f), fread(back, 4, 0, f));
	clearerr(f);
	SHOW2("after clearerr eof=%ld err=%ld\n", feof(f), ferror(f));
	fclose(f);

	/* Error indicator and errno on reading a write-only stream. */
	f = fopen(path, "w");
	errno = 0;
	r = getc(f);
	e = errno;
	printf("read write-only %d err=%d errno=%d\n", r, ferror(f), e);
	errno = 0;
	size_t z = fread(back, 1, 1, f);
	e = errno;
	printf("fread write-only %zu err=%d errno=%d\n", z, ferror(f), e);
	fclose(f);

	unlink(path);
	return 0;
}

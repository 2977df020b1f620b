/* fopencookie: which calls reach the cookie functions and with what sizes (reads of the
 * caller's part then a bufferful, writes of the buffer), short reads and writes, end of
 * file and errors, NULL functions, seek and close results passed through, and the usual
 * stream functions (fprintf, fgets, getline, ungetc, fseek/ftell, setvbuf) on top. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct mem {
	char data[4096];
	size_t len, pos;
	int short_reads;   /* return at most this many bytes per read (0: no limit) */
	int fail_read_at;  /* the read call (1-based) that returns -1 */
	int short_writes;  /* take at most this many bytes per write */
	int fail_write_at; /* the write call that returns -1 with errno EIO */
	int reads, writes;
	int close_result;
	int seek_result;   /* if nonzero, seek returns it */
};

static ssize_t mread(void *c, char *buf, size_t n)
{
	struct mem *m = c;
	m->reads++;
	printf("  read(%zu)", n);
	if (m->reads == m->fail_read_at) {
		printf(" -> -1\n");
		errno = EIO;
		return -1;
	}
	size_t k = m->len - m->pos;
	if (k > n)
		k = n;
	if (m->short_reads && k > (size_t)m->short_reads)
		k = (size_t)m->short_reads;
	memcpy(buf, m->data + m->pos, k);
	m->pos += k;
	printf(" -> %zu\n", k);
	return (ssize_t)k;
}

static ssize_t mwrite(void *c, const char *buf, size_t n)
{
	struct mem *m = c;
	m->writes++;
	printf("  write(%zu \"%.*s\")", n, (int)(n < 20 ? n : 20), buf);
	if (m->writes == m->fail_write_at) {
		printf(" -> -1\n");
		errno = EIO;
		return -1;
	}
	size_t k = n;
	if (m->short_writes && k > (size_t)m->short_writes)
		k = (size_t)m->short_writes;
	if (m->pos + k > sizeof m->data)
		k = sizeof m->data - m->pos;
	memcpy(m->data + m->pos, buf, k);
	m->pos += k;
	if (m->pos > m->len)
		m->len = m->pos;
	printf(" -> %zu\n", k);
	return (ssize_t)k;
}

static int mseek(void *c, off_t *off, int whence)
{
	struct mem *m = c;
	printf("  seek(%lld, %d)", (long long)*off, whence);
	if (m->seek_result) {
		printf(" -> %d\n", m->seek_result);
		return m->seek_result;
	}
	off_t base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? (off_t)m->pos : (off_t)m->len;
	if (base + *off < 0) {
		printf(" -> -1\n");
		errno = EINVAL;
		return -1;
	}
	m->pos = (size_t)(base + *off);
	*off = (off_t)m->pos;
	printf(" -> 0 (%lld)\n", (long long)*off);
	return 0;
}

static int mclose(void *c)
{
	struct mem *m = c;
	printf("  close -> %d\n", m->close_result);
	return m->close_result;
}

static cookie_io_functions_t all = { mread, mwrite, mseek, mclose };

static void setdata(struct mem *m, const char *s)
{
	memset(m, 0, sizeof *m);
	m->len = strlen(s);
	memcpy(m->data, s, m->len);
}

static void reading(void)
{
	struct mem m;
	setdata(&m, "first line\nsecond\nthird line is longer\nno newline");
	FILE *f = fopencookie(&m, "r", all);
	printf("fileno %d\n", fileno(f));
	char buf[64];
	printf("fgetc\n");
	int c = fgetc(f);
	printf("= %c\n", c);
	printf("fread 5\n");
	size_t n = fread(buf, 1, 5, f);
	printf("= %zu \"%.5s\"\n", n, buf);
	printf("ungetc %d\n", ungetc('X', f));
	printf("fgets\n");
	char *s = fgets(buf, sizeof buf, f);
	printf("= \"%s\"\n", s ? s : "(null)");
	char *line = NULL;
	size_t cap = 0;
	ssize_t k;
	while ((k = getline(&line, &cap, f)) >= 0)
		printf("getline %zd \"%s\"\n", k, line);
	int eof = feof(f);
	printf("feof %d ferror %d\n", eof, ferror(f));
	printf("fgetc at eof\n");
	c = fgetc(f);
	printf("= %d (no call)\n", c);
	free(line);
	printf("fwrite on r\n");
	n = fwrite("x", 1, 1, f);
	printf("= %zu ferror %d\n", n, ferror(f));
	printf("fclose %d\n", fclose(f));

	/* A large read: the caller's part directly, then a bufferful. */
	setdata(&m, "");
	memset(m.data, 'd', 3000);
	m.len = 3000;
	f = fopencookie(&m, "r", all);
	char big[2100];
	printf("fread 2000\n");
	n = fread(big, 1, 2000, f);
	printf("= %zu\n", n);
	printf("fread 2000 again\n");
	n = fread(big, 1, 2000, f);
	printf("= %zu feof %d\n", n, feof(f));
	fclose(f);

	/* Short reads: the first part comes back short, and is returned as it is. */
	setdata(&m, "abcdefghijklmnopqrstuvwxyz");
	m.short_reads = 3;
	f = fopencookie(&m, "r", all);
	printf("fread 10 short\n");
	n = fread(big, 1, 10, f);
	printf("= %zu \"%.10s\"\n", n, big);
	printf("fgetc\n");
	c = fgetc(f);
	printf("= %c\n", c);
	fclose(f);

	/* A read error. */
	setdata(&m, "0123456789");
	m.fail_read_at = 2;
	f = fopencookie(&m, "r", all);
	printf("fread 4 with error on the second call\n");
	n = fread(big, 1, 4, f);
	int e = errno;
	printf("= %zu ferror %d feof %d errno %d\n", n, ferror(f), feof(f), e);
	clearerr(f);
	printf("fgetc after clearerr\n");
	c = fgetc(f);
	printf("= %c\n", c);
	printf("ungetc count after eof:");
	fclose(f);

	/* How many bytes ungetc takes after end of file. */
	setdata(&m, "");
	f = fopencookie(&m, "r", all);
	fgetc(f);
	int pushed = 0;
	while (pushed < 20 && ungetc('u', f) != EOF)
		pushed++;
	printf(" %d\n", pushed);
	fclose(f);
}

static void writing(void)
{
	struct mem m;
	setdata(&m, "");
	FILE *f = fopencookie(&m, "w", all);
	printf("fprintf\n");
	int r = fprintf(f, "%d %s|", 12, "ab");
	printf("= %d\n", r);
	printf("fflush\n");
	r = fflush(f);
	printf("= %d\n", r);
	char big[1500];
	memset(big, 'B', sizeof big);
	fputs("pre", f);
	printf("fwrite 1500\n");
	size_t n = fwrite(big, 1, sizeof big, f);
	printf("= %zu\n", n);
	printf("ftell\n");
	long pos = ftell(f);
	printf("= %ld\n", pos);
	fputs("tail", f);
	printf("fseek 0\n");
	r = fseek(f, 0, SEEK_SET);
	printf("= %d\n", r);
	fputs("HEAD", f);
	printf("fgetc on w\n");
	int c = fgetc(f);
	printf("= %d ferror %d\n", c, ferror(f));
	printf("fclose\n");
	r = fclose(f);
	printf("= %d len %zu start \"%.12s\"\n", r, m.len, m.data);

	/* Short writes: kept as counts, the stream stays usable. */
	setdata(&m, "");
	m.short_writes = 2;
	f = fopencookie(&m, "w", all);
	fputs("abcdef", f);
	printf("fflush short\n");
	r = fflush(f);
	printf("= %d ferror %d\n", r, ferror(f));
	printf("fwrite 1100 short\n");
	char mid[1100];
	memset(mid, 'm', sizeof mid);
	n = fwrite(mid, 1, sizeof mid, f);
	printf("= %zu ferror %d\n", n, ferror(f));
	setvbuf(f, NULL, _IONBF, 0);
	printf("unbuffered fputs\n");
	r = fputs("xyz", f);
	printf("= %d\n", r);
	printf("unbuffered fprintf\n");
	r = fprintf(f, "%s", "12345");
	printf("= %d\n", r);
	fclose(f);

	/* A write error. */
	setdata(&m, "");
	m.fail_write_at = 1;
	f = fopencookie(&m, "w", all);
	fputs("lost", f);
	printf("fflush with error\n");
	r = fflush(f);
	int e = errno;
	printf("= %d ferror %d errno %d\n", r, ferror(f), e);
	printf("fprintf after\n");
	errno = 0;
	r = fprintf(f, "%d", 5);
	e = errno;
	printf("= %d errno %d\n", r, e);
	printf("fclose\n");
	r = fclose(f);
	printf("= %d\n", r);

	/* Unbuffered printf whose write fails. */
	setdata(&m, "");
	m.fail_write_at = 1;
	f = fopencookie(&m, "w", all);
	setvbuf(f, NULL, _IONBF, 0);
	errno = 0;
	r = fprintf(f, "abc %d", 1);
	e = errno;
	printf("nbf fprintf error = %d errno %d ferror %d\n", r, e, ferror(f));
	fclose(f);

	/* Line buffering. */
	setdata(&m, "");
	f = fopencookie(&m, "a", all);
	setvbuf(f, NULL, _IOLBF, 0);
	printf("line buffered fputs\n");
	fputs("one\ntwo", f);
	printf("fclose\n");
	fclose(f);
}

static void seeking(void)
{
	struct mem m;
	setdata(&m, "0123456789");
	FILE *f = fopencookie(&m, "r+", all);
	printf("fgetc\n");
	int c = fgetc(f);
	printf("= %c\n", c);
	printf("ftell\n");
	long pos = ftell(f);
	printf("= %ld\n", pos);
	printf("fseek cur +2\n");
	int r = fseek(f, 2, SEEK_CUR);
	printf("= %d\n", r);
	c = fgetc(f);
	printf("= %c\n", c);
	printf("fseek whence 5\n");
	r = fseek(f, 0, 5);
	int e = errno;
	printf("= %d errno %d\n", r, e);
	printf("fseek -100\n");
	r = fseek(f, -100, SEEK_SET);
	e = errno;
	printf("= %d errno %d\n", r, e);
	printf("fflush of a reading stream\n");
	r = fflush(f);
	printf("= %d\n", r);
	m.seek_result = -7;
	printf("ftell with seek returning -7\n");
	pos = ftell(f);
	printf("= %ld\n", pos);
	fpos_t fp;
	printf("fgetpos\n");
	r = fgetpos(f, &fp);
	printf("= %d\n", r);
	printf("fseek with seek returning -7\n");
	r = fseek(f, 1, SEEK_SET);
	printf("= %d\n", r);
	m.seek_result = 0;
	m.close_result = 5;
	printf("fclose with close returning 5\n");
	r = fclose(f);
	printf("= %d\n", r);

	setdata(&m, "abc");
	m.close_result = -3;
	f = fopencookie(&m, "w", all);
	fputs("z", f);
	printf("fclose with close returning -3\n");
	r = fclose(f);
	printf("= %d\n", r);
}

static void nulls(void)
{
	struct mem m;
	setdata(&m, "data");
	cookie_io_functions_t none = { 0, 0, 0, 0 };
	FILE *f = fopencookie(&m, "r+", none);
	printf("null read: fgetc\n");
	errno = 0;
	int c = fgetc(f);
	int e = errno;
	printf("= %d ferror %d feof %d errno %d\n", c, ferror(f), feof(f), e);
	clearerr(f);
	printf("null write: fputs + fflush\n");
	int r = fputs("gone", f);
	int r2 = fflush(f);
	printf("= %d %d ferror %d\n", r, r2, ferror(f));
	char big[2000] = { 0 };
	size_t n = fwrite(big, 1, sizeof big, f);
	printf("null write big = %zu\n", n);
	printf("null seek: ftell\n");
	errno = 0;
	long pos = ftell(f);
	e = errno;
	printf("= %ld errno %d\n", pos, e);
	errno = 0;
	r = fseek(f, 0, SEEK_SET);
	e = errno;
	printf("fseek = %d errno %d\n", r, e);
	printf("null close: fclose = %d\n", fclose(f));

	/* Bytes a missing write function refused are forgotten when output mode ends. */
	f = fopencookie(&m, "w", none);
	fputs("kept?", f);
	r = fflush(f);
	errno = 0;
	pos = ftell(f);
	e = errno;
	r2 = fseek(f, 0, SEEK_SET);
	printf("after null-write flush: fflush %d ftell %ld errno %d fseek %d fclose %d\n", r, pos, e, r2, fclose(f));
	f = fopencookie(&m, "w", none);
	fputs("pending", f);
	printf("null write, fclose with pending = %d\n", fclose(f));

	printf("bad modes:");
	const char *modes[] = { "x", "+", "", "rw", "a+" };
	for (int i = 0; i < 5; i++) {
		errno = 0;
		f = fopencookie(&m, modes[i], all);
		e = errno;
		printf(" \"%s\" %s %d", modes[i], f ? "ok" : "null", e);
		if (f)
			fclose(f);
	}
	printf("\n");
}

int main(void)
{
	alarm(10);
	setvbuf(stdout, NULL, _IONBF, 0);
	reading();
	writing();
	seeking();
	nulls();
	return 0;
}

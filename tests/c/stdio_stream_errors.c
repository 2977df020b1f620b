/* Error paths: writes to /dev/full (ENOSPC, the error indicator, fflush and fclose
 * failing), opening a directory for writing (EISDIR), a stream on a bad descriptor
 * (fdopen does not check it; the first read or flush fails with EBADF), getline's
 * EINVAL, fflush of an input stream on a pipe (ESPIPE, data dropped), and the
 * standard streams after fclose. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define SHOW2(fmt, a, b) do { long a_ = (a); long b_ = (b); printf(fmt, a_, b_); } while (0)

int main(void)
{
	alarm(10);
	int r, e;

	FILE *f = fopen("/dev/full", "w");
	r = fputs("buffered", f);
	printf("fputs to /dev/full %d err=%d\n", r, ferror(f));
	errno = 0;
	r = fflush(f);
	e = errno;
	printf("fflush %d errno=%d err=%d\n", r, e, ferror(f));
	r = fflush(f);
	printf("fflush again %d\n", r);
	setvbuf(f, NULL, _IONBF, 0);
	errno = 0;
	r = fputc('x', f);
	e = errno;
	printf("unbuffered fputc %d errno=%d\n", r, e);
	errno = 0;
	r = fprintf(f, "%d", 12345);
	e = errno;
	printf("fprintf %d errno=%d\n", r, e);
	clearerr(f);
	setvbuf(f, NULL, _IOFBF, 0);
	fputs("more", f);
	errno = 0;
	r = fclose(f);
	e = errno;
	printf("fclose with pending %d errno=%d\n", r, e);

	errno = 0;
	f = fopen("/tmp", "w");
	e = errno;
	printf("fopen dir for writing %s errno=%d\n", f ? "opened" : "null", e);
	f = fopen("/tmp", "r");
	errno = 0;
	r = fgetc(f);
	e = errno;
	printf("fgetc on a directory %d errno=%d err=%d eof=%d\n", r, e, ferror(f), feof(f));
	fclose(f);

	f = fdopen(99, "r+");
	printf("fdopen bad fd %s\n", f ? "opened" : "null");
	errno = 0;
	r = fgetc(f);
	e = errno;
	printf("read %d errno=%d err=%d\n", r, e, ferror(f));
	fputs("x", f);
	errno = 0;
	r = fflush(f);
	e = errno;
	printf("flush %d errno=%d\n", r, e);
	errno = 0;
	r = fclose(f);
	e = errno;
	printf("fclose %d errno=%d\n", r, e);

	char *line = NULL;
	size_t n = 0;
	f = fopen("/dev/null", "r");
	errno = 0;
	ssize_t len = getline(NULL, &n, f);
	e = errno;
	printf("getline NULL %zd errno=%d err=%d\n", len, e, ferror(f));
	clearerr(f);
	errno = 0;
	len = getline(&line, NULL, f);
	e = errno;
	printf("getline NULL n %zd errno=%d\n", len, e);
	len = getline(&line, &n, f);
	printf("getline at eof %zd eof=%d\n", len, feof(f));
	/* Writing a read-only stream: -1 and the error flag, errno untouched (musl). */
	clearerr(f);
	errno = 0;
	int w = fprintf(f, "x%d", 5);
	e = errno;
	printf("fprintf read-only %d errno=%d err=%d\n", w, e, ferror(f));
	errno = 0;
	w = fputs("abc", f);
	e = errno;
	printf("fputs read-only %d errno=%d\n", w, e);
	fclose(f);

	int p[2];
	pipe(p);
	write(p[1], "abcdef", 6);
	close(p[1]);
	f = fdopen(p[0], "r");
	SHOW2("getc %ld %ld\n", getc(f), getc(f));
	errno = 0;
	r = fflush(f);
	e = errno;
	printf("fflush input pipe %d errno=%d\n", r, e);
	SHOW2("after fflush getc %d eof=%d\n", getc(f), feof(f));
	fclose(f);

	fflush(stdout);
	int saved = dup(1);
	fclose(stdout);
	errno = 0;
	r = printf("lost\n");
	int r2 = fflush(stdout);
	e = errno;
	dup2(saved, 1);
	char msg[64];
	snprintf(msg, sizeof msg, "after fclose(stdout): %d %d errno=%d err=%d\n", r, r2, e, ferror(stdout));
	write(1, msg, strlen(msg));
	return 0;
}

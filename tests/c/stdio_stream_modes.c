/* fopen's modes on a scratch file: what each reads, where each writes, what it
 * truncates or creates; 'x' and 'e'; bad modes and missing files (errno); fdopen
 * and its append flag; freopen onto another file and with a null path. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static char path[64], path2[64];

static void show(const char *what)
{
	char buf[64];
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
	buf[n] = 0;
	printf("%-12s file=\"%s\"\n", what, buf);
	if (f)
		fclose(f);
}

static void readall(FILE *f, const char *what)
{
	int c;
	printf("%-12s read=\"", what);
	while ((c = fgetc(f)) != EOF)
		putchar(c);
	printf("\" eof=%d err=%d\n", feof(f), ferror(f));
}

int main(void)
{
	alarm(10);
	snprintf(path, sizeof path, "/tmp/limpet_sst_modes_%d", (int)getpid());
	snprintf(path2, sizeof path2, "/tmp/limpet_sst_modes2_%d", (int)getpid());
	unlink(path);
	unlink(path2);

	errno = 0;
	FILE *f = fopen(path, "r");
	printf("r missing: %s errno=%d\n", f ? "opened" : "null", errno);

	f = fopen(path, "w");
	printf("w: %d\n", fputs("hello", f));
	int c = fgetc(f);
	printf("w read: %d err=%d\n", c, ferror(f));
	fclose(f);
	show("after w");

	f = fopen(path, "r");
	errno = 0;
	c = fputc('x', f);
	int e = errno;
	printf("r write: %d err=%d errno=%d\n", c, ferror(f), e);
	clearerr(f);
	readall(f, "r");
	fclose(f);

	f = fopen(path, "a");
	fputs(" world", f);
	fclose(f);
	show("after a");

	f = fopen(path, "r+");
	fputs("J", f);
	fclose(f);
	show("after r+");

	f = fopen(path, "a+");
	readall(f, "a+");
	fputs("!", f);
	fseek(f, 0, SEEK_SET);
	fputs("?", f);
	printf("a+ tell=%ld\n", ftell(f));
	fclose(f);
	show("after a+");

	f = fopen(path, "w+");
	fputs("new", f);
	rewind(f);
	readall(f, "w+");
	fclose(f);
	show("after w+");

	f = fopen(path, "rb+");
	readall(f, "rb+");
	fclose(f);

	errno = 0;
	f = fopen(path, "wx");
	printf("wx existing: %s errno=%d\n", f ? "opened" : "null", errno);
	f = fopen(path2, "wx");
	printf("wx new: %s\n", f ? "opened" : "null");
	fclose(f);
	unlink(path2);

	f = fopen(path, "re");
	printf("re cloexec=%d\n", fcntl(fileno(f), F_GETFD) & FD_CLOEXEC);
	fclose(f);
	f = fopen(path, "r");
	printf("r cloexec=%d\n", fcntl(fileno(f), F_GETFD) & FD_CLOEXEC);
	fclose(f);

	const char *bad[] = { "", "z", "+r", "br", "x", 0 };
	for (int i = 0; bad[i]; i++) {
		errno = 0;
		f = fopen(path, bad[i]);
		e = errno;
		printf("mode \"%s\": %s errno=%d\n", bad[i], f ? "opened" : "null", e);
		if (f)
			fclose(f);
	}
	show("after bad");

	/* fdopen: the descriptor's own access, O_APPEND added for 'a'. */
	int fd = open(path, O_RDWR);
	f = fdopen(fd, "a");
	printf("fdopen a: append=%d\n", !!(fcntl(fd, F_GETFL) & O_APPEND));
	fputs("+fd", f);
	fclose(f);
	show("after fdopen");
	errno = 0;
	f = fdopen(0, "q");
	printf("fdopen bad mode: %s errno=%d\n", f ? "opened" : "null", errno);
	fd = open(path, O_RDONLY);
	f = fdopen(fd, "r");
	readall(f, "fdopen r");
	printf("fileno same: %d\n", fileno(f) == fd);
	fclose(f);
	errno = 0;
	long w = write(fd, "x", 1);
	e = errno;
	printf("closed fd: %ld errno=%d\n", w, e);

	/* freopen onto another file, and with a null path (append added). */
	f = fopen(path, "r");
	fd = fileno(f);
	FILE *g = freopen(path2, "w+", f);
	printf("freopen: same=%d fd same=%d\n", g == f, fileno(f) == fd);
	fputs("second", f);
	rewind(f);
	readall(f, "freopen w+");
	g = freopen(NULL, "a", f);
	printf("freopen null: same=%d append=%d\n", g == f, !!(fcntl(fileno(f), F_GETFL) & O_APPEND));
	fseek(f, 0, SEEK_SET);
	fputs("!", f);
	fclose(f);
	f = fopen(path2, "r");
	readall(f, "path2");
	fclose(f);
	unlink(path2);
	f = fopen(path, "r");
	errno = 0;
	g = freopen(path2, "r", f);
	printf("freopen missing: %s errno=%d\n", g ? "opened" : "null", errno);

	unlink(path);
	return 0;
}

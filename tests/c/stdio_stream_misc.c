/* The rest of the stream functions: flockfile/ftrylockfile/funlockfile and the
 * *_unlocked forms, <stdio_ext.h>, perror (stderr redirected to a pipe), remove,
 * tmpfile, tmpnam, tempnam, fileno, getw/putw, fgetln, gets, and the 64-bit names. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* musl declares gets only for pre-C11 code; it still exports it. */
char *gets(char *);

int main(void)
{
	alarm(10);
	char path[64], dir[64];
	snprintf(path, sizeof path, "/tmp/limpet_sst_misc_%d", (int)getpid());
	snprintf(dir, sizeof dir, "/tmp/limpet_sst_miscdir_%d", (int)getpid());

	FILE *f = fopen(path, "w+");
	flockfile(f);
	printf("trylock held by me %d\n", ftrylockfile(f));
	fputc_unlocked('a', f);
	putc_unlocked('b', f);
	fputs_unlocked("cd", f);
	fwrite_unlocked("ef", 1, 2, f);
	printf("pending %zu writing %d reading %d\n", __fpending(f), __fwriting(f) != 0, __freading(f) != 0);
	fflush_unlocked(f);
	printf("pending after flush %zu\n", __fpending(f));
	funlockfile(f);
	funlockfile(f);
	rewind(f);
	int c1 = getc_unlocked(f);
	int c2 = fgetc_unlocked(f);
	printf("getc_unlocked %c fgetc_unlocked %c\n", c1, c2);
	char buf[16] = { 0 };
	size_t got = fread_unlocked(buf, 1, 2, f);
	printf("fread_unlocked %zu \"%.2s\"\n", got, buf);
	printf("freadahead %zu reading %d\n", __freadahead(f), __freading(f) != 0);
	printf("fgets_unlocked \"%s\"\n", fgets_unlocked(buf, sizeof buf, f));
	printf("feof_unlocked %d ferror_unlocked %d\n", feof_unlocked(f), ferror_unlocked(f));
	clearerr_unlocked(f);
	printf("cleared %d fileno_unlocked same %d\n", feof_unlocked(f), fileno_unlocked(f) == fileno(f));
	/* The default buffer's size is the implementation's (musl 1 KiB, limpet 4 KiB). */
	printf("readable %d writable %d bufsize at least BUFSIZ %d lbf %d\n", __freadable(f), __fwritable(f),
	       __fbufsize(f) >= BUFSIZ, __flbf(f));
	setvbuf(f, NULL, _IOLBF, 0);
	printf("lbf after setvbuf %d\n", __flbf(f));
	fseeko64(f, 1, SEEK_SET);
	printf("ftello64 %lld\n", (long long)ftello64(f));
	fpos64_t p64;
	fgetpos64(f, &p64);
	fseek(f, 0, SEEK_END);
	fsetpos64(f, &p64);
	printf("after fsetpos64 %c\n", getc(f));
	fputs("zz", f);
	__fpurge(f);
	printf("purged pending %zu\n", __fpending(f));
	printf("fsetlocking %d\n", __fsetlocking(f, FSETLOCKING_BYCALLER));
	fclose(f);
	f = fopen64(path, "r");
	printf("fopen64 %d readable %d writable %d\n", f != NULL, __freadable(f), __fwritable(f));
	f = freopen64(path, "a", f);
	printf("freopen64 %d readable %d writable %d\n", f != NULL, __freadable(f), __fwritable(f));
	fclose(f);

	/* remove: files and empty directories. */
	printf("remove file %d\n", remove(path));
	errno = 0;
	int r = remove(path);
	int e = errno;
	printf("remove again %d errno=%d\n", r, e);
	mkdir(dir, 0700);
	printf("remove dir %d\n", remove(dir));

	/* tmpfile: read-write, gone when closed. */
	f = tmpfile();
	fputs("temporary", f);
	rewind(f);
	printf("tmpfile \"%s\"\n", fgets(buf, sizeof buf, f));
	fclose(f);
	f = tmpfile64();
	printf("tmpfile64 %d\n", f != NULL);
	int w1 = putw(0x12345678, f);
	int w2 = putw(-1, f);
	rewind(f);
	int g1 = getw(f);
	int g2 = getw(f);
	int g3 = getw(f);
	printf("putw %d %d getw %x %d %d eof=%d\n", w1, w2, g1, g2, g3, feof(f));
	fclose(f);

	/* fgetln: in place when the line is in the buffer, else in the stream's own. */
	f = tmpfile();
	fputs("short\n", f);
	for (int i = 0; i < 300; i++)
		fputs("long", f);
	fputs("\nlast", f);
	rewind(f);
	size_t ll;
	char *l1 = fgetln(f, &ll);
	printf("fgetln %zu \"%.*s\"\n", ll, (int)ll - 1, l1);
	l1 = fgetln(f, &ll);
	printf("fgetln %zu ends \"%.5s\"\n", ll, l1 + ll - 5);
	l1 = fgetln(f, &ll);
	printf("fgetln %zu \"%.*s\"\n", ll, (int)ll, l1);
	printf("fgetln at end %s\n", fgetln(f, &ll) ? "line" : "null");
	fclose(f);

	/* gets: stdin is closed here. */
	errno = 0;
	char *gs = gets(buf);
	e = errno;
	printf("gets on closed stdin %s errno=%d err=%d\n", gs ? "line" : "null", e, ferror(stdin));

	/* tmpnam/tempnam: random names of musl's shape that nothing has. */
	char tn[L_tmpnam];
	char *t1 = tmpnam(tn);
	struct stat sb;
	printf("tmpnam same=%d len=%zu prefix=%d free=%d\n", t1 == tn, strlen(tn), strncmp(tn, "/tmp/tmpnam_", 12) == 0, stat(tn, &sb) != 0);
	char *t2 = tempnam("/var/tmp", "pre");
	printf("tempnam len=%zu prefix=%d\n", strlen(t2), strncmp(t2, "/var/tmp/pre_", 13) == 0);
	free(t2);
	t2 = tempnam(NULL, NULL);
	printf("tempnam default prefix=%d\n", strncmp(t2, "/tmp/temp_", 10) == 0);
	free(t2);

	/* perror into a pipe. */
	int p[2];
	pipe(p);
	fflush(stdout);
	int saved = dup(2);
	dup2(p[1], 2);
	errno = ENOENT;
	perror("prefix");
	errno = EACCES;
	perror("");
	errno = 0;
	perror(NULL);
	dup2(saved, 2);
	close(p[1]);
	char msg[256];
	ssize_t n = read(p[0], msg, sizeof msg - 1);
	msg[n < 0 ? 0 : n] = 0;
	printf("perror:\n%s", msg);
	return 0;
}

/* A random walk over memory streams, as stdio_stream_random does over files: 96 runs of
 * 300 operations from a fixed seed over fmemopen (a caller's buffer and a NULL one),
 * open_memstream and fopencookie (over a memory "file"), in read-write modes and every
 * buffering: fgetc, fputc, fread, fwrite, fgets, getline, ungetc, fseek, ftell, rewind,
 * fflush, the indicators, fprintf, and a look at the memory behind the stream (which
 * shows when output reached it). The C rule of a seek or flush between output and
 * input is broken on purpose. Each run prints a checksum of every result and errno, and
 * of the memory it left. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static unsigned long long state = 0x9e3779b97f4a7c15ull;

static unsigned rnd(unsigned n)
{
	state = state * 6364136223846793005ull + 1442695040888963407ull;
	return (unsigned)(state >> 33) % n;
}

static unsigned long sum;

static void mix(long v)
{
	sum = (sum * 1000003u) ^ (unsigned long)v;
}

static unsigned long memsum(const char *p, size_t n)
{
	unsigned long s = n;
	for (size_t i = 0; i < n; i++)
		s = s * 31 + (unsigned char)p[i];
	return s;
}

/* The cookie: a growing memory file. */
struct mfile {
	char data[8192];
	size_t len, pos;
};

static ssize_t cread(void *c, char *buf, size_t n)
{
	struct mfile *m = c;
	size_t k = m->pos < m->len ? m->len - m->pos : 0;
	if (k > n)
		k = n;
	memcpy(buf, m->data + m->pos, k);
	m->pos += k;
	return (ssize_t)k;
}

static ssize_t cwrite(void *c, const char *buf, size_t n)
{
	struct mfile *m = c;
	if (m->pos + n > sizeof m->data)
		n = sizeof m->data - m->pos;
	memcpy(m->data + m->pos, buf, n);
	m->pos += n;
	if (m->pos > m->len)
		m->len = m->pos;
	return (ssize_t)n;
}

static int cseek(void *c, off_t *off, int whence)
{
	struct mfile *m = c;
	off_t base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? (off_t)m->pos : (off_t)m->len;
	if (base + *off < 0 || base + *off > (off_t)sizeof m->data) {
		errno = EINVAL;
		return -1;
	}
	m->pos = (size_t)(base + *off);
	*off = (off_t)m->pos;
	return 0;
}

static struct mfile cookie;
static cookie_io_functions_t io = { cread, cwrite, cseek, 0 };

int main(void)
{
	alarm(15);
	static const char *modes[] = { "r+", "w+", "a+" };
	static char caller[8 + 13];
	static char mem[3000];
	char data[4096], back[4096];
	for (int i = 0; i < (int)sizeof data; i++)
		data[i] = 'a' + i % 26;
	char *line = NULL;
	size_t cap = 0;

	for (int run = 0; run < 96; run++) {
		int kind = run % 4;
		const char *mode = modes[(run / 4) % 3];
		int buffering = (run / 12) % 4;
		size_t fill = 100 + rnd(2800);
		memcpy(mem, data, fill);
		memset(mem + fill, 0, sizeof mem - fill);
		char *msp = NULL;
		size_t mssize = 0;
		FILE *f;
		if (kind == 0) {
			f = fmemopen(mem, sizeof mem, mode);
		} else if (kind == 1) {
			f = fmemopen(NULL, 1 + rnd(3000), mode);
		} else if (kind == 2) {
			mode = "w";
			f = open_memstream(&msp, &mssize);
		} else {
			memcpy(cookie.data, data, fill);
			cookie.len = mode[0] == 'w' ? 0 : fill;
			cookie.pos = mode[0] == 'a' ? cookie.len : 0;
			f = fopencookie(&cookie, mode, io);
		}
		if (buffering == 1)
			setvbuf(f, NULL, _IONBF, 0);
		else if (buffering == 2)
			setvbuf(f, NULL, _IOLBF, 0);
		else if (buffering == 3)
			setvbuf(f, caller, _IOFBF, sizeof caller);
		sum = 0;
		for (int step = 0; step < 300; step++) {
			unsigned op = rnd(15), n;
			long r = 0;
			errno = 0;
			switch (op) {
			case 0:
				r = fgetc(f);
				break;
			case 1:
				r = fputc(rnd(3) ? 'A' + rnd(26) : '\n', f);
				break;
			case 2:
				n = rnd(200);
				r = (long)fread(back, 1, n, f);
				for (long i = 0; i < r; i++)
					mix(back[i]);
				break;
			case 3:
				n = rnd(1500);
				memcpy(back, data + rnd(26), n);
				if (n > 10)
					back[rnd(n)] = '\n';
				r = (long)fwrite(back, 1, n, f);
				break;
			case 4:
				r = fseek(f, (long)rnd(4000) - 500, rnd(3));
				break;
			case 5:
				r = ftell(f);
				break;
			case 6:
				r = ungetc('a' + rnd(26), f);
				break;
			case 7:
				r = fflush(f);
				break;
			case 8:
				n = 1 + rnd(60);
				r = fgets(back, (int)n, f) ? (long)strlen(back) : -1;
				break;
			case 9:
				rewind(f);
				break;
			case 10:
				r = feof(f) * 2 + ferror(f);
				if (rnd(2))
					clearerr(f);
				break;
			case 11:
				if (kind == 0)
					r = (long)memsum(mem, sizeof mem);
				else if (kind == 2)
					r = (long)memsum(msp, mssize + 1);
				else if (kind == 3)
					r = (long)(memsum(cookie.data, cookie.len) ^ cookie.pos);
				break;
			case 12:
				r = (long)getline(&line, &cap, f);
				if (r > 0)
					mix((long)memsum(line, (size_t)r));
				break;
			case 13:
				r = fprintf(f, "%d|%s\n", step, "fmt");
				break;
			case 14:
				r = fputs("line\npart", f);
				break;
			}
			mix((long)op);
			mix(r);
			mix(errno);
		}
		fclose(f);
		unsigned long left = 0;
		if (kind == 0)
			left = memsum(mem, sizeof mem);
		else if (kind == 2)
			left = memsum(msp, mssize + 1);
		else if (kind == 3)
			left = memsum(cookie.data, cookie.len);
		free(msp);
		printf("run %2d kind %d %-2s buf %d: ops %016lx memory %016lx\n", run, kind, mode, buffering, sum, left);
	}
	free(line);
	return 0;
}

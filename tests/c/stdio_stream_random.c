/* A random walk over one file stream: 60 runs (every mode that can read and write,
 * with musl's default buffer size, unbuffered, line and small caller buffers) of 300 operations each,
 * chosen by a fixed-seed generator: fgetc, fputc, fread, fwrite, fgets, ungetc,
 * fseek, ftell, rewind, fflush, the indicators, and the descriptor's own offset
 * (which shows how far the stream read ahead). The C rule of a seek or flush
 * between output and input is broken on purpose, so the walk also pins down musl's
 * behaviour there. Each run prints a checksum of every result and errno, and the
 * size and checksum of the file it left. */
#include <errno.h>
#include <stdio.h>
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

int main(void)
{
	alarm(15);
	char path[64];
	snprintf(path, sizeof path, "/tmp/limpet_sst_random_%d", (int)getpid());
	static const char *modes[] = { "r+", "w+", "a+", "r+b" };
	static char caller[8 + 13];
	static char musl_sized[8 + BUFSIZ];
	char data[4096], back[4096];
	for (int i = 0; i < (int)sizeof data; i++)
		data[i] = 'a' + i % 26;

	for (int run = 0; run < 60; run++) {
		FILE *f = fopen(path, "w");
		fwrite(data, 1, 100 + rnd(3000), f);
		fclose(f);
		const char *mode = modes[run % 4];
		f = fopen(path, mode);
		int buffering = (run / 4) % 5;
		/* The walk sees how far a stream reads ahead (the descriptor's offset), so its
		 * full- and line-buffered runs give the stream musl's default geometry (BUFSIZ
		 * bytes after the 8 that setvbuf keeps for ungetc) rather than the default buffer,
		 * whose size is the implementation's: limpet's fopen gives 4 KiB. */
		if (buffering == 0)
			setvbuf(f, musl_sized, _IOFBF, sizeof musl_sized);
		else if (buffering == 1)
			setvbuf(f, NULL, _IONBF, 0);
		else if (buffering == 2)
			setvbuf(f, musl_sized, _IOLBF, sizeof musl_sized);
		else if (buffering == 3)
			setvbuf(f, caller, _IOFBF, sizeof caller);
		else if (buffering == 4)
			setvbuf(f, caller, _IOLBF, sizeof caller);
		sum = 0;
		for (int step = 0; step < 300; step++) {
			unsigned op = rnd(14), n;
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
				n = rnd(2000);
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
				r = (long)lseek(fileno(f), 0, SEEK_CUR);
				break;
			case 12:
				r = getc(f) + 1000 * putc('z', f);
				break;
			case 13:
				r = fputs("line\npart", f);
				break;
			}
			mix((long)op);
			mix(r);
			mix(errno);
		}
		fclose(f);
		f = fopen(path, "r");
		size_t len = 0, got;
		unsigned long fsum = 0;
		while ((got = fread(back, 1, sizeof back, f)) > 0) {
			for (size_t i = 0; i < got; i++)
				fsum = fsum * 31 + (unsigned char)back[i];
			len += got;
		}
		fclose(f);
		printf("run %2d %-3s buf %d: ops %016lx file %zu %016lx\n", run, mode, buffering, sum, len, fsum);
	}
	unlink(path);
	return 0;
}

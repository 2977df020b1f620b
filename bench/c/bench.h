/* The timing harness that every row program in bench/c includes.
 *
 * A row program defines bench_setup() and bench_op() and includes this header, which
 * supplies main(). It runs as
 *     ./prog ITERATIONS [ARG]
 * main() hands ARG to bench_setup(), calls bench_op() ITERATIONS/10 times to warm the caches
 * and the allocator, then ITERATIONS times between two clock_gettime(CLOCK_MONOTONIC) reads,
 * and prints "ELAPSED_NS ITERATIONS\n" on stdout. The harness needs only clock_gettime,
 * write and _exit (no stdio, no strtol), so a row program references little from the libc
 * besides what it measures, and a function the libc lacks marks only its own row missing.
 *
 * Programs are compiled with -O2 -fno-builtin, so every libc call stays a call; the
 * BENCH_* macros keep the compiler from deleting or hoisting the measured work.
 */
#ifndef BENCH_H
#define BENCH_H

#include <time.h>
#include <unistd.h>

static void bench_setup(const char *arg);
static void bench_op(long i);
#ifdef BENCH_HOOKS
/* Optional, for rows whose work is not all in bench_op: bench_start(n) runs just before the
 * clock starts, bench_finish() just before it stops (e.g. to release and join a thread that
 * does its share of the n operations). */
static void bench_start(long n);
static void bench_finish(void);
#endif

/* The compiler must assume the value is read, and that memory may have changed. */
#define BENCH_KEEP(x) __asm__ volatile("" : : "g"(x) : "memory")
/* The compiler must forget where the pointer points, so it cannot reason about the call. */
#define BENCH_HIDE(p) __asm__ volatile("" : "+r"(p))

/* Doubles go through a volatile store: an asm operand would need a register class. */
static volatile double bench_sink;
#define BENCH_KEEP_DOUBLE(d) (bench_sink = (d))

/* The math rows' inputs, N (a power of two the row defines) values of type T spread evenly
 * over [LO, HI] in `in`, taken in turn by `in[i & (N - 1)]`; for two arguments, xs over
 * [XLO, XHI] and ys over [YLO, YHI] in the permuted order (k*37) % N; for three, zs over the
 * same range as ys in the order (k*101) % N. Each defines the row's bench_setup. */
#define BENCH_SPREAD(T, LO, HI) \
	static T in[N]; \
	static void bench_setup(const char *arg) \
	{ \
		(void)arg; \
		for (int k = 0; k < N; k++) \
			in[k] = (LO) + ((HI) - (LO)) * (T)k / N; \
	}
#define BENCH_SPREAD3(T, XLO, XHI, YLO, YHI) \
	static T xs[N], ys[N], zs[N]; \
	static void bench_setup(const char *arg) \
	{ \
		(void)arg; \
		for (int k = 0; k < N; k++) { \
			xs[k] = (XLO) + ((XHI) - (XLO)) * (T)k / N; \
			ys[k] = (YLO) + ((YHI) - (YLO)) * (T)((k * 37) % N) / N; \
			zs[k] = (YLO) + ((YHI) - (YLO)) * (T)((k * 101) % N) / N; \
		} \
	}

static void bench_write(int fd, const char *s, unsigned long n)
{
	while (n > 0) {
		long w = write(fd, s, n);
		if (w <= 0)
			_exit(3);
		s += w;
		n -= (unsigned long)w;
	}
}

static unsigned long bench_strlen(const char *s)
{
	unsigned long n = 0;
	while (s[n])
		n++;
	return n;
}

/* Ends the program with a message on stderr: a broken measurement, never a number. */
static void bench_fail(const char *msg)
{
	bench_write(2, msg, bench_strlen(msg));
	bench_write(2, "\n", 1);
	_exit(2);
}

/* Appends the decimal digits of v to buf at *len. */
static void bench_put_ulong(char *buf, unsigned long *len, unsigned long v)
{
	char digits[24];
	int n = 0;
	do {
		digits[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n > 0)
		buf[(*len)++] = digits[--n];
}

static long bench_parse(const char *s)
{
	long v = 0;
	if (!s || !*s)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		v = v * 10 + (*s - '0');
	}
	return v;
}

static long long bench_now_ns(void)
{
	struct timespec ts;
	if (clock_gettime(CLOCK_MONOTONIC, &ts))
		bench_fail("clock_gettime failed");
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? bench_parse(argv[1]) : -1;
	if (n <= 0)
		bench_fail("usage: PROG ITERATIONS [ARG]");
	bench_setup(argc > 2 ? argv[2] : 0);
	for (long i = 0; i < n / 10 + 1; i++)
		bench_op(i);
#ifdef BENCH_HOOKS
	bench_start(n);
#endif
	long long t0 = bench_now_ns();
	for (long i = 0; i < n; i++)
		bench_op(i);
#ifdef BENCH_HOOKS
	bench_finish();
#endif
	long long t1 = bench_now_ns();
	char line[64];
	unsigned long len = 0;
	bench_put_ulong(line, &len, (unsigned long)(t1 - t0));
	line[len++] = ' ';
	bench_put_ulong(line, &len, (unsigned long)n);
	line[len++] = '\n';
	bench_write(1, line, len);
	return 0;
}

#endif

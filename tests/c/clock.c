/* clock_gettime: CLOCK_MONOTONIC never goes backwards, nanoseconds are in
 * range, REALTIME is after 2020, an invalid clock fails with EINVAL. Only
 * "ok"/"FAIL" is printed since the values vary. */
#include <errno.h>
#include <stdio.h>
#include <time.h>

static int fails;

static void report(const char *what, int ok)
{
	printf("%s %s\n", what, ok ? "ok" : "FAIL");
	if (!ok)
		fails++;
}

static int valid(const struct timespec *t)
{
	return t->tv_nsec >= 0 && t->tv_nsec < 1000000000L;
}

static int le(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec < b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec <= b->tv_nsec);
}

int main(void)
{
	struct timespec prev, now;
	report("monotonic first call", clock_gettime(CLOCK_MONOTONIC, &prev) == 0 && valid(&prev));
	int mono_ok = 1;
	for (int i = 0; i < 100000; i++) {
		if (clock_gettime(CLOCK_MONOTONIC, &now) != 0 || !valid(&now) || !le(&prev, &now))
			mono_ok = 0;
		prev = now;
	}
	report("monotonic never backwards", mono_ok);

	struct timespec rt;
	report("realtime", clock_gettime(CLOCK_REALTIME, &rt) == 0 && valid(&rt));
	report("realtime after 2020", rt.tv_sec > 1577836800L);

	struct timespec c1, c2;
	int cpu = clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1) == 0;
	volatile unsigned long spin = 0;
	for (int i = 0; i < 1000000; i++)
		spin += i;
	cpu = cpu && clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c2) == 0 && le(&c1, &c2);
	report("process cputime", cpu);
	report("thread cputime", clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c1) == 0 && valid(&c1));
	report("monotonic raw", clock_gettime(CLOCK_MONOTONIC_RAW, &c1) == 0 && valid(&c1));
	report("boottime", clock_gettime(CLOCK_BOOTTIME, &c1) == 0 && valid(&c1));
	report("monotonic coarse", clock_gettime(CLOCK_MONOTONIC_COARSE, &c1) == 0 && valid(&c1));

	errno = 0;
	int r = clock_gettime((clockid_t)12345, &c1);
	report("invalid clock fails with EINVAL", r == -1 && errno == EINVAL);
	return fails;
}

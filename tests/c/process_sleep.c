/* nanosleep, clock_nanosleep, usleep, sleep, alarm and pause, all briefly. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int bad;
static volatile sig_atomic_t alarms;

static void check(const char *what, int ok)
{
	printf("%s: %s\n", what, ok ? "ok" : "FAIL");
	if (!ok) bad = 1;
}

static void on_alarm(int s) { (void)s; alarms++; }

static long ms_since(struct timespec *t0)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0->tv_sec) * 1000 + (t.tv_nsec - t0->tv_nsec) / 1000000;
}

int main(void)
{
	struct timespec t0, d = {0, 30000000};
	clock_gettime(CLOCK_MONOTONIC, &t0);
	check("nanosleep 30ms", nanosleep(&d, 0) == 0 && ms_since(&t0) >= 30);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	check("usleep 20ms", usleep(20000) == 0 && ms_since(&t0) >= 20);
	check("clock_nanosleep monotonic", clock_nanosleep(CLOCK_MONOTONIC, 0, &d, 0) == 0);
	struct timespec abs;
	clock_gettime(CLOCK_MONOTONIC, &abs);
	abs.tv_nsec += 20000000;
	if (abs.tv_nsec >= 1000000000) { abs.tv_sec++; abs.tv_nsec -= 1000000000; }
	check("clock_nanosleep absolute", clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &abs, 0) == 0);
	check("clock_nanosleep on a thread CPU clock: EINVAL",
		clock_nanosleep(CLOCK_THREAD_CPUTIME_ID, 0, &d, 0) == EINVAL);
	struct timespec badts = {0, 1000000000};
	errno = 0;
	check("nanosleep bad nsec: EINVAL", nanosleep(&badts, 0) == -1 && errno == EINVAL);
	check("clock_nanosleep bad nsec returns EINVAL", clock_nanosleep(CLOCK_REALTIME, 0, &badts, 0) == EINVAL);
	check("sleep(0)", sleep(0) == 0);

	check("alarm with none pending", alarm(50) == 0);
	unsigned left = alarm(0);
	check("alarm reports what was left", left >= 49 && left <= 50);
	check("cancelled", alarm(0) == 0);

	/* An interrupted sleep: a 1 s alarm during sleep(5) wakes it with seconds left. */
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_alarm;
	sigaction(SIGALRM, &sa, 0);
	alarm(1);
	unsigned rest = sleep(5);
	check("sleep interrupted with time left", alarms == 1 && rest >= 3 && rest <= 4);
	/* nanosleep reports the remainder. */
	struct timespec longer = {5, 0}, rem = {0, 0};
	struct itimerspec dummy;
	(void)dummy;
	alarm(1);
	errno = 0;
	check("nanosleep interrupted: EINTR", nanosleep(&longer, &rem) == -1 && errno == EINTR);
	check("remainder set", rem.tv_sec >= 3 && rem.tv_sec <= 4);
	alarm(1);
	errno = 0;
	check("pause returns EINTR", pause() == -1 && errno == EINTR && alarms == 3);
	return bad;
}

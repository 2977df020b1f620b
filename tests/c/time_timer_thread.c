/* SIGEV_THREAD timers: the notify function runs on another thread with the sigevent's
 * value, repeatedly for a periodic timer, with default and with given (joinable, which
 * the library overrides) attributes; timer_gettime works on it; after timer_delete no
 * more calls come. Counts are compared with thresholds, never printed. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static volatile int calls, value, other_thread;
static pthread_t main_thread;

static void tick(union sigval v)
{
	value = v.sival_int;
	other_thread = !pthread_equal(pthread_self(), main_thread);
	__atomic_add_fetch(&calls, 1, __ATOMIC_SEQ_CST);
}

static void nap(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000 };
	while (nanosleep(&ts, &ts))
		;
}

static int run(pthread_attr_t *attr, int v)
{
	struct sigevent sev;
	memset(&sev, 0, sizeof sev);
	sev.sigev_notify = SIGEV_THREAD;
	sev.sigev_notify_function = tick;
	sev.sigev_notify_attributes = attr;
	sev.sigev_value.sival_int = v;
	timer_t t;
	calls = 0;
	if (timer_create(CLOCK_MONOTONIC, &sev, &t)) {
		printf("timer_create failed\n");
		return 1;
	}
	struct itimerspec its = { .it_interval = { 0, 10000000 }, .it_value = { 0, 10000000 } }, cur;
	timer_settime(t, 0, &its, 0);
	printf("gettime %s\n", timer_gettime(t, &cur) == 0 && cur.it_interval.tv_nsec == 10000000 ? "ok" : "FAIL");
	for (int i = 0; i < 200 && calls < 5; i++)
		nap(10);
	printf("calls >= 5 %s value %d other thread %d\n", calls >= 5 ? "yes" : "no", value, other_thread);
	printf("delete %d\n", timer_delete(t));
	nap(50);
	int n = calls;
	nap(100);
	printf("stopped %s\n", calls == n ? "yes" : "no");
	return 0;
}

int main(void)
{
	main_thread = pthread_self();
	int r = run(0, 4242);
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_JOINABLE);
	r |= run(&attr, 77);
	pthread_attr_destroy(&attr);
	return r;
}

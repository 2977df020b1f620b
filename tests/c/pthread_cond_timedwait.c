/* Timed condition waits on both clocks: a wait nobody signals times out
 * with ETIMEDOUT after at least the interval, still holding the mutex; a
 * wait that is signalled in time returns 0; a bad deadline is EINVAL; a
 * deadline in the past times out at once. Also the condattr clock calls. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>

static pthread_mutex_t m;
static pthread_cond_t c;
static int flag;

static struct timespec in_ms(clockid_t clk, long ms)
{
	struct timespec t;
	clock_gettime(clk, &t);
	t.tv_nsec += ms * 1000000;
	t.tv_sec += t.tv_nsec / 1000000000;
	t.tv_nsec %= 1000000000;
	return t;
}

static long ms_between(struct timespec a, struct timespec b)
{
	return (b.tv_sec - a.tv_sec) * 1000 + (b.tv_nsec - a.tv_nsec) / 1000000;
}

static void *signaller(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m);
	flag = 1;
	pthread_cond_signal(&c);
	pthread_mutex_unlock(&m);
	return 0;
}

static int run(clockid_t clk, const char *name)
{
	int fails = 0;
	pthread_condattr_t a;
	pthread_mutexattr_t ma;
	pthread_condattr_init(&a);
	printf("%s: setclock %d\n", name, pthread_condattr_setclock(&a, clk));
	clockid_t got = -1;
	pthread_condattr_getclock(&a, &got);
	printf("%s: getclock matches %s\n", name, got == clk ? "yes" : "no");
	pthread_cond_init(&c, &a);
	pthread_condattr_destroy(&a);
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutex_init(&m, &ma);

	pthread_mutex_lock(&m);
	struct timespec start, end, at = in_ms(clk, 50);
	clock_gettime(CLOCK_MONOTONIC, &start);
	int r = pthread_cond_timedwait(&c, &m, &at);
	clock_gettime(CLOCK_MONOTONIC, &end);
	long waited = ms_between(start, end);
	printf("%s: unsignalled wait %s, waited long enough %s\n", name, r == ETIMEDOUT ? "ETIMEDOUT" : "other",
	       waited >= 45 ? "yes" : "no");
	fails += r != ETIMEDOUT || waited < 45;
	printf("%s: mutex held after timeout %s\n", name, pthread_mutex_lock(&m) == EDEADLK ? "yes" : "no");

	struct timespec bad = { 0, 1000000000 };
	printf("%s: bad nsec %s\n", name, pthread_cond_timedwait(&c, &m, &bad) == EINVAL ? "EINVAL" : "other");
	struct timespec past = { 1, 0 };
	printf("%s: past deadline %s\n", name, pthread_cond_timedwait(&c, &m, &past) == ETIMEDOUT ? "ETIMEDOUT" : "other");

	flag = 0;
	pthread_t t;
	pthread_create(&t, 0, signaller, 0);
	at = in_ms(clk, 10000);
	r = 0;
	while (!flag && r == 0)
		r = pthread_cond_timedwait(&c, &m, &at);
	printf("%s: signalled wait %d flag %d\n", name, r, flag);
	fails += r != 0 || !flag;
	pthread_mutex_unlock(&m);
	pthread_join(t, 0);
	pthread_cond_destroy(&c);
	pthread_mutex_destroy(&m);
	return fails;
}

int main(void)
{
	int fails = run(CLOCK_REALTIME, "realtime");
	fails += run(CLOCK_MONOTONIC, "monotonic");
	pthread_condattr_t a;
	pthread_condattr_init(&a);
	clockid_t got = -1;
	pthread_condattr_getclock(&a, &got);
	printf("default clock realtime %s\n", got == CLOCK_REALTIME ? "yes" : "no");
	printf("setclock process cputime %d\n", pthread_condattr_setclock(&a, CLOCK_PROCESS_CPUTIME_ID));
	printf("setclock thread cputime %d\n", pthread_condattr_setclock(&a, CLOCK_THREAD_CPUTIME_ID));
	printf("setclock -1 %d\n", pthread_condattr_setclock(&a, -1));
	return fails;
}

/* pthread_kill (signal 0, bad numbers, a handler run in the target thread, an ended but
 * unjoined thread), thread names (self through prctl, another thread through /proc, musl's
 * ERANGE rules), affinity (sched_* and pthread_*_np, CPU_COUNT), scheduling parameters,
 * the concurrency hint, the per-thread CPU clock and sched_getcpu. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile pthread_t hit_thread;
static volatile int hits;
static pthread_barrier_t ready;
static volatile int done;

static void on_usr1(int sig)
{
	(void)sig;
	hit_thread = pthread_self();
	hits++;
}

static void *sleeper(void *arg)
{
	(void)arg;
	pthread_setname_np(pthread_self(), "sleeper");
	pthread_barrier_wait(&ready);
	while (!done)
		usleep(1000);
	return 0;
}

static void *quick(void *arg)
{
	return arg;
}

int main(void)
{
	alarm(10);
	signal(SIGUSR1, on_usr1);
	pthread_barrier_init(&ready, 0, 2);
	pthread_t t, q;
	char b[32];
	int r;
	if (pthread_create(&t, 0, sleeper, 0) || pthread_create(&q, 0, quick, 0))
		return 1;
	pthread_barrier_wait(&ready);

	/* pthread_kill */
	printf("kill self 0: %d, bad: %d %d\n", pthread_kill(pthread_self(), 0), pthread_kill(pthread_self(), 65), pthread_kill(pthread_self(), -1));
	printf("kill other 0: %d\n", pthread_kill(t, 0));
	r = pthread_kill(t, SIGUSR1);
	for (int i = 0; i < 2000 && !hits; i++)
		usleep(1000);
	printf("kill other usr1: %d, hits %d, ran in target %d\n", r, hits, pthread_equal(hit_thread, t));
	r = pthread_kill(pthread_self(), SIGUSR1);
	printf("kill self usr1: %d, hits %d, ran in self %d\n", r, hits, pthread_equal(hit_thread, pthread_self()));
	usleep(100000);
	printf("kill ended thread: %d %d\n", pthread_kill(q, 0), pthread_kill(q, 99));
	pthread_join(q, 0);

	/* names */
	printf("getname short buffer: %d\n", pthread_getname_np(pthread_self(), b, 15));
	r = pthread_getname_np(pthread_self(), b, sizeof b);
	/* The program's name, which differs when it runs as `libc.so ./prog`. */
	printf("main name: %d, not empty %d\n", r, b[0] != 0);
	printf("setname 16 bytes: %d\n", pthread_setname_np(pthread_self(), "0123456789abcdef"));
	printf("setname 15 bytes: %d\n", pthread_setname_np(pthread_self(), "0123456789abcde"));
	r = pthread_getname_np(pthread_self(), b, 16);
	printf("main name: %d '%s'\n", r, b);
	r = pthread_getname_np(t, b, sizeof b);
	printf("other name: %d '%s'\n", r, b);
	printf("rename other: %d\n", pthread_setname_np(t, "renamed"));
	r = pthread_getname_np(t, b, 16);
	printf("other name: %d '%s'\n", r, b);

	/* affinity */
	cpu_set_t s, s2;
	r = sched_getaffinity(0, sizeof s, &s);
	int n = CPU_COUNT(&s);
	printf("sched_getaffinity: %d, some cpu %d\n", r, n > 0);
	errno = 0;
	r = sched_getaffinity(0, 7, &s2);
	printf("size 7: %d errno %s\n", r, strerror(errno));
	printf("sched_setaffinity same mask: %d\n", sched_setaffinity(0, sizeof s, &s));
	r = pthread_getaffinity_np(t, sizeof s2, &s2);
	printf("pthread_getaffinity_np: %d, same %d\n", r, CPU_EQUAL(&s, &s2));
	printf("pthread_setaffinity_np: %d\n", pthread_setaffinity_np(t, sizeof s, &s));
	int cpu = sched_getcpu();
	printf("sched_getcpu in mask: %d\n", cpu >= 0 && CPU_ISSET(cpu, &s));

	/* scheduling */
	struct sched_param sp;
	int pol = -1;
	r = pthread_getschedparam(t, &pol, &sp);
	printf("getschedparam: %d policy %d prio %d\n", r, pol, sp.sched_priority);
	sp.sched_priority = 5;
	printf("setschedparam other/5: %d\n", pthread_setschedparam(t, SCHED_OTHER, &sp));
	sp.sched_priority = 0;
	printf("setschedparam other/0: %d\n", pthread_setschedparam(t, SCHED_OTHER, &sp));
	printf("setschedprio 0: %d, 3: %d\n", pthread_setschedprio(t, 0), pthread_setschedprio(t, 3));
	printf("concurrency: %d %d %d %d\n", pthread_getconcurrency(), pthread_setconcurrency(0), pthread_setconcurrency(4), pthread_setconcurrency(-2));

	/* CPU clock */
	clockid_t cl;
	struct timespec ts;
	r = pthread_getcpuclockid(pthread_self(), &cl);
	printf("cpuclock: %d gettime %d\n", r, clock_gettime(cl, &ts));
	r = pthread_getcpuclockid(t, &cl);
	printf("other cpuclock: %d gettime %d\n", r, clock_gettime(cl, &ts));

	done = 1;
	pthread_join(t, 0);
	return 0;
}

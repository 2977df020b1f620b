/* One round trip of a condition-variable ping-pong between two threads: the main thread
 * hands the turn over with pthread_cond_signal and waits for it back; the partner does the
 * same the other way. Each operation is two wake-ups and two sleeps, so it measures the
 * signal/wait path and the futex hand-off (pinned to one CPU: two context switches). */
#include <pthread.h>
#include "bench.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t to_partner = PTHREAD_COND_INITIALIZER, to_main = PTHREAD_COND_INITIALIZER;
static int partner_turn;

static void *partner(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m);
	for (;;) {
		while (!partner_turn)
			pthread_cond_wait(&to_partner, &m);
		partner_turn = 0;
		pthread_cond_signal(&to_main);
	}
	return 0;
}

static void bench_setup(const char *arg)
{
	(void)arg;
	pthread_t t;
	if (pthread_create(&t, 0, partner, 0))
		bench_fail("pthread_create failed");
}

static void bench_op(long i)
{
	(void)i;
	pthread_mutex_lock(&m);
	partner_turn = 1;
	pthread_cond_signal(&to_partner);
	while (partner_turn)
		pthread_cond_wait(&to_main, &m);
	pthread_mutex_unlock(&m);
}

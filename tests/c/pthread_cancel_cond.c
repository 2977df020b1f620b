/* Cancellation of a thread blocked in pthread_cond_wait and in
 * pthread_cond_timedwait: POSIX has the mutex re-acquired before the cleanup
 * handlers run, so the handler finds it held (an error-checking mutex
 * reports EDEADLK on a second lock) and unlocks it; the canceller can then
 * take it. Afterwards the condition variable still works for another
 * waiter, and a signal sent around the cancellation is not lost. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t m;
static pthread_cond_t c;
static int ready, go;
static int held_in_cleanup = -1;

static void unlock(void *p)
{
	(void)p;
	held_in_cleanup = pthread_mutex_lock(&m) == EDEADLK;
	pthread_mutex_unlock(&m);
}

static void *waiter(void *arg)
{
	long timed = (long)arg;
	struct timespec at;
	clock_gettime(CLOCK_REALTIME, &at);
	at.tv_sec += 100;
	pthread_mutex_lock(&m);
	pthread_cleanup_push(unlock, 0);
	ready = 1;
	while (!go) {
		if (timed)
			pthread_cond_timedwait(&c, &m, &at);
		else
			pthread_cond_wait(&c, &m);
	}
	pthread_cleanup_pop(1);
	return "woken";
}

static int cancel_one(long timed)
{
	pthread_t t;
	void *res = 0;
	ready = 0;
	held_in_cleanup = -1;
	pthread_create(&t, 0, waiter, (void *)timed);
	/* Once the waiter has set `ready` and we hold the mutex, it is inside the wait. */
	for (;;) {
		pthread_mutex_lock(&m);
		if (ready) break;
		pthread_mutex_unlock(&m);
		usleep(1000);
	}
	pthread_mutex_unlock(&m);
	usleep(20000);
	int r = pthread_cancel(t);
	int j = pthread_join(t, &res);
	int lock = pthread_mutex_trylock(&m);
	if (lock == 0) pthread_mutex_unlock(&m);
	printf("%s: cancel %d join %d canceled %s held in cleanup %d trylock after %d\n",
	       timed ? "timedwait" : "wait", r, j, res == PTHREAD_CANCELED ? "yes" : "no",
	       held_in_cleanup, lock);
	return r == 0 && j == 0 && res == PTHREAD_CANCELED && held_in_cleanup == 1 && lock == 0;
}

int main(void)
{
	int fails = 0;
	alarm(15);
	pthread_mutexattr_t ma;
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutex_init(&m, &ma);
	pthread_cond_init(&c, 0);

	fails += !cancel_one(0);
	fails += !cancel_one(1);

	/* One waiter cancelled while another waits: a signal still reaches the survivor. */
	pthread_t a, b;
	void *ra = 0, *rb = 0;
	ready = 0;
	pthread_create(&a, 0, waiter, 0);
	pthread_create(&b, 0, waiter, (void *)1);
	usleep(50000);
	pthread_cancel(a);
	pthread_join(a, &ra);
	pthread_mutex_lock(&m);
	go = 1;
	pthread_cond_signal(&c);
	pthread_mutex_unlock(&m);
	pthread_join(b, &rb);
	printf("cancelled %s, survivor %s\n", ra == PTHREAD_CANCELED ? "yes" : "no",
	       rb == PTHREAD_CANCELED ? "canceled" : (char *)rb);
	fails += ra != PTHREAD_CANCELED || rb == PTHREAD_CANCELED;
	printf("destroy %d\n", pthread_cond_destroy(&c));
	printf("fails %d\n", fails);
	return fails != 0;
}

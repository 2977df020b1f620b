/* Detached threads free themselves: 100 created detached through the
 * attribute and 100 detached by pthread_detach after creation (some
 * perhaps already finished), each reporting completion through a counter
 * under a mutex and condition variable; a thread detached after it has
 * certainly ended is freed by pthread_detach itself. Detached threads see
 * their state in pthread_getattr_np. Run in rounds so that freed stacks are
 * reused. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define PER_ROUND 50
#define ROUNDS 4

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int done, saw_detached;

static void *work(void *arg)
{
	pthread_attr_t a;
	int state = -1;
	if (arg && pthread_getattr_np(pthread_self(), &a) == 0) {
		pthread_attr_getdetachstate(&a, &state);
		pthread_attr_destroy(&a);
	}
	pthread_mutex_lock(&m);
	done++;
	saw_detached += state == PTHREAD_CREATE_DETACHED;
	pthread_cond_signal(&c);
	pthread_mutex_unlock(&m);
	return 0;
}

static int ended;
static void *quick(void *arg)
{
	(void)arg;
	__atomic_store_n(&ended, 1, __ATOMIC_RELEASE);
	return (void *)1;
}

int main(void)
{
	pthread_attr_t a;
	pthread_attr_init(&a);
	int st = -1;
	printf("setdetachstate %d\n", pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED));
	pthread_attr_getdetachstate(&a, &st);
	printf("getdetachstate detached %s\n", st == PTHREAD_CREATE_DETACHED ? "yes" : "no");
	int created = 0, detached = 0;
	for (int r = 0; r < ROUNDS; r++) {
		for (int i = 0; i < PER_ROUND; i++) {
			pthread_t t;
			created += pthread_create(&t, &a, work, (void *)1) == 0;
			if (pthread_create(&t, 0, work, 0) == 0) {
				created++;
				detached += pthread_detach(t) == 0;
			}
		}
		pthread_mutex_lock(&m);
		while (done < (r + 1) * 2 * PER_ROUND)
			pthread_cond_wait(&c, &m);
		pthread_mutex_unlock(&m);
	}
	printf("created %d, detached afterwards %d, finished %d\n", created, detached, done);
	printf("attribute-detached threads that saw it %d\n", saw_detached);

	/* Detaching a thread that has already ended frees it. */
	pthread_t t;
	pthread_create(&t, 0, quick, 0);
	while (!__atomic_load_n(&ended, __ATOMIC_ACQUIRE))
		sched_yield();
	struct timespec ts = { 0, 20000000 };
	syscall(SYS_nanosleep, &ts, 0);
	printf("detach ended thread %d\n", pthread_detach(t));
	pthread_attr_destroy(&a);
	return done != 2 * PER_ROUND * ROUNDS || saw_detached != PER_ROUND * ROUNDS;
}

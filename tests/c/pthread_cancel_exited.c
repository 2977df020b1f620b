/* pthread_cancel on a thread that has ended but not been joined returns 0
 * and changes nothing: the join still yields the thread's own result. The
 * same for a thread that ended through pthread_exit. A cancelled thread's
 * key destructors run, like any exiting thread's. */
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static volatile int done;
static pthread_key_t key;
static volatile int destroyed;

static void destructor(void *p)
{
	(void)p;
	destroyed++;
}

static void *quick(void *arg)
{
	done = 1;
	if (arg) pthread_exit((void *)43);
	return (void *)42;
}

static void *victim(void *arg)
{
	(void)arg;
	pthread_setspecific(key, (void *)1);
	for (;;) pause();
	return 0;
}

int main(void)
{
	alarm(10);
	pthread_key_create(&key, destructor);
	for (long how = 0; how < 2; how++) {
		pthread_t t;
		void *res = 0;
		done = 0;
		pthread_create(&t, 0, quick, (void *)how);
		while (!done) {}
		usleep(50000);
		int r = pthread_cancel(t);
		int j = pthread_join(t, &res);
		printf("%s: cancel %d join %d result %ld\n", how ? "pthread_exit" : "return", r, j, (long)res);
	}
	pthread_t t;
	void *res = 0;
	pthread_create(&t, 0, victim, 0);
	usleep(20000);
	pthread_cancel(t);
	pthread_join(t, &res);
	printf("victim: canceled %s destructors %d\n", res == PTHREAD_CANCELED ? "yes" : "no", destroyed);
	return 0;
}

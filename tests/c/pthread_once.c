/* pthread_once runs its routine exactly once while 8 threads call it at
 * the same moment, and every caller returns only after the routine has
 * finished (it sleeps, so the others must wait); later calls do nothing.
 * Two once-controls are independent. */
#include <pthread.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define THREADS 8

static pthread_once_t once = PTHREAD_ONCE_INIT, other_once = PTHREAD_ONCE_INIT;
static int calls, other_calls;
static volatile int initialised;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int waiting, go;

static void init(void)
{
	calls++;
	struct timespec ts = { 0, 50000000 };
	syscall(SYS_nanosleep, &ts, 0);
	initialised = 1;
}

static void other_init(void)
{
	other_calls++;
}

static void *racer(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m);
	waiting++;
	pthread_cond_broadcast(&c);
	while (!go)
		pthread_cond_wait(&c, &m);
	pthread_mutex_unlock(&m);
	int r = pthread_once(&once, init);
	return (void *)(long)(r == 0 && initialised);
}

int main(void)
{
	pthread_t t[THREADS];
	for (int i = 0; i < THREADS; i++)
		pthread_create(&t[i], 0, racer, 0);
	pthread_mutex_lock(&m);
	while (waiting < THREADS)
		pthread_cond_wait(&c, &m);
	go = 1;
	pthread_cond_broadcast(&c);
	pthread_mutex_unlock(&m);
	int saw = 0;
	for (int i = 0; i < THREADS; i++) {
		void *r;
		pthread_join(t[i], &r);
		saw += (long)r != 0;
	}
	printf("routine calls %d\n", calls);
	printf("callers that saw it finished %d\n", saw);
	int again = pthread_once(&once, init);
	printf("later call %d, calls %d\n", again, calls);
	pthread_once(&other_once, other_init);
	pthread_once(&other_once, other_init);
	printf("other control calls %d\n", other_calls);
	return calls != 1 || saw != THREADS || other_calls != 1;
}

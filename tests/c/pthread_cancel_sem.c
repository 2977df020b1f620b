/* Cancelling a thread blocked in sem_wait and in sem_timedwait: the thread ends with
 * PTHREAD_CANCELED after its cleanup handler runs, and the semaphore keeps working (a post
 * afterwards is taken by trywait). A pending cancellation acts on entry to sem_wait even when
 * a unit is available; sem_trywait is not a cancellation point. */
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static sem_t s, started;
static int cleaned;

static void cleanup(void *arg) { cleaned += (int)(long)arg; }

static void *waiter(void *arg)
{
	pthread_cleanup_push(cleanup, (void *)1);
	sem_post(&started);
	if (arg) {
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_sec += 30;
		sem_timedwait(&s, &ts);
	} else {
		sem_wait(&s);
	}
	pthread_cleanup_pop(0);
	return (void *)7;
}

static void *pending(void *arg)
{
	(void)arg;
	pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, 0);
	sem_wait(&started);          /* the main thread has cancelled us by now */
	int r = sem_trywait(&s);     /* not a cancellation point */
	pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, 0);
	printf("trywait before the point: %d\n", r);
	sem_wait(&s);                /* acts here, although a unit is there */
	return (void *)9;
}

int main(void)
{
	alarm(10);
	sem_init(&s, 0, 0);
	sem_init(&started, 0, 0);
	for (long timed = 0; timed < 2; timed++) {
		pthread_t t;
		void *res;
		pthread_create(&t, 0, waiter, (void *)timed);
		sem_wait(&started);
		usleep(20000);
		pthread_cancel(t);
		pthread_join(t, &res);
		printf("%s: canceled %d, cleaned %d\n", timed ? "sem_timedwait" : "sem_wait", res == PTHREAD_CANCELED, cleaned);
	}
	sem_post(&s);
	printf("after: trywait %d\n", sem_trywait(&s));
	errno = 0;
	int r = sem_trywait(&s);
	printf("empty: trywait %d errno EAGAIN %d\n", r, errno == EAGAIN);

	pthread_t t;
	void *res;
	sem_post(&s);
	sem_post(&s);
	pthread_create(&t, 0, pending, 0);
	pthread_cancel(t);
	sem_post(&started);
	pthread_join(t, &res);
	int v;
	sem_getvalue(&s, &v);
	printf("pending: canceled %d, value left %d\n", res == PTHREAD_CANCELED, v);
	return 0;
}

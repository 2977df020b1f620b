/* Asynchronous cancellation: a thread that switched to
 * PTHREAD_CANCEL_ASYNCHRONOUS and spins without ever reaching a cancellation
 * point is still cancelled, and its cleanup handler runs. Switching to the
 * asynchronous type with a request already pending acts at once. A thread
 * that cancels itself with the asynchronous type ends inside pthread_cancel.
 * Also many rounds of cancelling a thread that loops on read() at once
 * after creating it, wherever it happens to be: every round must end with
 * PTHREAD_CANCELED, never a hang. */
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static volatile int started, sent, after;
static volatile unsigned long spins;
static volatile int cleaned;
static int fds[2];

static void cleanup(void *p)
{
	(void)p;
	cleaned = 1;
}

static void *spinner(void *arg)
{
	int old = -1;
	(void)arg;
	pthread_setcanceltype(PTHREAD_CANCEL_ASYNCHRONOUS, &old);
	pthread_cleanup_push(cleanup, 0);
	started = old == PTHREAD_CANCEL_DEFERRED ? 1 : 2;
	for (;;) spins++;
	pthread_cleanup_pop(0);
	return 0;
}

static void *switcher(void *arg)
{
	(void)arg;
	started = 1;
	while (!sent) {}
	pthread_setcanceltype(PTHREAD_CANCEL_ASYNCHRONOUS, 0);
	after = 1;
	return 0;
}

static void *self(void *arg)
{
	(void)arg;
	pthread_setcanceltype(PTHREAD_CANCEL_ASYNCHRONOUS, 0);
	pthread_cancel(pthread_self());
	after = 1;
	return 0;
}

static void *reader(void *arg)
{
	char c;
	(void)arg;
	for (;;) read(fds[0], &c, 1);
	return 0;
}

int main(void)
{
	pthread_t t;
	void *res = 0;
	alarm(15);
	if (pipe(fds)) return 1;

	pthread_create(&t, 0, spinner, 0);
	while (!started) {}
	while (spins < 1000) {}
	printf("spinner: old type deferred %s, cancel %d", started == 1 ? "yes" : "no", pthread_cancel(t));
	pthread_join(t, &res);
	printf(" canceled %s cleanup %s\n", res == PTHREAD_CANCELED ? "yes" : "no", cleaned ? "yes" : "no");

	started = 0;
	pthread_create(&t, 0, switcher, 0);
	while (!started) {}
	pthread_cancel(t);
	sent = 1;
	pthread_join(t, &res);
	printf("switcher: canceled %s after %d\n", res == PTHREAD_CANCELED ? "yes" : "no", after);

	after = 0;
	pthread_create(&t, 0, self, 0);
	pthread_join(t, &res);
	printf("self: canceled %s after %d\n", res == PTHREAD_CANCELED ? "yes" : "no", after);

	int bad = 0;
	for (int i = 0; i < 300; i++) {
		pthread_create(&t, 0, reader, 0);
		if (i % 3 == 1) sched_yield();
		if (i % 3 == 2) usleep(100);
		pthread_cancel(t);
		pthread_join(t, &res);
		bad += res != PTHREAD_CANCELED;
	}
	printf("reader rounds 300 not canceled %d\n", bad);
	return 0;
}

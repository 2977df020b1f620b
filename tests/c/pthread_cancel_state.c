/* Cancelability state and type. A request made while cancellation is
 * disabled waits through cancellation points; enabling it does not act by
 * itself, the next cancellation point does. A request that arrives while an
 * enabled, deferred thread runs ordinary code is acted on at its next
 * cancellation point and not before. A thread may cancel itself: deferred,
 * pthread_cancel returns 0 and the next point acts. Bad arguments are EINVAL
 * and change nothing. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static volatile int step, sent;
static int fds[2];

static void *disabled(void *arg)
{
	int old = -1;
	char c;
	(void)arg;
	pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old);
	step = 1;
	while (!sent) {}
	usleep(1000);
	write(fds[1], "x", 1);
	read(fds[0], &c, 1);
	pthread_testcancel();
	step = 2;
	pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, &old);
	step = old == PTHREAD_CANCEL_DISABLE ? 3 : 100;
	pthread_testcancel();
	step = 4;
	return 0;
}

static void *deferred(void *arg)
{
	(void)arg;
	step = 1;
	while (!sent) {}
	step = 2;
	usleep(1000);
	step = 3;
	return 0;
}

static void *self(void *arg)
{
	(void)arg;
	step = pthread_cancel(pthread_self()) == 0 ? 1 : 100;
	close(-1);
	step = 2;
	return 0;
}

static void run(const char *name, void *(*f)(void *), int from_main)
{
	pthread_t t;
	void *res = 0;
	step = 0;
	sent = 0;
	pthread_create(&t, 0, f, 0);
	if (from_main) {
		while (!step) {}
		printf("%s: cancel %d", name, pthread_cancel(t));
		sent = 1;
	} else {
		printf("%s:", name);
	}
	pthread_join(t, &res);
	printf(" step %d canceled %s\n", step, res == PTHREAD_CANCELED ? "yes" : "no");
}

int main(void)
{
	int old = -1, r;
	alarm(10);
	if (pipe(fds)) return 1;
	r = pthread_setcancelstate(7, &old);
	printf("setcancelstate bad %s old untouched %s\n", r == EINVAL ? "EINVAL" : "?", old == -1 ? "yes" : "no");
	r = pthread_setcanceltype(7, &old);
	printf("setcanceltype bad %s old untouched %s\n", r == EINVAL ? "EINVAL" : "?", old == -1 ? "yes" : "no");
	pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old);
	printf("state was enable %s\n", old == PTHREAD_CANCEL_ENABLE ? "yes" : "no");
	pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, &old);
	printf("state was disable %s\n", old == PTHREAD_CANCEL_DISABLE ? "yes" : "no");
	pthread_setcanceltype(PTHREAD_CANCEL_DEFERRED, &old);
	printf("type was deferred %s\n", old == PTHREAD_CANCEL_DEFERRED ? "yes" : "no");
	pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, 0);
	pthread_setcanceltype(PTHREAD_CANCEL_DEFERRED, 0);

	run("disabled", disabled, 1);
	run("deferred", deferred, 1);
	run("self", self, 0);
	return 0;
}

/* A thread whose cancellation was requested while it ran ordinary code has
 * the cancellation signal held back until its next cancellation point. A
 * thread it creates in the meantime must not inherit that: cancelling the
 * new thread while it blocks in read still works. The creator is then
 * cancelled at its own next cancellation point. */
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static int fds[2];
static volatile int started, sent, created, b_done;
static pthread_t b;

static void *blocked(void *arg)
{
	char c;
	(void)arg;
	read(fds[0], &c, 1);
	return "returned";
}

static void *creator(void *arg)
{
	(void)arg;
	started = 1;
	while (!sent) {}
	/* Let the cancellation signal arrive here, outside any cancellation point. */
	for (volatile long i = 0; i < 20000000; i++) {}
	pthread_create(&b, 0, blocked, 0);
	created = 1;
	while (!b_done) {}
	pthread_testcancel();
	return "returned";
}

int main(void)
{
	pthread_t a;
	void *ra = 0, *rb = 0;
	alarm(10);
	if (pipe(fds)) return 1;
	pthread_create(&a, 0, creator, 0);
	while (!started) {}
	pthread_cancel(a);
	sent = 1;
	while (!created) {}
	usleep(50000);
	pthread_cancel(b);
	pthread_join(b, &rb);
	b_done = 1;
	pthread_join(a, &ra);
	printf("created thread canceled %s, creator canceled %s\n", rb == PTHREAD_CANCELED ? "yes" : "no",
	       ra == PTHREAD_CANCELED ? "yes" : "no");
	return 0;
}

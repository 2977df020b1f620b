/* A cancellation that arrives while the target runs a signal handler that
 * interrupted a blocking read. The read's cancellation check had already
 * passed when the handler broke in, and the kernel restarts the read when
 * the handler returns (SA_RESTART). The request must still act: the
 * cancellation signal stays pending while the handler runs and is taken
 * again when the thread is back at the read. Also a request that arrives
 * while the target's own handler runs outside any cancellation point is
 * acted on at the thread's next one. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int fds[2];
static volatile int in_handler, sent, after;

static void on_usr1(int sig)
{
	(void)sig;
	in_handler = 1;
	while (!sent) {}
}

static void *reader(void *arg)
{
	char c;
	(void)arg;
	read(fds[0], &c, 1);
	return "returned";
}

static void *spinner(void *arg)
{
	(void)arg;
	while (!in_handler) {}
	while (!sent) {}
	after = 1;
	usleep(1000);
	after = 2;
	return "returned";
}

static void run(const char *name, void *(*f)(void *))
{
	pthread_t t;
	void *res = 0;
	in_handler = sent = after = 0;
	pthread_create(&t, 0, f, 0);
	usleep(50000);
	pthread_kill(t, SIGUSR1);
	while (!in_handler) {}
	int r = pthread_cancel(t);
	usleep(20000);
	sent = 1;
	pthread_join(t, &res);
	printf("%s: cancel %d canceled %s after %d\n", name, r, res == PTHREAD_CANCELED ? "yes" : "no", after);
}

int main(void)
{
	alarm(10);
	if (pipe(fds)) return 1;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_usr1;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGUSR1, &sa, 0);
	run("in read", reader);
	run("running", spinner);
	return 0;
}

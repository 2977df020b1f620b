/* Cancellation of threads blocked in cancellation points: read on an empty
 * pipe, write to a full pipe, sleep, clock_nanosleep, pause, sigwait,
 * waitpid, pthread_join and open of a FIFO nobody opens for writing. Each
 * thread pushes a cleanup handler first; the join must yield PTHREAD_CANCELED
 * and the handler must have run. The sleeps before pthread_cancel let the
 * thread block, but the result is the same if it has not blocked yet. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int empty[2], full[2], other[2];
static pid_t child;
static pthread_t reader;
static char fifo[64];
static volatile int cleaned;

static void cleanup(void *p)
{
	(void)p;
	cleaned = 1;
}

static void *body(void *arg)
{
	long which = (long)arg;
	char buf[64];
	sigset_t set;
	int sig;
	struct timespec ts = { 100, 0 };
	pthread_cleanup_push(cleanup, 0);
	switch (which) {
	case 0: read(empty[0], buf, 1); break;
	case 1: write(full[1], buf, sizeof buf); break;
	case 2: sleep(100); break;
	case 3: clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, 0); break;
	case 4: pause(); break;
	case 5:
		sigemptyset(&set);
		sigaddset(&set, SIGUSR1);
		sigwait(&set, &sig);
		break;
	case 6: waitpid(child, 0, 0); break;
	case 7: pthread_join(reader, 0); break;
	case 8: open(fifo, O_RDONLY); break;
	}
	pthread_cleanup_pop(0);
	return "returned";
}

static void *blocked_reader(void *arg)
{
	char c;
	(void)arg;
	read(other[0], &c, 1);
	return "reader returned";
}

static const char *names[] = {
	"read", "write", "sleep", "clock_nanosleep", "pause", "sigwait",
	"waitpid", "pthread_join", "open fifo",
};

int main(void)
{
	int fails = 0;
	alarm(15);
	sigset_t usr1;
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	/* Blocked everywhere, so sigwait can take it and no handler runs. */
	pthread_sigmask(SIG_BLOCK, &usr1, 0);
	if (pipe(empty) || pipe(full) || pipe(other)) return 1;
	fcntl(full[1], F_SETFL, O_NONBLOCK);
	char junk[4096] = { 0 };
	while (write(full[1], junk, sizeof junk) > 0) {}
	fcntl(full[1], F_SETFL, 0);
	snprintf(fifo, sizeof fifo, "/tmp/limpet-cancel-fifo-%d", (int)getpid());
	if (mkfifo(fifo, 0600)) return 1;
	child = fork();
	if (child == 0) {
		pause();
		_exit(0);
	}
	pthread_create(&reader, 0, blocked_reader, 0);

	for (long i = 0; i < (long)(sizeof names / sizeof *names); i++) {
		pthread_t t;
		void *res = 0;
		cleaned = 0;
		pthread_create(&t, 0, body, (void *)i);
		usleep(50000);
		int r = pthread_cancel(t);
		int j = pthread_join(t, &res);
		int ok = r == 0 && j == 0 && res == PTHREAD_CANCELED && cleaned;
		printf("%s: cancel %d join %d canceled %s cleanup %s\n", names[i], r, j,
		       res == PTHREAD_CANCELED ? "yes" : "no", cleaned ? "yes" : "no");
		fails += !ok;
	}

	/* The reader the cancelled joiner waited for is still joinable. */
	write(other[1], "x", 1);
	void *res = 0;
	int j = pthread_join(reader, &res);
	printf("reader join %d result %s\n", j, res ? (char *)res : "null");
	kill(child, SIGKILL);
	int st = 0;
	pid_t w = waitpid(child, &st, 0);
	printf("child reaped %s killed %s\n", w == child ? "yes" : "no",
	       WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL ? "yes" : "no");
	unlink(fifo);
	printf("fails %d\n", fails);
	return fails != 0;
}

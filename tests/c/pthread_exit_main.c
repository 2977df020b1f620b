/* The main thread calls pthread_exit: the process lives on while other
 * threads run. A worker joins the main thread and gets its exit value;
 * when the last thread ends, the process exits with status 0, running the
 * atexit handlers and flushing stdout (which is fully buffered here). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static pthread_t main_thread;
static int worker_steps;

static void at_exit_handler(void)
{
	printf("atexit handler: worker steps %d\n", worker_steps);
}

static void *late(void *arg)
{
	(void)arg;
	struct timespec ts = { 0, 30000000 };
	syscall(SYS_nanosleep, &ts, 0);
	worker_steps++;
	printf("late worker done\n");
	return 0;
}

static void *joiner(void *arg)
{
	(void)arg;
	void *r = 0;
	int e = pthread_join(main_thread, &r);
	printf("joined main: %d, value %ld\n", e, (long)r);
	worker_steps++;
	pthread_t t;
	pthread_create(&t, 0, late, 0);
	pthread_detach(t);
	return 0;
}

int main(void)
{
	atexit(at_exit_handler);
	main_thread = pthread_self();
	pthread_t t;
	pthread_create(&t, 0, joiner, 0);
	printf("main calls pthread_exit\n");
	pthread_exit((void *)99);
	printf("not reached\n");
	return 3;
}

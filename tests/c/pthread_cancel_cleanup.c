/* Cleanup handlers: pthread_exit runs the pushed handlers innermost first,
 * then the thread-specific-data destructors; pthread_cleanup_pop(1) runs the
 * handler it pops and pop(0) does not; a cancelled thread runs the handlers
 * pushed in its outer and inner frames; handlers popped before the end do not
 * run again; returning from the start routine with none pushed runs none. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static char trace[64];
static pthread_mutex_t tl = PTHREAD_MUTEX_INITIALIZER;
static pthread_key_t key;

static void note(void *p)
{
	pthread_mutex_lock(&tl);
	strcat(trace, (const char *)p);
	pthread_mutex_unlock(&tl);
}

static void *exits(void *arg)
{
	(void)arg;
	pthread_setspecific(key, "k");
	pthread_cleanup_push(note, "a");
	pthread_cleanup_push(note, "b");
	pthread_cleanup_push(note, "c");
	pthread_exit((void *)7);
	pthread_cleanup_pop(0);
	pthread_cleanup_pop(0);
	pthread_cleanup_pop(0);
	return 0;
}

static void *pops(void *arg)
{
	(void)arg;
	pthread_cleanup_push(note, "a");
	pthread_cleanup_push(note, "b");
	pthread_cleanup_pop(1);
	pthread_cleanup_push(note, "c");
	pthread_cleanup_pop(0);
	pthread_cleanup_pop(1);
	return (void *)8;
}

static void inner(void)
{
	pthread_cleanup_push(note, "i");
	pthread_cleanup_push(note, "j");
	pthread_cleanup_pop(1);
	for (;;) pause();
	pthread_cleanup_pop(0);
}

static void *cancelled(void *arg)
{
	(void)arg;
	pthread_setspecific(key, "k");
	pthread_cleanup_push(note, "o");
	inner();
	pthread_cleanup_pop(0);
	return 0;
}

static void run(const char *name, void *(*f)(void *), int cancel)
{
	pthread_t t;
	void *res = 0;
	trace[0] = 0;
	pthread_create(&t, 0, f, 0);
	if (cancel) {
		usleep(20000);
		pthread_cancel(t);
	}
	pthread_join(t, &res);
	printf("%s: trace %s result %ld\n", name, trace, (long)res);
}

int main(void)
{
	alarm(10);
	pthread_key_create(&key, note);
	run("exit", exits, 0);
	run("pop", pops, 0);
	run("cancel", cancelled, 1);
	return 0;
}

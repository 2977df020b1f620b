/* pthread_sigmask: per-thread masks, inherited by new threads; errors are returned, not
 * put in errno. */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>

static int bad;

static void check(const char *what, int ok)
{
	printf("%s: %s\n", what, ok ? "ok" : "FAIL");
	if (!ok) bad = 1;
}

static int blocked(int s)
{
	sigset_t m;
	pthread_sigmask(SIG_BLOCK, 0, &m);
	return sigismember(&m, s);
}

static void *thread(void *arg)
{
	(void)arg;
	long inherited = blocked(SIGUSR1);
	sigset_t m;
	sigemptyset(&m);
	sigaddset(&m, SIGUSR1);
	pthread_sigmask(SIG_UNBLOCK, &m, 0);
	return (void *)(inherited * 2 + !blocked(SIGUSR1));
}

int main(void)
{
	sigset_t m;
	sigemptyset(&m);
	sigaddset(&m, SIGUSR1);
	check("block", pthread_sigmask(SIG_BLOCK, &m, 0) == 0 && blocked(SIGUSR1));
	pthread_t t;
	void *r = 0;
	pthread_create(&t, 0, thread, 0);
	pthread_join(t, &r);
	check("thread inherited the mask and unblocked its own", r == (void *)3L);
	check("main still blocked", blocked(SIGUSR1));
	errno = 0;
	check("bad how: EINVAL returned, errno untouched", pthread_sigmask(42, &m, 0) == EINVAL && errno == 0);
	check("unblock", pthread_sigmask(SIG_UNBLOCK, &m, 0) == 0 && !blocked(SIGUSR1));
	return bad;
}

/* Robust mutexes: a thread that ends holding one (by returning, with and
 * without a waiter already asleep on it) and a child process that dies
 * holding a process-shared one in shared memory make the next locker get
 * EOWNERDEAD with the mutex held; pthread_mutex_consistent repairs it, and
 * unlocking without repairing makes it ENOTRECOVERABLE. Also the error
 * returns of pthread_mutex_consistent and the robust owner checks. Both
 * plain and priority-inheriting robust mutexes are covered. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

static pthread_mutex_t m;
static int bad;
/* A holder writes a byte here once it holds the mutex. */
static int locked[2];

static void wait_locked(void)
{
	char c;
	if (read(locked[0], &c, 1) != 1)
		bad = 1;
}

static void say_locked(void)
{
	if (write(locked[1], "x", 1) != 1)
		bad = 1;
}

static void check(const char *what, int got, int want)
{
	printf("%s: %d\n", what, got);
	if (got != want)
		bad = 1;
}

static void init(pthread_mutex_t *mx, int type, int pi, int pshared)
{
	pthread_mutexattr_t a;
	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, type);
	pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
	if (pi)
		pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_INHERIT);
	pthread_mutexattr_setpshared(&a, pshared);
	pthread_mutex_init(mx, &a);
	pthread_mutexattr_destroy(&a);
}

static void *hold_and_end(void *arg)
{
	pthread_mutex_lock(&m);
	say_locked();
	if (arg) {
		/* Give the main thread time to fall asleep on the mutex. */
		usleep(50000);
	}
	return 0;
}

static void *detached_holder(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m);
	say_locked();
	usleep(50000);
	pthread_exit(0);
}

static void *try_other(void *arg)
{
	(void)arg;
	return (void *)(long)(pthread_mutex_unlock(&m) * 1000 + pthread_mutex_consistent(&m));
}

static void thread_death(const char *name, int pi)
{
	pthread_t t;
	void *res;
	printf("-- %s\n", name);
	init(&m, PTHREAD_MUTEX_NORMAL, pi, PTHREAD_PROCESS_PRIVATE);
	check("consistent on a clean mutex", pthread_mutex_consistent(&m), EINVAL);

	/* The holder ends first. */
	pthread_create(&t, 0, hold_and_end, 0);
	wait_locked();
	pthread_join(t, 0);
	check("lock after death", pthread_mutex_lock(&m), EOWNERDEAD);
	pthread_create(&t, 0, try_other, 0);
	pthread_join(t, &res);
	check("unlock*1000+consistent by another thread", (int)(long)res, EPERM * 1000 + EPERM);
	check("consistent", pthread_mutex_consistent(&m), 0);
	check("consistent again", pthread_mutex_consistent(&m), EINVAL);
	check("unlock", pthread_mutex_unlock(&m), 0);
	check("lock again", pthread_mutex_lock(&m), 0);
	check("unlock again", pthread_mutex_unlock(&m), 0);

	/* The main thread sleeps on it while the holder ends. */
	pthread_create(&t, 0, hold_and_end, (void *)1);
	wait_locked();
	check("sleeping lock after death", pthread_mutex_lock(&m), EOWNERDEAD);
	pthread_join(t, 0);
	check("consistent", pthread_mutex_consistent(&m), 0);
	check("unlock", pthread_mutex_unlock(&m), 0);

	/* A detached holder frees its own memory at exit. */
	pthread_attr_t da;
	pthread_attr_init(&da);
	pthread_attr_setdetachstate(&da, PTHREAD_CREATE_DETACHED);
	pthread_create(&t, &da, detached_holder, 0);
	wait_locked();
	check("lock after detached death", pthread_mutex_lock(&m), EOWNERDEAD);

	/* Not made consistent: unusable for good. */
	check("unlock without consistent", pthread_mutex_unlock(&m), 0);
	check("lock", pthread_mutex_lock(&m), ENOTRECOVERABLE);
	check("trylock", pthread_mutex_trylock(&m), ENOTRECOVERABLE);
}

static void process_death(const char *name, int pi)
{
	pthread_mutex_t *sm = mmap(0, sizeof *sm, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	int status;
	printf("-- %s\n", name);
	init(sm, PTHREAD_MUTEX_ERRORCHECK, pi, PTHREAD_PROCESS_SHARED);
	pid_t pid = fork();
	if (pid == 0) {
		pthread_mutex_lock(sm);
		_exit(7);
	}
	waitpid(pid, &status, 0);
	check("child exit status", WEXITSTATUS(status), 7);
	check("lock after child death", pthread_mutex_lock(sm), EOWNERDEAD);
	check("relock (errorcheck)", pthread_mutex_lock(sm), EDEADLK);
	check("consistent", pthread_mutex_consistent(sm), 0);
	check("unlock", pthread_mutex_unlock(sm), 0);

	/* The child locks it again, then dies while the parent is asleep on it. */
	pid = fork();
	if (pid == 0) {
		int r = pthread_mutex_lock(sm);
		say_locked();
		usleep(50000);
		_exit(r);
	}
	wait_locked();
	int r = pthread_mutex_lock(sm);
	waitpid(pid, &status, 0);
	check("child's lock", WEXITSTATUS(status), 0);
	check("sleeping lock after child death", r, EOWNERDEAD);
	check("unlock without consistent", pthread_mutex_unlock(sm), 0);
	pid = fork();
	if (pid == 0)
		_exit(pthread_mutex_lock(sm));
	waitpid(pid, &status, 0);
	check("child's lock of the unrecoverable mutex", WEXITSTATUS(status), ENOTRECOVERABLE);
	munmap(sm, sizeof *sm);
}

int main(void)
{
	alarm(15);
	if (pipe(locked))
		return 1;
	thread_death("robust", 0);
	thread_death("robust pi", 1);
	process_death("pshared robust", 0);
	process_death("pshared robust pi", 1);
	return bad;
}

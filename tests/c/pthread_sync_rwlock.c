/* Read-write locks: 2 writers and 4 readers loop over a lock; writers must
 * find nobody else inside, readers no writer inside, and each writer's
 * non-atomic increments must all land. Then the try, timed and clock forms,
 * recursive read locks, attributes and a process-shared lock in shared
 * memory used across fork. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define WRITERS 2
#define READERS 4
#define ROUNDS 100000

static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static int inside; /* >0 readers, -1 a writer */
static volatile long counter;
static int violations;

static void *writer(void *arg)
{
	(void)arg;
	for (int i = 0; i < ROUNDS; i++) {
		pthread_rwlock_wrlock(&rw);
		if (__atomic_exchange_n(&inside, -1, __ATOMIC_SEQ_CST) != 0)
			__atomic_fetch_add(&violations, 1, __ATOMIC_RELAXED);
		counter = counter + 1;
		if (__atomic_exchange_n(&inside, 0, __ATOMIC_SEQ_CST) != -1)
			__atomic_fetch_add(&violations, 1, __ATOMIC_RELAXED);
		pthread_rwlock_unlock(&rw);
	}
	return 0;
}

static void *reader(void *arg)
{
	(void)arg;
	for (int i = 0; i < ROUNDS; i++) {
		pthread_rwlock_rdlock(&rw);
		if (__atomic_fetch_add(&inside, 1, __ATOMIC_SEQ_CST) < 0)
			__atomic_fetch_add(&violations, 1, __ATOMIC_RELAXED);
		if (__atomic_fetch_sub(&inside, 1, __ATOMIC_SEQ_CST) < 1)
			__atomic_fetch_add(&violations, 1, __ATOMIC_RELAXED);
		pthread_rwlock_unlock(&rw);
	}
	return 0;
}

static void *try_both(void *arg)
{
	(void)arg;
	struct timespec at;
	clock_gettime(CLOCK_REALTIME, &at);
	at.tv_nsec += 20000000;
	if (at.tv_nsec >= 1000000000) {
		at.tv_sec++;
		at.tv_nsec -= 1000000000;
	}
	int a = pthread_rwlock_trywrlock(&rw);
	int b = pthread_rwlock_timedwrlock(&rw, &at);
	int c = pthread_rwlock_tryrdlock(&rw);
	if (c == 0)
		pthread_rwlock_unlock(&rw);
	printf("other thread: trywrlock %d timedwrlock %d tryrdlock %d\n", a, b, c);
	return 0;
}

int main(void)
{
	pthread_t t[WRITERS + READERS];
	int bad = 0;
	alarm(15);
	for (int i = 0; i < WRITERS + READERS; i++)
		pthread_create(&t[i], 0, i < WRITERS ? writer : reader, 0);
	for (int i = 0; i < WRITERS + READERS; i++)
		pthread_join(t[i], 0);
	printf("counter %ld violations %d\n", counter, violations);
	bad |= counter != (long)WRITERS * ROUNDS || violations;

	/* Held for reading (twice): other readers pass, writers do not. */
	int r1 = pthread_rwlock_rdlock(&rw);
	int r2 = pthread_rwlock_rdlock(&rw);
	printf("rdlock %d rdlock %d\n", r1, r2);
	pthread_t o;
	pthread_create(&o, 0, try_both, 0);
	pthread_join(o, 0);
	r1 = pthread_rwlock_unlock(&rw);
	r2 = pthread_rwlock_unlock(&rw);
	printf("unlock %d unlock %d\n", r1, r2);
	/* Held for writing. */
	r1 = pthread_rwlock_wrlock(&rw);
	r2 = pthread_rwlock_tryrdlock(&rw);
	int r3 = pthread_rwlock_trywrlock(&rw);
	printf("wrlock %d tryrdlock %d trywrlock %d\n", r1, r2, r3);
	pthread_create(&o, 0, try_both, 0);
	pthread_join(o, 0);
	struct timespec badts = {0, 1000000000};
	printf("timedrdlock with bad timespec %d\n", pthread_rwlock_timedrdlock(&rw, &badts));
	printf("unlock %d\n", pthread_rwlock_unlock(&rw));
	printf("free: timedwrlock with bad timespec %d\n", pthread_rwlock_timedwrlock(&rw, &badts));
	pthread_rwlock_unlock(&rw);
	printf("destroy %d\n", pthread_rwlock_destroy(&rw));

	pthread_rwlockattr_t a;
	int v = -1;
	pthread_rwlockattr_init(&a);
	pthread_rwlockattr_getpshared(&a, &v);
	printf("default pshared %d\n", v);
	printf("setpshared 2 -> %d\n", pthread_rwlockattr_setpshared(&a, 2));
	printf("setpshared shared -> %d\n", pthread_rwlockattr_setpshared(&a, PTHREAD_PROCESS_SHARED));
	pthread_rwlockattr_getpshared(&a, &v);
	printf("pshared %d\n", v);

	/* Shared between processes: the child blocks until the parent lets go. */
	struct shared {
		pthread_rwlock_t rw;
		volatile int value;
	} *sh = mmap(0, sizeof *sh, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pthread_rwlock_init(&sh->rw, &a);
	pthread_rwlockattr_destroy(&a);
	pthread_rwlock_wrlock(&sh->rw);
	pid_t pid = fork();
	if (pid == 0) {
		int r = pthread_rwlock_rdlock(&sh->rw);
		int seen = sh->value;
		pthread_rwlock_unlock(&sh->rw);
		_exit(r == 0 && seen == 42 ? 0 : 1);
	}
	usleep(20000);
	sh->value = 42;
	pthread_rwlock_unlock(&sh->rw);
	int status;
	waitpid(pid, &status, 0);
	printf("child saw the writer's value: %s\n", WEXITSTATUS(status) == 0 ? "yes" : "no");
	bad |= WEXITSTATUS(status) != 0;
	return bad;
}

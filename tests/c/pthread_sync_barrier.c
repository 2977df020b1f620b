/* Barriers: 5 threads pass a barrier 2000 times; in each round every thread
 * must see all 5 arrivals once released, and exactly one gets
 * PTHREAD_BARRIER_SERIAL_THREAD. Then a 1-thread barrier, the init errors,
 * the attributes, destroying right after the last wait, and a
 * process-shared barrier in shared memory across fork. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define THREADS 5
#define ROUNDS 2000

static pthread_barrier_t b;
static int arrived[ROUNDS];
static int serial[ROUNDS];
static int errors;

static void *run(void *arg)
{
	(void)arg;
	for (int r = 0; r < ROUNDS; r++) {
		__atomic_fetch_add(&arrived[r], 1, __ATOMIC_SEQ_CST);
		int ret = pthread_barrier_wait(&b);
		if (ret == PTHREAD_BARRIER_SERIAL_THREAD)
			__atomic_fetch_add(&serial[r], 1, __ATOMIC_SEQ_CST);
		else if (ret != 0)
			__atomic_fetch_add(&errors, 1, __ATOMIC_SEQ_CST);
		if (__atomic_load_n(&arrived[r], __ATOMIC_SEQ_CST) != THREADS)
			__atomic_fetch_add(&errors, 1, __ATOMIC_SEQ_CST);
	}
	return 0;
}

int main(void)
{
	pthread_t t[THREADS];
	alarm(15);
	printf("init %d\n", pthread_barrier_init(&b, 0, THREADS));
	for (int i = 0; i < THREADS; i++)
		pthread_create(&t[i], 0, run, 0);
	for (int i = 0; i < THREADS; i++)
		pthread_join(t[i], 0);
	int bad_serial = 0;
	for (int r = 0; r < ROUNDS; r++)
		bad_serial += serial[r] != 1;
	printf("rounds %d errors %d rounds without exactly one serial thread %d\n", ROUNDS, errors, bad_serial);
	printf("destroy %d\n", pthread_barrier_destroy(&b));

	printf("init count 0 -> %d\n", pthread_barrier_init(&b, 0, 0));
	printf("init count 1 -> %d\n", pthread_barrier_init(&b, 0, 1));
	int w1 = pthread_barrier_wait(&b);
	int w2 = pthread_barrier_wait(&b);
	printf("1-thread waits %d %d\n", w1, w2);
	pthread_barrier_destroy(&b);

	pthread_barrierattr_t a;
	int v = -1;
	pthread_barrierattr_init(&a);
	pthread_barrierattr_getpshared(&a, &v);
	printf("default pshared %d\n", v);
	printf("setpshared 5 -> %d\n", pthread_barrierattr_setpshared(&a, 5));
	printf("setpshared shared -> %d\n", pthread_barrierattr_setpshared(&a, PTHREAD_PROCESS_SHARED));
	pthread_barrierattr_getpshared(&a, &v);
	printf("pshared %d\n", v);

	/* Parent and child meet at a shared barrier 100 times, counting in step. */
	struct shared {
		pthread_barrier_t b;
		volatile int step;
	} *sh = mmap(0, sizeof *sh, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pthread_barrier_init(&sh->b, &a, 2);
	pthread_barrierattr_destroy(&a);
	pid_t pid = fork();
	int mismatches = 0, serials = 0;
	for (int i = 0; i < 100; i++) {
		if (pid == 0 && i % 2 == 0)
			sh->step = i;
		if (pid != 0 && i % 2 == 1)
			sh->step = i;
		serials += pthread_barrier_wait(&sh->b) == PTHREAD_BARRIER_SERIAL_THREAD;
		mismatches += sh->step != i;
		pthread_barrier_wait(&sh->b);
	}
	/* The child reports its serial count (at most 100) or 255 for a mismatch. */
	if (pid == 0)
		_exit(mismatches ? 255 : serials);
	int status;
	waitpid(pid, &status, 0);
	int child = WEXITSTATUS(status);
	printf("shared barrier: mismatches parent %d child %d, serial threads in all %d\n", mismatches, child == 255,
	       serials + (child == 255 ? 0 : child));
	return errors || bad_serial || mismatches || child == 255;
}

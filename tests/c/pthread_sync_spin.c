/* Spinlocks: 4 threads x 500000 increments under a spinlock, exact count;
 * trylock on a held lock gives EBUSY; a process-shared spinlock in shared
 * memory guards a counter that a forked child increments too. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define THREADS 4
#define ROUNDS 500000

static pthread_spinlock_t s;
static volatile long counter;

static void *add(void *arg)
{
	(void)arg;
	for (int i = 0; i < ROUNDS; i++) {
		pthread_spin_lock(&s);
		counter = counter + 1;
		pthread_spin_unlock(&s);
	}
	return 0;
}

int main(void)
{
	pthread_t t[THREADS];
	alarm(15);
	printf("init %d\n", pthread_spin_init(&s, PTHREAD_PROCESS_PRIVATE));
	for (int i = 0; i < THREADS; i++)
		pthread_create(&t[i], 0, add, 0);
	for (int i = 0; i < THREADS; i++)
		pthread_join(t[i], 0);
	printf("counter %ld\n", counter);
	int a = pthread_spin_trylock(&s);
	int b = pthread_spin_trylock(&s);
	int c = pthread_spin_unlock(&s);
	int d = pthread_spin_lock(&s);
	int e = pthread_spin_unlock(&s);
	printf("trylock %d trylock %d unlock %d lock %d unlock %d destroy %d\n", a, b, c, d, e, pthread_spin_destroy(&s));

	struct shared {
		pthread_spinlock_t s;
		volatile long n;
	} *sh = mmap(0, sizeof *sh, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pthread_spin_init(&sh->s, PTHREAD_PROCESS_SHARED);
	pid_t pid = fork();
	for (int i = 0; i < 200000; i++) {
		pthread_spin_lock(&sh->s);
		sh->n = sh->n + 1;
		pthread_spin_unlock(&sh->s);
	}
	if (pid == 0)
		_exit(0);
	waitpid(pid, 0, 0);
	printf("shared counter %ld\n", sh->n);
	return counter != (long)THREADS * ROUNDS || sh->n != 400000;
}

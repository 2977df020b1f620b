/* Process-shared condition variables: a parent and a forked child hand a flag back and
 * forth through a condition variable and a mutex in shared memory, 1000 round trips; and the
 * condattr pshared/clock getters and setters, with their EINVAL. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct shared {
	pthread_mutex_t m;
	pthread_cond_t c;
	int turn;
};

int main(void)
{
	alarm(10);
	pthread_condattr_t ca;
	int v;
	pthread_condattr_init(&ca);
	pthread_condattr_getpshared(&ca, &v);
	printf("default pshared %d\n", v);
	printf("bad value: %d\n", pthread_condattr_setpshared(&ca, 7) == EINVAL);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_condattr_setpshared(&ca, PTHREAD_PROCESS_SHARED);
	pthread_condattr_getpshared(&ca, &v);
	clockid_t clk;
	pthread_condattr_getclock(&ca, &clk);
	printf("pshared %d, clock monotonic %d\n", v == PTHREAD_PROCESS_SHARED, clk == CLOCK_MONOTONIC);
	pthread_condattr_setpshared(&ca, PTHREAD_PROCESS_PRIVATE);
	pthread_condattr_getpshared(&ca, &v);
	pthread_condattr_getclock(&ca, &clk);
	printf("private again %d, clock kept %d\n", v == PTHREAD_PROCESS_PRIVATE, clk == CLOCK_MONOTONIC);
	pthread_condattr_setpshared(&ca, PTHREAD_PROCESS_SHARED);

	struct shared *s = mmap(0, sizeof *s, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (s == MAP_FAILED)
		return 1;
	pthread_mutexattr_t ma;
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_setpshared(&ma, PTHREAD_PROCESS_SHARED);
	pthread_mutex_init(&s->m, &ma);
	pthread_cond_init(&s->c, &ca);
	s->turn = 0;

	enum { ROUNDS = 1000 };
	pid_t pid = fork();
	if (pid == 0) {
		alarm(10);
		for (int i = 0; i < ROUNDS; i++) {
			pthread_mutex_lock(&s->m);
			while (s->turn != 1)
				pthread_cond_wait(&s->c, &s->m);
			s->turn = 0;
			pthread_cond_signal(&s->c);
			pthread_mutex_unlock(&s->m);
		}
		_exit(0);
	}
	for (int i = 0; i < ROUNDS; i++) {
		pthread_mutex_lock(&s->m);
		s->turn = 1;
		pthread_cond_signal(&s->c);
		while (s->turn != 0)
			pthread_cond_wait(&s->c, &s->m);
		pthread_mutex_unlock(&s->m);
	}
	int status;
	waitpid(pid, &status, 0);
	printf("round trips done, child status %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	printf("destroy %d %d\n", pthread_cond_destroy(&s->c), pthread_mutex_destroy(&s->m));
	return 0;
}

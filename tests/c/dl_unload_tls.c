/* A TLS library opened and closed 200 times while threads run (limpet only: musl's dlclose
 * does nothing, so a reopened library keeps the values of the last round;
 * dl_unload_tls.expected holds what a loader that unloads prints, as glibc's does; the
 * program always returns 0, because the musl reference run, whose exit status is
 * compared, fails these checks). Each round, 4 running threads, the main thread and a
 * thread started for the round see the fresh library's initial values and then their own
 * copies; the TLS of a library that stays loaded, and the program's own, keep each
 * thread's values through all the rounds; the threads exit after many unloads. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define THREADS 4
#define ROUNDS 200

static pthread_barrier_t step;
static int (*check_initial)(int), (*check_own)(int);
static int *(*kept_address)(void);
static int wrong_initial, wrong_own, wrong_kept, wrong_short, failed_rounds;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static __thread int prog_value;

static void add(int *counter, int n)
{
	pthread_mutex_lock(&lock);
	*counter += n;
	pthread_mutex_unlock(&lock);
}

/* What every thread does in a round, the main thread included. */
static void round_checks(int id)
{
	add(&wrong_initial, check_initial(id));
	pthread_barrier_wait(&step); /* everyone has written */
	add(&wrong_own, check_own(id));
	add(&wrong_kept, (*kept_address() != id) + (prog_value != id));
}

static void *worker(void *arg)
{
	int id = (int)(long)arg;
	*kept_address() = id;
	prog_value = id;
	for (int r = 0; r < ROUNDS; r++) {
		pthread_barrier_wait(&step); /* the library is loaded */
		round_checks(id);
		pthread_barrier_wait(&step); /* done with it: it may be closed */
	}
	return 0;
}

static void *short_lived(void *arg)
{
	int id = (int)(long)arg;
	int bad = check_initial(id) + check_own(id) + (*kept_address() != 7);
	return (void *)(long)bad;
}

int main(void)
{
	void *kept = dlopen("./libdl_unload_tls_kept.so", RTLD_NOW);
	kept_address = kept ? (int *(*)(void))dlsym(kept, "kept_address") : 0;
	if (!kept_address)
		return 0;
	*kept_address() = 100;
	prog_value = 100;
	pthread_barrier_init(&step, 0, THREADS + 1);
	pthread_t t[THREADS];
	for (long i = 0; i < THREADS; i++)
		if (pthread_create(&t[i], 0, worker, (void *)(i + 1)))
			return 0;
	for (int r = 0; r < ROUNDS; r++) {
		void *h = dlopen("./libdl_unload_tls_cycled.so", RTLD_NOW);
		check_initial = h ? (int (*)(int))dlsym(h, "cycled_check") : 0;
		check_own = h ? (int (*)(int))dlsym(h, "cycled_own") : 0;
		if (!check_initial || !check_own) {
			/* The workers would wait at the barrier for ever: report and leave. */
			failed_rounds++;
			printf("round %d: dlopen failed\n", r);
			break;
		}
		pthread_barrier_wait(&step);
		round_checks(100);
		pthread_t s;
		void *bad = 0;
		if (pthread_create(&s, 0, short_lived, (void *)(long)(1000 + r)) == 0)
			pthread_join(s, &bad);
		add(&wrong_short, (int)(long)bad);
		pthread_barrier_wait(&step);
		if (dlclose(h) != 0)
			failed_rounds++;
	}
	if (failed_rounds) {
		fflush(stdout);
		_Exit(0);
	}
	for (int i = 0; i < THREADS; i++)
		pthread_join(t[i], 0);
	printf("rounds %d with %d threads: wrong initial values %d, wrong own values %d\n", ROUNDS, THREADS + 1,
	       wrong_initial, wrong_own);
	printf("kept library's and program's TLS: wrong values %d\n", wrong_kept);
	printf("a thread started each round: wrong values %d\n", wrong_short);
	return 0;
}

/* Mixed-size malloc/free throughput on two threads: one operation is one step on each thread,
 * and a step frees the block in one of 64 slots and puts a new one of a pseudo-random size
 * (16 B to 4 KB) in its place, so each thread's working set stays near 64 blocks of every
 * size class. Both threads do exactly n steps between the clock's start and stop (the second
 * thread is released just before the start and joined before the stop), so the time is the
 * work of both, whatever the scheduler does. The run is pinned to one CPU: the threads take
 * turns, and any lock, shared state or cache traffic between them shows in the time. */
#define BENCH_HOOKS
#include <pthread.h>
#include <stdlib.h>
#include "bench.h"

enum { SLOTS = 64 };

struct churn {
	void *slot[SLOTS];
	unsigned long state;
};

static unsigned long next(unsigned long *s)
{
	*s = *s * 6364136223846793005UL + 1442695040888963407UL;
	return *s >> 33;
}

static void step(struct churn *c)
{
	unsigned long r = next(&c->state);
	unsigned i = r % SLOTS;
	size_t size = 16 + (r >> 6) % 4081;
	free(c->slot[i]);
	c->slot[i] = malloc(size);
	if (!c->slot[i])
		bench_fail("malloc failed");
	*(volatile char *)c->slot[i] = 1;
}

static struct churn mine = { .state = 1 }, theirs = { .state = 2 };
static pthread_t rival_thread;
static pthread_barrier_t go;
static long rival_steps;

static void *rival(void *arg)
{
	(void)arg;
	for (int i = 0; i < 10000; i++)
		step(&theirs);
	pthread_barrier_wait(&go);
	for (long i = 0; i < rival_steps; i++)
		step(&theirs);
	return 0;
}

static void bench_setup(const char *arg)
{
	(void)arg;
	if (pthread_barrier_init(&go, 0, 2) || pthread_create(&rival_thread, 0, rival, 0))
		bench_fail("pthread_create failed");
}

static void bench_start(long n)
{
	rival_steps = n;
	pthread_barrier_wait(&go);
}

static void bench_op(long i)
{
	(void)i;
	step(&mine);
}

static void bench_finish(void)
{
	if (pthread_join(rival_thread, 0))
		bench_fail("pthread_join failed");
}

/* Mixed-size malloc/free while a second thread does the same: each operation frees the block
 * in one of 64 slots and puts a new one of a pseudo-random size (16 B to 4 KB) in its place,
 * so a thread's working set stays near 64 blocks of every size class. The second thread
 * churns the same way without pause; the run is pinned to one CPU, so the threads take
 * turns and any lock or shared state between them shows in the time (its share of the CPU
 * is in the time too). */
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

static void *rival(void *arg)
{
	(void)arg;
	for (;;)
		step(&theirs);
	return 0;
}

static void bench_setup(const char *arg)
{
	(void)arg;
	pthread_t t;
	if (pthread_create(&t, 0, rival, 0))
		bench_fail("pthread_create failed");
}

static void bench_op(long i)
{
	(void)i;
	step(&mine);
}

/* Two threads: a producer mallocs blocks of mixed sizes, stamps them and hands them over
 * through a bounded ring; the consumer checks and frees them, so nearly every free is a
 * cross-thread one. Every 8th block comes back to the producer to be freed there. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

enum { RING = 256, COUNT = 200000 };

struct item { unsigned char *p; size_t n; unsigned tag; };

static struct item ring[RING], back[RING];
static unsigned head, tail, bhead, btail;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int bad;

static uint64_t state = 0x243f6a8885a308d3ULL;
static uint32_t rnd(void)
{
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return (uint32_t)(state >> 11);
}

static int intact(struct item *it)
{
	for (size_t j = 0; j < it->n; j++)
		if (it->p[j] != (unsigned char)(it->tag + j))
			return 0;
	return 1;
}

static void *consumer(void *arg)
{
	long freed = 0, returned = 0;
	(void)arg;
	for (long k = 0; k < COUNT; k++) {
		pthread_mutex_lock(&mu);
		while (head == tail)
			pthread_cond_wait(&cv, &mu);
		struct item it = ring[tail++ % RING];
		pthread_cond_broadcast(&cv);
		pthread_mutex_unlock(&mu);
		if (!intact(&it))
			bad++;
		if (it.tag % 8 == 0) {
			pthread_mutex_lock(&mu);
			while (bhead - btail == RING)
				pthread_cond_wait(&cv, &mu);
			back[bhead++ % RING] = it;
			pthread_cond_broadcast(&cv);
			pthread_mutex_unlock(&mu);
			returned++;
		} else {
			free(it.p);
			freed++;
		}
	}
	return (void *)(freed * 1000000 + returned);
}

static void drain_back(void)
{
	pthread_mutex_lock(&mu);
	while (btail != bhead) {
		struct item it = back[btail++ % RING];
		if (!intact(&it))
			bad++;
		free(it.p);
	}
	pthread_cond_broadcast(&cv);
	pthread_mutex_unlock(&mu);
}

int main(void)
{
	pthread_t t;
	alarm(15);
	if (pthread_create(&t, 0, consumer, 0))
		return 1;
	for (unsigned k = 0; k < COUNT; k++) {
		uint32_t r = rnd() % 100;
		size_t n = r < 70 ? rnd() % 256 : r < 97 ? rnd() % 8192 : rnd() % 200000;
		unsigned char *p = malloc(n);
		if (!p) {
			bad++;
			continue;
		}
		for (size_t j = 0; j < n; j++)
			p[j] = (unsigned char)(k + j);
		pthread_mutex_lock(&mu);
		while (head - tail == RING)
			pthread_cond_wait(&cv, &mu);
		ring[head++ % RING] = (struct item){ p, n, k };
		pthread_cond_broadcast(&cv);
		pthread_mutex_unlock(&mu);
		if (k % 64 == 0)
			drain_back();
	}
	void *res;
	pthread_join(t, &res);
	drain_back();
	long v = (long)res;
	printf("freed by consumer %ld, returned %ld, bad %d\n", v / 1000000, v % 1000000, bad);
	return bad != 0;
}

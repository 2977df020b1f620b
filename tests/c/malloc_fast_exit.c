/* Threads that end while blocks they allocated are still live elsewhere: 96 threads in
 * waves of 8 (some detached), each allocating a few thousand blocks, freeing most of them
 * and handing the rest to main, which checks and frees them later, while the next waves
 * (which may take over the ended threads' memory) allocate in their turn. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { WAVES = 12, PER_WAVE = 8, BLOCKS = 3000, KEEP_EVERY = 5 };

struct kept { unsigned char *p; size_t n; unsigned char tag; };
static struct kept kept[WAVES * PER_WAVE][BLOCKS / KEEP_EVERY + 1];
static int nkept[WAVES * PER_WAVE];
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int finished;

static void *work(void *arg)
{
	long id = (long)arg;
	unsigned s = (unsigned)id * 2654435761u + 1;
	for (int i = 0; i < BLOCKS; i++) {
		s = s * 1103515245u + 12345u;
		size_t n = (s >> 8) % (i % 50 == 0 ? 100000 : 2000);
		unsigned char *p = malloc(n);
		if (!p)
			continue;
		memset(p, (int)(id + i), n);
		if (i % KEEP_EVERY == 0)
			kept[id][nkept[id]++] = (struct kept){ p, n, (unsigned char)(id + i) };
		else
			free(p);
	}
	pthread_mutex_lock(&mu);
	finished++;
	pthread_cond_signal(&cv);
	pthread_mutex_unlock(&mu);
	return 0;
}

static int check_and_free(int id)
{
	int bad = 0;
	for (int k = 0; k < nkept[id]; k++) {
		struct kept *b = &kept[id][k];
		for (size_t j = 0; j < b->n; j++)
			if (b->p[j] != b->tag) {
				bad++;
				break;
			}
		free(b->p);
	}
	return bad;
}

int main(void)
{
	int bad = 0;
	alarm(15);
	for (int w = 0; w < WAVES; w++) {
		pthread_t t[PER_WAVE];
		pthread_attr_t attr;
		pthread_attr_init(&attr);
		int detached = w % 3 == 2;
		if (detached)
			pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
		for (int i = 0; i < PER_WAVE; i++)
			if (pthread_create(&t[i], &attr, work, (void *)(long)(w * PER_WAVE + i)))
				return 1;
		pthread_mutex_lock(&mu);
		while (finished < (w + 1) * PER_WAVE)
			pthread_cond_wait(&cv, &mu);
		pthread_mutex_unlock(&mu);
		if (!detached)
			for (int i = 0; i < PER_WAVE; i++)
				pthread_join(t[i], 0);
		/* The previous wave's blocks are freed here, after their threads ended. */
		if (w > 0)
			for (int i = 0; i < PER_WAVE; i++)
				bad += check_and_free((w - 1) * PER_WAVE + i);
	}
	for (int i = 0; i < PER_WAVE; i++)
		bad += check_and_free((WAVES - 1) * PER_WAVE + i);
	printf("threads %d, corrupted blocks %d\n", WAVES * PER_WAVE, bad);
	return bad != 0;
}

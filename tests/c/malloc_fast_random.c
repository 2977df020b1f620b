/* A random mix of malloc, calloc, realloc, aligned allocations and free over 2048 slots,
 * in two threads that also swap blocks, so some are resized and freed by the thread that
 * did not allocate them. Every block's contents are checked before it is resized or freed,
 * calloc's zeroes and the alignments too. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <malloc.h>
#include <unistd.h>

enum { SLOTS = 2048, STEPS = 150000 };

struct slot { unsigned char *p; size_t n; unsigned char tag; };
static struct slot slots[2][SLOTS];
static pthread_mutex_t swap_mu = PTHREAD_MUTEX_INITIALIZER;
static struct slot mailbox[2];

static int intact(struct slot *s)
{
	for (size_t j = 0; j < s->n; j++)
		if (s->p[j] != (unsigned char)(s->tag + j))
			return 0;
	return 1;
}

static void stamp(struct slot *s, size_t from)
{
	for (size_t j = from; j < s->n; j++)
		s->p[j] = (unsigned char)(s->tag + j);
}

static size_t pick(uint64_t *st)
{
	*st ^= *st << 13;
	*st ^= *st >> 7;
	*st ^= *st << 17;
	uint32_t r = (uint32_t)(*st >> 11);
	switch (r % 10) {
	case 0: return r % 150000;
	case 1: case 2: return r % 16384;
	default: return r % 300;
	}
}

static void *run(void *arg)
{
	long me = (long)arg;
	uint64_t st = 0x9e3779b97f4a7c15ULL * (uint64_t)(me + 1);
	long bad = 0;
	for (long step = 0; step < STEPS; step++) {
		size_t r = pick(&st);
		struct slot *s = &slots[me][(r * 7 + step) % SLOTS];
		if (s->p && !intact(s))
			bad++;
		switch ((r >> 3) % 6) {
		case 0: {
			free(s->p);
			s->n = pick(&st);
			s->tag = (unsigned char)step;
			s->p = calloc(1, s->n);
			for (size_t j = 0; j < s->n; j++)
				if (s->p[j])
					{ bad++; break; }
			stamp(s, 0);
			break;
		}
		case 1: {
			free(s->p);
			size_t al = (size_t)16 << (r % 9);
			s->n = pick(&st);
			s->tag = (unsigned char)step;
			s->p = aligned_alloc(al, s->n);
			if ((uintptr_t)s->p % al || malloc_usable_size(s->p) < s->n)
				bad++;
			stamp(s, 0);
			break;
		}
		case 2: case 3: {
			size_t n = pick(&st);
			unsigned char *q = realloc(s->p, n);
			if (!q) { bad++; break; }
			size_t keep = s->n < n ? s->n : n;
			s->p = q;
			s->n = keep;
			if (!intact(s))
				bad++;
			s->n = n;
			stamp(s, keep);
			break;
		}
		case 4: {
			/* Swap a block with the other thread. */
			pthread_mutex_lock(&swap_mu);
			struct slot t = mailbox[me];
			mailbox[me] = *s;
			pthread_mutex_unlock(&swap_mu);
			*s = t;
			break;
		}
		default:
			free(s->p);
			s->p = 0;
			s->n = 0;
		}
	}
	for (int i = 0; i < SLOTS; i++) {
		if (slots[me][i].p && !intact(&slots[me][i]))
			bad++;
		free(slots[me][i].p);
	}
	return (void *)bad;
}

int main(void)
{
	pthread_t t;
	void *b0, *b1;
	alarm(18);
	if (pthread_create(&t, 0, run, (void *)1))
		return 1;
	b0 = run((void *)0);
	pthread_join(t, &b1);
	for (int i = 0; i < 2; i++) {
		if (mailbox[i].p && !intact(&mailbox[i]))
			b0 = (void *)1;
		free(mailbox[i].p);
	}
	printf("random steps %d x 2, bad %ld\n", STEPS, (long)b0 + (long)b1);
	return b0 || b1;
}

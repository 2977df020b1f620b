/* Condition variables: two threads hand a turn back and forth 100,000 times
 * (a lost wake-up would hang, which the harness reports as a timeout); then
 * a broadcast releases 8 waiting threads at once, and a producer/consumer
 * queue moves 40,000 items from 2 producers to 2 consumers over two
 * condition variables. */
#include <pthread.h>
#include <stdio.h>

#define ROUNDS 100000

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static long turn;

static void *player(void *arg)
{
	long parity = (long)arg;
	for (int i = 0; i < ROUNDS; i++) {
		pthread_mutex_lock(&m);
		while (turn % 2 != parity)
			pthread_cond_wait(&c, &m);
		turn++;
		pthread_cond_signal(&c);
		pthread_mutex_unlock(&m);
	}
	return 0;
}

static int go, arrived, released;
static pthread_cond_t gate;

static void *waiter(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m);
	arrived++;
	pthread_cond_signal(&c);
	while (!go)
		pthread_cond_wait(&gate, &m);
	released++;
	pthread_mutex_unlock(&m);
	return 0;
}

#define QCAP 16
#define ITEMS 40000
static long queue[QCAP];
static int qhead, qlen, produced_done;
static long consumed_sum, consumed_count;
static pthread_cond_t not_empty = PTHREAD_COND_INITIALIZER, not_full = PTHREAD_COND_INITIALIZER;

static void *producer(void *arg)
{
	long base = (long)arg;
	for (long i = 0; i < ITEMS / 2; i++) {
		pthread_mutex_lock(&m);
		while (qlen == QCAP)
			pthread_cond_wait(&not_full, &m);
		queue[(qhead + qlen++) % QCAP] = base + i;
		pthread_cond_signal(&not_empty);
		pthread_mutex_unlock(&m);
	}
	return 0;
}

static void *consumer(void *arg)
{
	(void)arg;
	for (;;) {
		pthread_mutex_lock(&m);
		while (qlen == 0 && produced_done < 2)
			pthread_cond_wait(&not_empty, &m);
		if (qlen == 0) {
			pthread_mutex_unlock(&m);
			return 0;
		}
		long v = queue[qhead];
		qhead = (qhead + 1) % QCAP;
		qlen--;
		consumed_sum += v;
		consumed_count++;
		pthread_cond_signal(&not_full);
		pthread_mutex_unlock(&m);
	}
}

int main(void)
{
	int fails = 0;
	pthread_t a, b;
	pthread_create(&a, 0, player, (void *)0L);
	pthread_create(&b, 0, player, (void *)1L);
	pthread_join(a, 0);
	pthread_join(b, 0);
	printf("ping-pong turns %ld\n", turn);
	fails += turn != 2 * ROUNDS;

	pthread_t w[8];
	pthread_cond_init(&gate, 0);
	for (int i = 0; i < 8; i++)
		pthread_create(&w[i], 0, waiter, 0);
	pthread_mutex_lock(&m);
	while (arrived < 8)
		pthread_cond_wait(&c, &m);
	go = 1;
	pthread_cond_broadcast(&gate);
	pthread_mutex_unlock(&m);
	for (int i = 0; i < 8; i++)
		pthread_join(w[i], 0);
	printf("broadcast released %d of %d\n", released, arrived);
	fails += released != 8;
	printf("destroy after broadcast %d\n", pthread_cond_destroy(&gate));

	pthread_t p[2], q[2];
	for (int i = 0; i < 2; i++) {
		pthread_create(&q[i], 0, consumer, 0);
		pthread_create(&p[i], 0, producer, (void *)(long)(i * 1000000));
	}
	for (int i = 0; i < 2; i++)
		pthread_join(p[i], 0);
	pthread_mutex_lock(&m);
	produced_done = 2;
	pthread_cond_broadcast(&not_empty);
	pthread_mutex_unlock(&m);
	for (int i = 0; i < 2; i++)
		pthread_join(q[i], 0);
	long n = ITEMS / 2;
	long want = 2 * (n * (n - 1) / 2) + n * 1000000;
	printf("queue moved %ld items, sum %s\n", consumed_count, consumed_sum == want ? "right" : "wrong");
	fails += consumed_count != ITEMS || consumed_sum != want;
	return fails;
}

/* Condition variable ping-pong with no lost wake-ups: two threads hand a turn back and
 * forth 100000 times each through one mutex and two condition variables; a lost wake-up
 * would hang (and the alarm would end the run). Then a broadcast releases ten waiters. */
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

#define ROUNDS 100000

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ping = PTHREAD_COND_INITIALIZER, pong = PTHREAD_COND_INITIALIZER;
static int turn; /* 0: ping's turn, 1: pong's */
static long count[2];

static void *player(void *arg)
{
	int me = (int)(long)arg;
	pthread_cond_t *mine = me ? &pong : &ping, *theirs = me ? &ping : &pong;
	for (int i = 0; i < ROUNDS; i++) {
		pthread_mutex_lock(&m);
		while (turn != me)
			pthread_cond_wait(mine, &m);
		count[me]++;
		turn = !me;
		pthread_cond_signal(theirs);
		pthread_mutex_unlock(&m);
	}
	return 0;
}

static pthread_cond_t gate = PTHREAD_COND_INITIALIZER;
static int open_gate, waiting, passed;

static void *waiter(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m);
	waiting++;
	while (!open_gate)
		pthread_cond_wait(&gate, &m);
	passed++;
	pthread_mutex_unlock(&m);
	return 0;
}

int main(void)
{
	alarm(18);
	pthread_t a, b;
	pthread_create(&a, 0, player, (void *)0L);
	pthread_create(&b, 0, player, (void *)1L);
	pthread_join(a, 0);
	pthread_join(b, 0);
	printf("ping %ld pong %ld\n", count[0], count[1]);

	pthread_t w[10];
	for (int i = 0; i < 10; i++)
		pthread_create(&w[i], 0, waiter, 0);
	for (;;) {
		pthread_mutex_lock(&m);
		int all = waiting == 10;
		if (all) {
			open_gate = 1;
			pthread_cond_broadcast(&gate);
		}
		pthread_mutex_unlock(&m);
		if (all)
			break;
		usleep(1000);
	}
	for (int i = 0; i < 10; i++)
		pthread_join(w[i], 0);
	printf("broadcast released %d\n", passed);
	return count[0] != ROUNDS || count[1] != ROUNDS || passed != 10;
}

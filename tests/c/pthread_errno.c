/* errno is per thread: threads make different calls fail (close of a bad
 * descriptor, open of a missing file, a plain assignment) in lock-step
 * phases, and each sees only its own value; &errno differs between
 * threads; main's errno is untouched by them. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

#define THREADS 4
#define PHASES 50

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int arrived, phase;
static int *where[THREADS];

/* Every thread waits here until all have arrived, so their errno-setting
 * calls and checks interleave. */
static void step(void)
{
	pthread_mutex_lock(&m);
	int my = phase;
	if (++arrived == THREADS) {
		arrived = 0;
		phase++;
		pthread_cond_broadcast(&c);
	}
	while (phase == my)
		pthread_cond_wait(&c, &m);
	pthread_mutex_unlock(&m);
}

static void *work(void *arg)
{
	long i = (long)arg;
	int wrong = 0;
	where[i] = &errno;
	for (int p = 0; p < PHASES; p++) {
		int want;
		switch ((i + p) % 3) {
		case 0: close(-1); want = EBADF; break;
		case 1: open("/nonexistent/limpet", O_RDONLY); want = ENOENT; break;
		default: errno = want = 1000 + (int)i; break;
		}
		step();
		wrong += errno != want;
		step();
	}
	return (void *)(long)wrong;
}

int main(void)
{
	errno = 77;
	pthread_t t[THREADS];
	for (long i = 0; i < THREADS; i++)
		pthread_create(&t[i], 0, work, (void *)i);
	long wrong = 0;
	for (int i = 0; i < THREADS; i++) {
		void *r;
		pthread_join(t[i], &r);
		wrong += (long)r;
	}
	int distinct = 1;
	for (int i = 0; i < THREADS; i++) {
		distinct &= where[i] != &errno;
		for (int j = 0; j < i; j++)
			distinct &= where[i] != where[j];
	}
	printf("wrong errno values %ld\n", wrong);
	printf("errno addresses distinct %s\n", distinct ? "yes" : "no");
	printf("main errno %d\n", errno);
	return wrong != 0 || !distinct || errno != 77;
}

/* Thread creation and joining under load: 200 threads in waves of 25, each
 * returning a value computed from its argument (half by returning, half by
 * pthread_exit), each recording pthread_self() for comparison with the
 * handle pthread_create gave; sched_yield inside to mix the schedule. */
#include <pthread.h>
#include <sched.h>
#include <stdio.h>

#define TOTAL 200
#define WAVE 25

static pthread_t seen_self[TOTAL];

static void *work(void *arg)
{
	long i = (long)arg;
	long sum = 0;
	for (long k = 0; k <= i * 100; k++) {
		sum += k;
		if (k % 1000 == 0)
			sched_yield();
	}
	seen_self[i] = pthread_self();
	if (i % 2)
		pthread_exit((void *)(sum + i));
	return (void *)(sum + i);
}

int main(void)
{
	pthread_t t[TOTAL];
	int fails = 0, created = 0, joined = 0, self_ok = 0, distinct = 1;
	long total = 0;
	for (int base = 0; base < TOTAL; base += WAVE) {
		for (int i = base; i < base + WAVE; i++) {
			int r = pthread_create(&t[i], 0, work, (void *)(long)i);
			created += r == 0;
		}
		for (int i = base; i < base + WAVE; i++)
			for (int j = base; j < i; j++)
				distinct &= !pthread_equal(t[i], t[j]);
		for (int i = base; i < base + WAVE; i++) {
			void *res = 0;
			int r = pthread_join(t[i], &res);
			joined += r == 0;
			long n = (long)i * 100;
			long want = n * (n + 1) / 2 + i;
			if ((long)res != want) {
				printf("thread %d returned %ld, want %ld\n", i, (long)res, want);
				fails++;
			}
			total += (long)res;
			self_ok += pthread_equal(seen_self[i], t[i]) != 0;
		}
	}
	printf("created %d joined %d\n", created, joined);
	printf("results total %ld\n", total);
	printf("pthread_self matches handle %d\n", self_ok);
	printf("handles in a wave distinct %s\n", distinct ? "yes" : "no");
	printf("main equal to itself %s\n", pthread_equal(pthread_self(), pthread_self()) ? "yes" : "no");
	fails += created != TOTAL || joined != TOTAL || self_ok != TOTAL || !distinct;
	return fails;
}

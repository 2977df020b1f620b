/* Built with -fstack-protector-all: threads run canary-checked functions
 * on their own stacks, and every thread's canary (%fs:0x28) is the main
 * thread's, as in musl, so it is set (non-zero) from the first
 * instruction a thread runs. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define THREADS 4

static unsigned long canary(void)
{
	unsigned long v;
	__asm__ volatile("mov %%fs:0x28, %0" : "=r"(v));
	return v;
}

__attribute__((noinline)) static int checksum(const char *s)
{
	char buf[64];
	int sum = 0;
	strncpy(buf, s, sizeof buf - 1);
	buf[sizeof buf - 1] = 0;
	for (size_t i = 0; buf[i]; i++)
		sum += buf[i];
	return sum;
}

static void *work(void *arg)
{
	unsigned long *out = arg;
	*out = canary();
	return (void *)(long)checksum("thread with a protected stack");
}

int main(void)
{
	pthread_t t[THREADS];
	unsigned long seen[THREADS];
	int same = 0, sums = 0;
	for (int i = 0; i < THREADS; i++)
		pthread_create(&t[i], 0, work, &seen[i]);
	for (int i = 0; i < THREADS; i++) {
		void *r;
		pthread_join(t[i], &r);
		same += seen[i] == canary();
		sums += (long)r == checksum("thread with a protected stack");
	}
	printf("main canary set %s\n", canary() ? "yes" : "no");
	printf("threads with main's canary %d\n", same);
	printf("threads returning normally %d\n", sums);
	return same != THREADS || sums != THREADS || !canary();
}

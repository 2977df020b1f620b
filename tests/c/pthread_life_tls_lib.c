/* TLS of a DT_NEEDED library seen from several threads: each thread starts from the
 * library's initial image, its changes stay its own, and the address of a library TLS
 * variable differs between threads; the main thread's values survive. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int lib_bump(int by);
long lib_zeroed_value(void);
int *lib_counter_addr(void);
const char *lib_tag_value(void);
void lib_set_tag(char c);

#define THREADS 8

static int *addrs[THREADS];
static pthread_barrier_t all_here;

static void *run(void *arg)
{
	long i = (long)arg;
	int fresh = lib_zeroed_value() == 0 && strcmp(lib_tag_value(), "lib") == 0 && *lib_counter_addr() == 1000;
	int v = 0;
	for (int k = 0; k < 1000; k++)
		v = lib_bump((int)i);
	lib_set_tag((char)('a' + i));
	addrs[i] = lib_counter_addr();
	/* Everyone alive at once, so the addresses compared are of live threads. */
	pthread_barrier_wait(&all_here);
	int mine = v == 1000 + 1000 * (int)i && lib_zeroed_value() == 1000 && lib_tag_value()[0] == 'a' + i;
	return (void *)(long)(fresh * 2 + mine);
}

int main(void)
{
	alarm(10);
	lib_bump(5);
	lib_set_tag('M');
	pthread_barrier_init(&all_here, 0, THREADS);
	pthread_t t[THREADS];
	for (long i = 0; i < THREADS; i++)
		if (pthread_create(&t[i], 0, run, (void *)i))
			return 1;
	int good = 0;
	for (int i = 0; i < THREADS; i++) {
		void *r;
		pthread_join(t[i], &r);
		good += (long)r == 3;
	}
	int distinct = 1;
	for (int i = 0; i < THREADS; i++)
		for (int j = 0; j < i; j++)
			distinct &= addrs[i] != addrs[j];
	printf("threads %d good %d distinct addresses %d\n", THREADS, good, distinct);
	printf("main: counter %d zeroed %ld tag %c\n", *lib_counter_addr(), lib_zeroed_value(), lib_tag_value()[0]);
	return good != THREADS;
}

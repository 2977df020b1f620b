/* TLS of dlopen'd libraries with threads: 8 threads are running before the first TLS
 * library is opened; each then sees the initial values (initialised, zeroed, 64-byte
 * aligned) and has its own copy, which the other threads' writes leave alone. A second
 * TLS library opened later works the same in the same threads, while the first keeps each
 * thread's values; threads started after both loads, and the main thread, see the
 * initial values too. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define THREADS 8

static pthread_barrier_t step;
static int (*one_initial)(int), (*one_own)(int), (*two_initial)(int), (*two_own)(int);
static void *(*one_addr)(void);
static void *addresses[THREADS + 1];
static int bad_one_initial, bad_one_own, bad_two_initial, bad_two_own, bad_one_after_two;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void add(int *counter, int n)
{
	pthread_mutex_lock(&lock);
	*counter += n;
	pthread_mutex_unlock(&lock);
}

/* The checks each thread makes, in steps the main thread paces with the barrier. */
static void *worker(void *arg)
{
	int id = (int)(long)arg;
	pthread_barrier_wait(&step); /* the first library is loaded */
	add(&bad_one_initial, one_initial(id));
	addresses[id] = one_addr();
	pthread_barrier_wait(&step); /* every thread has written its values */
	add(&bad_one_own, one_own(id));
	pthread_barrier_wait(&step); /* the second library is loaded */
	add(&bad_two_initial, two_initial(id));
	pthread_barrier_wait(&step);
	add(&bad_two_own, two_own(id));
	add(&bad_one_after_two, one_own(id));
	return 0;
}

/* A thread started after both loads. */
static void *late(void *arg)
{
	int id = (int)(long)arg;
	int bad = one_initial(id) + two_initial(id) + one_own(id) + two_own(id);
	return (void *)(long)bad;
}

int main(void)
{
	pthread_t t[THREADS];
	pthread_barrier_init(&step, 0, THREADS + 1);
	for (long i = 0; i < THREADS; i++)
		if (pthread_create(&t[i], 0, worker, (void *)(i + 1)))
			return 1;

	void *one = dlopen("./libdl_tls_threads_one.so", RTLD_NOW);
	printf("dlopen one with %d threads running: %s\n", THREADS, one ? "ok" : "failed");
	if (!one)
		return 1;
	one_initial = (int (*)(int))dlsym(one, "one_check_initial");
	one_own = (int (*)(int))dlsym(one, "one_check_own");
	one_addr = (void *(*)(void))dlsym(one, "one_address");
	pthread_barrier_wait(&step);
	add(&bad_one_initial, one_initial(100));
	addresses[0] = one_addr();
	pthread_barrier_wait(&step);
	add(&bad_one_own, one_own(100));
	int distinct = 1;
	for (int i = 0; i <= THREADS; i++)
		for (int j = 0; j < i; j++)
			distinct &= addresses[i] != addresses[j];
	printf("one: wrong initial values %d, wrong own values %d, distinct copies %s\n", bad_one_initial,
	       bad_one_own, distinct ? "yes" : "no");

	void *two = dlopen("./libdl_tls_threads_two.so", RTLD_NOW);
	printf("dlopen two: %s\n", two ? "ok" : "failed");
	if (!two)
		return 1;
	two_initial = (int (*)(int))dlsym(two, "two_check_initial");
	two_own = (int (*)(int))dlsym(two, "two_check_own");
	pthread_barrier_wait(&step);
	add(&bad_two_initial, two_initial(100));
	pthread_barrier_wait(&step);
	add(&bad_two_own, two_own(100));
	add(&bad_one_after_two, one_own(100));
	for (int i = 0; i < THREADS; i++)
		pthread_join(t[i], 0);
	printf("two: wrong initial values %d, wrong own values %d; one after two: wrong values %d\n",
	       bad_two_initial, bad_two_own, bad_one_after_two);

	int bad_late = 0;
	for (long i = 0; i < 2; i++) {
		pthread_t l;
		void *r;
		if (pthread_create(&l, 0, late, (void *)(i + 50)) || pthread_join(l, &r))
			return 1;
		bad_late += (int)(long)r;
	}
	printf("threads started after the loads: wrong values %d\n", bad_late);
	return bad_one_initial + bad_one_own + bad_two_initial + bad_two_own + bad_one_after_two + bad_late != 0 || !distinct;
}

/* C11 <threads.h>: thrd_create/join with int results, thrd_current and
 * thrd_equal, thrd_detach, thrd_exit, thrd_sleep, thrd_yield; mtx_* of the
 * plain, timed and recursive kinds (4 threads x 200000 increments), their
 * busy and timed-out codes; cnd_* signalling a turn between two threads and
 * timing out; tss_* with a destructor; call_once from several threads. */
#include <stdio.h>
#include <threads.h>
#include <time.h>
#include <unistd.h>

#define THREADS 4
#define ROUNDS 200000

static mtx_t m;
static cnd_t c;
static long counter;
static int turn;
static once_flag once = ONCE_FLAG_INIT;
static int once_runs;
static tss_t key;
static int dtor_calls;
static thrd_t main_thread;

static void once_body(void)
{
	once_runs++;
}

static void dtor(void *p)
{
	__atomic_fetch_add(&dtor_calls, (int)(long)p, __ATOMIC_SEQ_CST);
}

static int add(void *arg)
{
	int nested = arg != 0;
	call_once(&once, once_body);
	tss_set(key, (void *)1L);
	for (int i = 0; i < ROUNDS; i++) {
		mtx_lock(&m);
		if (nested && i % 64 == 0)
			mtx_lock(&m);
		counter = counter + 1;
		if (nested && i % 64 == 0)
			mtx_unlock(&m);
		mtx_unlock(&m);
	}
	return thrd_equal(thrd_current(), main_thread) ? -1 : 7;
}

static int ping(void *arg)
{
	int parity = (int)(long)arg;
	for (int i = 0; i < 10000; i++) {
		mtx_lock(&m);
		while (turn % 2 != parity)
			cnd_wait(&c, &m);
		turn++;
		cnd_signal(&c);
		mtx_unlock(&m);
	}
	return 0;
}

static int exits_early(void *arg)
{
	(void)arg;
	thrd_exit(42);
}

static int tries(void *arg)
{
	struct timespec at;
	timespec_get(&at, TIME_UTC);
	at.tv_nsec += 20000000;
	if (at.tv_nsec >= 1000000000) {
		at.tv_sec++;
		at.tv_nsec -= 1000000000;
	}
	int a = mtx_trylock(arg);
	int b = mtx_timedlock(arg, &at);
	return a * 10 + b;
}

static int run(const char *name, int type)
{
	thrd_t t[THREADS];
	int res, sum = 0, r = 0;
	r |= mtx_init(&m, type) != thrd_success;
	counter = 0;
	for (int i = 0; i < THREADS; i++)
		r |= thrd_create(&t[i], add, (type & mtx_recursive) ? (void *)1 : 0) != thrd_success;
	for (int i = 0; i < THREADS; i++) {
		r |= thrd_join(t[i], &res) != thrd_success;
		sum += res;
	}
	printf("%s: counter %ld results %d setup %d\n", name, counter, sum, r);
	mtx_destroy(&m);
	return counter != (long)THREADS * ROUNDS || r;
}

int main(void)
{
	int bad = 0, res;
	thrd_t t, u;
	alarm(15);
	main_thread = thrd_current();
	printf("tss_create %d\n", tss_create(&key, dtor));
	bad |= run("plain", mtx_plain);
	bad |= run("timed", mtx_timed);
	bad |= run("recursive", mtx_plain | mtx_recursive);
	bad |= run("timed recursive", mtx_timed | mtx_recursive);
	printf("call_once runs %d, destructor calls %d\n", once_runs, dtor_calls);

	mtx_init(&m, mtx_timed);
	mtx_lock(&m);
	thrd_create(&t, tries, &m);
	thrd_join(t, &res);
	printf("other thread: trylock*10+timedlock = %d (busy %d timedout %d)\n", res, thrd_busy, thrd_timedout);
	mtx_unlock(&m);
	mtx_destroy(&m);
	mtx_init(&m, mtx_plain | mtx_recursive);

	printf("cnd_init %d\n", cnd_init(&c));
	turn = 0;
	thrd_create(&t, ping, (void *)0L);
	thrd_create(&u, ping, (void *)1L);
	thrd_join(t, 0);
	thrd_join(u, 0);
	printf("turns %d\n", turn);
	struct timespec at;
	timespec_get(&at, TIME_UTC);
	at.tv_nsec += 10000000;
	if (at.tv_nsec >= 1000000000) {
		at.tv_sec++;
		at.tv_nsec -= 1000000000;
	}
	mtx_lock(&m);
	printf("cnd_timedwait: %s\n", cnd_timedwait(&c, &m, &at) == thrd_timedout ? "thrd_timedout" : "other");
	mtx_unlock(&m);
	printf("cnd_broadcast %d cnd_signal %d\n", cnd_broadcast(&c), cnd_signal(&c));
	cnd_destroy(&c);
	mtx_destroy(&m);

	thrd_create(&t, exits_early, 0);
	thrd_join(t, &res);
	printf("thrd_exit result %d\n", res);
	thrd_create(&t, exits_early, 0);
	printf("detach %d\n", thrd_detach(t));

	struct timespec d = {0, 5000000}, rem = {9, 9};
	printf("thrd_sleep %d\n", thrd_sleep(&d, &rem));
	struct timespec badd = {0, -1};
	printf("thrd_sleep bad %d\n", thrd_sleep(&badd, 0));
	thrd_yield();

	tss_set(key, (void *)5L);
	printf("tss_get %ld\n", (long)tss_get(key));
	tss_delete(key);
	printf("main thread equal to itself %d\n", thrd_equal(thrd_current(), main_thread) != 0);
	return bad;
}

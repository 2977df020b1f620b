/* What each mutex type reports on misuse, as musl does: a recursive mutex
 * taken 1000 times needs 1000 unlocks, then EPERM; trylock by its holder
 * succeeds; another thread gets EPERM (unlock), EBUSY (trylock) and
 * ETIMEDOUT (timedlock). An error-checking mutex gives EDEADLK on relock,
 * EBUSY on trylock by the holder, EPERM on unlock by a non-holder or when
 * unlocked. A normal mutex gives EBUSY to trylock. A timed lock that must
 * wait checks its deadline (EINVAL); an uncontended one does not. Unknown
 * types are refused. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static pthread_mutex_t m;

static const char *name(int e)
{
	switch (e) {
	case 0: return "0";
	case EPERM: return "EPERM";
	case EBUSY: return "EBUSY";
	case EDEADLK: return "EDEADLK";
	case ETIMEDOUT: return "ETIMEDOUT";
	case EINVAL: return "EINVAL";
	case EAGAIN: return "EAGAIN";
	}
	return "other";
}

static struct timespec in_ms(long ms)
{
	struct timespec t;
	clock_gettime(CLOCK_REALTIME, &t);
	t.tv_nsec += ms * 1000000;
	t.tv_sec += t.tv_nsec / 1000000000;
	t.tv_nsec %= 1000000000;
	return t;
}

static void *other(void *arg)
{
	const char *type = arg;
	struct timespec at = in_ms(20);
	struct timespec bad = { 0, -1 };
	struct timespec bad2 = { 0, 1000000000 };
	int unlock = pthread_mutex_unlock(&m);
	int trylock = pthread_mutex_trylock(&m);
	int timedlock = pthread_mutex_timedlock(&m, &at);
	int bad1 = pthread_mutex_timedlock(&m, &bad);
	int bad2r = pthread_mutex_timedlock(&m, &bad2);
	printf("%s, other thread: unlock %s trylock %s timedlock %s bad deadlines %s %s\n", type, name(unlock),
	       name(trylock), name(timedlock), name(bad1), name(bad2r));
	return 0;
}

static void init(int type)
{
	pthread_mutexattr_t a;
	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, type);
	pthread_mutex_init(&m, &a);
	pthread_mutexattr_destroy(&a);
}

static void from_other(const char *type)
{
	pthread_t t;
	pthread_create(&t, 0, other, (void *)type);
	pthread_join(t, 0);
}

int main(void)
{
	int fails = 0;
	pthread_mutexattr_t a;
	pthread_mutexattr_init(&a);
	int type = -1;
	pthread_mutexattr_gettype(&a, &type);
	printf("default type normal %s\n", type == PTHREAD_MUTEX_NORMAL ? "yes" : "no");
	int e3 = pthread_mutexattr_settype(&a, 3);
	int em1 = pthread_mutexattr_settype(&a, -1);
	printf("settype 3 %s, -1 %s\n", name(e3), name(em1));
	for (int t = 0; t < 3; t++) {
		pthread_mutexattr_settype(&a, t);
		pthread_mutexattr_gettype(&a, &type);
		printf("settype %d gives %d\n", t, type);
	}

	init(PTHREAD_MUTEX_RECURSIVE);
	printf("recursive: unlock unlocked %s\n", name(pthread_mutex_unlock(&m)));
	int ok = 0;
	for (int i = 0; i < 1000; i++)
		ok += pthread_mutex_lock(&m) == 0;
	int tl = pthread_mutex_trylock(&m);
	printf("recursive: 1000 locks %d ok, trylock %s\n", ok, name(tl));
	struct timespec past = { 0, 0 };
	printf("recursive: timedlock by holder %s\n", name(pthread_mutex_timedlock(&m, &past)));
	from_other("recursive");
	ok = 0;
	for (int i = 0; i < 1002; i++)
		ok += pthread_mutex_unlock(&m) == 0;
	int more = pthread_mutex_unlock(&m);
	printf("recursive: %d unlocks ok, one more %s\n", ok, name(more));
	fails += ok != 1002;
	printf("recursive: lock again %s\n", name(pthread_mutex_lock(&m)));
	pthread_mutex_unlock(&m);
	pthread_mutex_destroy(&m);

	init(PTHREAD_MUTEX_ERRORCHECK);
	printf("errorcheck: unlock unlocked %s\n", name(pthread_mutex_unlock(&m)));
	int lock = pthread_mutex_lock(&m);
	int relock = pthread_mutex_lock(&m);
	tl = pthread_mutex_trylock(&m);
	int timed = pthread_mutex_timedlock(&m, &past);
	printf("errorcheck: lock %s, relock %s, trylock %s, timedlock %s\n", name(lock), name(relock), name(tl),
	       name(timed));
	from_other("errorcheck");
	int unlock = pthread_mutex_unlock(&m);
	int again = pthread_mutex_unlock(&m);
	printf("errorcheck: unlock %s, again %s\n", name(unlock), name(again));
	pthread_mutex_destroy(&m);

	init(PTHREAD_MUTEX_NORMAL);
	lock = pthread_mutex_lock(&m);
	tl = pthread_mutex_trylock(&m);
	printf("normal: lock %s, trylock %s\n", name(lock), name(tl));
	pthread_mutex_unlock(&m);
	struct timespec bad = { 0, 1000000000 };
	printf("normal: uncontended timedlock with bad deadline %s\n", name(pthread_mutex_timedlock(&m, &bad)));
	pthread_mutex_unlock(&m);
	printf("normal: destroy %s\n", name(pthread_mutex_destroy(&m)));
	return fails;
}

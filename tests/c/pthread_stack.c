/* Stack attributes are honoured: a thread asked for 1 MiB uses 900 KiB of
 * locals (touching every page); pthread_getattr_np reports a stack at least
 * as large as asked, containing the thread's locals, and a guard at least
 * as large as asked; a caller-supplied stack (pthread_attr_setstack) is the
 * one the thread runs on; PTHREAD_STACK_MIN and guard sizes 0 and 64 KiB
 * work. The main thread's reported stack contains its locals. */
#define _GNU_SOURCE
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#define BIG (1024 * 1024)
#define USE (900 * 1024)

static long touch(size_t n)
{
	volatile char buf[USE];
	long sum = 0;
	for (size_t i = 0; i < n; i += 512)
		buf[i] = (char)(i >> 9);
	for (size_t i = 0; i < n; i += 512)
		sum += buf[i];
	return sum;
}

struct seen {
	size_t want_stack, want_guard;
	int size_ok, inside, guard_ok;
};

static void *inspect(void *arg)
{
	struct seen *s = arg;
	pthread_attr_t a;
	void *addr = 0;
	size_t size = 0, guard = 0;
	int local;
	if (pthread_getattr_np(pthread_self(), &a) == 0) {
		pthread_attr_getstack(&a, &addr, &size);
		pthread_attr_getguardsize(&a, &guard);
		pthread_attr_destroy(&a);
	}
	s->size_ok = size >= s->want_stack;
	s->inside = (uintptr_t)&local >= (uintptr_t)addr && (uintptr_t)&local < (uintptr_t)addr + size;
	s->guard_ok = guard >= s->want_guard;
	return 0;
}

static void *big(void *arg)
{
	(void)arg;
	return (void *)touch(USE);
}

static char user_stack[256 * 1024] __attribute__((aligned(16)));

static void *on_user_stack(void *arg)
{
	(void)arg;
	int local;
	uintptr_t p = (uintptr_t)&local;
	return (void *)(long)(p >= (uintptr_t)user_stack && p < (uintptr_t)user_stack + sizeof user_stack);
}

static int run(size_t stack, size_t guard, const char *name)
{
	pthread_attr_t a;
	pthread_t t;
	struct seen s = { stack, guard, 0, 0, 0 };
	pthread_attr_init(&a);
	pthread_attr_setstacksize(&a, stack);
	pthread_attr_setguardsize(&a, guard);
	int r = pthread_create(&t, &a, inspect, &s);
	if (r == 0)
		pthread_join(t, 0);
	pthread_attr_destroy(&a);
	printf("%s: create %d, stack size ok %s, locals inside %s, guard ok %s\n", name, r, s.size_ok ? "yes" : "no",
	       s.inside ? "yes" : "no", s.guard_ok ? "yes" : "no");
	return r || !s.size_ok || !s.inside || !s.guard_ok;
}

int main(void)
{
	int fails = 0;
	pthread_attr_t a;
	pthread_t t;
	void *r;
	pthread_attr_init(&a);
	printf("setstacksize 1 MiB %d\n", pthread_attr_setstacksize(&a, BIG));
	size_t got = 0;
	pthread_attr_getstacksize(&a, &got);
	printf("getstacksize %zu\n", got);
	pthread_create(&t, &a, big, 0);
	pthread_join(t, &r);
	printf("900 KiB of locals: sum %ld\n", (long)r);
	fails += (long)r != touch(USE);
	pthread_attr_destroy(&a);

	fails += run(BIG, 4096, "1 MiB");
	fails += run(PTHREAD_STACK_MIN, 4096, "PTHREAD_STACK_MIN");
	fails += run(100000, 0, "100000, no guard");
	fails += run(200 * 1024, 64 * 1024, "200 KiB, 64 KiB guard");
	fails += run(64 * 1024, 1, "64 KiB, guard 1");

	pthread_attr_init(&a);
	printf("setstack %d\n", pthread_attr_setstack(&a, user_stack, sizeof user_stack));
	void *addr;
	size_t size;
	pthread_attr_getstack(&a, &addr, &size);
	printf("getstack same %s\n", addr == user_stack && size == sizeof user_stack ? "yes" : "no");
	pthread_create(&t, &a, on_user_stack, 0);
	pthread_join(t, &r);
	printf("ran on the supplied stack %s\n", r ? "yes" : "no");
	fails += !r;
	/* The stack can be used again once the thread has been joined. */
	pthread_create(&t, &a, on_user_stack, 0);
	pthread_join(t, &r);
	printf("ran on it again %s\n", r ? "yes" : "no");
	fails += !r;
	pthread_attr_destroy(&a);

	struct seen s = { 0, 0, 0, 0, 0 };
	inspect(&s);
	printf("main thread: locals inside its reported stack %s\n", s.inside ? "yes" : "no");
	fails += !s.inside;
	return fails;
}

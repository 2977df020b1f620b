/* pthread_exit's value reaches the joiner, from the start routine and from
 * deep inside nested calls; the code after pthread_exit never runs; a
 * start routine's return value is the same as pthread_exit of it. */
#include <pthread.h>
#include <stdio.h>

static int after_exit;

static void deep(int n, long v)
{
	if (n == 0)
		pthread_exit((void *)v);
	deep(n - 1, v + 1);
	after_exit++;
}

static void *nested(void *arg)
{
	deep(20, (long)arg);
	after_exit++;
	return (void *)-1;
}

static void *direct(void *arg)
{
	pthread_exit(arg);
}

static void *returns(void *arg)
{
	return (char *)arg + 1;
}

static void *null_exit(void *arg)
{
	(void)arg;
	pthread_exit(0);
}

int main(void)
{
	static int object = 5;
	pthread_t t;
	void *r;
	pthread_create(&t, 0, nested, (void *)100L);
	pthread_join(t, &r);
	printf("nested exit value %ld\n", (long)r);
	pthread_create(&t, 0, direct, &object);
	pthread_join(t, &r);
	printf("direct exit pointer right %s, points at %d\n", r == &object ? "yes" : "no", *(int *)r);
	pthread_create(&t, 0, returns, (void *)41L);
	pthread_join(t, &r);
	printf("returned value %ld\n", (long)r);
	r = (void *)1;
	pthread_create(&t, 0, null_exit, 0);
	pthread_join(t, &r);
	printf("null exit value %s\n", r ? "non-null" : "null");
	printf("code after pthread_exit ran %d times\n", after_exit);
	return after_exit;
}

/* Thread attribute calls and their errors, as musl gives them: stack sizes
 * below PTHREAD_STACK_MIN or absurdly large are EINVAL, and so are guard
 * sizes above SIZE_MAX/8 and unknown detach states; setstacksize forgets a
 * stack given by setstack; getstack without one is EINVAL. */
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

static char stack[65536];

int main(void)
{
	pthread_attr_t a;
	size_t s = 0;
	void *p = 0;
	int st = -1;
	printf("init %d\n", pthread_attr_init(&a));
	pthread_attr_getdetachstate(&a, &st);
	printf("default detach state joinable %s\n", st == PTHREAD_CREATE_JOINABLE ? "yes" : "no");
	pthread_attr_getstacksize(&a, &s);
	printf("default stack size at least PTHREAD_STACK_MIN %s\n", s >= PTHREAD_STACK_MIN ? "yes" : "no");
	printf("getstack without a stack %d\n", pthread_attr_getstack(&a, &p, &s));
	printf("setstacksize 0 %d\n", pthread_attr_setstacksize(&a, 0));
	printf("setstacksize PTHREAD_STACK_MIN-1 %d\n", pthread_attr_setstacksize(&a, PTHREAD_STACK_MIN - 1));
	printf("setstacksize PTHREAD_STACK_MIN %d\n", pthread_attr_setstacksize(&a, PTHREAD_STACK_MIN));
	printf("setstacksize SIZE_MAX %d\n", pthread_attr_setstacksize(&a, SIZE_MAX));
	printf("setstacksize SIZE_MAX/4 %d\n", pthread_attr_setstacksize(&a, SIZE_MAX / 4));
	pthread_attr_getstacksize(&a, &s);
	printf("getstacksize is SIZE_MAX/4 %s\n", s == SIZE_MAX / 4 ? "yes" : "no");
	printf("setguardsize SIZE_MAX %d\n", pthread_attr_setguardsize(&a, SIZE_MAX));
	printf("setguardsize SIZE_MAX/8 %d\n", pthread_attr_setguardsize(&a, SIZE_MAX / 8));
	printf("setguardsize 0 %d\n", pthread_attr_setguardsize(&a, 0));
	printf("setguardsize 1 %d\n", pthread_attr_setguardsize(&a, 1));
	pthread_attr_getguardsize(&a, &s);
	printf("getguardsize %zu\n", s);
	printf("setdetachstate 2 %d\n", pthread_attr_setdetachstate(&a, 2));
	printf("setdetachstate -1 %d\n", pthread_attr_setdetachstate(&a, -1));
	printf("setdetachstate detached %d\n", pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED));
	pthread_attr_getdetachstate(&a, &st);
	printf("getdetachstate %d\n", st);
	printf("setstack 100 bytes %d\n", pthread_attr_setstack(&a, stack, 100));
	printf("setstack %d\n", pthread_attr_setstack(&a, stack, sizeof stack));
	int r = pthread_attr_getstack(&a, &p, &s);
	printf("getstack %d, same %s\n", r, p == stack && s == sizeof stack ? "yes" : "no");
	pthread_attr_getstacksize(&a, &s);
	printf("getstacksize after setstack %zu\n", s);
	pthread_attr_setstacksize(&a, 100000);
	printf("getstack after setstacksize %d\n", pthread_attr_getstack(&a, &p, &s));
	pthread_attr_getstacksize(&a, &s);
	printf("getstacksize %zu\n", s);
	printf("destroy %d\n", pthread_attr_destroy(&a));
	return 0;
}

/* Scheduling attributes, explicit scheduling at creation, the <sched.h> process calls, the
 * default attributes, and the priority-ceiling calls: each result and errno as musl gives. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void *report(void *arg)
{
	int policy;
	struct sched_param p;
	pthread_getschedparam(pthread_self(), &policy, &p);
	*(int *)arg = policy * 1000 + p.sched_priority;
	return 0;
}

static int run(pthread_attr_t *a, int *out)
{
	pthread_t t;
	*out = -1;
	int r = pthread_create(&t, a, report, out);
	if (r == 0)
		pthread_join(t, 0);
	return r;
}

int main(void)
{
	alarm(10);
	pthread_attr_t a;
	int v, out, r;
	struct sched_param p;
	pthread_attr_init(&a);
	pthread_attr_getinheritsched(&a, &v);
	printf("inherit default %d\n", v == PTHREAD_INHERIT_SCHED);
	printf("bad inherit %d\n", pthread_attr_setinheritsched(&a, 5) == EINVAL);
	pthread_attr_getscope(&a, &v);
	printf("scope system %d; process %d; bad %d\n", v == PTHREAD_SCOPE_SYSTEM,
	       pthread_attr_setscope(&a, PTHREAD_SCOPE_PROCESS) == ENOTSUP, pthread_attr_setscope(&a, 9) == EINVAL);
	pthread_attr_getschedpolicy(&a, &v);
	pthread_attr_getschedparam(&a, &p);
	printf("policy %d prio %d\n", v, p.sched_priority);

	pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED);
	pthread_attr_setschedpolicy(&a, SCHED_IDLE);
	p.sched_priority = 0;
	pthread_attr_setschedparam(&a, &p);
	r = run(&a, &out);
	printf("explicit idle: create %d, thread saw %d\n", r, out);
	pthread_attr_setschedpolicy(&a, SCHED_BATCH);
	r = run(&a, &out);
	printf("explicit batch: create %d, thread saw %d\n", r, out);
	pthread_attr_setschedpolicy(&a, SCHED_FIFO);
	p.sched_priority = 500;
	pthread_attr_setschedparam(&a, &p);
	printf("explicit fifo 500: create EINVAL %d\n", run(&a, &out) == EINVAL);
	pthread_attr_setschedpolicy(&a, 77);
	p.sched_priority = 0;
	pthread_attr_setschedparam(&a, &p);
	printf("explicit policy 77: create EINVAL %d\n", run(&a, &out) == EINVAL);
	pthread_attr_setinheritsched(&a, PTHREAD_INHERIT_SCHED);
	r = run(&a, &out);
	printf("inherit: create %d, thread saw %d\n", r, out);
	pthread_attr_destroy(&a);

	printf("fifo range %d..%d, other %d..%d\n", sched_get_priority_min(SCHED_FIFO), sched_get_priority_max(SCHED_FIFO),
	       sched_get_priority_min(SCHED_OTHER), sched_get_priority_max(SCHED_OTHER));
	errno = 0;
	r = sched_get_priority_max(99);
	printf("bad policy %d errno EINVAL %d\n", r, errno == EINVAL);
	struct timespec ts = { -1, -1 };
	r = sched_rr_get_interval(0, &ts);
	printf("rr interval %d, sane %d\n", r, ts.tv_sec >= 0 && ts.tv_nsec >= 0);
	errno = 0;
	int r1 = sched_getscheduler(0), e1 = errno;
	errno = 0;
	int r2 = sched_setscheduler(0, SCHED_OTHER, &p), e2 = errno;
	errno = 0;
	int r3 = sched_getparam(0, &p), e3 = errno;
	errno = 0;
	int r4 = sched_setparam(0, &p), e4 = errno;
	printf("per-process calls: %d %d %d %d, ENOSYS %d %d %d %d\n", r1, r2, r3, r4, e1 == ENOSYS, e2 == ENOSYS,
	       e3 == ENOSYS, e4 == ENOSYS);

	pthread_attr_t d;
	size_t ss, gs;
	pthread_getattr_default_np(&d);
	pthread_attr_getguardsize(&d, &gs);
	printf("default guard at least a page %d\n", gs >= (size_t)sysconf(_SC_PAGESIZE));
	pthread_attr_setdetachstate(&d, PTHREAD_CREATE_DETACHED);
	printf("set default with detached: EINVAL %d\n", pthread_setattr_default_np(&d) == EINVAL);
	pthread_attr_setdetachstate(&d, PTHREAD_CREATE_JOINABLE);
	pthread_attr_setstacksize(&d, 4 << 20);
	pthread_attr_setguardsize(&d, 16384);
	printf("set default 4 MiB: %d\n", pthread_setattr_default_np(&d));
	pthread_attr_t e;
	pthread_getattr_default_np(&e);
	pthread_attr_getstacksize(&e, &ss);
	pthread_attr_getguardsize(&e, &gs);
	printf("default now %zu MiB, guard %zu\n", ss >> 20, gs);

	pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
	int old;
	printf("prioceiling get EINVAL %d, set EINVAL %d\n", pthread_mutex_getprioceiling(&m, &old) == EINVAL,
	       pthread_mutex_setprioceiling(&m, 1, &old) == EINVAL);
	return 0;
}

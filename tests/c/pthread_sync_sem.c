/* Semaphores: a producer/consumer ring guarded by two counting semaphores
 * (2 producers, 2 consumers, 200000 items, every item consumed once), then
 * the error paths (trywait EAGAIN, timedwait ETIMEDOUT and EINVAL, post at
 * SEM_VALUE_MAX EOVERFLOW, init above it EINVAL), a process-shared unnamed
 * semaphore in shared memory, and named semaphores: O_CREAT/O_EXCL, the same
 * address for a second open, close counting, unlink, and a parent and child
 * handing turns back and forth through two named semaphores after fork. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define SLOTS 16
#define ITEMS 100000 /* per producer */

static sem_t free_slots, full_slots;
static pthread_mutex_t ring_lock = PTHREAD_MUTEX_INITIALIZER;
static int ring[SLOTS], head, tail;
static long long consumed_sum;
static int seen[2 * ITEMS];

static void *producer(void *arg)
{
	int base = (int)(long)arg;
	for (int i = 0; i < ITEMS; i++) {
		sem_wait(&free_slots);
		pthread_mutex_lock(&ring_lock);
		ring[head] = base + i;
		head = (head + 1) % SLOTS;
		pthread_mutex_unlock(&ring_lock);
		sem_post(&full_slots);
	}
	return 0;
}

static void *consumer(void *arg)
{
	(void)arg;
	for (int i = 0; i < ITEMS; i++) {
		sem_wait(&full_slots);
		pthread_mutex_lock(&ring_lock);
		int v = ring[tail];
		tail = (tail + 1) % SLOTS;
		seen[v]++;
		consumed_sum += v;
		pthread_mutex_unlock(&ring_lock);
		sem_post(&free_slots);
	}
	return 0;
}

static void in_ms(struct timespec *at, int ms)
{
	clock_gettime(CLOCK_REALTIME, at);
	at->tv_nsec += ms * 1000000L;
	while (at->tv_nsec >= 1000000000) {
		at->tv_sec++;
		at->tv_nsec -= 1000000000;
	}
}

static void opened(const char *what, sem_t *r)
{
	printf("%s: %s errno %d\n", what, r == SEM_FAILED ? "failed" : "ok", r == SEM_FAILED ? errno : 0);
}

static void say(const char *what, int r)
{
	printf("%s: %d errno %d\n", what, r, r ? errno : 0);
}

int main(void)
{
	pthread_t t[4];
	int v;
	alarm(15);
	sem_init(&free_slots, 0, SLOTS);
	sem_init(&full_slots, 0, 0);
	pthread_create(&t[0], 0, producer, (void *)0L);
	pthread_create(&t[1], 0, producer, (void *)(long)ITEMS);
	pthread_create(&t[2], 0, consumer, 0);
	pthread_create(&t[3], 0, consumer, 0);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], 0);
	int missing = 0;
	for (int i = 0; i < 2 * ITEMS; i++)
		missing += seen[i] != 1;
	sem_getvalue(&free_slots, &v);
	printf("consumed sum %lld missing %d free %d\n", consumed_sum, missing, v);
	sem_getvalue(&full_slots, &v);
	printf("full %d\n", v);

	sem_t s;
	struct timespec at, bad = {0, 1000000000};
	sem_init(&s, 0, 0);
	say("trywait on 0", sem_trywait(&s));
	in_ms(&at, 30);
	say("timedwait 30ms", sem_timedwait(&s, &at));
	say("timedwait bad timespec", sem_timedwait(&s, &bad));
	sem_post(&s);
	say("timedwait bad timespec with a unit", sem_timedwait(&s, &bad));
	say("init SEM_VALUE_MAX", sem_init(&s, 0, SEM_VALUE_MAX));
	say("post at SEM_VALUE_MAX", sem_post(&s));
	say("init above SEM_VALUE_MAX", sem_init(&s, 0, (unsigned)SEM_VALUE_MAX + 1));
	say("destroy", sem_destroy(&s));

	/* Unnamed, process-shared: the child posts 3 times. */
	sem_t *ps = mmap(0, sizeof *ps, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	sem_init(ps, 1, 0);
	pid_t pid = fork();
	if (pid == 0) {
		for (int i = 0; i < 3; i++) {
			usleep(2000);
			sem_post(ps);
		}
		_exit(0);
	}
	int got = 0;
	for (int i = 0; i < 3; i++)
		got += sem_wait(ps) == 0;
	waitpid(pid, 0, 0);
	printf("shared unnamed: got %d\n", got);

	/* Named. */
	char n1[64], n2[64];
	snprintf(n1, sizeof n1, "/limpet-sync-%d-a", (int)getpid());
	snprintf(n2, sizeof n2, "limpet-sync-%d-b", (int)getpid());
	sem_unlink(n1);
	sem_unlink(n2);
	opened("open missing", sem_open(n1, 0));
	sem_t *a = sem_open(n1, O_CREAT | O_EXCL, 0600, 0);
	printf("create: %s\n", a == SEM_FAILED ? "failed" : "ok");
	opened("create again exclusive", sem_open(n1, O_CREAT | O_EXCL, 0600, 0));
	sem_t *a2 = sem_open(n1, O_CREAT, 0600, 9);
	printf("second open same address: %s\n", a2 == a ? "yes" : "no");
	sem_getvalue(a2, &v);
	printf("value kept: %d\n", v);
	opened("bad name", sem_open("/a/b", O_CREAT, 0600, 0));
	opened("empty name", sem_open("/", O_CREAT, 0600, 0));
	opened("value too big", sem_open(n2, O_CREAT, 0600, (unsigned)SEM_VALUE_MAX + 1));
	sem_t *b = sem_open(n2, O_CREAT, 0600, 1);
	printf("create b: %s\n", b == SEM_FAILED ? "failed" : "ok");
	printf("close one of two: %d\n", sem_close(a2));

	/* Ping-pong across fork: the child waits on a and posts b, 1000 times. */
	pid = fork();
	if (pid == 0) {
		sem_t *ca = sem_open(n1, 0);
		sem_t *cb = sem_open(n2, 0);
		int ok = ca == a && cb == b;
		for (int i = 0; i < 1000; i++) {
			ok &= sem_wait(ca) == 0;
			ok &= sem_post(cb) == 0;
		}
		_exit(ok ? 0 : 1);
	}
	int turns = 0;
	for (int i = 0; i < 1000; i++) {
		turns += sem_wait(b) == 0;
		sem_post(a);
	}
	int status;
	waitpid(pid, &status, 0);
	sem_getvalue(b, &v);
	printf("ping-pong turns %d child ok %d b left %d\n", turns, WEXITSTATUS(status) == 0, v);
	say("close a", sem_close(a));
	say("close b", sem_close(b));
	say("unlink a", sem_unlink(n1));
	say("unlink b", sem_unlink(n2));
	say("unlink again", sem_unlink(n1));
	opened("reopen after unlink", sem_open(n1, 0));
	return missing != 0;
}

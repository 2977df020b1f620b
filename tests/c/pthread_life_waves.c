/* Creation and joining under load: 2000 threads in waves of 50, every fourth one detached,
 * with three stack sizes (so the stack cache sees mappings of several shapes, and both a
 * joiner and a detached thread hand theirs back). Every thread checks that its __thread
 * variable starts at its initial value and that its stack is usable, whether the mapping
 * is fresh or reused. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define TOTAL 2000
#define WAVE 50

static __thread int tls_value = 42;
static __thread char tls_zero[64];
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int detached_done, bad;

static void *work(void *arg)
{
	long i = (long)arg;
	int ok = tls_value == 42;
	for (int k = 0; k < 64; k++)
		ok &= tls_zero[k] == 0;
	tls_value = (int)i;
	memset(tls_zero, 0x5a, sizeof tls_zero);
	volatile char buf[8192];
	memset((char *)buf, (int)i, sizeof buf);
	ok &= buf[100] == (char)i;
	if (i % 4 == 3) {
		pthread_mutex_lock(&m);
		bad += !ok;
		detached_done++;
		pthread_cond_signal(&cv);
		pthread_mutex_unlock(&m);
		return 0;
	}
	return ok ? arg : (void *)-1L;
}

int main(void)
{
	alarm(15);
	size_t sizes[3] = {0, 65536, 256 * 1024};
	pthread_attr_t attr[3][2];
	for (int s = 0; s < 3; s++)
		for (int d = 0; d < 2; d++) {
			pthread_attr_init(&attr[s][d]);
			if (sizes[s])
				pthread_attr_setstacksize(&attr[s][d], sizes[s]);
			pthread_attr_setdetachstate(&attr[s][d], d ? PTHREAD_CREATE_DETACHED : PTHREAD_CREATE_JOINABLE);
		}
	int created = 0, joined = 0, detached = 0, wrong = 0;
	for (long base = 0; base < TOTAL; base += WAVE) {
		pthread_t t[WAVE];
		for (long j = 0; j < WAVE; j++) {
			long i = base + j;
			int det = i % 4 == 3;
			if (pthread_create(&t[j], &attr[i % 3][det], work, (void *)i)) {
				printf("create %ld failed\n", i);
				return 1;
			}
			created++;
			detached += det;
		}
		for (long j = 0; j < WAVE; j++) {
			long i = base + j;
			if (i % 4 == 3)
				continue;
			void *r;
			if (pthread_join(t[j], &r))
				return 1;
			joined++;
			wrong += r != (void *)i;
		}
	}
	pthread_mutex_lock(&m);
	while (detached_done < detached)
		pthread_cond_wait(&cv, &m);
	pthread_mutex_unlock(&m);
	/* Let the last detached threads finish leaving. */
	usleep(50000);
	printf("created %d joined %d detached %d wrong %d bad %d main tls %d\n", created, joined, detached_done, wrong, bad, tls_value);
	return wrong || bad;
}

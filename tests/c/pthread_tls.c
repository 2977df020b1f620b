/* __thread variables per thread, in the program (local-exec access) and in
 * a DT_NEEDED library (general-dynamic access through __tls_get_addr, and
 * initial-exec access from the program): each new thread starts from the
 * initial images, not from main's current values; writes stay in their
 * thread; alignment holds in every thread; addresses differ per thread. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

extern __thread int lib_counter;
extern __thread char lib_name[16];
int lib_bump(void);
int *lib_counter_addr(void);
const char *lib_name_get(void);
int lib_aligned_ok(void);

__thread int prog_int = 11;
__thread char prog_str[12] = "prog-tls";
__thread long prog_bss;
__thread double prog_aligned __attribute__((aligned(64))) = 2.5;

#define THREADS 8

static struct report {
	int fresh, mine, aligned;
	int *counter_addr, *int_addr;
} rep[THREADS];

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int ready;

static void *work(void *arg)
{
	long i = (long)arg;
	struct report *r = &rep[i];
	r->fresh = prog_int == 11 && prog_bss == 0 && strcmp(prog_str, "prog-tls") == 0 && prog_aligned == 2.5 &&
		   lib_counter == 100 && strcmp(lib_name_get(), "lib-tls") == 0 && strcmp(lib_name, "lib-tls") == 0;
	r->aligned = (uintptr_t)&prog_aligned % 64 == 0 && lib_aligned_ok();
	r->counter_addr = lib_counter_addr();
	r->int_addr = &prog_int;
	/* Write distinct values, wait until every thread has written, then check. */
	prog_int = (int)i;
	prog_bss = i * 1000;
	snprintf(prog_str, sizeof prog_str, "t%ld", i);
	for (long k = 0; k < i; k++)
		lib_bump();
	pthread_mutex_lock(&m);
	ready++;
	pthread_cond_broadcast(&c);
	while (ready < THREADS)
		pthread_cond_wait(&c, &m);
	pthread_mutex_unlock(&m);
	char want[12];
	snprintf(want, sizeof want, "t%ld", i);
	r->mine = prog_int == i && prog_bss == i * 1000 && strcmp(prog_str, want) == 0 && lib_counter == 100 + i &&
		  *lib_counter_addr() == 100 + i;
	return 0;
}

int main(void)
{
	/* Main changes its own copies first: new threads must not inherit them. */
	prog_int = -1;
	prog_bss = -1;
	strcpy(prog_str, "main");
	lib_counter = -5;
	strcpy(lib_name, "main-lib");
	pthread_t t[THREADS];
	for (long i = 0; i < THREADS; i++)
		pthread_create(&t[i], 0, work, (void *)i);
	for (int i = 0; i < THREADS; i++)
		pthread_join(t[i], 0);
	int fresh = 0, mine = 0, aligned = 0, distinct = 1;
	for (int i = 0; i < THREADS; i++) {
		fresh += rep[i].fresh;
		mine += rep[i].mine;
		aligned += rep[i].aligned;
		distinct &= rep[i].counter_addr != &lib_counter && rep[i].int_addr != &prog_int;
		for (int j = 0; j < i; j++)
			distinct &= rep[i].counter_addr != rep[j].counter_addr && rep[i].int_addr != rep[j].int_addr;
	}
	printf("threads starting from the initial images %d\n", fresh);
	printf("threads keeping their own writes %d\n", mine);
	printf("threads with aligned tls %d\n", aligned);
	printf("addresses distinct %s\n", distinct ? "yes" : "no");
	printf("main keeps %d %ld %s %d %s\n", prog_int, prog_bss, prog_str, lib_counter, lib_name_get());
	return fresh != THREADS || mine != THREADS || aligned != THREADS || !distinct;
}

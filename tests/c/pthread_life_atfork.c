/* pthread_atfork: prepare handlers run last registered first, parent and child handlers in
 * registration order, null handlers are skipped; many registrations (past any fixed table)
 * all run; handlers registered from a thread run for a fork in another. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char log_buf[256];
static int log_len;
static int counted;

static void put(char c)
{
	if (log_len < (int)sizeof log_buf - 1)
		log_buf[log_len++] = c;
}

static void prep_a(void) { put('A'); }
static void prep_b(void) { put('B'); }
static void prep_c(void) { put('C'); }
static void par_a(void) { put('a'); }
static void par_b(void) { put('b'); }
static void chi_a(void) { put('1'); }
static void chi_c(void) { put('3'); }
static void count(void) { counted++; }

static void *registrar(void *arg)
{
	(void)arg;
	return (void *)(long)pthread_atfork(prep_c, 0, chi_c);
}

int main(void)
{
	alarm(10);
	int r = pthread_atfork(prep_a, par_a, chi_a);
	r |= pthread_atfork(prep_b, par_b, 0);
	pthread_t t;
	void *res;
	if (pthread_create(&t, 0, registrar, 0) || pthread_join(t, &res))
		return 1;
	r |= (int)(long)res;
	r |= pthread_atfork(0, 0, 0);
	for (int i = 0; i < 100; i++)
		r |= pthread_atfork(0, count, count);
	printf("register %d\n", r);
	fflush(stdout);

	pid_t pid = fork();
	if (pid < 0)
		return 1;
	if (pid == 0) {
		alarm(5);
		log_buf[log_len] = 0;
		printf("child log %s counted %d\n", log_buf, counted);
		fflush(stdout);
		_exit(0);
	}
	int st;
	waitpid(pid, &st, 0);
	log_buf[log_len] = 0;
	printf("parent log %s counted %d child status %d\n", log_buf, counted, WEXITSTATUS(st));

	/* A second fork runs them all again. */
	log_len = 0;
	counted = 0;
	pid = fork();
	if (pid == 0)
		_exit(log_len * 10 + (counted == 100));
	waitpid(pid, &st, 0);
	printf("second fork: child status %d parent log %.*s counted %d\n", WEXITSTATUS(st), log_len, log_buf, counted);
	return 0;
}

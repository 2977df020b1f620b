/* fork while another thread keeps calling setlocale and newlocale (which take the locale
 * lock and allocate names): each child must find the lock free and the global locale whole,
 * set and query its locale, and exit; the child also keeps the forking thread's uselocale
 * locale. Prints only what is deterministic: counts and the children's answers. */
#define _GNU_SOURCE
#include <langinfo.h>
#include <locale.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile int stop;

static void *churn(void *arg) {
	(void)arg;
	char name[32];
	unsigned i = 0;
	while (!stop) {
		snprintf(name, sizeof name, "xx_%u", i++ % 64);
		setlocale(LC_TIME, name);
		locale_t l = newlocale(LC_ALL_MASK, name, 0);
		freelocale(l);
	}
	return 0;
}

int main(void) {
	alarm(15);
	locale_t u = newlocale(LC_ALL_MASK, "C.UTF-8", 0);
	uselocale(u);
	pthread_t t;
	pthread_create(&t, 0, churn, 0);
	int good = 0, bad = 0;
	for (int i = 0; i < 200; i++) {
		pid_t p = fork();
		if (p == 0) {
			alarm(5); /* not inherited: a child stuck on the lock must not linger */
			int ok = MB_CUR_MAX == 4 && uselocale(0) == u;
			const char *r = setlocale(LC_ALL, "de_DE.UTF-8");
			ok = ok && r && !strcmp(r, "de_DE.UTF-8") && !strcmp(setlocale(LC_TIME, NULL), "de_DE.UTF-8");
			locale_t l = newlocale(LC_CTYPE_MASK, "C", 0);
			ok = ok && l && !strcmp(nl_langinfo_l(CODESET, l), "ASCII");
			_exit(ok ? 0 : 1);
		}
		int st;
		waitpid(p, &st, 0);
		if (WIFEXITED(st) && WEXITSTATUS(st) == 0) good++;
		else bad++;
	}
	stop = 1;
	pthread_join(t, 0);
	printf("children good %d bad %d; parent mb %zu time %s\n", good, bad, MB_CUR_MAX,
	       strncmp(setlocale(LC_TIME, NULL), "xx_", 3) == 0 ? "xx_*" : "?");
	return 0;
}

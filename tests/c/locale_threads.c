/* uselocale is per thread: a new thread starts in the global locale whatever its creator
 * uses, its own uselocale leaves other threads alone, setlocale reaches every thread on the
 * global locale, and threads converting at once in different locales each get their own
 * locale's results (MB_CUR_MAX, CODESET, mbrtowc, wcrtomb, btowc). */
#define _GNU_SOURCE
#include <langinfo.h>
#include <locale.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

static locale_t utf8, cloc;
static pthread_barrier_t bar;

static void *probe(void *arg) {
	static char out[2][200];
	char *o = out[(long)arg];
	int n = sprintf(o, "thread %ld: global %d mb %zu %s", (long)arg, uselocale(0) == LC_GLOBAL_LOCALE, MB_CUR_MAX,
	                nl_langinfo(CODESET));
	uselocale((long)arg ? cloc : utf8);
	sprintf(o + n, " | own mb %zu %s", MB_CUR_MAX, nl_langinfo(CODESET));
	return o;
}

static void *worker(void *arg) {
	long id = (long)arg;
	int use_utf8 = id & 1;
	uselocale(use_utf8 ? utf8 : cloc);
	pthread_barrier_wait(&bar);
	long bad = 0;
	for (int i = 0; i < 20000; i++) {
		wchar_t wc;
		mbstate_t st;
		memset(&st, 0, sizeof st);
		size_t r = mbrtowc(&wc, "\xe2\x82\xac", 3, &st);
		char buf[4];
		size_t w = wcrtomb(buf, 0x20ac, 0);
		if (use_utf8) {
			if (r != 3 || wc != 0x20ac || w != 3 || MB_CUR_MAX != 4 || btowc(0xe2) != WEOF) bad++;
		} else {
			if (r != 1 || wc != 0xdfe2 || w != (size_t)-1 || MB_CUR_MAX != 1 || btowc(0xe2) != 0xdfe2) bad++;
		}
	}
	return (void *)bad;
}

int main(void) {
	alarm(15);
	utf8 = newlocale(LC_ALL_MASK, "C.UTF-8", 0);
	cloc = newlocale(LC_ALL_MASK, "C", 0);
	uselocale(utf8);
	printf("main: mb %zu %s\n", MB_CUR_MAX, nl_langinfo(CODESET));
	pthread_t t;
	void *res;
	pthread_create(&t, 0, probe, (void *)0);
	pthread_join(t, &res);
	printf("%s\n", (char *)res);
	printf("main after: mb %zu, still utf8 %d\n", MB_CUR_MAX, uselocale(0) == utf8);

	uselocale(LC_GLOBAL_LOCALE);
	setlocale(LC_ALL, "en_US.UTF-8");
	pthread_create(&t, 0, probe, (void *)1);
	pthread_join(t, &res);
	printf("%s\n", (char *)res);
	printf("main on global: mb %zu %s\n", MB_CUR_MAX, nl_langinfo(CODESET));
	setlocale(LC_ALL, "C");

	enum { N = 4 };
	pthread_t w[N];
	pthread_barrier_init(&bar, 0, N);
	for (long i = 0; i < N; i++) pthread_create(&w[i], 0, worker, (void *)i);
	for (int i = 0; i < N; i++) {
		pthread_join(w[i], &res);
		printf("worker %d bad %ld\n", i, (long)res);
	}
	printf("main end: mb %zu global %d\n", MB_CUR_MAX, uselocale(0) == LC_GLOBAL_LOCALE);
	return 0;
}

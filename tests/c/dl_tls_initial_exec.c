/* A dlopen'd library that uses the initial-exec TLS model (limpet only: musl refuses every
 * such library, so dl_tls_initial_exec.expected holds what a loader with a static TLS
 * reserve prints, as glibc's does; the program returns 0 either way, because the musl
 * reference run's exit status is compared).
 * - A small block fits in the reserve: the library loads after a thread has come and gone,
 *   the main thread and every thread created later see its initial values and their own
 *   copies.
 * - A block larger than the reserve is refused with a dlerror message, and the process
 *   goes on. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static int (*get)(void);
static void (*set)(int);

static void *idle(void *arg) { return arg; }

static void *visit(void *arg)
{
	int before = get();
	set((int)(long)arg);
	return (void *)(long)(before * 100 + get());
}

int main(void)
{
	pthread_t t;
	if (pthread_create(&t, 0, idle, 0) || pthread_join(t, 0))
		return 0;
	void *h = dlopen("./libdl_tls_ie_small.so", RTLD_NOW);
	printf("a small initial-exec library: %s\n", h ? "loaded" : "refused");
	if (h) {
		get = (int (*)(void))dlsym(h, "ie_get");
		set = (void (*)(int))dlsym(h, "ie_set");
		printf("the main thread sees %d\n", get());
		set(3);
		for (long i = 1; i <= 3; i++) {
			void *r = 0;
			if (pthread_create(&t, 0, visit, (void *)i) || pthread_join(t, &r))
				return 0;
			printf("thread %ld saw the initial value and its own copy: %s\n", i, (long)r == 700 + i ? "yes" : "no");
		}
		printf("the main thread's copy is unchanged: %s\n", get() == 3 ? "yes" : "no");
	}
	void *big = dlopen("./libdl_tls_ie_big.so", RTLD_NOW);
	printf("a library whose block exceeds the reserve: %s, with a message: %s\n", big ? "loaded" : "refused",
	       !big && dlerror() ? "yes" : "no");
	return 0;
}

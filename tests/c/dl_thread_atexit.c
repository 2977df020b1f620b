/* __cxa_thread_atexit_impl, what C++ thread_local destructors are registered with (limpet
 * only: musl has none, so the program looks it up with dlsym and says so when it is
 * missing; dl_thread_atexit.expected holds glibc's output, and the program returns 0 either
 * way, as the musl reference run's status is compared). A thread's destructors run when
 * it exits, the last registered first; the main thread's run at exit. A destructor in a
 * dlopen'd library keeps the library loaded through dlclose until it has run, so the
 * thread can still call it. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

extern void *__dso_handle;
static int (*reg)(void (*)(void *), void *, void *);
static char order[16];
static int lib_flag;
static int (*lib_register)(int *);
static pthread_barrier_t step;

static void record(void *tag) { strncat(order, tag, sizeof order - strlen(order) - 1); }
static void at_exit_dtor(void *tag) { printf("the main thread's destructor ran at exit: %s\n", (char *)tag); }

static void *three(void *arg)
{
	(void)arg;
	reg(record, "1", &__dso_handle);
	reg(record, "2", &__dso_handle);
	reg(record, "3", &__dso_handle);
	return 0;
}

static void *with_lib(void *arg)
{
	(void)arg;
	int r = lib_register(&lib_flag);
	pthread_barrier_wait(&step); /* registered */
	pthread_barrier_wait(&step); /* the library was closed */
	return (void *)(long)r;
}

static int mapped(const char *lib)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[512];
	int n = 0;
	while (f && fgets(line, sizeof line, f))
		n += strstr(line, lib) != 0;
	if (f)
		fclose(f);
	return n;
}

int main(void)
{
	reg = (int (*)(void (*)(void *), void *, void *))dlsym(RTLD_DEFAULT, "__cxa_thread_atexit_impl");
	if (!reg) {
		printf("__cxa_thread_atexit_impl: not available\n");
		return 0;
	}
	pthread_t t;
	if (pthread_create(&t, 0, three, 0) || pthread_join(t, 0))
		return 0;
	printf("a thread's destructors ran at its exit in the order %s\n", order);

	void *h = dlopen("./libdl_thread_atexit_dtor.so", RTLD_NOW);
	lib_register = h ? (int (*)(int *))dlsym(h, "lib_register") : 0;
	if (!lib_register)
		return 0;
	pthread_barrier_init(&step, 0, 2);
	void *r = 0;
	if (pthread_create(&t, 0, with_lib, 0))
		return 0;
	pthread_barrier_wait(&step);
	dlclose(h);
	printf("after dlclose, with the destructor pending: library %s, destructor ran %d time(s)\n",
	       mapped("/libdl_thread_atexit_dtor.so") ? "mapped" : "not mapped", lib_flag);
	pthread_barrier_wait(&step);
	pthread_join(t, &r);
	printf("registered: %s; after the thread exited, the destructor ran %d time(s)\n", r == 0 ? "yes" : "no",
	       lib_flag);
	reg(at_exit_dtor, "yes", &__dso_handle);
	printf("main returns\n");
	return 0;
}

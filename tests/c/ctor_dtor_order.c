/* Constructors run before main in priority order (lower first, then the
 * unprioritised ones), destructors run in the reverse order at exit. In
 * musl, all atexit handlers run before any destructor. A plain function
 * pointer placed in .init_array / .fini_array behaves like a constructor /
 * destructor. */
#include <stdio.h>
#include <stdlib.h>

static int step;

static void mark(const char *what)
{
	printf("%d %s\n", ++step, what);
}

__attribute__((constructor(101))) static void c101(void) { mark("ctor 101"); }
__attribute__((constructor(200))) static void c200(void) { mark("ctor 200"); }
__attribute__((constructor)) static void cdef(void) { mark("ctor default"); }
__attribute__((destructor(101))) static void d101(void) { mark("dtor 101"); }
__attribute__((destructor(200))) static void d200(void) { mark("dtor 200"); }
__attribute__((destructor)) static void ddef(void) { mark("dtor default"); }

static void raw_init(void) { mark("raw .init_array entry"); }
static void raw_fini(void) { mark("raw .fini_array entry"); }
__attribute__((used, section(".init_array"))) static void (*raw_init_p)(void) = raw_init;
__attribute__((used, section(".fini_array"))) static void (*raw_fini_p)(void) = raw_fini;

static void ae1(void) { mark("atexit 1"); }
static void ae2(void) { mark("atexit 2"); }

static int ctor_saw;
__attribute__((constructor)) static void reg(void)
{
	ctor_saw = step;
	/* atexit from a constructor is allowed. */
	atexit(ae1);
}

int main(void)
{
	printf("main: %d constructors ran before\n", step);
	printf("main: a constructor saw step %s\n", ctor_saw >= 3 ? ">=3" : "<3");
	atexit(ae2);
	mark("main returns");
	return 0;
}

/* The stack is 16-byte aligned at every call the C library or loader makes
 * into the program: main, constructors, destructors, atexit handlers.
 * A 16-aligned local's address is checked (the compiler assumes the ABI
 * alignment and does not realign). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static int aligned_here(void)
{
	char buf[16] __attribute__((aligned(16)));
	__asm__ volatile("" : : "r"(buf) : "memory");
	return ((uintptr_t)buf & 15) == 0;
}

static void report(const char *where)
{
	printf("%s: %s\n", where, aligned_here() ? "aligned" : "MISALIGNED");
}

/* Each entry point checks its own frame, not just a callee's. */
#define CHECK_SELF(where) do { \
	char self[16] __attribute__((aligned(16))); \
	__asm__ volatile("" : : "r"(self) : "memory"); \
	printf("%s self: %s\n", where, ((uintptr_t)self & 15) ? "MISALIGNED" : "aligned"); \
	report(where); \
} while (0)

__attribute__((constructor)) static void ctor(void) { CHECK_SELF("constructor"); }
__attribute__((destructor)) static void dtor(void) { CHECK_SELF("destructor"); }
static void handler(void) { CHECK_SELF("atexit handler"); }

int main(void)
{
	CHECK_SELF("main");
	atexit(handler);
	return 0;
}

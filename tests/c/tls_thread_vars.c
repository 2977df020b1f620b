/* The program's own __thread variables in the main thread: initial values
 * from .tdata (including a pointer that needs a relocation), zeroed .tbss,
 * alignment, writes that stick, and the x86_64 TLS ABI (variant II: the
 * block sits below the thread pointer, and %fs:0 holds the thread pointer
 * itself). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

__thread int t_int = 42;
__thread long long t_ll = -1234567890123LL;
__thread char t_str[16] = "tls-string";
__thread const char *t_ptr = "pointed-to";
__thread int t_bss;
__thread char t_bss_arr[100];
__thread struct { int a; short b; char c[5]; } t_struct = { 7, -8, "abcd" };
__thread int t_aligned64 __attribute__((aligned(64))) = 64;
__thread int t_bss_aligned32 __attribute__((aligned(32)));
static __thread int t_static = 5;

__attribute__((noinline)) static int *addr_int(void) { return &t_int; }

static void *thread_pointer(void)
{
	void *tp;
	__asm__("mov %%fs:0, %0" : "=r"(tp));
	return tp;
}

int main(void)
{
	int fails = 0;
	printf("t_int %d\n", t_int);
	printf("t_ll %lld\n", t_ll);
	printf("t_str %s\n", t_str);
	printf("t_ptr %s\n", t_ptr);
	printf("t_struct %d %d %s\n", t_struct.a, t_struct.b, t_struct.c);
	printf("t_aligned64 %d\n", t_aligned64);
	printf("t_static %d\n", t_static);

	int nz = t_bss;
	for (size_t i = 0; i < sizeof t_bss_arr; i++)
		nz |= t_bss_arr[i];
	nz |= t_bss_aligned32;
	printf("tbss zero %s\n", nz ? "no" : "yes");
	fails += nz != 0;

	uintptr_t a64 = (uintptr_t)&t_aligned64, a32 = (uintptr_t)&t_bss_aligned32;
	printf("aligned64 %s, aligned32 %s\n", a64 % 64 ? "no" : "yes", a32 % 32 ? "no" : "yes");
	fails += (a64 % 64) != 0;
	fails += (a32 % 32) != 0;

	t_int += 58;
	t_bss = 99;
	strcpy(t_bss_arr, "written");
	t_static *= 3;
	printf("after writes %d %d %s %d\n", t_int, t_bss, t_bss_arr, t_static);
	printf("same address %s\n", addr_int() == &t_int ? "yes" : "no");
	fails += addr_int() != &t_int;

	char *tp = thread_pointer();
	int below = (char *)&t_int < tp && (char *)&t_bss_arr[99] < tp;
	printf("tls below tp %s\n", below ? "yes" : "no");
	void *fs_base = 0;
	syscall(SYS_arch_prctl, 0x1003 /* ARCH_GET_FS */, &fs_base);
	printf("fs:0 is self pointer %s\n", fs_base == tp ? "yes" : "no");
	fails += !below;
	fails += fs_base != tp;
	return fails;
}

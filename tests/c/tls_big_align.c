/* TLS variables with large alignment (256 and 4096 bytes) in .tdata and
 * .tbss: the loader must place the TLS block so that these alignments hold
 * relative to the thread pointer. */
#include <stdint.h>
#include <stdio.h>

__thread char small_first = 'x';
__thread int page_aligned_data[4] __attribute__((aligned(4096))) = { 1, 2, 3, 4 };
__thread long aligned256_bss __attribute__((aligned(256)));
__thread short after = 7;

int main(void)
{
	int fails = 0;
	uintptr_t a = (uintptr_t)page_aligned_data, b = (uintptr_t)&aligned256_bss;
	printf("4096-aligned: %s\n", a % 4096 ? "no" : "yes");
	printf("256-aligned: %s\n", b % 256 ? "no" : "yes");
	fails += (a % 4096) != 0;
	fails += (b % 256) != 0;
	printf("values %c %d %d %d %d %ld %d\n", small_first, page_aligned_data[0], page_aligned_data[1],
	       page_aligned_data[2], page_aligned_data[3], aligned256_bss, after);
	aligned256_bss = 123;
	page_aligned_data[3] = 40;
	printf("after write %ld %d\n", aligned256_bss, page_aligned_data[3]);
	return fails;
}

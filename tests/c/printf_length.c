/* Length modifiers hh h l ll z j t: the argument is converted to the
 * modified type before formatting, so hh/h truncate. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

int main(void)
{
	/* hh: value converted to (signed/unsigned) char. */
	printf("hhd 300 -> %hhd\n", 300);
	printf("hhd 200 -> %hhd\n", 200);
	printf("hhd -129 -> %hhd\n", -129);
	printf("hhu -1 -> %hhu\n", -1);
	printf("hhu 511 -> %hhu\n", 511);
	printf("hhx 0x1234 -> %hhx\n", 0x1234);
	printf("hho 0777 -> %hho\n", 0777);
	printf("hhi 128 -> %hhi\n", 128);
	/* h: value converted to short. */
	printf("hd 70000 -> %hd\n", 70000);
	printf("hd 32768 -> %hd\n", 32768);
	printf("hu -1 -> %hu\n", -1);
	printf("hx -1 -> %hx\n", -1);
	printf("hX 0x12345 -> %hX\n", 0x12345);
	printf("ho 65537 -> %ho\n", 65537);
	printf("hi -32769 -> %hi\n", -32769);
	/* l / ll. */
	printf("ld %ld %ld\n", 0x7fffffffffffffffL, -0x7fffffffffffffffL - 1);
	printf("lu %lu\n", 0xffffffffffffffffUL);
	printf("lld %lld %lli\n", -9000000000000000000LL, 9000000000000000000LL);
	printf("llu %llu\n", 18446744073709551615ULL);
	printf("llx %llx %llX %llo\n", 0xfedcba9876543210ULL, 0xfedcba9876543210ULL, 0xfedcba9876543210ULL);
	printf("ld vs d: %ld %d\n", 4294967296L, 5);
	/* z (size_t / ssize_t), j (intmax_t), t (ptrdiff_t). */
	printf("zu %zu\n", (size_t)123456789012345ULL);
	printf("zd %zd\n", (ssize_t)-42);
	printf("zx %zx\n", (size_t)-1);
	printf("jd %jd\n", (intmax_t)-1234567890123456789LL);
	printf("ju %ju\n", (uintmax_t)UINTMAX_MAX);
	printf("jx %jx\n", (uintmax_t)0xabcdef0123456789ULL);
	printf("td %td\n", (ptrdiff_t)-9876543210LL);
	printf("tu %tu\n", (ptrdiff_t)77);
	printf("tx %tx\n", (ptrdiff_t)255);
	char a[10];
	printf("pointer difference %td\n", &a[9] - &a[2]);
	/* A long argument after an int: arguments are fetched by their types. */
	printf("mix %d %ld %hhd %lld %hd %zu\n", 1, 2L, 3, 4LL, 5, (size_t)6);
	char buf[64];
	int n = snprintf(buf, sizeof buf, "%hhd|%hd|%ld|%lld", 255, 65535, -1L, -1LL);
	printf("%s %d\n", buf, n);
	return 0;
}

/* Extreme values: INT_MIN/INT_MAX, LONG_MIN, LLONG_MIN (whose magnitude is
 * not representable), ULLONG_MAX, SIZE_MAX, INTMAX_MIN, in every base, with
 * widths, precisions and flags. */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>

int main(void)
{
	printf("INT_MIN [%d] [%15d] [%-15d] [%015d] [%+d] [%.12d]\n", INT_MIN, INT_MIN, INT_MIN, INT_MIN, INT_MIN, INT_MIN);
	printf("INT_MAX [%d] [%+d] [% d] [%x] [%o]\n", INT_MAX, INT_MAX, INT_MAX, INT_MAX, INT_MAX);
	printf("UINT_MAX [%u] [%x] [%#o]\n", UINT_MAX, UINT_MAX, UINT_MAX);
	printf("LONG_MIN [%ld] [%lx] [%lo]\n", LONG_MIN, (unsigned long)LONG_MIN, (unsigned long)LONG_MIN);
	printf("LONG_MAX [%ld] [%+ld]\n", LONG_MAX, LONG_MAX);
	printf("LLONG_MIN [%lld] [%25lld] [%-25lld] [%025lld] [%.21lld]\n", LLONG_MIN, LLONG_MIN, LLONG_MIN, LLONG_MIN, LLONG_MIN);
	printf("LLONG_MIN+1 [%lld]\n", LLONG_MIN + 1);
	printf("LLONG_MAX [%lld] [%+lld] [% lld]\n", LLONG_MAX, LLONG_MAX, LLONG_MAX);
	printf("ULLONG_MAX [%llu] [%llx] [%llX] [%llo] [%#llo] [%#llx]\n", ULLONG_MAX, ULLONG_MAX, ULLONG_MAX, ULLONG_MAX, ULLONG_MAX, ULLONG_MAX);
	printf("SIZE_MAX [%zu] [%zx] [%25zu]\n", SIZE_MAX, SIZE_MAX, SIZE_MAX);
	printf("INTMAX_MIN [%jd] INTMAX_MAX [%jd] UINTMAX_MAX [%ju]\n", INTMAX_MIN, INTMAX_MAX, UINTMAX_MAX);
	printf("SCHAR_MIN [%hhd] UCHAR_MAX [%hhu] SHRT_MIN [%hd] USHRT_MAX [%hu]\n", SCHAR_MIN, UCHAR_MAX, SHRT_MIN, USHRT_MAX);
	printf("PTRDIFF_MIN [%td] PTRDIFF_MAX [%td]\n", PTRDIFF_MIN, PTRDIFF_MAX);
	char buf[32];
	int n = snprintf(buf, sizeof buf, "%lld", LLONG_MIN);
	printf("snprintf LLONG_MIN \"%s\" %d\n", buf, n);
	n = snprintf(buf, sizeof buf, "%llu", ULLONG_MAX);
	printf("snprintf ULLONG_MAX \"%s\" %d\n", buf, n);
	/* Every power of ten boundary. */
	unsigned long long p = 1;
	for (int i = 0; i < 19; i++, p *= 10)
		printf("%llu %llu %lld\n", p - 1, p, -(long long)(p - 1));
	printf("%llu %llu\n", p - 1, p);
	return 0;
}

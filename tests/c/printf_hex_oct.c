/* %x %X %o: digits, case, width, precision, the '#' prefix rules (0x only
 * for non-zero values; octal '#' forces a leading 0, so %#o of 0 is "0"
 * and %#.0o of 0 is still "0"). */
#include <limits.h>
#include <stdio.h>

int main(void)
{
	printf("[%x] [%X] [%o]\n", 0, 0, 0);
	printf("[%x] [%X] [%o]\n", 255, 255, 255);
	printf("[%x] [%X] [%o]\n", 0xdeadbeefu, 0xdeadbeefu, 0xdeadbeefu);
	printf("[%x] [%X] [%o]\n", UINT_MAX, UINT_MAX, UINT_MAX);
	printf("[%#x] [%#X] [%#o]\n", 0, 0, 0);
	printf("[%#x] [%#X] [%#o]\n", 1, 1, 1);
	printf("[%#x] [%#X] [%#o]\n", 0xabcu, 0xabcu, 0777u);
	printf("[%.0x] [%.0X] [%.0o]\n", 0, 0, 0);
	printf("[%#.0x] [%#.0X] [%#.0o]\n", 0, 0, 0);
	printf("[%.4x] [%.4X] [%.4o]\n", 0x1fu, 0x1fu, 8u);
	printf("[%#.4x] [%#.4X] [%#.4o]\n", 0x1fu, 0x1fu, 8u);
	printf("[%#.1o] [%#.2o] [%#.3o]\n", 8u, 8u, 8u);
	printf("[%10x] [%-10X] [%010o]\n", 0xfeedu, 0xfeedu, 0755u);
	printf("[%#10x] [%#-10X] [%#010o]\n", 0xfeedu, 0xfeedu, 0755u);
	printf("[%#010x] [%#010X]\n", 0xfeedu, 0xfeedu);
	printf("[%lx] [%lX] [%lo]\n", 0x123456789abcdefUL, 0x123456789abcdefUL, 0x123456789abcdefUL);
	printf("[%#lx] [%#lo]\n", ULONG_MAX, ULONG_MAX);
	printf("[%llx] [%#llX]\n", 0x8000000000000000ULL, 0x8000000000000000ULL);
	for (unsigned v = 0; v < 20; v++)
		printf("%x%X%o ", v, v, v);
	printf("\n");
	unsigned p = 1;
	for (int i = 0; i < 32; i++, p <<= 1)
		printf("%x %o\n", p, p);
	return 0;
}

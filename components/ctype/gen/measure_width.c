/* Prints musl's wcwidth of every code point as runs "first last width" (hex, hex, decimal),
 * which width_vs_musl.py compares with width_reference.txt. Build with musl-gcc, run on musl:
 *   musl-gcc -O2 -o measure_width measure_width.c && ./measure_width | python3 width_vs_musl.py */
#include <stdio.h>
#include <wchar.h>

int main(void) {
	long start = 0;
	int prev = wcwidth(0);
	for (long c = 1; c <= 0x110000; c++) {
		int w = c < 0x110000 ? wcwidth(c) : prev + 1;
		if (w != prev) {
			printf("%lx %lx %d\n", start, c - 1, prev);
			start = c;
			prev = w;
		}
	}
	return 0;
}

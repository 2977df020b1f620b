/* Prints musl's wide character classes (as code point ranges) and case mappings, which
 * wide_tables.py turns into src/wide_tables.rs. Build with musl-gcc and run on musl:
 *   musl-gcc -O2 -o measure measure.c && ./measure | python3 wide_tables.py > ../src/wide_tables.rs */
#include <stdio.h>
#include <wchar.h>
#include <wctype.h>

static void ranges(const char *name, int (*f)(wint_t)) {
	long start = -1;
	printf("%s", name);
	for (long c = 0; c <= 0x110000; c++) {
		int t = c < 0x110000 && f(c) != 0;
		if (t && start < 0) start = c;
		if (!t && start >= 0) {
			printf(" %lx-%lx", start, c - 1);
			start = -1;
		}
	}
	printf("\n");
}

static void mapping(const char *name, wint_t (*f)(wint_t)) {
	printf("%s", name);
	for (long c = 0; c < 0x110000; c++)
		if (f(c) != (wint_t)c) printf(" %lx:%x", c, f(c));
	printf("\n");
}

int main(void) {
	ranges("alpha", iswalpha);
	ranges("punct", iswpunct);
	ranges("print", iswprint);
	ranges("graph", iswgraph);
	ranges("upper", iswupper);
	ranges("lower", iswlower);
	mapping("tolower", towlower);
	mapping("toupper", towupper);
	return 0;
}

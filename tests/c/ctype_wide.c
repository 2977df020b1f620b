/* <wctype.h> over every code point: each class printed as ranges, towlower/towupper as the
 * code points they change, WEOF and values past 0x10FFFF, wctype/iswctype, wctrans/towctrans. */
#include <stdio.h>
#include <wchar.h>
#include <wctype.h>

static void ranges(const char *name, int (*f)(wint_t)) {
	long start = -1;
	printf("%s:", name);
	for (long c = 0; c <= 0x110010; c++) {
		int t = f(c) != 0;
		if (t && start < 0) start = c;
		if (!t && start >= 0) {
			printf(" %lx-%lx", start, c - 1);
			start = -1;
		}
	}
	printf(" weof=%d\n", f(WEOF) != 0);
}

static void mapping(const char *name, wint_t (*f)(wint_t)) {
	printf("%s:", name);
	for (long c = 0; c <= 0x110010; c++)
		if (f(c) != (wint_t)c) printf(" %lx:%x", c, f(c));
	printf(" weof=%x\n", f(WEOF));
}

int main(void) {
	ranges("alnum", iswalnum);
	ranges("alpha", iswalpha);
	ranges("blank", iswblank);
	ranges("cntrl", iswcntrl);
	ranges("digit", iswdigit);
	ranges("graph", iswgraph);
	ranges("lower", iswlower);
	ranges("print", iswprint);
	ranges("punct", iswpunct);
	ranges("space", iswspace);
	ranges("upper", iswupper);
	ranges("xdigit", iswxdigit);
	mapping("towlower", towlower);
	mapping("towupper", towupper);
	const char *names[] = {"alnum", "alpha", "blank", "cntrl", "digit", "graph", "lower", "print",
	                       "punct", "space", "upper", "xdigit", "bogus", "", "Alpha"};
	int bad = 0;
	for (int i = 0; i < 15; i++) {
		wctype_t t = wctype(names[i]);
		printf("wctype %s %s", names[i], t ? "valid" : "zero");
		long n = 0;
		for (long c = 0; c < 0x3000; c++) n += iswctype(c, t) != 0;
		printf(" members below 0x3000: %ld\n", n);
	}
	wctrans_t up = wctrans("toupper"), lo = wctrans("tolower");
	printf("wctrans %d %d %d\n", up != 0, lo != 0, wctrans("upper") != 0);
	for (long c = 0; c < 0x20000; c++) {
		bad += towctrans(c, up) != towupper(c);
		bad += towctrans(c, lo) != towlower(c);
	}
	printf("towctrans bad %d\n", bad);
	return bad != 0;
}

/* wcsftime's + flag with a width, which POSIX defines as strftime's: the sign comes when the
 * year (or century) would take more than four (two) digits with the padding. musl 1.2.3's
 * wcsftime adds it only for years past 9999, so the expected output is limpet's, the same
 * as strftime's on both (the program prints whether they agree; it returns 0 either way). */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <wchar.h>

int main(void)
{
	static const long long times[] = { 0, 1700000000, 253402300800LL, 400000000000LL, -62135596800LL,
	                                   -100000000000LL };
	static const char *fmts[] = { "%+3C", "%+6C", "%+03C", "%+6Y", "%+5Y", "%+4Y", "%+10Y", "%+_6G",
	                              "%+10F", "%+-12F", "%+12G", "%+1Y" };
	int same = 0, differ = 0;
	for (unsigned i = 0; i < sizeof times / sizeof *times; i++) {
		time_t t = times[i];
		struct tm tm;
		gmtime_r(&t, &tm);
		for (unsigned k = 0; k < sizeof fmts / sizeof *fmts; k++) {
			char nb[64], wn[64];
			wchar_t wf[16], wb[64];
			size_t n = strftime(nb, sizeof nb, fmts[k], &tm);
			swprintf(wf, 16, L"%s", fmts[k]);
			size_t w = wcsftime(wb, 64, wf, &tm);
			snprintf(wn, sizeof wn, "%ls", wb);
			int ok = n == w && !strcmp(nb, wn);
			same += ok;
			differ += !ok;
			printf("%lld %-7s strftime [%s] %s\n", (long long)t, fmts[k], nb, ok ? "same" : "differs");
		}
	}
	printf("same %d differ %d\n", same, differ);
	return 0;
}

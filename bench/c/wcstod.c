/* wcstod over a fixed mix of wide texts, one per call: short and long decimals, exponents
 * large and small, a hexadecimal float, each followed by more text. */
#include <wchar.h>
#include "bench.h"

static const wchar_t *const texts[8] = {
	L"3.14159 rest", L"  -0.000123456789e-7,", L"6.02214076e23 mol", L"1e-300",
	L"123456789.123456789 x", L"0x1.8p3;", L"2.2250738585072014e-308", L"42",
};
static const double values[8] = { 3.14159, -0.000123456789e-7, 6.02214076e23, 1e-300, 123456789.123456789, 12.0, 2.2250738585072014e-308, 42.0 };

static void bench_setup(const char *arg)
{
	(void)arg;
	for (int k = 0; k < 8; k++)
		if (wcstod(texts[k], 0) != values[k])
			bench_fail("wcstod gave a wrong value");
}

static void bench_op(long i)
{
	wchar_t *end;
	BENCH_KEEP_DOUBLE(wcstod(texts[i & 7], &end));
	BENCH_KEEP(end);
}

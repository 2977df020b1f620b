/* Generates the expected results for tests/musl_diff.rs: build with musl-gcc and run
 * (see regenerate.sh). The case generator here and in musl_diff.rs must stay in step:
 * both draw from the same xorshift64* stream in the same order. Each output line is
 * "<return value> <FNV-1a 32 of the output, hex>", or "-1 e<errno>" on failure. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state = 0x9e3779b97f4a7c15ull;
static uint64_t next(void) {
	state ^= state >> 12;
	state ^= state << 25;
	state ^= state >> 27;
	return state * 0x2545f4914f6cdd1dull;
}
static uint64_t below(uint64_t n) { return next() % n; }

static double from_bits(uint64_t b) { double d; memcpy(&d, &b, 8); return d; }

static double pick_double(void) {
	static const uint64_t special[] = {
		0x0000000000000000ull, 0x8000000000000000ull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
		0x7ff8000000000000ull, 0xfff8000000000000ull, 0x3fe0000000000000ull, 0x3ff8000000000000ull,
		0x4004000000000000ull, 0x0000000000000001ull, 0x7fefffffffffffffull, 0x3fb999999999999aull,
		0x000fffffffffffffull, 0x0010000000000000ull, 0x3fefffffffffffffull, 0x4024000000000000ull,
	};
	double p10 = 1;
	switch (below(6)) {
	case 0: return from_bits(next());
	case 1: return (double)((int64_t)below(2001) - 1000);
	case 2: {
		int64_t m = (int64_t)below(2000001) - 1000000;
		for (uint64_t k = below(12); k; k--) p10 *= 10;
		return (double)m / p10;
	}
	case 3: return from_bits(special[below(16)]);
	case 4: {
		uint64_t e = 1023 + below(61) - 30;
		return from_bits((next() & 0x800fffffffffffffull) | (e << 52));
	}
	default: {
		uint64_t m = next() & 0x000fffffffffffffull;
		uint64_t e = below(2) ? below(40) : 2046 - below(40);
		return from_bits((next() & 0x8000000000000000ull) | (e << 52) | m);
	}
	}
}

static uint64_t pick_int(void) {
	static const uint64_t edge[] = {0, 1, 0xff, 0x7fffffff, 0x80000000, 0xffffffff, 0x7fffffffffffffffull, 0xffffffffffffffffull};
	switch (below(3)) {
	case 0: return edge[below(8)];
	case 1: return below(100000);
	default: return next();
	}
}

int main(int argc, char **argv) {
	long cases = argc > 1 ? atol(argv[1]) : 6000;
	static char out[4096];
	for (long c = 0; c < cases; c++) {
		char fmt[64];
		int len = 0, nstars = 0, stars[2];
		fmt[len++] = '<';
		fmt[len++] = '%';
		const char *flags = "-+ #0";
		for (int i = 0; i < 5; i++)
			if (below(4) == 0) fmt[len++] = flags[i];
		switch (below(4)) {
		case 0: len += sprintf(fmt + len, "%d", (int)below(30)); break;
		case 1: fmt[len++] = '*'; stars[nstars++] = (int)below(61) - 30; break;
		}
		switch (below(7)) {
		case 0: fmt[len++] = '.'; break;
		case 1: case 2: len += sprintf(fmt + len, ".%d", (int)below(20)); break;
		case 3: len += sprintf(fmt + len, ".%d", (int)below(1200)); break;
		case 4: fmt[len++] = '.'; fmt[len++] = '*'; stars[nstars++] = (int)below(41) - 10; break;
		}
		int kind = (int)below(8);
		if (kind < 6) {
			if (below(8) == 0) fmt[len++] = 'l';
			fmt[len++] = "fFeEgGaA"[below(8)];
		} else if (kind == 6) {
			fmt[len++] = 'p';
		} else {
			const char *lens[] = {"", "hh", "h", "l", "ll", "j", "z", "t"};
			len += sprintf(fmt + len, "%s", lens[below(8)]);
			fmt[len++] = "diouxX"[below(6)];
		}
		fmt[len++] = '>';
		fmt[len] = 0;
		double d = kind < 6 ? pick_double() : 0;
		uint64_t v = kind >= 6 ? pick_int() : 0;
		void *p = (void *)(uintptr_t)v;
		errno = 0;
		int r;
#define CALL(...) (kind < 6 ? snprintf(out, sizeof out, fmt, __VA_ARGS__ d) : kind == 6 ? snprintf(out, sizeof out, fmt, __VA_ARGS__ p) : snprintf(out, sizeof out, fmt, __VA_ARGS__ v))
		if (nstars == 0) r = CALL();
		else if (nstars == 1) r = CALL(stars[0],);
		else r = CALL(stars[0], stars[1],);
		if (r < 0) {
			printf("-1 e%d\n", errno);
			continue;
		}
		uint32_t h = 2166136261u;
		size_t n = (size_t)r < sizeof out ? (size_t)r : sizeof out - 1;
		for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)out[i]) * 16777619u;
		printf("%d %08x\n", r, h);
	}
	return 0;
}

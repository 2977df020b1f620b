/* The differential test's inputs, made the same way in run.c (under each C library) and in
 * compare.c (under glibc, for MPFR): only integer arithmetic on bit patterns and exact
 * conversions, so no library function and no rounding mode changes them.
 *
 * A value is its bit pattern: `m` holds a double's or a float's bits, or a long double's
 * 64-bit significand with `se` its sign and exponent. Each argument comes from one of these
 * kinds, in turn:
 *   - the special values and boundaries (zeros, infinities, quiet and signalling NaNs with
 *     payloads, the smallest and largest subnormals and normals, 1 and its neighbours), and
 *     for the first inputs every pair of them;
 *   - uniformly random bit patterns; random exponents over the whole range;
 *   - moderate values (exponents within ±40);
 *   - near-integers and near-halfway points, a few ulps either side;
 *   - the thresholds where functions overflow, underflow, lose their argument reduction or
 *     change their method, up to a few thousand ulps either side;
 *   - values near 1 and tiny values. */
#include <stdint.h>
#include <string.h>

enum { T_D, T_F, T_L };

struct val {
	uint64_t m;
	uint16_t se;
};

struct args {
	struct val a[4];
	long n;
};

/* The format of each type: significand bits (with the integer bit), exponent bits, bias. */
static const int PREC[] = { 53, 24, 64 };
static const int EBITS[] = { 11, 8, 15 };
static const int BIAS[] = { 1023, 127, 16383 };

static uint64_t next_rand(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static uint64_t name_seed(const char *name)
{
	uint64_t h = 1469598103934665603ull;
	for (; *name; name++)
		h = (h ^ (unsigned char)*name) * 1099511628211ull;
	return h;
}

/* Builds a value from sign, unbiased exponent of its leading bit and the significand bits
 * below it (`frac`, PREC-1 bits), clamping into subnormals and infinity as the format does. */
static struct val make(int t, int neg, int e, uint64_t frac)
{
	struct val v = { 0, 0 };
	int p = PREC[t], bias = BIAS[t], emax = (1 << EBITS[t]) - 1;
	uint64_t fmask = (p - 1 == 64) ? ~0ull : ((1ull << (p - 1)) - 1);
	frac &= fmask;
	int be = e + bias;
	if (be >= emax) {
		be = emax;
		frac = 0;
	}
	if (be <= 0) {
		/* Subnormal: shift the significand (with its leading bit) right. */
		int sh = 1 - be;
		uint64_t sig = frac | (1ull << (p - 1));
		sig = sh >= 64 ? 0 : sig >> sh;
		be = 0;
		frac = sig;
	}
	if (t == T_L) {
		v.m = frac | (be ? 1ull << 63 : 0);
		if (be == emax)
			v.m = 1ull << 63;
		v.se = (uint16_t)((neg ? 0x8000 : 0) | be);
	} else {
		v.m = ((uint64_t)neg << (p + EBITS[t] - 1)) | ((uint64_t)be << (p - 1)) | frac;
	}
	return v;
}

/* Steps a finite value `k` ulps up in magnitude (down if negative), through zero. */
static struct val step(int t, struct val v, long k)
{
	if (t != T_L) {
		int bits = PREC[t] + EBITS[t];
		uint64_t sign = 1ull << (bits - 1), mag = v.m & (sign - 1);
		uint64_t inf = ((1ull << EBITS[t]) - 1) << (PREC[t] - 1);
		if (mag >= inf)
			return v;
		int64_t o = (v.m & sign) ? -(int64_t)mag : (int64_t)mag;
		o += (v.m & sign) ? -k : k;
		struct val r = { 0, 0 };
		r.m = o < 0 ? sign | (uint64_t)(-o) : (uint64_t)o;
		if ((r.m & (sign - 1)) > inf)
			r.m = (r.m & sign) | inf;
		return r;
	}
	/* long double: walk the explicit-integer-bit encoding one ulp at a time. */
	if ((v.se & 0x7fff) == 0x7fff)
		return v;
	long steps = k < 0 ? -k : k;
	int up = k > 0; /* the magnitude grows */
	for (long i = 0; i < steps; i++) {
		int e = v.se & 0x7fff;
		if (up) {
			if (v.m == ~0ull) {
				v.m = 1ull << 63;
				e++;
			} else if (e == 0 && v.m == (1ull << 63) - 1) {
				v.m = 1ull << 63;
				e = 1;
			} else {
				v.m++;
			}
			if (e == 0x7fff) {
				v.m = 1ull << 63;
				v.se = (uint16_t)((v.se & 0x8000) | e);
				return v;
			}
		} else {
			if (e == 0 && v.m == 0) {
				/* Through zero to the other sign. */
				v.se ^= 0x8000;
				v.m = 1;
				up = 1;
				continue;
			}
			if (e == 1 && v.m == 1ull << 63) {
				v.m = (1ull << 63) - 1;
				e = 0;
			} else if (e > 1 && v.m == 1ull << 63) {
				v.m = ~0ull;
				e--;
			} else {
				v.m--;
			}
		}
		v.se = (uint16_t)((v.se & 0x8000) | e);
	}
	return v;
}

/* Boundaries where functions change behaviour, as doubles (converted exactly or to nearest
 * for the narrower formats, in round-to-nearest, before any mode changes). */
static const double THRESHOLDS[] = {
	0.7853981633974483, 1.5707963267948966, 3.141592653589793, 4.71238898038469, 6.283185307179586,
	1e22, 0x1p63, 0x1p64, 0x1p120, 105414350.0, 1e300,
	709.782712893384, -745.1332191019411, -708.3964185322641, 710.4758600739439, 88.72283935546875,
	-103.97207641601562, -87.33654475055310, 89.41598629223294, 1024, -1074, -1022, 128, -149, -126,
	11356.523406294143, -11399.498531488861, -11355.137111933024, 11357.216553474703, 16384, -16445,
	0.5, 2, 0.1, 10, 1e-8, 0x1p-28, 0x1p-54, 5.9, 26.54, 27.23, 9.19, 171.6243769563027, 35.04,
	1755.5, 2.5e305, 4.0850034e36, 0.6931471805599453, 1.4426950408889634, 2.302585092994046, 0.9,
	1.1, 0.375, 0.84375, 1.25, 2.857142857142857, 28, 6.0, 308.25, 38.53, 4932.1, 323.3, 45.0, 4950.5
};

static struct val from_double(int t, double d)
{
	struct val v = { 0, 0 };
	if (t == T_D) {
		memcpy(&v.m, &d, 8);
	} else if (t == T_F) {
		float f = (float)d;
		uint32_t b;
		memcpy(&b, &f, 4);
		v.m = b;
	} else {
		long double l = d;
		unsigned char b[16] = { 0 };
		memcpy(b, &l, 10);
		memcpy(&v.m, b, 8);
		memcpy(&v.se, b + 8, 2);
	}
	return v;
}

/* The special values of a format, in a fixed order. */
#define NSPECIAL 30
static struct val special(int t, int i)
{
	int p = PREC[t], emax = (1 << EBITS[t]) - 1, bias = BIAS[t];
	int neg = i & 1;
	uint64_t top = 1ull << (p - 2); /* the quiet bit */
	struct val v;
	switch (i >> 1) {
	case 0: v = make(t, neg, -bias - p - 5, 0); break;   /* ±0 */
	case 1: v = make(t, neg, emax, 0); break;            /* ±inf */
	case 2: v = make(t, neg, emax, 0);                   /* quiet NaN */
		if (t == T_L) v.m |= top; else v.m |= top;
		break;
	case 3: v = make(t, neg, emax, 0);                   /* quiet NaN with a payload */
		v.m |= top | 0x2a;
		break;
	case 4: v = make(t, neg, emax, 0);                   /* signalling NaN */
		v.m |= 1;
		break;
	case 5: v = make(t, neg, 1 - bias - (p - 1), 0); break;     /* smallest subnormal */
	case 6: v = make(t, neg, -bias, ~0ull); break;              /* largest subnormal */
	case 7: v = make(t, neg, 1 - bias, 0); break;               /* smallest normal */
	case 8: v = make(t, neg, emax - 1 - bias, ~0ull); break;    /* largest finite */
	case 9: v = make(t, neg, 0, 0); break;                      /* 1 */
	case 10: v = step(t, make(t, neg, 0, 0), 1); break;         /* 1 + ulp */
	case 11: v = step(t, make(t, neg, 0, 0), -1); break;        /* 1 - ulp/2 */
	case 12: v = make(t, neg, -1, 0); break;                    /* 0.5 */
	case 13: v = make(t, neg, 1, 0); break;                     /* 2 */
	default: v = make(t, neg, 1, 1ull << (p - 2)); break;       /* 3 */
	}
	if (t == T_L && (i >> 1) >= 2 && (i >> 1) <= 4) {
		v.m |= 1ull << 63;
		v.se = (uint16_t)((neg ? 0x8000 : 0) | 0x7fff);
	}
	return v;
}

static struct val random_value(int t, uint64_t *s)
{
	int p = PREC[t], bias = BIAS[t];
	uint64_t r = next_rand(s), frac = next_rand(s);
	int neg = (int)(r & 1);
	long k = (long)((r >> 8) & 7) - 3;
	switch ((r >> 1) & 7) {
	case 0: return special(t, (int)((r >> 4) % NSPECIAL));
	case 1: { /* uniformly random bits */
		struct val v = { frac, (uint16_t)(r >> 16) };
		if (t == T_F)
			v.m &= 0xffffffffull;
		if (t == T_L && (v.se & 0x7fff) != 0)
			v.m |= 1ull << 63;
		if (t == T_L && (v.se & 0x7fff) == 0)
			v.m &= ~(1ull << 63);
		return v;
	}
	case 2: return make(t, neg, (int)((r >> 16) % 81) - 40, frac);
	case 3: case 4: { /* near an integer, or near a halfway point */
		int bitsn = 1 + (int)((r >> 16) % (p + 2));
		uint64_t n = (frac >> (64 - bitsn)) | 1ull << (bitsn - 1);
		/* n has bitsn bits: its leading bit is 2^(bitsn-1). */
		int e = bitsn - 1;
		uint64_t f = e >= 64 ? 0 : (e == 0 ? 0 : (n << (64 - e)));
		struct val v = make(t, neg, e, p - 1 < 64 ? f >> (64 - (p - 1)) : f);
		if (((r >> 1) & 7) == 4 && e + 1 < p) {
			/* + 0.5: the bit just below the units. */
			v = make(t, neg, e, (p - 1 < 64 ? f >> (64 - (p - 1)) : f) | (1ull << (p - 2 - e)));
		}
		return step(t, v, k);
	}
	case 5: {
		double d = THRESHOLDS[(r >> 16) % (sizeof THRESHOLDS / sizeof THRESHOLDS[0])];
		struct val v = from_double(t, neg && (r & 0x100000) ? -d : d);
		return step(t, v, (long)((r >> 24) % 8193) - 4096);
	}
	case 6:
		if (r & 0x10000)
			return step(t, make(t, neg, 0, 0), (long)((r >> 24) % (1 << 21)) - (1 << 20));
		return make(t, neg, 1 - bias - (int)((r >> 24) % (unsigned)(p + 8)), frac);
	default: return make(t, neg, (int)((r >> 16) % (unsigned)(2 * bias + 2)) - bias, frac);
	}
}

/* An int argument: small, near the format's exponent range, or anything. */
static long random_int(int t, int kind_is_order, uint64_t *s)
{
	uint64_t r = next_rand(s);
	if (kind_is_order) /* Bessel orders */
		return (r & 3) == 0 ? (long)(r >> 8) % 200 - 40 : (long)((r >> 8) % 24) - 4;
	int bias = BIAS[t], p = PREC[t];
	switch (r & 3) {
	case 0: return (long)((r >> 8) % 41) - 20;
	case 1: return ((r >> 8) & 1 ? 1 : -1) * (long)(bias + (int)((r >> 9) % (unsigned)(p + 8)) - 4);
	case 2: return ((r >> 8) & 1 ? 1 : -1) * (long)(2 * bias + p - (int)((r >> 9) % 8));
	default: return (long)(int32_t)(r >> 16);
	}
}

/* `v` of type `t` as a long double (exact). */
static struct val widen(int t, struct val v)
{
	if (t == T_L)
		return v;
	double d;
	if (t == T_D) {
		memcpy(&d, &v.m, 8);
	} else {
		uint32_t b = (uint32_t)v.m;
		float f;
		memcpy(&f, &b, 4);
		d = f;
	}
	return from_double(T_L, d);
}

/* The i-th input of a function with `nargs` arguments of type `t`: the first ones are the
 * special values (every pair of them for two arguments, or for a complex base), the rest
 * random. */
/* `int_kind`: 0 none, 1 an exponent in `n`, 2 a Bessel order in `n`, 3 a long double second
 * argument. */
static void make_args(int t, int nargs, int int_kind, int i, uint64_t *s, struct args *a)
{
	memset(a, 0, sizeof *a);
	if (nargs == 1 && i < NSPECIAL) {
		a->a[0] = special(t, i);
	} else if (nargs == 2 && i < NSPECIAL * NSPECIAL) {
		a->a[0] = special(t, i / NSPECIAL);
		a->a[1] = special(t, i % NSPECIAL);
	} else if (nargs == 4 && i < NSPECIAL * NSPECIAL) {
		/* cpow: every pair of special values as the base, a random exponent. */
		a->a[0] = special(t, i / NSPECIAL);
		a->a[1] = special(t, i % NSPECIAL);
		a->a[2] = random_value(t, s);
		a->a[3] = random_value(t, s);
	} else {
		for (int j = 0; j < nargs; j++)
			a->a[j] = random_value(t, s);
		/* Often the second argument is near the first: cancellation, ratios near 1. */
		if (nargs >= 2 && (next_rand(s) & 3) == 0)
			a->a[1] = step(t, a->a[0], (long)(next_rand(s) % 65) - 32);
		/* Sometimes a number a few ulps from a power of 2 and a small integer: its powers
		 * land a hair from a midpoint or a representable number, (2^p - a)^-n = 2^-pn·(1 +
		 * n·a·2^-p + ...), past what double-double arithmetic resolves. */
		if (nargs == 2 && (next_rand(s) & 15) == 0) {
			uint64_t r = next_rand(s);
			a->a[0] = step(t, make(t, 0, (int)((r >> 8) % 9) - 4, 0), (long)(r % 129) - 64);
			a->a[1] = from_double(t, (double)((long)((r >> 16) % 41) - 20));
		}
	}
	if (int_kind == 3) {
		/* nexttoward's long double direction: often near the first argument. */
		a->a[1] = (next_rand(s) & 1) ? random_value(T_L, s) : step(T_L, widen(t, a->a[0]), (long)(next_rand(s) % 9) - 4);
	} else if (int_kind) {
		a->n = random_int(t, int_kind == 2, s);
	}
}

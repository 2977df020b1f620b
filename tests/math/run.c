/* The evaluating half of the differential math test: built against musl's headers, it runs
 * on musl, on limpet (dynamically and statically) and, built with glibc's, on glibc. For
 * each function of funcs.h, each rounding mode and each of COUNT inputs from gen.h it
 * writes one record to stdout: the raised exception flags, errno, the result's bytes and a
 * second result's (the int or value a pointer argument receives, sincos's cosine).
 *
 * usage: run COUNT [NAME...]   (only the named functions, if any are given) */
#define _GNU_SOURCE
#include <complex.h>
#include <errno.h>
#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "funcs.h"
#include "gen.h"

#ifdef __GLIBC__
/* glibc 2.27 dropped pow10 and pow10f from its API; they are exp10 there. */
#define pow10 exp10
#define pow10f exp10f
#define pow10l exp10l
#endif

struct record {
	unsigned char flags, err;
	unsigned char r[16], aux[16];
};

static const int MODES[] = { FE_TONEAREST, FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO };

typedef double D;
typedef float F;
typedef long double L;

static D to_D(struct val v) { D d; memcpy(&d, &v.m, 8); return d; }
static F to_F(struct val v) { uint32_t b = (uint32_t)v.m; F f; memcpy(&f, &b, 4); return f; }
static L to_L(struct val v)
{
	unsigned char b[16] = { 0 };
	memcpy(b, &v.m, 8);
	memcpy(b + 8, &v.se, 2);
	L l;
	memcpy(&l, b, sizeof l);
	return l;
}

#define PUT(dst, T, x) do { T put_ = (x); memset(dst, 0, 16); memcpy(dst, &put_, sizeof(T) == 16 ? 10 : sizeof(T)); } while (0)

/* The number of T arguments, and the kind of extra argument (see make_args). */
#define NARGS_R_R 1
#define NARGS_R_RR 2
#define NARGS_R_RRR 3
#define NARGS_R_RI 1
#define NARGS_R_RLG 1
#define NARGS_R_IR 1
#define NARGS_I_R 1
#define NARGS_LG_R 1
#define NARGS_LL_R 1
#define NARGS_R_RPI 1
#define NARGS_R_RPR 1
#define NARGS_V_RPP 1
#define NARGS_R_RRPI 2
#define NARGS_R_RX 1
#define NARGS_C_C 2
#define NARGS_C_CC 4
#define NARGS_R_C 2
#define INTK_R_R 0
#define INTK_R_RR 0
#define INTK_R_RRR 0
#define INTK_R_RI 1
#define INTK_R_RLG 1
#define INTK_R_IR 2
#define INTK_I_R 0
#define INTK_LG_R 0
#define INTK_LL_R 0
#define INTK_R_RPI 0
#define INTK_R_RPR 0
#define INTK_V_RPP 0
#define INTK_R_RRPI 0
#define INTK_R_RX 3
#define INTK_C_C 0
#define INTK_C_CC 0
#define INTK_R_C 0

/* One call of each kind, storing the results in `rec`; x, y, z are the T arguments. */
#define CALL_R_R(f, T) PUT(rec->r, T, f(x))
#define CALL_R_RR(f, T) PUT(rec->r, T, f(x, y))
#define CALL_R_RRR(f, T) PUT(rec->r, T, f(x, y, z))
#define CALL_R_RI(f, T) PUT(rec->r, T, f(x, (int)a->n))
#define CALL_R_RLG(f, T) PUT(rec->r, T, f(x, a->n))
#define CALL_R_IR(f, T) PUT(rec->r, T, f((int)a->n, x))
#define CALL_I_R(f, T) PUT(rec->r, int, f(x))
#define CALL_LG_R(f, T) PUT(rec->r, long, f(x))
#define CALL_LL_R(f, T) PUT(rec->r, long long, f(x))
#define CALL_R_RPI(f, T) do { int i_ = 0x5a5a5a5a; PUT(rec->r, T, f(x, &i_)); PUT(rec->aux, int, i_); } while (0)
#define CALL_R_RPR(f, T) do { T v_ = 7; PUT(rec->r, T, f(x, &v_)); PUT(rec->aux, T, v_); } while (0)
#define CALL_V_RPP(f, T) do { T s_ = 7, c_ = 7; f(x, &s_, &c_); PUT(rec->r, T, s_); PUT(rec->aux, T, c_); } while (0)
#define CALL_R_RRPI(f, T) do { int q_ = 0x5a5a5a5a; PUT(rec->r, T, f(x, y, &q_)); PUT(rec->aux, int, q_); } while (0)
#define CALL_R_RX(f, T) PUT(rec->r, T, f(x, yl))
/* Complex arguments and results through their parts (C11's layout: real, then imaginary). */
typedef double _Complex CT_D;
typedef float _Complex CT_F;
typedef long double _Complex CT_L;
#define CX(T, z, re, im) CT_##T z; ((T *)&z)[0] = (re); ((T *)&z)[1] = (im)
#define CALL_C_C(f, T) do { CX(T, z_, x, y); CT_##T w_ = f(z_); PUT(rec->r, T, ((T *)&w_)[0]); PUT(rec->aux, T, ((T *)&w_)[1]); } while (0)
#define CALL_C_CC(f, T) do { CX(T, z_, x, y); CX(T, u_, z, to_##T(a->a[3])); CT_##T w_ = f(z_, u_); PUT(rec->r, T, ((T *)&w_)[0]); PUT(rec->aux, T, ((T *)&w_)[1]); } while (0)
#define CALL_R_C(f, T) do { CX(T, z_, x, y); PUT(rec->r, T, f(z_)); } while (0)

#define DEFINE(name, type, kind, oracle) \
	static void call_##name(const struct args *a, struct record *rec) \
	{ \
		type x = to_##type(a->a[0]); \
		type y = to_##type(a->a[1]); \
		type z = to_##type(a->a[2]); \
		L yl = to_L(a->a[1]); \
		(void)y; (void)z; (void)yl; \
		CALL_##kind(name, type); \
	}
FUNCS(DEFINE)

struct fn {
	const char *name;
	int type, nargs, intk;
	const char *kind;
	void (*call)(const struct args *, struct record *);
};

#define TYPE_D T_D
#define TYPE_F T_F
#define TYPE_L T_L
#define ROW(name, type, kind, oracle) { #name, TYPE_##type, NARGS_##kind, INTK_##kind, #kind, call_##name },
static const struct fn FNS[] = { FUNCS(ROW) };

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: run COUNT [NAME...]\n");
		return 2;
	}
	long count = atol(argv[1]);
	static struct args in[1 << 20];
	if (count < 1 || count > (long)(sizeof in / sizeof in[0])) {
		fprintf(stderr, "run: COUNT out of range\n");
		return 2;
	}
	static char buf[1 << 16];
	setvbuf(stdout, buf, _IOFBF, sizeof buf);
	for (size_t f = 0; f < sizeof FNS / sizeof FNS[0]; f++) {
		const struct fn *fn = &FNS[f];
		if (argc > 2) {
			int want = 0;
			for (int i = 2; i < argc; i++)
				want |= !strcmp(argv[i], fn->name);
			if (!want)
				continue;
		}
		uint64_t seed = name_seed(fn->name);
		long n = strchr(fn->kind, 'C') && count > COMPLEX_COUNT ? COMPLEX_COUNT : count;
		for (long i = 0; i < n; i++)
			make_args(fn->type, fn->nargs, fn->intk, (int)i, &seed, &in[i]);
		for (int m = 0; m < 4; m++) {
			fesetround(MODES[m]);
			for (long i = 0; i < n; i++) {
				struct record rec;
				memset(&rec, 0, sizeof rec);
				feclearexcept(FE_ALL_EXCEPT);
				errno = 0;
				fn->call(&in[i], &rec);
				int e = errno;
				rec.flags = (unsigned char)fetestexcept(FE_INVALID | FE_DIVBYZERO | FE_OVERFLOW | FE_UNDERFLOW | FE_INEXACT);
				rec.err = (unsigned char)(e > 255 ? 255 : e);
				fwrite(&rec, sizeof rec, 1, stdout);
			}
			fesetround(FE_TONEAREST);
		}
	}
	return fflush(stdout) ? 1 : 0;
}

/* The judging half of the differential math test, built with glibc and MPFR: it starts the
 * `run` programs, regenerates their inputs (gen.h), and reads their records side by side.
 *
 *   compare COUNT REFERENCE CANDIDATE [CANDIDATE...] [--glibc GLIBC] [--table FILE] [NAME...]
 *
 * REFERENCE is `run` on musl, each CANDIDATE `run` on limpet (the first is the one judged;
 * the others, say the dynamic and the static build, must give the same bytes as it), and
 * GLIBC, if given, `run` on glibc, for the accuracy table only. For each record:
 *   - agree:  the candidate's bytes (result, second result, flags, errno) equal musl's;
 *   - closer: the result differs, and MPFR says the candidate's is strictly closer to the
 *             exact value than musl's (or is the correctly rounded one and musl's is not);
 *             invalid and divide-by-zero must still be musl's, and errno untouched;
 *   - worse:  anything else, which fails the test.
 * In round-to-nearest, every function with an MPFR oracle also gets its largest error in
 * ulps for musl, the candidate and glibc; `--table FILE` writes those as a Markdown table.
 * `--pending FILE` names functions (one per line, `#` comments) whose worse records are
 * reported but do not fail the test: the ones still being brought to musl's behaviour.
 * The exit status is 0 when nothing outside them is worse. */
#define _GNU_SOURCE
#include <fenv.h>
#include <math.h>
#include <mpfr.h>
#include <mpc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bessel.h"
#include "funcs.h"
#include "gen.h"

struct record {
	unsigned char flags, err;
	unsigned char r[16], aux[16];
};

enum kind { R_R, R_RR, R_RRR, R_RI, R_RLG, R_IR, I_R, LG_R, LL_R, R_RPI, R_RPR, V_RPP, R_RRPI, R_RX, C_C, C_CC, R_C };
static const int NARGS[] = { 1, 2, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1, 2, 4, 2 };
static const int INTK[] = { 0, 0, 0, 1, 1, 2, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0 };
/* The complex kinds: arguments and results are pairs of parts. */
static int complex_kind(int k) { return k == C_C || k == C_CC || k == R_C; }
/* Whether the second result is the imaginary part of a complex result. */
static int complex_result(int k) { return k == C_C || k == C_CC; }
/* Whether the record's main result is a value of the function's type. */
static int value_result(int k) { return k != I_R && k != LG_R && k != LL_R; }

/* The oracles: each computes the exact value of the (main) result at the working
 * precision, returning 0, or -1 when there is none (the result must then be musl's). */
typedef int (*oracle1)(mpfr_t, const mpfr_t, mpfr_rnd_t);
typedef int (*oracle2)(mpfr_t, const mpfr_t, const mpfr_t, mpfr_rnd_t);
typedef int (*oracle3)(mpfr_t, const mpfr_t, const mpfr_t, const mpfr_t, mpfr_rnd_t);
typedef int (*oraclen)(mpfr_t, long, const mpfr_t, mpfr_rnd_t);
typedef int (*oraclec)(mpc_t, const mpc_t, mpc_rnd_t);
typedef int (*oraclecc)(mpc_t, const mpc_t, const mpc_t, mpc_rnd_t);
typedef int (*oraclerc)(mpfr_t, const mpc_t, mpfr_rnd_t);

static int oracle_lgamma(mpfr_t r, const mpfr_t x, mpfr_rnd_t m)
{
	int s;
	return mpfr_lgamma(r, &s, x, m);
}

/* sincos's main result is the sine (the cosine, its second, is judged as musl's bytes or
 * by its own oracle in oracle_aux). */
static int oracle_sincos(mpfr_t r, const mpfr_t x, mpfr_rnd_t m) { return mpfr_sin(r, x, m); }

/* nextafterl's exact value, the neighbour of x toward y in the 80-bit format (64-bit
 * significands, subnormals spaced 2^-16445), for the one place musl's result is not it:
 * stepping from -LDBL_MIN toward zero, musl gives a pseudo-denormal encoding. */
static int oracle_nextafterl(mpfr_t r, const mpfr_t x, const mpfr_t y, mpfr_rnd_t m)
{
	if (mpfr_nan_p(x) || mpfr_nan_p(y)) {
		mpfr_set_nan(r);
		return 0;
	}
	int c = mpfr_cmp(x, y);
	if (c == 0)
		return mpfr_set(r, y, m), 0;
	int up = c < 0;
	if (mpfr_inf_p(x)) {
		/* +-inf toward a finite y: +-LDBL_MAX (2^16384 less an ulp of 2^16320). r is
		 * the caller's WORK-bit value, which the next functions reuse: its precision
		 * stays as it is. */
		mpfr_set_ui_2exp(r, 1, 16384, m);
		mpfr_t ulp;
		mpfr_init2(ulp, 2);
		mpfr_set_ui_2exp(ulp, 1, 16384 - 64, MPFR_RNDN);
		mpfr_sub(r, r, ulp, MPFR_RNDN);
		mpfr_clear(ulp);
		if (mpfr_sgn(x) < 0)
			mpfr_neg(r, r, m);
		return 0;
	}
	long ue;
	if (mpfr_zero_p(x))
		ue = -16445;
	else {
		/* |x| in [2^(e-1), 2^e): its ulp 2^(e-64), halved below a power of two when
		 * stepping toward zero; never under the subnormal spacing. */
		long e = mpfr_get_exp(x);
		int away = (mpfr_sgn(x) > 0) == up;
		ue = e - 64;
		mpfr_t p;
		mpfr_init2(p, 2);
		mpfr_set_ui_2exp(p, 1, e - 1, MPFR_RNDN);
		if (!away && mpfr_cmpabs(x, p) == 0)
			ue--;
		mpfr_clear(p);
		if (ue < -16445)
			ue = -16445;
	}
	mpfr_t d;
	mpfr_init2(d, 2);
	mpfr_set_ui_2exp(d, 1, ue, MPFR_RNDN);
	if (up)
		mpfr_add(r, x, d, MPFR_RNDN);
	else
		mpfr_sub(r, x, d, MPFR_RNDN);
	mpfr_clear(d);
	return 0;
}

#define NONE 0
struct fn {
	const char *name;
	int type, kind;
	void *oracle;
};
#define TYPE_D T_D
#define TYPE_F T_F
#define TYPE_L T_L
#define ROW(name, type, kind, oracle) { #name, TYPE_##type, kind, (void *)(oracle) },
static const struct fn FNS[] = { FUNCS(ROW) };
#define NFNS (sizeof FNS / sizeof FNS[0])

/* Why a record is worse, and how many of each a function's worst records print. */
static const char *const REASONS[] = { "errno differs", "flags differ", "differs (exact function)", "second result differs",
	"invalid or divide-by-zero differs", "farther from the exact value than musl" };
#ifndef SHOW
#define SHOW 12
#endif

static const mpfr_rnd_t RND[] = { MPFR_RNDN, MPFR_RNDD, MPFR_RNDU, MPFR_RNDZ };
static const char *MODE_NAME[] = { "nearest", "downward", "upward", "toward zero" };
#define WORK 256

/* A record's value as an MPFR number (exactly), for a value of type t. */
static void set_value(mpfr_t r, int t, const unsigned char *b)
{
	if (t == T_D) {
		double d;
		memcpy(&d, b, 8);
		mpfr_set_d(r, d, MPFR_RNDN);
	} else if (t == T_F) {
		float f;
		memcpy(&f, b, 4);
		mpfr_set_flt(r, f, MPFR_RNDN);
	} else {
		long double l = 0;
		memcpy(&l, b, 10);
		mpfr_set_ld(r, l, MPFR_RNDN);
	}
}

static void set_arg(mpfr_t r, int t, struct val v)
{
	unsigned char b[16] = { 0 };
	if (t == T_L) {
		memcpy(b, &v.m, 8);
		memcpy(b + 8, &v.se, 2);
	} else if (t == T_D) {
		memcpy(b, &v.m, 8);
	} else {
		uint32_t f = (uint32_t)v.m;
		memcpy(b, &f, 4);
	}
	set_value(r, t, b);
}

/* The exact value's correctly rounded representative in type t and mode m, as bytes. */
static void round_to(unsigned char *out, int t, const mpfr_t exact, mpfr_rnd_t m)
{
	static const int EMIN[] = { -1073, -148, -16444 }, EMAX[] = { 1024, 128, 16384 };
	mpfr_exp_t old_min = mpfr_get_emin(), old_max = mpfr_get_emax();
	mpfr_t y;
	mpfr_init2(y, PREC[t]);
	mpfr_set_emin(EMIN[t]);
	mpfr_set_emax(EMAX[t]);
	int inex = mpfr_set(y, exact, m);
	inex = mpfr_check_range(y, inex, m);
	mpfr_subnormalize(y, inex, m);
	mpfr_set_emin(old_min);
	mpfr_set_emax(old_max);
	memset(out, 0, 16);
	if (t == T_D) {
		double d = mpfr_get_d(y, m);
		memcpy(out, &d, 8);
	} else if (t == T_F) {
		float f = mpfr_get_flt(y, m);
		memcpy(out, &f, 4);
	} else {
		long double l = mpfr_get_ld(y, m);
		memcpy(out, &l, 10);
	}
	mpfr_clear(y);
}

static int is_nan_bytes(int t, const unsigned char *b)
{
	mpfr_t v;
	mpfr_init2(v, 64);
	set_value(v, t, b);
	int r = mpfr_nan_p(v);
	mpfr_clear(v);
	return r;
}

/* The error of `got` in ulps of the exact value (0 when it is the correctly rounded value;
 * INFINITY when it is NaN or infinite and that is not). */
static double ulp_error(int t, const unsigned char *got, const mpfr_t exact, const unsigned char *cr)
{
	/* MPFR's exponent of the smallest normal number: below it the ulp stays the same. */
	static const int EMIN[] = { -1021, -125, -16381 };
	size_t n = t == T_D ? 8 : t == T_F ? 4 : 10;
	if (!memcmp(got, cr, n))
		return 0;
	mpfr_t g, d;
	mpfr_inits2(WORK, g, d, (mpfr_ptr)0);
	set_value(g, t, got);
	double e;
	if (mpfr_nan_p(g) || mpfr_nan_p(exact) || mpfr_inf_p(g) || mpfr_inf_p(exact)) {
		e = INFINITY;
	} else {
		mpfr_sub(d, g, exact, MPFR_RNDN);
		mpfr_abs(d, d, MPFR_RNDN);
		long ex = mpfr_zero_p(exact) ? EMIN[t] : mpfr_get_exp(exact);
		if (ex < EMIN[t])
			ex = EMIN[t];
		/* ulp = 2^(ex - p): MPFR's exponent puts the value in [2^(ex-1), 2^ex). */
		mpfr_mul_2si(d, d, PREC[t] - ex, MPFR_RNDN);
		e = mpfr_get_d(d, MPFR_RNDN);
	}
	mpfr_clears(g, d, (mpfr_ptr)0);
	return e;
}

/* The inexact, underflow and overflow flags IEEE 754 asks for when `exact` is delivered as
 * `res` in mode m (tininess after rounding, as x86 detects it). */
static int ieee_flags(int t, const unsigned char *res, const mpfr_t exact, mpfr_rnd_t m)
{
	static const int EMIN_NORMAL[] = { -1021, -125, -16381 }, EMAX[] = { 1024, 128, 16384 };
	if (mpfr_nan_p(exact))
		return 0;
	mpfr_t v, u;
	mpfr_inits2(WORK, v, (mpfr_ptr)0);
	mpfr_init2(u, PREC[t]);
	set_value(v, t, res);
	int flags = 0;
	if (mpfr_cmp(v, exact) != 0 || (mpfr_inf_p(v) && !mpfr_inf_p(exact)))
		flags |= FE_INEXACT;
	/* The exact value rounded to the precision with an unbounded exponent. */
	mpfr_set(u, exact, m);
	if (!mpfr_inf_p(exact) && mpfr_regular_p(u) && mpfr_get_exp(u) > EMAX[t])
		flags |= FE_OVERFLOW | FE_INEXACT;
	if ((flags & FE_INEXACT) && !mpfr_zero_p(exact) && mpfr_regular_p(u) && mpfr_get_exp(u) < EMIN_NORMAL[t])
		flags |= FE_UNDERFLOW;
	mpfr_clears(v, u, (mpfr_ptr)0);
	return flags;
}

/* A complex result's part: NaN where the exact part is NaN is no error. */
static double part_error(int t, const unsigned char *got, const mpfr_t exact, const unsigned char *cr)
{
	if (is_nan_bytes(t, cr))
		return is_nan_bytes(t, got) ? 0 : INFINITY;
	return ulp_error(t, got, exact, cr);
}

/* Annex G leaves a complex result's NaN signs and payloads open: every NaN part reads as
 * the one default NaN, for musl, limpet and the exact value alike. */
static void canon_value(int t, unsigned char *b)
{
	if (!is_nan_bytes(t, b))
		return;
	memset(b, 0, 16);
	if (t == T_D) {
		uint64_t q = 0x7ff8000000000000ull;
		memcpy(b, &q, 8);
	} else if (t == T_F) {
		uint32_t q = 0x7fc00000u;
		memcpy(b, &q, 4);
	} else {
		uint64_t q = 0xc000000000000000ull;
		uint16_t se = 0x7fff;
		memcpy(b, &q, 8);
		memcpy(b + 8, &se, 2);
	}
}

/* A complex function's record, judged on its values and on invalid and divide-by-zero:
 * C leaves the other flags of these functions to the implementation (musl's raise inexact
 * on exact results and underflow in intermediate steps). */
static void canon(int t, int kind, struct record *r)
{
	canon_value(t, r->r);
	if (complex_result(kind))
		canon_value(t, r->aux);
	r->flags &= FE_INVALID | FE_DIVBYZERO;
}

/* |a - exact| < |b - exact|, for finite non-NaN a; b may be anything. */
static int strictly_closer(int t, const unsigned char *a, const unsigned char *b, const mpfr_t exact)
{
	mpfr_t va, vb;
	mpfr_inits2(WORK, va, vb, (mpfr_ptr)0);
	set_value(va, t, a);
	set_value(vb, t, b);
	int r;
	if (mpfr_nan_p(va))
		r = 0;
	else if (mpfr_nan_p(vb))
		r = !mpfr_nan_p(exact);
	else {
		mpfr_sub(va, va, exact, MPFR_RNDN);
		mpfr_sub(vb, vb, exact, MPFR_RNDN);
		r = mpfr_cmpabs(va, vb) < 0;
	}
	mpfr_clears(va, vb, (mpfr_ptr)0);
	return r;
}

/* Rounds a value computed toward zero (with ternary `inex`) to odd in its last bit. */
static void to_odd(mpfr_t out, int inex)
{
	if (inex && mpfr_regular_p(out) && mpfr_min_prec(out) < WORK) {
		if (mpfr_sgn(out) > 0)
			mpfr_nextabove(out);
		else
			mpfr_nextbelow(out);
	}
}

static void to_odd(mpfr_t out, int inex);

/* A part MPC rounds to zero inexactly is below MPFR's exponent range (cpow of a huge
 * exponent, |z^w| = 10^-10^300): it stands in as ±2^(emin+1), with the zero's sign (the
 * true value's), so it rounds and raises flags as the true value does, as eval does for
 * the real functions. */
static void underflowed(mpfr_t out, int inex)
{
	if (inex && mpfr_zero_p(out)) {
		int neg = mpfr_signbit(out);
		mpfr_set_ui_2exp(out, 1, mpfr_get_emin() + 1, MPFR_RNDN);
		if (neg)
			mpfr_neg(out, out, MPFR_RNDN);
	}
}

/* A complex result's parts at WORK bits, each rounded to odd: r computed toward zero
 * (at WORK bits or more) with MPC's ternary value `inex`. */
static void round_parts(mpfr_t out, mpfr_t out2, const mpc_t r, int inex)
{
	int i1 = mpfr_set(out, mpc_realref(r), MPFR_RNDZ) || MPC_INEX_RE(inex);
	int i2 = mpfr_set(out2, mpc_imagref(r), MPFR_RNDZ) || MPC_INEX_IM(inex);
	to_odd(out, i1);
	to_odd(out2, i2);
	underflowed(out, i1);
	underflowed(out2, i2);
}

/* Bit for bit the same value (zeros' signs, NaN or not). */
static int same_value(const mpfr_t a, const mpfr_t b)
{
	if (mpfr_nan_p(a) || mpfr_nan_p(b))
		return mpfr_nan_p(a) && mpfr_nan_p(b);
	return mpfr_equal_p(a, b) && mpfr_signbit(a) == mpfr_signbit(b);
}

/* A complex function's exact parts (out: the real part or the real result, out2: the
 * imaginary part), each rounded to odd as eval does. MPC follows Annex G for the special
 * values. */
static int eval_complex(const struct fn *fn, const struct args *a, mpfr_t out, mpfr_t out2)
{
	mpfr_t x, y, u, v;
	mpfr_inits2(WORK, x, y, u, v, (mpfr_ptr)0);
	set_arg(x, fn->type, a->a[0]);
	set_arg(y, fn->type, a->a[1]);
	set_arg(u, fn->type, a->a[2]);
	set_arg(v, fn->type, a->a[3]);
	mpc_t z, w, r;
	mpc_init2(z, WORK);
	mpc_init2(w, WORK);
	mpc_init2(r, WORK);
	mpc_set_fr_fr(z, x, y, MPC_RNDNN);
	mpc_set_fr_fr(w, u, v, MPC_RNDNN);
	if (fn->kind == R_C) {
		to_odd(out, ((oraclerc)fn->oracle)(out, z, MPFR_RNDZ));
	} else if (fn->kind == C_C) {
		int inex = ((oraclec)fn->oracle)(r, z, MPC_RNDZZ);
		round_parts(out, out2, r, inex);
	} else {
		/* mpc_pow places the phase of z^w to its working precision, which a huge w uses
		 * up (i^(2^11000·k) - 1 needs 11000 bits more, and a tiny phase left over needs
		 * its own bits too): it runs with w's exponent more than WORK, then at twice as
		 * many bits and so on, until two precisions give the same parts. */
		long e = 0;
		if (mpfr_regular_p(u) && mpfr_get_exp(u) > e)
			e = mpfr_get_exp(u);
		if (mpfr_regular_p(v) && mpfr_get_exp(v) > e)
			e = mpfr_get_exp(v);
		mpfr_t p1, p2;
		mpfr_inits2(WORK, p1, p2, (mpfr_ptr)0);
		for (mpfr_prec_t prec = WORK + e + 64, first = 1;; prec *= 2, first = 0) {
			mpc_t zp, wp, rp;
			mpc_init2(zp, prec);
			mpc_init2(wp, prec);
			mpc_init2(rp, prec);
			mpc_set(zp, z, MPC_RNDNN);
			mpc_set(wp, w, MPC_RNDNN);
			int inex = ((oraclecc)fn->oracle)(rp, zp, wp, MPC_RNDZZ);
			round_parts(out, out2, rp, inex);
			mpc_clear(zp);
			mpc_clear(wp);
			mpc_clear(rp);
			if ((!first && same_value(out, p1) && same_value(out2, p2)) || prec > (1 << 20))
				break;
			mpfr_set(p1, out, MPFR_RNDN);
			mpfr_set(p2, out2, MPFR_RNDN);
		}
		mpfr_clears(p1, p2, (mpfr_ptr)0);
	}
	mpc_clear(z);
	mpc_clear(w);
	mpc_clear(r);
	mpfr_clears(x, y, u, v, (mpfr_ptr)0);
	return 0;
}

/* The exact value of the function at `a`, as a proxy MPFR can round correctly: computed
 * toward zero at WORK bits and, when that was inexact, made odd in its last bit (rounding
 * to odd): then no format's number or midpoint lies between it and the true value, so it
 * rounds as the true value does in every mode, and it never equals a finite result (even
 * when the true value lies within 2^-WORK of one, as tiny arguments of asinh or sin do). */
static int eval(const struct fn *fn, const struct args *a, mpfr_t out, mpfr_t out2)
{
	if (!fn->oracle)
		return -1;
	if (complex_kind(fn->kind))
		return eval_complex(fn, a, out, out2);
	mpfr_t x, y, z;
	mpfr_inits2(WORK, x, y, z, (mpfr_ptr)0);
	set_arg(x, fn->type, a->a[0]);
	set_arg(y, fn->type, a->a[1]);
	set_arg(z, fn->type, a->a[2]);
	int inex;
	mpfr_clear_flags();
	switch (fn->kind) {
	case R_R: case R_RPI: case V_RPP: inex = ((oracle1)fn->oracle)(out, x, MPFR_RNDZ); break;
	case R_RR: inex = ((oracle2)fn->oracle)(out, x, y, MPFR_RNDZ); break;
	case R_RRR: inex = ((oracle3)fn->oracle)(out, x, y, z, MPFR_RNDZ); break;
	case R_IR: inex = ((oraclen)fn->oracle)(out, a->n, x, MPFR_RNDZ); break;
	default: mpfr_clears(x, y, z, (mpfr_ptr)0); return -1;
	}
	to_odd(out, inex);
	/* Beyond MPFR's own exponent range (10^LDBL_MAX, say; MPFR then gives its largest or
	 * smallest number, or inf or 0) the value stands in as 2^(emax-1) or 2^(emin+1) with
	 * its sign: still far beyond every format, so it rounds as the true value does and asks
	 * for overflow or underflow as it does. */
	if (mpfr_overflow_p()) {
		int neg = mpfr_sgn(out) < 0;
		mpfr_set_ui_2exp(out, 1, mpfr_get_emax() - 1, MPFR_RNDN);
		if (neg)
			mpfr_neg(out, out, MPFR_RNDN);
	} else if (mpfr_underflow_p()) {
		int neg = mpfr_signbit(out);
		mpfr_set_ui_2exp(out, 1, mpfr_get_emin() + 1, MPFR_RNDN);
		if (neg)
			mpfr_neg(out, out, MPFR_RNDN);
	}
	mpfr_clears(x, y, z, (mpfr_ptr)0);
	return 0;
}

/* The exact cosine, for sincos's second result. */
static void eval_cos(const struct fn *fn, const struct args *a, mpfr_t out)
{
	mpfr_t x;
	mpfr_init2(x, WORK);
	set_arg(x, fn->type, a->a[0]);
	to_odd(out, mpfr_cos(out, x, MPFR_RNDZ));
	mpfr_clear(x);
}

static FILE *start(const char *prog, long count, char **names, int nnames)
{
	char cmd[8192];
	int n = snprintf(cmd, sizeof cmd, "%s %ld", prog, count);
	for (int i = 0; i < nnames; i++)
		n += snprintf(cmd + n, sizeof cmd - n, " %s", names[i]);
	FILE *f = popen(cmd, "r");
	if (!f) {
		perror(prog);
		exit(2);
	}
	return f;
}

static int read_rec(FILE *f, struct record *r, const char *who)
{
	if (fread(r, sizeof *r, 1, f) != 1) {
		fprintf(stderr, "compare: %s ended early\n", who);
		exit(2);
	}
	return 0;
}

static void hex(char *out, int t, const unsigned char *b)
{
	int n = t == T_D ? 8 : t == T_F ? 4 : 10;
	for (int i = n - 1; i >= 0; i--)
		out += sprintf(out, "%02x", b[i]);
}

/* 0 for a number, 1 for a quiet NaN, 2 for a signaling one. */
static int nan_class(int t, struct val v)
{
	if (t == T_D) {
		if ((v.m >> 52 & 0x7ff) != 0x7ff || !(v.m << 12))
			return 0;
		return v.m >> 51 & 1 ? 1 : 2;
	}
	if (t == T_F) {
		if ((v.m >> 23 & 0xff) != 0xff || !(v.m & 0x7fffff))
			return 0;
		return v.m >> 22 & 1 ? 1 : 2;
	}
	if ((v.se & 0x7fff) != 0x7fff || !(v.m << 1))
		return 0;
	return v.m >> 62 & 1 ? 1 : 2;
}

/* Whether any argument of a is a quiet NaN (bit 1) or a signaling one (bit 2). */
static int nan_args(const struct fn *fn, const struct args *a)
{
	int r = 0;
	for (int j = 0; j < NARGS[fn->kind]; j++)
		r |= nan_class(fn->type, a->a[j]);
	return r;
}

/* Whether all of a's arguments are numbers, infinities excluded. */
static int finite_args(const struct fn *fn, const struct args *a)
{
	for (int j = 0; j < NARGS[fn->kind]; j++) {
		struct val v = a->a[j];
		int t = fn->type;
		if (t == T_D ? (v.m >> 52 & 0x7ff) == 0x7ff : t == T_F ? (v.m >> 23 & 0xff) == 0xff : (v.se & 0x7fff) == 0x7fff)
			return 0;
	}
	return 1;
}

static void describe_args(char *out, const struct fn *fn, const struct args *a)
{
	int n = NARGS[fn->kind];
	for (int j = 0; j < n; j++) {
		if (fn->type == T_L)
			out += sprintf(out, "%s%04x:%016llx", j ? ", " : "", a->a[j].se, (unsigned long long)a->a[j].m);
		else
			out += sprintf(out, "%s0x%llx", j ? ", " : "", (unsigned long long)a->a[j].m);
	}
	if (INTK[fn->kind] == 3)
		out += sprintf(out, ", %04x:%016llx", a->a[1].se, (unsigned long long)a->a[1].m);
	else if (INTK[fn->kind])
		out += sprintf(out, ", n=%ld", a->n);
}

int main(int argc, char **argv)
{
	if (argc < 4) {
		fprintf(stderr, "usage: compare COUNT REFERENCE CANDIDATE [CANDIDATE...] [--glibc GLIBC] [--table FILE] [NAME...]\n");
		return 2;
	}
	long count = atol(argv[1]);
	const char *ref = argv[2];
	const char *cands[8];
	int ncand = 0;
	const char *glibc = NULL, *table = NULL, *pending_file = NULL;
	char *names[512];
	int nnames = 0;
	for (int i = 3; i < argc; i++) {
		if (!strcmp(argv[i], "--glibc") && i + 1 < argc)
			glibc = argv[++i];
		else if (!strcmp(argv[i], "--table") && i + 1 < argc)
			table = argv[++i];
		else if (!strcmp(argv[i], "--pending") && i + 1 < argc)
			pending_file = argv[++i];
		else if (strchr(argv[i], '/') && ncand < 8)
			cands[ncand++] = argv[i];
		else if (nnames < 512)
			names[nnames++] = argv[i];
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	static char pending[64 * 1024];
	if (pending_file) {
		FILE *p = fopen(pending_file, "r");
		if (!p) {
			perror(pending_file);
			return 2;
		}
		char line[256];
		strcpy(pending, " ");
		while (fgets(line, sizeof line, p)) {
			line[strcspn(line, "# \t\n")] = 0;
			if (*line && strlen(pending) + strlen(line) + 2 < sizeof pending) {
				strcat(pending, line);
				strcat(pending, " ");
			}
		}
		fclose(p);
	}
	FILE *fr = start(ref, count, names, nnames);
	FILE *fc[8];
	for (int i = 0; i < ncand; i++)
		fc[i] = start(cands[i], count, names, nnames);
	FILE *fg = glibc ? start(glibc, count, names, nnames) : NULL;
	FILE *tf = table ? fopen(table, "w") : NULL;
	if (tf)
		fprintf(tf, "| function | limpet | musl | glibc | agree | closer | of |\n|---|--:|--:|--:|--:|--:|--:|\n");

	struct args *in = malloc(sizeof *in * count);
	mpfr_t *exact = malloc(sizeof *exact * count), *exact2 = malloc(sizeof *exact2 * count);
	char *have = malloc(count), *have2 = malloc(count);
	for (long i = 0; i < count; i++) {
		mpfr_init2(exact[i], WORK);
		mpfr_init2(exact2[i], WORK);
	}
	long total_worse = 0, total_agree = 0, total_closer = 0, total_pending = 0;
	for (size_t f = 0; f < NFNS; f++) {
		const struct fn *fn = &FNS[f];
		if (nnames) {
			int want = 0;
			for (int i = 0; i < nnames; i++)
				want |= !strcmp(names[i], fn->name);
			if (!want)
				continue;
		}
		char key[80];
		snprintf(key, sizeof key, " %s ", fn->name);
		uint64_t seed = name_seed(fn->name);
		long n = complex_kind(fn->kind) && count > COMPLEX_COUNT ? COMPLEX_COUNT : count;
		for (long i = 0; i < n; i++) {
			make_args(fn->type, NARGS[fn->kind], INTK[fn->kind], (int)i, &seed, &in[i]);
			have[i] = have2[i] = 0;
		}
		long agree = 0, closer = 0, worse = 0, shown = 0;
		long reasons[6] = { 0 };
		double max_c = 0, max_m = 0, max_g = 0;
		int t = fn->type;
		size_t vbytes = t == T_D ? 8 : t == T_F ? 4 : 10;
		for (int m = 0; m < 4; m++) {
			for (long i = 0; i < n; i++) {
				struct record rm, rc, rg, ro;
				read_rec(fr, &rm, ref);
				read_rec(fc[0], &rc, cands[0]);
				for (int k = 1; k < ncand; k++) {
					read_rec(fc[k], &ro, cands[k]);
					if (memcmp(&ro, &rc, sizeof ro)) {
						char args[256];
						describe_args(args, fn, &in[i]);
						printf("FAIL %s(%s) %s: %s and %s differ\n", fn->name, args, MODE_NAME[m], cands[0], cands[k]);
						worse++;
					}
				}
				if (fg)
					read_rec(fg, &rg, glibc);
				if (complex_kind(fn->kind)) {
					canon(t, fn->kind, &rm);
					canon(t, fn->kind, &rc);
					if (fg)
						canon(t, fn->kind, &rg);
				}
				int need_exact = fn->oracle && value_result(fn->kind) && (m == 0 || memcmp(&rm, &rc, sizeof rm));
				if (need_exact && !have[i]) {
					have[i] = eval(fn, &in[i], exact[i], exact2[i]) == 0;
					if (have[i] && complex_result(fn->kind))
						have2[i] = 1;
				}
				unsigned char cr[16], cr2[16];
				if (have[i]) {
					round_to(cr, t, exact[i], RND[m]);
					if (complex_kind(fn->kind))
						canon_value(t, cr);
				}
				if (have2[i] && complex_result(fn->kind)) {
					round_to(cr2, t, exact2[i], RND[m]);
					canon_value(t, cr2);
				}
				/* A complex function's table entry is its error on finite arguments:
				 * on the others MPC's special values are not all Annex G's. */
				if (m == 0 && have[i] && (!complex_kind(fn->kind) || finite_args(fn, &in[i]))) {
					double ec = ulp_error(t, rc.r, exact[i], cr), em = ulp_error(t, rm.r, exact[i], cr);
					/* NaN where the exact value is NaN is no error. */
					if (is_nan_bytes(t, cr)) {
						ec = is_nan_bytes(t, rc.r) ? 0 : INFINITY;
						em = is_nan_bytes(t, rm.r) ? 0 : INFINITY;
					}
					double eg = 0;
					if (fg)
						eg = is_nan_bytes(t, cr) ? (is_nan_bytes(t, rg.r) ? 0 : INFINITY) : ulp_error(t, rg.r, exact[i], cr);
					if (complex_result(fn->kind) && have2[i]) {
						/* A complex result's error: the larger of its parts'. */
						double e2c = part_error(t, rc.aux, exact2[i], cr2), e2m = part_error(t, rm.aux, exact2[i], cr2);
						ec = ec > e2c ? ec : e2c;
						em = em > e2m ? em : e2m;
						if (fg) {
							double e2g = part_error(t, rg.aux, exact2[i], cr2);
							eg = eg > e2g ? eg : e2g;
						}
					}
#ifdef DEBUG_INF
					if (ec > 1e3) {
						char args[256];
						describe_args(args, fn, &in[i]);
						printf("BIG %s(%s) limpet %g musl %g\n", fn->name, args, ec, em);
					}
#endif
					if (ec > max_c) max_c = ec;
					if (em > max_m) max_m = em;
					if (eg > max_g) max_g = eg;
				}
				if (!memcmp(&rm, &rc, sizeof rm)) {
					agree++;
					continue;
				}
				/* Differs: closer, or worse. Where the flags differ from musl's, the
				 * inexact, underflow and overflow limpet raises must be the right ones for
				 * its result (so musl's spurious inexact on an exact result is no
				 * virtue); invalid and divide-by-zero must be musl's. */
				const char *why = NULL;
				int main_same = !memcmp(rm.r, rc.r, 16);
				int same_value = main_same && !memcmp(rm.aux, rc.aux, 16);
				int judged = have[i] && value_result(fn->kind);
				int flag_diff = (rc.flags ^ rm.flags) & (FE_INEXACT | FE_UNDERFLOW | FE_OVERFLOW);
				int flags_ok = !flag_diff || (judged && !((rc.flags ^ ieee_flags(t, rc.r, exact[i], RND[m])) & flag_diff));
				/* sincos's cosine: musl's bytes, or correctly rounded, or closer. */
				int aux_ok = !memcmp(rm.aux, rc.aux, 16);
				if (!aux_ok && complex_result(fn->kind) && have2[i])
					aux_ok = !memcmp(rc.aux, cr2, vbytes) || strictly_closer(t, rc.aux, rm.aux, exact2[i]);
				if (!aux_ok && fn->kind == V_RPP) {
					if (!have2[i]) {
						eval_cos(fn, &in[i], exact2[i]);
						have2[i] = 1;
					}
					unsigned char cr2[16];
					round_to(cr2, t, exact2[i], RND[m]);
					aux_ok = !memcmp(rc.aux, cr2, vbytes) || strictly_closer(t, rc.aux, rm.aux, exact2[i]);
				}
				if (rc.err != rm.err)
					why = REASONS[0];
				else if ((rc.flags ^ rm.flags) & (FE_INVALID | FE_DIVBYZERO)) {
					/* musl's invalid on a result that is not a NaN (fmal overflowing in
					 * the directed modes, for one) is spurious: limpet may leave it out
					 * when its result is the correctly rounded one with the right flags. */
					/* (Likewise a divide-by-zero where the exact value is finite, as musl's
					 * tgammal of the smallest negative subnormal rounding to -LDBL_MAX.) */
					int spurious = judged && !is_nan_bytes(t, rc.r) && !memcmp(rc.r, cr, vbytes) && aux_ok &&
						(((rm.flags & FE_INVALID) && !(rc.flags & FE_INVALID) && !((rc.flags ^ rm.flags) & FE_DIVBYZERO)) ||
						 (!(rc.flags & (FE_INVALID | FE_DIVBYZERO)) && mpfr_number_p(exact[i]))) &&
						!((rc.flags ^ ieee_flags(t, rc.r, exact[i], RND[m])) & (FE_INEXACT | FE_UNDERFLOW | FE_OVERFLOW));
					/* And its missing invalid where the exact value is a NaN (a domain
					 * error) but musl returned a number: powl(-LDBL_MAX, 0.5) = inf. */
					int missing = judged && (rc.flags & FE_INVALID) && !(rm.flags & FE_INVALID) &&
						!((rc.flags ^ rm.flags) & FE_DIVBYZERO) && mpfr_nan_p(exact[i]) &&
						is_nan_bytes(t, rc.r) && !is_nan_bytes(t, rm.r) && aux_ok;
					/* And the divide-by-zero musl adds to a domain error's invalid
					 * (acoshl(-2^31)): a NaN result asks for invalid alone. */
					int extra = judged && mpfr_nan_p(exact[i]) && main_same && is_nan_bytes(t, rc.r) &&
						(rm.flags & FE_INVALID) && (rc.flags & FE_ALL_EXCEPT & ~2) == FE_INVALID && aux_ok;
					/* A complex function's, where musl's value is not Annex G's (MPC's) and
					 * limpet's is, in every part: musl's flags are then no reference. */
					int cx_fixed = 0;
					if (complex_kind(fn->kind) && have[i]) {
						int c_ok = !memcmp(rc.r, cr, vbytes), m_ok = !memcmp(rm.r, cr, vbytes);
						if (complex_result(fn->kind)) {
							c_ok = c_ok && have2[i] && !memcmp(rc.aux, cr2, vbytes);
							m_ok = m_ok && have2[i] && !memcmp(rm.aux, cr2, vbytes);
						}
						cx_fixed = c_ok && !m_ok;
						/* Or musl's invalid where no part is a NaN and limpet's parts are
						 * MPC's, without it (casin(inf - i inf)): spurious, as for the
						 * real functions. */
						if (c_ok && (rm.flags & FE_INVALID) && !(rc.flags & FE_INVALID) &&
						    !((rc.flags ^ rm.flags) & FE_DIVBYZERO) && !is_nan_bytes(t, rc.r) &&
						    !(complex_result(fn->kind) && is_nan_bytes(t, rc.aux)))
							cx_fixed = 1;
					}
					/* And a complex function's invalid on NaN arguments, where its value
					 * is musl's: Annex F's rule (a quiet NaN passes through quietly, a
					 * signaling one raises invalid) over musl's, which raises invalid on
					 * some quiet NaNs and none on some signaling ones. */
					int nan_rule = 0;
					if (complex_kind(fn->kind) && same_value && !((rc.flags ^ rm.flags) & FE_DIVBYZERO)) {
						int na = nan_args(fn, &in[i]);
						if (rm.flags & FE_INVALID)
							nan_rule = na == 1;
						else
							nan_rule = (na & 2) != 0;
					}
					if (spurious || missing || extra || cx_fixed || nan_rule)
						closer++;
					else
						why = REASONS[4];
				}
				else if (same_value)
					if (flags_ok)
						closer++;
					else
						why = REASONS[1];
				else if (!judged)
					why = REASONS[2];
				else if (!aux_ok)
					why = REASONS[3];
				else if (!flags_ok)
					why = REASONS[1];
				else if (main_same || !memcmp(rc.r, cr, vbytes) || strictly_closer(t, rc.r, rm.r, exact[i]))
					closer++;
				else
					why = REASONS[5];
				if (why) {
					worse++;
					for (int r = 0; r < 6; r++)
						if (why == REASONS[r])
							reasons[r]++;
					if (shown++ < SHOW && !strstr(pending, key)) {
						char args[256], hm[40], hc[40], hr[40];
						describe_args(args, fn, &in[i]);
						hex(hm, value_result(fn->kind) ? t : T_D, rm.r);
						hex(hc, value_result(fn->kind) ? t : T_D, rc.r);
						if (have[i])
							hex(hr, t, cr);
						else
							strcpy(hr, "-");
						if (complex_result(fn->kind)) {
							char am[40], ac[40], ar[40];
							hex(am, t, rm.aux);
							hex(ac, t, rc.aux);
							if (have2[i])
								hex(ar, t, cr2);
							else
								strcpy(ar, "-");
							printf("FAIL %s(%s) %s: %s: musl %s %s flags %02x, limpet %s %s flags %02x, exact %s %s\n",
							       fn->name, args, MODE_NAME[m], why, hm, am, rm.flags, hc, ac, rc.flags, hr, ar);
						} else
						printf("FAIL %s(%s) %s: %s: musl %s flags %02x aux %08x, limpet %s flags %02x aux %08x, exact %s\n",
						       fn->name, args, MODE_NAME[m], why, hm, rm.flags, *(unsigned *)rm.aux, hc, rc.flags,
						       *(unsigned *)rc.aux, hr);
					}
				}
			}
		}
		total_agree += agree;
		total_closer += closer;
		int is_pending = strstr(pending, key) != NULL;
		if (is_pending)
			total_pending += worse;
		else
			total_worse += worse;
		printf("%-12s%s agree %7ld  closer %6ld  worse %6ld", fn->name, is_pending ? " (pending)" : "", agree, closer, worse);
		if (fn->oracle)
			printf("  max ulp: limpet %.3g musl %.3g%s%.3g", max_c, max_m, fg ? " glibc " : "", fg ? max_g : 0.0);
		for (int r = 0; r < 6; r++)
			if (reasons[r])
				printf("  [%s: %ld]", REASONS[r], reasons[r]);
		printf("\n");
		if (tf) {
			if (fn->oracle)
				fprintf(tf, "| %s | %.3g | %.3g | %.3g | %ld | %ld | %ld |\n", fn->name, max_c, max_m, max_g, agree, closer, 4 * n);
			else
				fprintf(tf, "| %s | exact | exact | exact | %ld | %ld | %ld |\n", fn->name, agree, closer, 4 * n);
		}
	}
	printf("total: agree %ld, closer %ld, worse %ld; worse in pending functions %ld\n", total_agree, total_closer, total_worse,
	       total_pending);
	if (tf)
		fclose(tf);
	return total_worse ? 1 : 0;
}

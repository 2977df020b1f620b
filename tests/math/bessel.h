/* The exact values of the Bessel functions of integer order, J_n(x) and Y_n(x), for the
 * comparator, where MPFR's own mpfr_jn and mpfr_yn are too slow: orders beyond 50, arguments
 * beyond 512 or below 2^-20 (there mpfr_yn takes seconds a call, and both can take minutes or
 * run out of memory). Elsewhere MPFR's functions serve, and oracle_jn and oracle_yn call them.
 *
 * Two methods, each evaluated with MPFR's arithmetic at a precision p of our choice:
 *   - the power series (DLMF 10.2.2 and 10.8.1), convergent for every x, for |x| <= 512;
 *     near 512 its terms reach 2^728 and cancel, so p grows by that loss;
 *   - Hankel's asymptotic expansion (DLMF 10.17.3-4) beyond 512, where its smallest term
 *     lies below 2^-1400 for every order up to 159.
 * A Ziv loop around them evaluates at p and at p + 64 (or more), and accepts when the two
 * agree to 20 bits beyond the target precision and the better one can be rounded correctly:
 * J_n(x) and Y_n(x) are transcendental for a nonzero rational x, so the value is never a
 * number of the target precision and rounding toward zero always loses something. */
#include <limits.h>
#include <math.h>
#include <mpfr.h>
#include <stdio.h>
#include <stdlib.h>

/* The largest argument the series serves; beyond it, the asymptotic expansion. */
#define BESSEL_SERIES_MAX 512

/* MPFR's exponent of a nonzero number: |v| lies in [2^(e-1), 2^e). */
static long bessel_exp(const mpfr_t v) { return mpfr_zero_p(v) ? LONG_MIN / 2 : (long)mpfr_get_exp(v); }

/* A guess at the series' loss in bits at x <= 512: the log of its largest term, h^(n+2k) /
 * (k! (n+k)!) with h = x/2, less the log of the value (about x^(-1/2) beyond the order,
 * the first term below it). The Ziv loop corrects it; a good guess saves an evaluation. */
static long bessel_series_loss(unsigned long nu, const mpfr_t x)
{
	double lh = log(mpfr_get_d(x, MPFR_RNDN) / 2), first = nu * lh - lgamma(nu + 1.0), rise = 0, best = 0;
	for (unsigned long k = 0;; k++) {
		double step = 2 * lh - log(k + 1.0) - log(nu + k + 1.0);
		if (step <= 0)
			break;
		rise += step;
		if (rise > best)
			best = rise;
	}
	double value = mpfr_cmp_ui(x, nu) > 0 ? -0.5 * log(mpfr_get_d(x, MPFR_RNDN)) : first;
	double bits = (first + best - value) / log(2);
	return bits > 0 ? (long)bits + 1 : 0;
}

/* J_nu(x) or (y) Y_nu(x) for x > 0 by the power series at r's precision p. With h = x/2 and
 * t_k = (-h^2)^k / (k! (nu+k)!):
 *   J_nu(x) = h^nu sum t_k,
 *   Y_nu(x) = (h^nu sum t_k (2 (ln h + gamma) - H_k - H_(nu+k)) - h^-nu F) / pi,
 *             F = sum_(k<nu) (nu-k-1)!/k! h^(2k),
 * the second being DLMF 10.8.1 with psi(k+1) = H_k - gamma (H_k the harmonic numbers).
 * The sum stops where the terms have begun to halve and the next lies 2^-(p+8) below the
 * largest: the tail is then below it. Returns the loss, the largest summand's exponent less
 * the value's, in bits. */
static long bessel_series(mpfr_t r, int y, unsigned long nu, const mpfr_t x)
{
	mpfr_prec_t p = mpfr_get_prec(r);
	mpfr_t h, h2, t, s, c, w, hk, hnk, term, pw;
	/* h and h^2 are exact, in as few bits as they need. */
	mpfr_init2(h, mpfr_min_prec(x));
	mpfr_init2(h2, 2 * mpfr_min_prec(x));
	mpfr_div_2ui(h, x, 1, MPFR_RNDN);
	mpfr_sqr(h2, h, MPFR_RNDN);
	mpfr_inits2(p, t, s, c, w, hk, hnk, term, pw, (mpfr_ptr)0);
	mpfr_fac_ui(t, nu, MPFR_RNDN);
	mpfr_ui_div(t, 1, t, MPFR_RNDN);
	mpfr_set_ui(s, 0, MPFR_RNDN);
	if (y) {
		/* c = 2 (ln h + gamma); hk = H_0, hnk = H_nu. */
		mpfr_log(c, h, MPFR_RNDN);
		mpfr_const_euler(w, MPFR_RNDN);
		mpfr_add(c, c, w, MPFR_RNDN);
		mpfr_mul_2ui(c, c, 1, MPFR_RNDN);
		mpfr_set_ui(hk, 0, MPFR_RNDN);
		mpfr_set_ui(hnk, 0, MPFR_RNDN);
		for (unsigned long j = 1; j <= nu; j++) {
			mpfr_set_ui(w, 1, MPFR_RNDN);
			mpfr_div_ui(w, w, j, MPFR_RNDN);
			mpfr_add(hnk, hnk, w, MPFR_RNDN);
		}
	}
	long top = LONG_MIN / 2;
	for (unsigned long k = 0;; k++) {
		if (y) {
			mpfr_sub(w, c, hk, MPFR_RNDN);
			mpfr_sub(w, w, hnk, MPFR_RNDN);
			mpfr_mul(term, t, w, MPFR_RNDN);
		} else {
			mpfr_set(term, t, MPFR_RNDN);
		}
		/* Once the terms halve at each step (h^2 <= (k+1)(nu+k+1)/2) and alternate, the
		 * tail is below twice the first omitted term, times the slowly growing weight. */
		int halving = mpfr_cmp_d(h2, 0.5 * (k + 1.0) * ((double)nu + k + 1.0)) <= 0;
		long bound = bessel_exp(t) + (y ? (bessel_exp(w) > 3 ? bessel_exp(w) : 3) : 0) + 1;
		if (k > 0 && halving && bound < top - (long)p - 8)
			break;
		mpfr_add(s, s, term, MPFR_RNDN);
		if (bessel_exp(term) > top)
			top = bessel_exp(term);
		/* t_(k+1) = -t_k h^2 / ((k+1) (nu+k+1)) */
		mpfr_mul(t, t, h2, MPFR_RNDN);
		mpfr_div_ui(t, t, k + 1, MPFR_RNDN);
		mpfr_div_ui(t, t, nu + k + 1, MPFR_RNDN);
		mpfr_neg(t, t, MPFR_RNDN);
		if (y) {
			mpfr_set_ui(w, 1, MPFR_RNDN);
			mpfr_div_ui(w, w, k + 1, MPFR_RNDN);
			mpfr_add(hk, hk, w, MPFR_RNDN);
			mpfr_set_ui(w, 1, MPFR_RNDN);
			mpfr_div_ui(w, w, nu + k + 1, MPFR_RNDN);
			mpfr_add(hnk, hnk, w, MPFR_RNDN);
		}
	}
	mpfr_pow_ui(pw, h, nu, MPFR_RNDN);
	mpfr_mul(s, s, pw, MPFR_RNDN);
	top += bessel_exp(pw);
	if (y && nu > 0) {
		/* F's terms are all positive: f_0 = (nu-1)!, f_k = f_(k-1) h^2 / (k (nu-k)). */
		mpfr_t f, fs;
		mpfr_inits2(p, f, fs, (mpfr_ptr)0);
		mpfr_fac_ui(f, nu - 1, MPFR_RNDN);
		mpfr_set(fs, f, MPFR_RNDN);
		for (unsigned long k = 1; k < nu; k++) {
			mpfr_mul(f, f, h2, MPFR_RNDN);
			mpfr_div_ui(f, f, k, MPFR_RNDN);
			mpfr_div_ui(f, f, nu - k, MPFR_RNDN);
			mpfr_add(fs, fs, f, MPFR_RNDN);
		}
		mpfr_div(fs, fs, pw, MPFR_RNDN);
		if (bessel_exp(fs) > top)
			top = bessel_exp(fs);
		mpfr_sub(s, s, fs, MPFR_RNDN);
		mpfr_clears(f, fs, (mpfr_ptr)0);
	}
	if (y) {
		mpfr_const_pi(w, MPFR_RNDN);
		mpfr_div(r, s, w, MPFR_RNDN);
	} else {
		mpfr_set(r, s, MPFR_RNDN);
	}
	long loss = top - bessel_exp(s);
	mpfr_clears(h, h2, t, s, c, w, hk, hnk, term, pw, (mpfr_ptr)0);
	return loss;
}

/* J_nu(x) or (y) Y_nu(x) for x > 512 by Hankel's expansion at r's precision p:
 *   J_nu(x) = sqrt(2/(pi x)) (P cos w - Q sin w),  Y_nu(x) = sqrt(2/(pi x)) (P sin w + Q cos w),
 * w = x - (2nu+1) pi/4, P = sum (-1)^k u_2k, Q = sum (-1)^k u_(2k+1), u_k = a_k(nu) / x^k,
 * a_k(nu) = prod_(j<=k) (4nu^2 - (2j-1)^2) / (k! 8^k). The expansion diverges: its terms
 * first grow while 4nu^2 > 8kx, then fall, and beyond k = 2x or so grow again. DLMF 10.17(iii):
 * past k = nu, either sum's remainder is below its first omitted term. So the sum stops at a
 * term u_k below 2^-(p+16) of the largest, once every ratio |u_(j+1)/u_j| =
 * |4nu^2 - (2j+1)^2| / (8(j+1)x) from j = k to max(k, nu) + 1 is at most 1: each of the terms
 * left out before max(k, nu) + 1, and the remainder past it, is then below u_k. Returns -1 if
 * the terms grow again first (p too high for this x), else the loss as bessel_series does. */
static int bessel_hankel(mpfr_t r, int y, unsigned long nu, const mpfr_t x, long *loss)
{
	mpfr_prec_t p = mpfr_get_prec(r);
	mpfr_t u, inv, sum[2], sn, cs, a, b;
	mpfr_inits2(p, u, inv, sum[0], sum[1], sn, cs, a, b, (mpfr_ptr)0);
	double xd = mpfr_get_d(x, MPFR_RNDN), nu4 = 4.0 * nu * nu;
	long nbits = 0;
	while ((nu + 3) >> nbits)
		nbits++;
	/* inv = 1/(8x) */
	mpfr_ui_div(inv, 1, x, MPFR_RNDN);
	mpfr_div_2ui(inv, inv, 3, MPFR_RNDN);
	mpfr_set_ui(u, 1, MPFR_RNDN);
	mpfr_set_ui(sum[0], 1, MPFR_RNDN);
	mpfr_set_ui(sum[1], 0, MPFR_RNDN);
	long top = bessel_exp(u);
	int ok = 0;
	for (unsigned long k = 1;; k++) {
		double odd = 2.0 * k - 1;
		mpfr_mul_d(u, u, nu4 - odd * odd, MPFR_RNDN);
		mpfr_mul(u, u, inv, MPFR_RNDN);
		mpfr_div_ui(u, u, k, MPFR_RNDN);
		double far = 2.0 * (k > nu ? k : nu) + 3, most = nu4 > far * far ? nu4 : far * far;
		if (k >= 2 && bessel_exp(u) + nbits < top - (long)p - 16 && most <= 8 * (k + 1.0) * xd) {
			ok = 1;
			break;
		}
		double next = 2.0 * k + 1;
		if (k > nu && fabs(nu4 - next * next) >= 8 * (k + 1.0) * xd)
			break;
		/* u_k goes to P for even k, to Q for odd, with the sign (-1)^(k/2). */
		if (k & 2)
			mpfr_sub(sum[k & 1], sum[k & 1], u, MPFR_RNDN);
		else
			mpfr_add(sum[k & 1], sum[k & 1], u, MPFR_RNDN);
		if (bessel_exp(u) > top)
			top = bessel_exp(u);
	}
	if (ok) {
		/* sqrt(2) cos w = ec cos x + es sin x and sqrt(2) sin w = ec sin x - es cos x, with
		 * (ec, es) the signs of cos and sin of (2nu+1) pi/4. */
		unsigned m = (2 * nu + 1) % 8;
		int ec = m == 1 || m == 7 ? 1 : -1, es = m == 1 || m == 3 ? 1 : -1;
		mpfr_sin_cos(sn, cs, x, MPFR_RNDN);
		if (ec < 0) {
			mpfr_neg(sn, sn, MPFR_RNDN);
			mpfr_neg(cs, cs, MPFR_RNDN);
		}
		if (es * ec > 0) {
			mpfr_add(a, cs, sn, MPFR_RNDN);
			mpfr_sub(b, sn, cs, MPFR_RNDN);
		} else {
			mpfr_sub(a, cs, sn, MPFR_RNDN);
			mpfr_add(b, sn, cs, MPFR_RNDN);
		}
		/* J: (P a - Q b) / sqrt(pi x); Y: (P b + Q a) / sqrt(pi x). */
		if (y)
			mpfr_fmma(u, sum[0], b, sum[1], a, MPFR_RNDN);
		else
			mpfr_fmms(u, sum[0], a, sum[1], b, MPFR_RNDN);
		*loss = top + 1 - bessel_exp(u);
		mpfr_const_pi(inv, MPFR_RNDN);
		mpfr_mul(inv, inv, x, MPFR_RNDN);
		mpfr_sqrt(inv, inv, MPFR_RNDN);
		mpfr_div(r, u, inv, MPFR_RNDN);
	}
	mpfr_clears(u, inv, sum[0], sum[1], sn, cs, a, b, (mpfr_ptr)0);
	return ok ? 0 : -1;
}

/* One evaluation at r's precision, by Hankel's expansion if `hankel` and it reaches that
 * precision, else by the series. Returns the loss in bits. */
static long bessel_at(mpfr_t r, int y, unsigned long nu, const mpfr_t x, int hankel)
{
	long loss;
	if (hankel && !bessel_hankel(r, y, nu, x, &loss))
		return loss;
	return bessel_series(r, y, nu, x);
}

/* J_nu(x) or (y) Y_nu(x) for x > 0, negated if `neg`, rounded to r in mode rnd with the
 * ternary value: Ziv's loop over bessel_at. Evaluations at p and q >= p + 64 bits, q also
 * covering the loss measured at p, must agree to 20 bits beyond r's precision, and the one
 * at q, taken to be within that difference of the true value, must round correctly. */
static int bessel_ziv(mpfr_t r, int y, unsigned long nu, const mpfr_t x, int neg, int hankel, mpfr_rnd_t rnd)
{
	mpfr_prec_t target = mpfr_get_prec(r) + 20;
	long loss = hankel ? 0 : bessel_series_loss(nu, x);
	mpfr_prec_t p = target + 32 + loss;
	mpfr_t a, b, d;
	mpfr_init2(a, p);
	loss = bessel_at(a, y, nu, x, hankel);
	for (;;) {
		mpfr_prec_t q = target + 64 + (loss > 0 ? loss : 0);
		if (q < p + 64)
			q = p + 64;
		if (q > 1 << 20) {
			fprintf(stderr, "compare: no exact %s(%lu, %a) within 2^20 bits\n", y ? "yn" : "jn", nu, mpfr_get_d(x, MPFR_RNDN));
			exit(2);
		}
		mpfr_inits2(q, b, d, (mpfr_ptr)0);
		loss = bessel_at(b, y, nu, x, hankel);
		mpfr_sub(d, a, b, MPFR_RNDN);
		long agree = mpfr_zero_p(b) ? 0 : mpfr_zero_p(d) ? (long)p : bessel_exp(b) - bessel_exp(d);
		mpfr_clear(d);
		if (agree >= target && mpfr_can_round(b, agree, MPFR_RNDN, MPFR_RNDZ, mpfr_get_prec(r) + (rnd == MPFR_RNDN)))
			break;
		mpfr_swap(a, b);
		mpfr_clear(b);
		p = q;
	}
	if (neg)
		mpfr_neg(b, b, MPFR_RNDN);
	int inex = mpfr_set(r, b, rnd);
	mpfr_clears(a, b, (mpfr_ptr)0);
	return inex;
}

/* Whether MPFR's own jn and yn are fast at (n, x), a finite nonzero x. */
static int bessel_mpfr_fast(long n, const mpfr_t x)
{
	return labs(n) <= 50 && mpfr_get_exp(x) >= -20 && mpfr_cmpabs_ui(x, BESSEL_SERIES_MAX) <= 0;
}

/* J_n(x) or (y) Y_n(x) for a finite nonzero x: J_-n = (-1)^n J_n and J_n(-x) = (-1)^n J_n(x);
 * Y_-n = (-1)^n Y_n, and Y_n is a NaN for x < 0, as MPFR has it. */
static int bessel(mpfr_t r, int y, long n, const mpfr_t x, mpfr_rnd_t rnd)
{
	if (y && mpfr_sgn(x) < 0) {
		mpfr_set_nan(r);
		return 0;
	}
	unsigned long nu = n < 0 ? -(unsigned long)n : (unsigned long)n;
	int neg = (nu & 1) && ((n < 0) != (mpfr_sgn(x) < 0));
	mpfr_t ax;
	mpfr_init2(ax, mpfr_get_prec(x));
	mpfr_abs(ax, x, MPFR_RNDN);
	int inex = bessel_ziv(r, y, nu, ax, neg, mpfr_cmp_ui(ax, BESSEL_SERIES_MAX) > 0, rnd);
	mpfr_clear(ax);
	return inex;
}

/* The oracles of jn and yn: MPFR's where it is fast (and for zero, infinite and NaN
 * arguments), ours elsewhere. */
static int oracle_jn(mpfr_t r, long n, const mpfr_t x, mpfr_rnd_t rnd)
{
	if (!mpfr_regular_p(x) || bessel_mpfr_fast(n, x))
		return mpfr_jn(r, n, x, rnd);
	return bessel(r, 0, n, x, rnd);
}

static int oracle_yn(mpfr_t r, long n, const mpfr_t x, mpfr_rnd_t rnd)
{
	if (!mpfr_regular_p(x) || bessel_mpfr_fast(n, x))
		return mpfr_yn(r, n, x, rnd);
	return bessel(r, 1, n, x, rnd);
}

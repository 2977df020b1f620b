/* The functions the differential test runs, one X(name, type, kind, oracle) row each:
 * - type: D double, F float, L long double (the argument and result type);
 * - kind: the C signature (see KINDS in run.c and compare.c):
 *     R_R    T f(T)              R_RR   T f(T, T)            R_RRR  T f(T, T, T)
 *     R_RI   T f(T, int)         R_RLG  T f(T, long)         R_IR   T f(int, T)
 *     I_R    int f(T)            LG_R   long f(T)            LL_R   long long f(T)
 *     R_RPI  T f(T, int *)       R_RPR  T f(T, T *)          V_RPP  void f(T, T *, T *)
 *     R_RRPI T f(T, T, int *)    R_RX   T f(T, long double)
 * - oracle: the MPFR function giving the exact value, or NONE for exact functions, whose
 *   results must equal musl's bit for bit.
 * A row runs in all four rounding modes. */

#define FUNCS_D(X) \
	X(acos, D, R_R, mpfr_acos) \
	X(acosh, D, R_R, mpfr_acosh) \
	X(asin, D, R_R, mpfr_asin) \
	X(asinh, D, R_R, mpfr_asinh) \
	X(atan, D, R_R, mpfr_atan) \
	X(atanh, D, R_R, mpfr_atanh) \
	X(cbrt, D, R_R, mpfr_cbrt) \
	X(ceil, D, R_R, NONE) \
	X(cos, D, R_R, mpfr_cos) \
	X(cosh, D, R_R, mpfr_cosh) \
	X(erf, D, R_R, mpfr_erf) \
	X(erfc, D, R_R, mpfr_erfc) \
	X(exp, D, R_R, mpfr_exp) \
	X(exp10, D, R_R, mpfr_exp10) \
	X(exp2, D, R_R, mpfr_exp2) \
	X(expm1, D, R_R, mpfr_expm1) \
	X(fabs, D, R_R, NONE) \
	X(floor, D, R_R, NONE) \
	X(j0, D, R_R, mpfr_j0) \
	X(j1, D, R_R, mpfr_j1) \
	X(lgamma, D, R_R, oracle_lgamma) \
	X(log, D, R_R, mpfr_log) \
	X(log10, D, R_R, mpfr_log10) \
	X(log1p, D, R_R, mpfr_log1p) \
	X(log2, D, R_R, mpfr_log2) \
	X(logb, D, R_R, NONE) \
	X(nearbyint, D, R_R, NONE) \
	X(pow10, D, R_R, mpfr_exp10) \
	X(rint, D, R_R, NONE) \
	X(round, D, R_R, NONE) \
	X(significand, D, R_R, NONE) \
	X(sin, D, R_R, mpfr_sin) \
	X(sinh, D, R_R, mpfr_sinh) \
	X(sqrt, D, R_R, mpfr_sqrt) \
	X(tan, D, R_R, mpfr_tan) \
	X(tanh, D, R_R, mpfr_tanh) \
	X(tgamma, D, R_R, mpfr_gamma) \
	X(trunc, D, R_R, NONE) \
	X(y0, D, R_R, mpfr_y0) \
	X(y1, D, R_R, mpfr_y1) \
	X(atan2, D, R_RR, mpfr_atan2) \
	X(copysign, D, R_RR, NONE) \
	X(drem, D, R_RR, NONE) \
	X(fdim, D, R_RR, mpfr_dim) \
	X(fmax, D, R_RR, NONE) \
	X(fmin, D, R_RR, NONE) \
	X(fmod, D, R_RR, NONE) \
	X(hypot, D, R_RR, mpfr_hypot) \
	X(nextafter, D, R_RR, NONE) \
	X(nexttoward, D, R_RX, NONE) \
	X(pow, D, R_RR, mpfr_pow) \
	X(remainder, D, R_RR, NONE) \
	X(scalb, D, R_RR, NONE) \
	X(fma, D, R_RRR, mpfr_fma) \
	X(ldexp, D, R_RI, NONE) \
	X(scalbn, D, R_RI, NONE) \
	X(scalbln, D, R_RLG, NONE) \
	X(jn, D, R_IR, mpfr_jn) \
	X(yn, D, R_IR, mpfr_yn) \
	X(ilogb, D, I_R, NONE) \
	X(finite, D, I_R, NONE) \
	X(lrint, D, LG_R, NONE) \
	X(lround, D, LG_R, NONE) \
	X(llrint, D, LL_R, NONE) \
	X(llround, D, LL_R, NONE) \
	X(frexp, D, R_RPI, NONE) \
	X(lgamma_r, D, R_RPI, oracle_lgamma) \
	X(modf, D, R_RPR, NONE) \
	X(sincos, D, V_RPP, oracle_sincos) \
	X(remquo, D, R_RRPI, NONE)

#define FUNCS_F(X) \
	X(acosf, F, R_R, mpfr_acos) \
	X(acoshf, F, R_R, mpfr_acosh) \
	X(asinf, F, R_R, mpfr_asin) \
	X(asinhf, F, R_R, mpfr_asinh) \
	X(atanf, F, R_R, mpfr_atan) \
	X(atanhf, F, R_R, mpfr_atanh) \
	X(cbrtf, F, R_R, mpfr_cbrt) \
	X(ceilf, F, R_R, NONE) \
	X(cosf, F, R_R, mpfr_cos) \
	X(coshf, F, R_R, mpfr_cosh) \
	X(erff, F, R_R, mpfr_erf) \
	X(erfcf, F, R_R, mpfr_erfc) \
	X(expf, F, R_R, mpfr_exp) \
	X(exp10f, F, R_R, mpfr_exp10) \
	X(exp2f, F, R_R, mpfr_exp2) \
	X(expm1f, F, R_R, mpfr_expm1) \
	X(fabsf, F, R_R, NONE) \
	X(floorf, F, R_R, NONE) \
	X(j0f, F, R_R, mpfr_j0) \
	X(j1f, F, R_R, mpfr_j1) \
	X(lgammaf, F, R_R, oracle_lgamma) \
	X(logf, F, R_R, mpfr_log) \
	X(log10f, F, R_R, mpfr_log10) \
	X(log1pf, F, R_R, mpfr_log1p) \
	X(log2f, F, R_R, mpfr_log2) \
	X(logbf, F, R_R, NONE) \
	X(nearbyintf, F, R_R, NONE) \
	X(pow10f, F, R_R, mpfr_exp10) \
	X(rintf, F, R_R, NONE) \
	X(roundf, F, R_R, NONE) \
	X(significandf, F, R_R, NONE) \
	X(sinf, F, R_R, mpfr_sin) \
	X(sinhf, F, R_R, mpfr_sinh) \
	X(sqrtf, F, R_R, mpfr_sqrt) \
	X(tanf, F, R_R, mpfr_tan) \
	X(tanhf, F, R_R, mpfr_tanh) \
	X(tgammaf, F, R_R, mpfr_gamma) \
	X(truncf, F, R_R, NONE) \
	X(y0f, F, R_R, mpfr_y0) \
	X(y1f, F, R_R, mpfr_y1) \
	X(atan2f, F, R_RR, mpfr_atan2) \
	X(copysignf, F, R_RR, NONE) \
	X(dremf, F, R_RR, NONE) \
	X(fdimf, F, R_RR, mpfr_dim) \
	X(fmaxf, F, R_RR, NONE) \
	X(fminf, F, R_RR, NONE) \
	X(fmodf, F, R_RR, NONE) \
	X(hypotf, F, R_RR, mpfr_hypot) \
	X(nextafterf, F, R_RR, NONE) \
	X(nexttowardf, F, R_RX, NONE) \
	X(powf, F, R_RR, mpfr_pow) \
	X(remainderf, F, R_RR, NONE) \
	X(scalbf, F, R_RR, NONE) \
	X(fmaf, F, R_RRR, mpfr_fma) \
	X(ldexpf, F, R_RI, NONE) \
	X(scalbnf, F, R_RI, NONE) \
	X(scalblnf, F, R_RLG, NONE) \
	X(jnf, F, R_IR, mpfr_jn) \
	X(ynf, F, R_IR, mpfr_yn) \
	X(ilogbf, F, I_R, NONE) \
	X(finitef, F, I_R, NONE) \
	X(lrintf, F, LG_R, NONE) \
	X(lroundf, F, LG_R, NONE) \
	X(llrintf, F, LL_R, NONE) \
	X(llroundf, F, LL_R, NONE) \
	X(frexpf, F, R_RPI, NONE) \
	X(lgammaf_r, F, R_RPI, oracle_lgamma) \
	X(modff, F, R_RPR, NONE) \
	X(sincosf, F, V_RPP, oracle_sincos) \
	X(remquof, F, R_RRPI, NONE)

/* The long double functions limpet has so far. */
#define FUNCS_L(X) \
	X(tgammal, L, R_R, mpfr_gamma) \
	X(lgammal, L, R_R, oracle_lgamma) \
	X(lgammal_r, L, R_RPI, oracle_lgamma) \
	X(erfl, L, R_R, mpfr_erf) \
	X(erfcl, L, R_R, mpfr_erfc) \
	X(asinhl, L, R_R, mpfr_asinh) \
	X(acoshl, L, R_R, mpfr_acosh) \
	X(atanhl, L, R_R, mpfr_atanh) \
	X(cbrtl, L, R_R, mpfr_cbrt) \
	X(hypotl, L, R_RR, mpfr_hypot) \
	X(powl, L, R_RR, mpfr_pow) \
	X(sinl, L, R_R, mpfr_sin) \
	X(cosl, L, R_R, mpfr_cos) \
	X(tanl, L, R_R, mpfr_tan) \
	X(sincosl, L, V_RPP, oracle_sincos) \
	X(expl, L, R_R, mpfr_exp) \
	X(exp2l, L, R_R, mpfr_exp2) \
	X(exp10l, L, R_R, mpfr_exp10) \
	X(pow10l, L, R_R, mpfr_exp10) \
	X(expm1l, L, R_R, mpfr_expm1) \
	X(sinhl, L, R_R, mpfr_sinh) \
	X(coshl, L, R_R, mpfr_cosh) \
	X(tanhl, L, R_R, mpfr_tanh) \
	X(acosl, L, R_R, mpfr_acos) \
	X(asinl, L, R_R, mpfr_asin) \
	X(atanl, L, R_R, mpfr_atan) \
	X(ceill, L, R_R, NONE) \
	X(fabsl, L, R_R, NONE) \
	X(floorl, L, R_R, NONE) \
	X(logl, L, R_R, mpfr_log) \
	X(log10l, L, R_R, mpfr_log10) \
	X(log1pl, L, R_R, mpfr_log1p) \
	X(log2l, L, R_R, mpfr_log2) \
	X(logbl, L, R_R, NONE) \
	X(nearbyintl, L, R_R, NONE) \
	X(rintl, L, R_R, NONE) \
	X(roundl, L, R_R, NONE) \
	X(sqrtl, L, R_R, mpfr_sqrt) \
	X(truncl, L, R_R, NONE) \
	X(atan2l, L, R_RR, mpfr_atan2) \
	X(copysignl, L, R_RR, NONE) \
	X(fdiml, L, R_RR, mpfr_dim) \
	X(fmaxl, L, R_RR, NONE) \
	X(fminl, L, R_RR, NONE) \
	X(fmodl, L, R_RR, NONE) \
	X(nextafterl, L, R_RR, oracle_nextafterl) \
	X(nexttowardl, L, R_RR, oracle_nextafterl) \
	X(remainderl, L, R_RR, NONE) \
	X(fmal, L, R_RRR, mpfr_fma) \
	X(ldexpl, L, R_RI, NONE) \
	X(scalbnl, L, R_RI, NONE) \
	X(scalblnl, L, R_RLG, NONE) \
	X(ilogbl, L, I_R, NONE) \
	X(lrintl, L, LG_R, NONE) \
	X(lroundl, L, LG_R, NONE) \
	X(llrintl, L, LL_R, NONE) \
	X(llroundl, L, LL_R, NONE) \
	X(frexpl, L, R_RPI, NONE) \
	X(modfl, L, R_RPR, NONE) \
	X(remquol, L, R_RRPI, NONE)

#define FUNCS(X) FUNCS_D(X) FUNCS_F(X) FUNCS_L(X)

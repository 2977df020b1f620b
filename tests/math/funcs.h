/* The functions the differential test runs, one X(name, type, kind, oracle) row each:
 * - type: D double, F float, L long double (the argument and result type);
 * - kind: the C signature (see KINDS in run.c and compare.c):
 *     R_R    T f(T)              R_RR   T f(T, T)            R_RRR  T f(T, T, T)
 *     R_RI   T f(T, int)         R_RLG  T f(T, long)         R_IR   T f(int, T)
 *     I_R    int f(T)            LG_R   long f(T)            LL_R   long long f(T)
 *     R_RPI  T f(T, int *)       R_RPR  T f(T, T *)          V_RPP  void f(T, T *, T *)
 *     R_RRPI T f(T, T, int *)    R_RX   T f(T, long double)
 *     C_C    T complex f(T complex)           C_CC   T complex f(T complex, T complex)
 *     R_C    T f(T complex)
 * - oracle: the MPFR function (or compare.c's own, built on MPFR) giving the exact value,
 *   or NONE for exact functions, whose results must equal musl's bit for bit.
 * A row runs in all four rounding modes. */

/* The complex functions (kinds C_C, C_CC, R_C) run on at most COMPLEX_COUNT inputs per mode:
 * MPC's exact values cost more than MPFR's. */
#define COMPLEX_COUNT 300

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
	X(jn, D, R_IR, oracle_jn) \
	X(yn, D, R_IR, oracle_yn) \
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
	X(jnf, F, R_IR, oracle_jn) \
	X(ynf, F, R_IR, oracle_yn) \
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

/* <complex.h>: the real and imaginary parts are the arguments' (and a complex result's) two
 * values, the real part in the record's result and the imaginary in its second result. */
#define FUNCS_C(X) \
	X(cexp, D, C_C, mpc_exp) \
	X(clog, D, C_C, mpc_log) \
	X(csqrt, D, C_C, mpc_sqrt) \
	X(csin, D, C_C, mpc_sin) \
	X(ccos, D, C_C, mpc_cos) \
	X(ctan, D, C_C, mpc_tan) \
	X(csinh, D, C_C, mpc_sinh) \
	X(ccosh, D, C_C, mpc_cosh) \
	X(ctanh, D, C_C, mpc_tanh) \
	X(casin, D, C_C, mpc_asin) \
	X(cacos, D, C_C, mpc_acos) \
	X(catan, D, C_C, mpc_atan) \
	X(casinh, D, C_C, mpc_asinh) \
	X(cacosh, D, C_C, mpc_acosh) \
	X(catanh, D, C_C, mpc_atanh) \
	X(cpow, D, C_CC, mpc_pow) \
	X(cproj, D, C_C, mpc_proj) \
	X(conj, D, C_C, NONE) \
	X(cabs, D, R_C, mpc_abs) \
	X(carg, D, R_C, mpc_arg) \
	X(creal, D, R_C, NONE) \
	X(cimag, D, R_C, NONE) \
	X(cexpf, F, C_C, mpc_exp) \
	X(clogf, F, C_C, mpc_log) \
	X(csqrtf, F, C_C, mpc_sqrt) \
	X(csinf, F, C_C, mpc_sin) \
	X(ccosf, F, C_C, mpc_cos) \
	X(ctanf, F, C_C, mpc_tan) \
	X(csinhf, F, C_C, mpc_sinh) \
	X(ccoshf, F, C_C, mpc_cosh) \
	X(ctanhf, F, C_C, mpc_tanh) \
	X(casinf, F, C_C, mpc_asin) \
	X(cacosf, F, C_C, mpc_acos) \
	X(catanf, F, C_C, mpc_atan) \
	X(casinhf, F, C_C, mpc_asinh) \
	X(cacoshf, F, C_C, mpc_acosh) \
	X(catanhf, F, C_C, mpc_atanh) \
	X(cpowf, F, C_CC, mpc_pow) \
	X(cprojf, F, C_C, mpc_proj) \
	X(conjf, F, C_C, NONE) \
	X(cabsf, F, R_C, mpc_abs) \
	X(cargf, F, R_C, mpc_arg) \
	X(crealf, F, R_C, NONE) \
	X(cimagf, F, R_C, NONE) \
	X(cexpl, L, C_C, mpc_exp) \
	X(clogl, L, C_C, mpc_log) \
	X(csqrtl, L, C_C, mpc_sqrt) \
	X(csinl, L, C_C, mpc_sin) \
	X(ccosl, L, C_C, mpc_cos) \
	X(ctanl, L, C_C, mpc_tan) \
	X(csinhl, L, C_C, mpc_sinh) \
	X(ccoshl, L, C_C, mpc_cosh) \
	X(ctanhl, L, C_C, mpc_tanh) \
	X(casinl, L, C_C, mpc_asin) \
	X(cacosl, L, C_C, mpc_acos) \
	X(catanl, L, C_C, mpc_atan) \
	X(casinhl, L, C_C, mpc_asinh) \
	X(cacoshl, L, C_C, mpc_acosh) \
	X(catanhl, L, C_C, mpc_atanh) \
	X(cpowl, L, C_CC, mpc_pow) \
	X(cprojl, L, C_C, mpc_proj) \
	X(conjl, L, C_C, NONE) \
	X(cabsl, L, R_C, mpc_abs) \
	X(cargl, L, R_C, mpc_arg) \
	X(creall, L, R_C, NONE) \
	X(cimagl, L, R_C, NONE)

#define FUNCS(X) FUNCS_D(X) FUNCS_F(X) FUNCS_L(X) FUNCS_C(X)

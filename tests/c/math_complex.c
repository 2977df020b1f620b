/* <complex.h>: C Annex G's special values, in the three precisions. Every part prints as
 * its class, which is what Annex G prescribes: a signed zero, a signed infinity, "nan"
 * (whatever its sign, which Annex G leaves open) or a signed finite value ("+fin",
 * "-fin"); the values themselves are the differential test's business (tests/math).
 *
 * musl's output differs from Annex G's on 737 of these 3,648 lines: its inverse functions
 * (casin, casinh, cacos, cacosh, catan, catanh) lose the signs of zeros and give NaNs and
 * infinities where Annex G has finite values (casinh(+0 + i inf) is -inf + i NaN for
 * +inf + iπ/2, catan(+0 + i inf) a finite value + i NaN for π/2 + i0), its long double
 * ones are its double ones, and cpow of a negative real to 1/2 has a nonzero real part.
 * math_complex.expected holds the classes of Annex G's values: 727 of those lines are
 * the classes of MPC's values (MPC follows Annex G and rounds correctly), 6 are casin's
 * (±inf + i NaN), whose imaginary part's sign Annex G leaves open (-i·casinh(NaN ± i
 * inf)), and 4 are float results below the float range (catanhf(0.5 + 1e30i)'s real
 * part, about 5e-61, is +0 in float; MPC's exponent range has no such floor). */
#include <complex.h>
#include <math.h>
#include <stdio.h>

static void part(long double v)
{
	if (isnan(v))
		printf(" nan");
	else if (isinf(v))
		printf(" %cinf", signbit(v) ? '-' : '+');
	else if (v == 0)
		printf(" %c0", signbit(v) ? '-' : '+');
	else
		printf(" %cfin", signbit(v) ? '-' : '+');
}

static void showl(const char *name, long double complex z, long double complex r)
{
	printf("%-6s(", name);
	part(creall(z));
	part(cimagl(z));
	printf(" ) =");
	part(creall(r));
	part(cimagl(r));
	printf("\n");
}

/* The narrower types widen exactly, their classes unchanged. */
static void show(const char *name, double complex z, double complex r)
{
	showl(name, z, r);
}

static void showf(const char *name, float complex z, float complex r)
{
	showl(name, z, r);
}

/* f##F(z) shown under its name: two levels, so the pasted name is expanded before # and
 * the call. */
#define NAME(f, F) f##F
#define CALL(S, f, z) CALL2(S, f, z)
#define CALL2(S, f, z) S(#f, z, f(z))
#define POW(S, f, z, w) POW2(S, f, z, w)
#define POW2(S, f, z, w) S(#f, z, f(z, w))
#define CLASS(v) (isnan(v) ? "nan" : isinf(v) ? "inf" : "fin")

/* Every function of one precision (F: nothing, f or l) over the grid of classes. */
#define GRID(S, T, F, CMPLXT) do { \
		const T v[] = { 0, -0.0, 0.5, -2, 1e30, INFINITY, -INFINITY, NAN }; \
		for (unsigned i = 0; i < sizeof v / sizeof v[0]; i++) \
			for (unsigned j = 0; j < sizeof v / sizeof v[0]; j++) { \
				T complex z = CMPLXT(v[i], v[j]); \
				CALL(S, NAME(cexp, F), z); \
				CALL(S, NAME(clog, F), z); \
				CALL(S, NAME(csqrt, F), z); \
				CALL(S, NAME(csin, F), z); \
				CALL(S, NAME(ccos, F), z); \
				CALL(S, NAME(ctan, F), z); \
				CALL(S, NAME(csinh, F), z); \
				CALL(S, NAME(ccosh, F), z); \
				CALL(S, NAME(ctanh, F), z); \
				CALL(S, NAME(casin, F), z); \
				CALL(S, NAME(cacos, F), z); \
				CALL(S, NAME(catan, F), z); \
				CALL(S, NAME(casinh, F), z); \
				CALL(S, NAME(cacosh, F), z); \
				CALL(S, NAME(catanh, F), z); \
				CALL(S, NAME(cproj, F), z); \
				CALL(S, NAME(conj, F), z); \
				POW(S, NAME(cpow, F), z, CMPLXT(0.5, 0)); \
				T a = NAME(cabs, F)(z), g = NAME(carg, F)(z); \
				printf("cabs %s carg %s\n", CLASS(a), isnan(g) ? "nan" : signbit(g) ? "-" : "+"); \
			} \
	} while (0)

int main(void)
{
	GRID(show, double, , CMPLX);
	GRID(showf, float, f, CMPLXF);
	GRID(showl, long double, l, CMPLXL);
	return 0;
}

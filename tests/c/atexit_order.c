/* atexit handlers run in reverse order of registration, after main returns,
 * and before stdio is flushed (their output still appears). At least 32
 * registrations must be supported; 40 are made here. */
#include <stdio.h>
#include <stdlib.h>

static int calls[40];
static int ncalls;

#define H(n) static void h##n(void) { calls[ncalls++] = n; printf("handler %d\n", n); }
H(0) H(1) H(2) H(3) H(4) H(5) H(6) H(7) H(8) H(9)
H(10) H(11) H(12) H(13) H(14) H(15) H(16) H(17) H(18) H(19)
H(20) H(21) H(22) H(23) H(24) H(25) H(26) H(27) H(28) H(29)
H(30) H(31) H(32) H(33) H(34) H(35) H(36) H(37) H(38) H(39)

static void (*const hs[40])(void) = {
	h0, h1, h2, h3, h4, h5, h6, h7, h8, h9,
	h10, h11, h12, h13, h14, h15, h16, h17, h18, h19,
	h20, h21, h22, h23, h24, h25, h26, h27, h28, h29,
	h30, h31, h32, h33, h34, h35, h36, h37, h38, h39,
};

static void last(void)
{
	/* Registered first, so runs last: everything else must have run. */
	int ok = ncalls == 40;
	for (int i = 0; i < ncalls; i++)
		if (calls[i] != 39 - i)
			ok = 0;
	printf("order %s\n", ok ? "ok" : "FAIL");
	/* Unflushed output from the last handler still reaches stdout. */
	printf("last handler, no newline");
}

int main(void)
{
	if (atexit(last) != 0) {
		printf("atexit(last) FAIL\n");
		return 1;
	}
	for (int i = 0; i < 40; i++) {
		int r = atexit(hs[i]);
		if (r != 0) {
			printf("atexit %d returned %d FAIL\n", i, r);
			return 1;
		}
	}
	/* The same function may be registered more than once. */
	printf("registered 41\n");
	printf("main returning\n");
	return 0;
}

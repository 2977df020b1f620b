/* The observable random sequences: rand/srand/rand_r, random/srandom/initstate/setstate,
 * and the drand48 family (double results printed as bits). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long bits(double d) { unsigned long long u; memcpy(&u, &d, 8); return u; }

int main(void) {
	printf("rand:");
	for (int i = 0; i < 5; i++) printf(" %d", rand());
	srand(12345);
	printf("\nsrand(12345):");
	for (int i = 0; i < 5; i++) printf(" %d", rand());
	srand(0);
	printf("\nsrand(0): %d\n", rand());
	unsigned s = 7;
	printf("rand_r:");
	for (int i = 0; i < 5; i++) printf(" %d", rand_r(&s));
	printf(" state %u\n", s);

	printf("random:");
	for (int i = 0; i < 5; i++) printf(" %ld", random());
	srandom(99);
	printf("\nsrandom(99):");
	for (int i = 0; i < 100; i++) { long r = random(); if (i % 20 == 0) printf(" %ld", r); }
	printf("\n");
	static char st8[8], st32[32], st64[64], st128[128], st256[256], st300[300];
	char *bufs[] = {st8, st32, st64, st128, st256, st300};
	size_t lens[] = {8, 32, 64, 128, 256, 300};
	char *orig = 0;
	for (int b = 0; b < 6; b++) {
		char *prev = initstate(b + 1, bufs[b], lens[b]);
		if (b == 0) orig = prev;
		printf("initstate %zu:", lens[b]);
		for (int i = 0; i < 40; i++) { long r = random(); if (i % 8 == 0) printf(" %ld", r); }
		printf("\n");
	}
	printf("initstate 7: %s\n", initstate(1, st8, 7) ? "non-null" : "null");
	/* Switch between two states and back. */
	setstate(st64);
	long a = random();
	setstate(st300);
	long b = random();
	setstate(st64);
	printf("setstate: %ld %ld %ld\n", a, b, random());
	setstate(orig);
	printf("back to default: %ld\n", random());

	printf("drand48 %016llx lrand48 %ld mrand48 %ld\n", bits(drand48()), lrand48(), mrand48());
	srand48(2024);
	printf("srand48:");
	for (int i = 0; i < 3; i++) printf(" %016llx %ld %ld", bits(drand48()), lrand48(), mrand48());
	unsigned short x[3] = {1, 2, 3};
	printf("\nerand48 %016llx nrand48 %ld jrand48 %ld x %u %u %u\n", bits(erand48(x)), nrand48(x), jrand48(x), x[0], x[1], x[2]);
	unsigned short sd[3] = {0x1234, 0x5678, 0x9abc};
	unsigned short *old = seed48(sd);
	printf("seed48 old %u %u %u next %ld\n", old[0], old[1], old[2], lrand48());
	unsigned short p[7] = {1, 0, 0, 5, 0, 0, 3};
	lcong48(p);
	printf("lcong48 %ld %ld %016llx\n", lrand48(), mrand48(), bits(drand48()));
	return 0;
}

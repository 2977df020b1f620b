/* qsort, qsort_r and bsearch on arrays from a fixed generator: sorted order is checked, and
 * sorted arrays are printed (keys only, so the unstable order of equal elements cannot show). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long st = 42;
static unsigned rnd(void) { st = st * 6364136223846793005ULL + 1442695040888963407ULL; return st >> 33; }

static int cmp_int(const void *a, const void *b) {
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}
struct rec { char key[5]; short pad; int val; };
static int cmp_rec(const void *a, const void *b) { return strcmp(((const struct rec *)a)->key, ((const struct rec *)b)->key); }
static int cmp_mod(const void *a, const void *b, void *m) {
	unsigned x = *(const unsigned *)a % *(unsigned *)m, y = *(const unsigned *)b % *(unsigned *)m;
	return (x > y) - (x < y);
}

int main(void) {
	int bad = 0;
	static int v[5000];
	int sizes[] = {0, 1, 2, 3, 7, 13, 100, 1000, 5000};
	for (unsigned s = 0; s < sizeof sizes / sizeof *sizes; s++) {
		int n = sizes[s];
		for (int shape = 0; shape < 5; shape++) {
			for (int i = 0; i < n; i++)
				v[i] = shape == 0 ? (int)rnd() - (1 << 30) : shape == 1 ? i : shape == 2 ? n - i : shape == 3 ? (int)(rnd() % 3) : (i % 2 ? i : -i);
			qsort(v, n, sizeof *v, cmp_int);
			for (int i = 1; i < n; i++) bad += v[i - 1] > v[i];
			long long sum = 0;
			for (int i = 0; i < n; i++) sum = sum * 31 + v[i];
			printf("n %d shape %d hash %lld\n", n, shape, sum);
			for (int i = 0; i < n; i += n / 7 + 1) {
				int *p = bsearch(&v[i], v, n, sizeof *v, cmp_int);
				bad += !p || *p != v[i];
			}
			int missing = 1 << 30;
			bad += bsearch(&missing, v, n, sizeof *v, cmp_int) != 0;
		}
	}
	struct rec r[300];
	for (int i = 0; i < 300; i++) {
		for (int k = 0; k < 4; k++) r[i].key[k] = 'a' + rnd() % 26;
		r[i].key[4] = 0;
		r[i].val = i;
	}
	qsort(r, 300, sizeof *r, cmp_rec);
	for (int i = 0; i < 300; i += 10) printf("%s ", r[i].key);
	printf("\n");
	for (int i = 1; i < 300; i++) bad += strcmp(r[i - 1].key, r[i].key) > 0;
	unsigned u[1000], m = 1000;
	for (int i = 0; i < 1000; i++) u[i] = rnd();
	qsort_r(u, 1000, sizeof *u, cmp_mod, &m);
	for (int i = 1; i < 1000; i++) bad += u[i - 1] % m > u[i] % m;
	for (int i = 0; i < 1000; i += 97) printf("%u ", u[i] % m);
	printf("\nbad %d\n", bad);
	return bad != 0;
}

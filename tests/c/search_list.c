/* <search.h>'s linear search and queues: lsearch, lfind, insque, remque.
 *
 * lsearch appends a key only when no element is equal, adds one to the count and returns
 * the element; lfind only looks; both compare the key with each element from the first,
 * so the first equal one wins, and both work on elements of any width (here ints and
 * 12-byte structs compared on one member). insque and remque on a linear list (insque's
 * null predecessor starts one; the ends have null links), in a circular one (a head linked
 * to itself), with struct qelem and with a program's own struct starting with two links;
 * each list is printed forwards and backwards.
 *
 * Not checked: errno for null arguments (EINVAL on limpet; musl crashes on most). */
#define _GNU_SOURCE
#include <search.h>
#include <stdio.h>
#include <string.h>

static int fails;

static void check(const char *what, int ok)
{
	printf("%s %s\n", what, ok ? "ok" : "FAIL");
	if (!ok)
		fails++;
}

static int calls;

static int cmp_int(const void *a, const void *b)
{
	calls++;
	return *(const int *)a != *(const int *)b;
}

struct point {
	int x, y, tag;
};

static int cmp_x(const void *a, const void *b)
{
	return ((const struct point *)a)->x != ((const struct point *)b)->x;
}

static void ints(void)
{
	int set[16];
	size_t n = 0;
	static const int in[] = { 7, 3, 7, 9, 1, 3, 3, 12, 9, 0 };
	for (size_t i = 0; i < sizeof in / sizeof *in; i++) {
		int *p = lsearch(&in[i], set, &n, sizeof *set, cmp_int);
		if (!p || *p != in[i])
			check("lsearch returns the element", 0);
	}
	printf("set of %zu:", n);
	for (size_t i = 0; i < n; i++)
		printf(" %d", set[i]);
	putchar('\n');
	int nine = 9, five = 5;
	calls = 0;
	int *p = lfind(&nine, set, &n, sizeof *set, cmp_int);
	printf("lfind(9): index %ld after %d comparisons\n", p ? (long)(p - set) : -1L, calls);
	calls = 0;
	p = lfind(&five, set, &n, sizeof *set, cmp_int);
	printf("lfind(5): %s after %d comparisons, count %zu\n", p ? "found" : "null", calls, n);
	size_t zero = 0;
	check("lfind in no elements", lfind(&five, set, &zero, sizeof *set, cmp_int) == 0);
	p = lsearch(&five, set, &zero, sizeof *set, cmp_int);
	check("lsearch into no elements appends", p == set && zero == 1 && set[0] == 5);
}

static void structs(void)
{
	struct point pts[8] = { { 1, 10, 0 }, { 2, 20, 1 }, { 1, 30, 2 } };
	size_t n = 3;
	struct point k = { 1, 0, 0 };
	struct point *p = lfind(&k, pts, &n, sizeof *pts, cmp_x);
	check("the first equal element wins", p == &pts[0]);
	struct point add = { 5, 50, 9 };
	p = lsearch(&add, pts, &n, sizeof *pts, cmp_x);
	check("lsearch copies the whole struct", p == &pts[3] && n == 4 && p->y == 50 && p->tag == 9);
}

/* A program's own element type: two links first, then its data. */
struct item {
	struct item *next, *prev;
	char name;
};

static void print_list(const char *what, struct item *head, int limit)
{
	printf("%s: forwards", what);
	struct item *p = head, *last = head;
	for (int i = 0; p && i < limit; i++, p = p->next) {
		printf(" %c", p->name);
		last = p;
	}
	printf(", backwards");
	p = last;
	for (int i = 0; p && i < limit; i++, p = p->prev)
		printf(" %c", p->name);
	putchar('\n');
}

static void linear(void)
{
	struct item it[5];
	for (int i = 0; i < 5; i++) {
		it[i].name = (char)('a' + i);
		it[i].next = it[i].prev = (struct item *)&it[i];
	}
	insque(&it[0], 0);
	check("insque(e, NULL) makes a list of one", !it[0].next && !it[0].prev);
	insque(&it[2], &it[0]);
	insque(&it[1], &it[0]);
	insque(&it[4], &it[2]);
	insque(&it[3], &it[2]);
	print_list("linear", &it[0], 10);
	remque(&it[2]);
	print_list("without c", &it[0], 10);
	check("  c keeps its links", it[2].next == &it[3] && it[2].prev == &it[1]);
	remque(&it[4]);
	print_list("without the tail", &it[0], 10);
	remque(&it[0]);
	print_list("without the head", &it[1], 10);
	check("  b is the head", it[1].prev == 0);
}

static void circular(void)
{
	struct qelem q[4];
	memset(q, 0, sizeof q);
	for (int i = 0; i < 4; i++)
		q[i].q_data[0] = (char)('w' + i);
	q[0].q_forw = q[0].q_back = &q[0];
	insque(&q[1], &q[0]);
	insque(&q[2], &q[1]);
	insque(&q[3], &q[0]);
	printf("circular:");
	struct qelem *p = &q[0];
	for (int i = 0; i < 9; i++, p = p->q_forw)
		printf(" %c", p->q_data[0]);
	printf(", backwards:");
	p = &q[0];
	for (int i = 0; i < 9; i++, p = p->q_back)
		printf(" %c", p->q_data[0]);
	putchar('\n');
	remque(&q[3]);
	remque(&q[1]);
	check("two left", q[0].q_forw == &q[2] && q[2].q_forw == &q[0] && q[0].q_back == &q[2] && q[2].q_back == &q[0]);
	remque(&q[2]);
	check("the head alone points at itself", q[0].q_forw == &q[0] && q[0].q_back == &q[0]);
}

int main(void)
{
	ints();
	structs();
	linear();
	circular();
	return fails != 0;
}

/* Statically initialised pointers in writable and read-only data (in a PIE
 * these are R_X86_64_RELATIVE relocations the loader must apply before any
 * code runs, constructors included): pointers to strings, functions, other
 * data, into the middle of arrays, and pointers to pointers. */
#include <stdio.h>
#include <string.h>

static int square(int x) { return x * x; }
static int negate(int x) { return -x; }

static const char *const names[] = { "zero", "one", "two", "three" };
static int (*const ops[])(int) = { square, negate };
static int data[5] = { 10, 20, 30, 40, 50 };
static int *const mid = &data[2];
static int *writable_ptr = &data[4];
static const char *const *const pp = &names[3];
struct node { const char *label; struct node *next; };
static struct node n3 = { "third", NULL };
static struct node n2 = { "second", &n3 };
static struct node n1 = { "first", &n2 };
static const char greeting[] = "hello";
static const char *tail = greeting + 3;

static int ctor_saw;
__attribute__((constructor)) static void early(void)
{
	/* Relocations must already be applied here. */
	ctor_saw = *mid + ops[0](3) + (int)strlen(names[2]);
}

int main(void)
{
	int fails = 0;
	for (int i = 0; i < 4; i++)
		printf("names[%d] %s\n", i, names[i]);
	printf("ops %d %d\n", ops[0](7), ops[1](7));
	printf("*mid %d mid[-2] %d mid[2] %d\n", *mid, mid[-2], mid[2]);
	printf("*writable_ptr %d\n", *writable_ptr);
	writable_ptr = &data[1];
	printf("after reassign %d\n", *writable_ptr);
	printf("*pp %s\n", *pp);
	for (struct node *n = &n1; n; n = n->next)
		printf("node %s\n", n->label);
	printf("tail %s\n", tail);
	printf("constructor saw %d\n", ctor_saw);
	fails += ctor_saw != 30 + 9 + 3;
	return fails;
}

/* <search.h>'s hash tables: hcreate, hsearch, hdestroy and the _r forms.
 *
 * The table sizes and growth points are musl's: hcreate(n) makes the smallest power of two
 * of at least n slots (8 at least), and a table grows when an entry would fill more than
 * three quarters of it, which moves every entry. The program finds where that happens by
 * watching the address of the first key's entry, for tables made for 0 to 1000 entries.
 * Then: thousands of keys entered and found again (data kept, the key pointer itself
 * stored), misses, an equal key entered twice (the first data stays), an action other than
 * FIND entering, hcreate twice (the second table is empty), two _r tables side by side,
 * hdestroy_r twice, and hcreate's ENOMEM for tables that cannot exist.
 *
 * Not checked: errno after a FIND that finds nothing (limpet sets ESRCH, as glibc does;
 * musl 1.2.3 leaves errno alone), and the errors of calls musl crashes on (hsearch before
 * hcreate, a null key, a null struct hsearch_data: EINVAL on limpet). */
#define _GNU_SOURCE
#include <errno.h>
#include <search.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fails;

static void check(const char *what, int ok)
{
	printf("%s %s\n", what, ok ? "ok" : "FAIL");
	if (!ok)
		fails++;
}

enum { KEYS = 6000 };

static char *keys[KEYS];

static ENTRY item(char *key, long data)
{
	ENTRY e = { key, (void *)data };
	return e;
}

/* The entry counts at which the first key's entry moved, for hcreate(n). */
static void growth(size_t n)
{
	if (!hcreate(n)) {
		check("hcreate", 0);
		return;
	}
	uintptr_t first = (uintptr_t)hsearch(item(keys[0], 0), ENTER);
	printf("hcreate(%zu): grows at", n);
	for (int i = 1; i < 3200; i++) {
		hsearch(item(keys[i], i), ENTER);
		uintptr_t now = (uintptr_t)hsearch(item(keys[0], 0), FIND);
		if (now != first) {
			printf(" %d", i + 1);
			first = now;
		}
	}
	putchar('\n');
	hdestroy();
}

static void enter_and_find(void)
{
	check("hcreate(100)", hcreate(100) == 1);
	long wrong = 0;
	for (int i = 0; i < KEYS; i++) {
		ENTRY *e = hsearch(item(keys[i], i), ENTER);
		if (!e || e->key != keys[i] || (long)e->data != i)
			wrong++;
	}
	/* Equal strings at other addresses find the same entries. */
	char buf[32];
	for (int i = 0; i < KEYS; i++) {
		snprintf(buf, sizeof buf, "key %d", i);
		ENTRY *e = hsearch(item(buf, 0), FIND);
		if (!e || e->key != keys[i] || (long)e->data != i)
			wrong++;
	}
	long misses = 0;
	for (int i = KEYS; i < 2 * KEYS; i++) {
		snprintf(buf, sizeof buf, "key %d", i);
		misses += hsearch(item(buf, 0), FIND) == 0;
	}
	printf("%d keys entered and found, wrong %ld, misses %ld\n", KEYS, wrong, misses);

	ENTRY *e = hsearch(item(keys[5], 999), ENTER);
	check("entering an entered key returns its entry, data kept", e && (long)e->data == 5);
	char other[] = "not entered yet";
	e = hsearch(item(other, 7), (ACTION)2);
	check("an action other than FIND enters", e && e->key == other);
	check("  and FIND then finds it", hsearch(item("not entered yet", 0), FIND) == e);
	char empty[] = "";
	check("the empty key", hsearch(item(empty, 1), ENTER) && hsearch(item("", 0), FIND));

	check("hcreate again", hcreate(8) == 1);
	check("  makes an empty table", hsearch(item(keys[0], 0), FIND) == 0);
	hdestroy();
	hdestroy();
	check("hdestroy twice", 1);
}

static void reentrant(void)
{
	struct hsearch_data a, b;
	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	check("hcreate_r a", hcreate_r(0, &a) == 1);
	check("hcreate_r b", hcreate_r(50, &b) == 1);
	long wrong = 0;
	ENTRY *e;
	for (int i = 0; i < 2000; i++) {
		struct hsearch_data *t = i % 2 ? &a : &b;
		if (!hsearch_r(item(keys[i], i), ENTER, &e, t) || (long)e->data != i)
			wrong++;
	}
	for (int i = 0; i < 2000; i++) {
		struct hsearch_data *mine = i % 2 ? &a : &b, *other = i % 2 ? &b : &a;
		if (!hsearch_r(item(keys[i], 0), FIND, &e, mine) || (long)e->data != i)
			wrong++;
		e = (ENTRY *)1;
		if (hsearch_r(item(keys[i], 0), FIND, &e, other) != 0 || e != 0)
			wrong++;
	}
	printf("two tables of 1000 keys each: wrong %ld\n", wrong);
	hdestroy_r(&a);
	check("hdestroy_r leaves no table", a.__tab == 0);
	hdestroy_r(&a);
	hdestroy_r(&b);
	check("hdestroy_r twice", 1);
}

static void too_big(void)
{
	static const size_t sizes[] = { SIZE_MAX, SIZE_MAX / 2 + 1, (size_t)1 << 60 };
	static const char *const names[] = { "SIZE_MAX", "SIZE_MAX/2+1", "2^60" };
	for (int i = 0; i < 3; i++) {
		errno = 0;
		int r = hcreate(sizes[i]);
		int err = errno;
		printf("hcreate(%s): %d, %s\n", names[i], r, err == ENOMEM ? "ENOMEM" : "other errno");
		struct hsearch_data d;
		memset(&d, 0, sizeof d);
		errno = 0;
		r = hcreate_r(sizes[i], &d);
		err = errno;
		printf("hcreate_r(%s): %d, %s\n", names[i], r, err == ENOMEM ? "ENOMEM" : "other errno");
	}
}

int main(void)
{
	char buf[32];
	for (int i = 0; i < KEYS; i++) {
		snprintf(buf, sizeof buf, "key %d", i);
		keys[i] = strdup(buf);
	}
	static const size_t sizes[] = { 0, 1, 7, 8, 9, 16, 17, 100, 128, 129, 500, 1000 };
	for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
		growth(sizes[i]);
	enter_and_find();
	reentrant();
	too_big();
	for (int i = 0; i < KEYS; i++)
		free(keys[i]);
	return fails != 0;
}

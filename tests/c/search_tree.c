/* <search.h>'s trees: tsearch, tfind, tdelete, twalk, tdestroy.
 *
 * A small tree is printed in full: twalk's visits (preorder, postorder, endorder, leaf)
 * with each node's key and depth after every insertion and deletion, and what tdelete
 * returns (the parent's key, or whether it is the old root's address when the root goes).
 * Then trees of thousands of keys from a fixed-seed generator, inserted and deleted at
 * random: each walk is reduced to a checksum of (visit, key, depth), so the same tree
 * shape as musl's is checked without printing it; the keys tdelete's return values
 * hold go into another. Also: the key pointer first in a node (`*(void **)node`),
 * equal keys returning the node already there, tfind's hits and misses, string keys with
 * strcmp, tdestroy's order (left subtree, right subtree, node), and null root pointers.
 *
 * Not checked: errno for a null root pointer or comparison function (limpet sets EINVAL,
 * musl leaves errno alone), and whether tdelete keeps other nodes' addresses (limpet
 * moves the in-order predecessor's node into the deleted node's place, musl copies its
 * key and frees its node: neither is visible through a node's key or the tree's shape). */
#define _GNU_SOURCE
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

enum { SMALL = 16, BIG = 20000 };

static int keys[BIG];

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

static int key_of(const void *node)
{
	return **(int *const *)node;
}

static const char *const visit_name[] = { "pre", "post", "end", "leaf" };

static void print_visit(const void *node, VISIT v, int depth)
{
	printf(" %s:%d@%d", visit_name[v], key_of(node), depth);
}

static void show(const char *what, void *root)
{
	printf("%s:", what);
	twalk(root, print_visit);
	putchar('\n');
}

/* A walk's checksum, and what it counts. */
static uint64_t walk_sum;
static long walk_nodes, walk_inorder_bad;
static int walk_depth, walk_last;

static void sum_visit(const void *node, VISIT v, int depth)
{
	int k = key_of(node);
	walk_sum = (walk_sum ^ (uint64_t)(k * 4 + (int)v) ^ ((uint64_t)depth << 40)) * 0x100000001b3ull;
	if (depth > walk_depth)
		walk_depth = depth;
	if (v == postorder || v == leaf) {
		if (walk_nodes > 0 && k <= walk_last)
			walk_inorder_bad++;
		walk_last = k;
		walk_nodes++;
	}
}

static void summarise(const char *what, void *root)
{
	walk_sum = 0xcbf29ce484222325ull;
	walk_nodes = walk_inorder_bad = 0;
	walk_depth = -1;
	twalk(root, sum_visit);
	printf("%s: %ld nodes, height %d, in order %s, walk %016llx\n", what, walk_nodes, walk_depth + 1,
	       walk_inorder_bad ? "no" : "yes", (unsigned long long)walk_sum);
}

static uint32_t rng = 12345;

static uint32_t next(void)
{
	rng = rng * 1103515245u + 12345u;
	return rng >> 8;
}

/* Deletes `k` and prints what tdelete returned. */
static void delete_one(int k, void **root)
{
	int was_root = *root && key_of(*root) == k;
	uintptr_t old = (uintptr_t)*root;
	uintptr_t r = (uintptr_t)tdelete(&keys[k], root, cmp_int);
	if (!r)
		printf("tdelete %d: null\n", k);
	else if (was_root)
		printf("tdelete %d (the root): old root's address %s\n", k, r == old ? "yes" : "no");
	else
		printf("tdelete %d: parent %d\n", k, key_of((void *)r));
}

static void small(void)
{
	static const int order[] = { 8, 4, 12, 2, 6, 10, 14, 1, 3, 5, 7, 9, 11, 13, 15, 0 };
	void *root = 0;
	for (int i = 0; i < SMALL; i++) {
		void *n = tsearch(&keys[order[i]], &root, cmp_int);
		if (!n || *(int **)n != &keys[order[i]])
			check("tsearch returns the node holding the key", 0);
	}
	show("16 keys", root);
	static const int dels[] = { 8, 4, 15, 0, 1, 12, 7, 99, 9 };
	for (size_t i = 0; i < sizeof dels / sizeof *dels; i++) {
		if (dels[i] >= SMALL) {
			int missing = 99;
			check("tdelete of a missing key is null", tdelete(&missing, &root, cmp_int) == 0);
			continue;
		}
		delete_one(dels[i], &root);
		show("  now", root);
	}
	/* Ascending insertions rotate at every power of two. */
	void *asc = 0;
	for (int k = 0; k < 7; k++) {
		tsearch(&keys[k], &asc, cmp_int);
		show("ascending", asc);
	}
	for (int k = 6; k >= 0; k--) {
		delete_one(k, &asc);
		show("  now", asc);
	}
	check("the tree is empty again", asc == 0);
	/* Single rotations on deletion when the taller sibling is even. */
	void *even = 0;
	static const int shape[] = { 4, 2, 6, 1, 3, 5, 7, 0 };
	for (size_t i = 0; i < sizeof shape / sizeof *shape; i++)
		tsearch(&keys[shape[i]], &even, cmp_int);
	delete_one(7, &even);
	show("even", even);
	delete_one(5, &even);
	show("  now", even);
	tdestroy(even, 0);
	tdestroy(root, 0);
}

static void equal_keys(void)
{
	void *root = 0;
	int a = 5, b = 5, c = 6;
	void *na = tsearch(&a, &root, cmp_int);
	void *nb = tsearch(&b, &root, cmp_int);
	check("an equal key returns the node already there", na == nb && *(int **)nb == &a);
	check("tfind finds an equal key", tfind(&b, &root, cmp_int) == na);
	check("tfind misses", tfind(&c, &root, cmp_int) == 0);
	check("tsearch with a null root pointer is null", tsearch(&c, 0, cmp_int) == 0);
	check("tfind with a null root pointer is null", tfind(&c, 0, cmp_int) == 0);
	check("tdelete with a null root pointer is null", tdelete(&c, 0, cmp_int) == 0);
	check("tdelete of the last node empties the tree", tdelete(&b, &root, cmp_int) != 0 && root == 0);
	check("tfind in an empty tree", tfind(&a, &root, cmp_int) == 0);
	twalk(0, print_visit);
	tdestroy(0, free);
	check("twalk and tdestroy of an empty tree do nothing", 1);
}

static int freed[64], nfreed;

static void note_free(void *k)
{
	freed[nfreed++] = *(int *)k;
}

static void destroy_order(void)
{
	void *root = 0;
	for (int k = 1; k <= 12; k++)
		tsearch(&keys[k], &root, cmp_int);
	show("12 ascending", root);
	tdestroy(root, note_free);
	printf("tdestroy frees:");
	for (int i = 0; i < nfreed; i++)
		printf(" %d", freed[i]);
	putchar('\n');
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(a, b);
}

static void print_word(const void *node, VISIT v, int depth)
{
	if (v == postorder || v == leaf)
		printf(" %s@%d", *(char *const *)node, depth);
}

static void strings(void)
{
	static const char *const words[] = { "pear", "apple", "fig", "kiwi", "banana", "cherry", "date",
					     "grape", "lemon", "mango", "apple", "fig" };
	void *root = 0;
	int entered = 0;
	for (size_t i = 0; i < sizeof words / sizeof *words; i++) {
		char *w = strdup(words[i]);
		char **n = tsearch(w, &root, cmp_str);
		if (*n == w)
			entered++;
		else
			free(w);
	}
	printf("words entered %d:", entered);
	twalk(root, print_word);
	putchar('\n');
	char **n = tfind("kiwi", &root, cmp_str);
	check("tfind(\"kiwi\")", n && strcmp(*n, "kiwi") == 0);
	tdestroy(root, free);
}

/* Random insertions and deletions over a key range, with walks compared through checksums. */
static void random_ops(const char *what, int range, int ops)
{
	void *root = 0;
	static unsigned char in[BIG];
	memset(in, 0, sizeof in);
	long present = 0, bad = 0;
	uint64_t parents = 0xcbf29ce484222325ull;
	for (int i = 0; i < ops; i++) {
		int k = (int)(next() % (uint32_t)range);
		switch (next() % 5) {
		case 0:
		case 1:
		case 2: {
			void *n = tsearch(&keys[k], &root, cmp_int);
			if (!n || key_of(n) != k)
				bad++;
			present += !in[k];
			in[k] = 1;
			break;
		}
		case 3: {
			int was_root = root && key_of(root) == k;
			void *p = tdelete(&keys[k], &root, cmp_int);
			if (!p != !in[k])
				bad++;
			if (p && !was_root)
				parents = (parents ^ (uint64_t)key_of(p)) * 0x100000001b3ull;
			present -= in[k];
			in[k] = 0;
			break;
		}
		default:
			if (!tfind(&keys[k], &root, cmp_int) != !in[k])
				bad++;
		}
		if (i % (ops / 4) == ops / 4 - 1) {
			summarise(what, root);
			check("  node count", walk_nodes == present);
		}
	}
	printf("%s: wrong results %ld, parents %016llx\n", what, bad, (unsigned long long)parents);
	tdestroy(root, 0);
}

int main(void)
{
	for (int i = 0; i < BIG; i++)
		keys[i] = i;
	small();
	equal_keys();
	destroy_order();
	strings();
	random_ops("dense", 300, 40000);
	random_ops("sparse", BIG, 60000);
	/* A large ascending tree, then every third key deleted. */
	void *root = 0;
	for (int k = 0; k < BIG; k++)
		tsearch(&keys[k], &root, cmp_int);
	summarise("ascending 20000", root);
	for (int k = 0; k < BIG; k += 3)
		tdelete(&keys[k], &root, cmp_int);
	summarise("  every third deleted", root);
	tdestroy(root, 0);
	return fails != 0;
}

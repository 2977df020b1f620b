/* A deterministic random workload of malloc/calloc/realloc/free over 4096
 * slots with sizes from 0 to 64 KiB (and occasional large blocks), checking
 * each live block's contents before it is freed or resized. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state = 0x9e3779b97f4a7c15ULL;

static uint32_t rnd(void)
{
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return (uint32_t)(state >> 11);
}

enum { SLOTS = 4096 };
static unsigned char *ptr[SLOTS];
static size_t len[SLOTS];
static unsigned char tag[SLOTS];

static int intact(int i)
{
	for (size_t j = 0; j < len[i]; j++)
		if (ptr[i][j] != (unsigned char)(tag[i] + j))
			return 0;
	return 1;
}

static void stamp(int i, size_t from)
{
	for (size_t j = from; j < len[i]; j++)
		ptr[i][j] = (unsigned char)(tag[i] + j);
}

static size_t pick_size(void)
{
	uint32_t r = rnd() % 100;
	if (r < 60)
		return rnd() % 128;
	if (r < 90)
		return rnd() % 4096;
	if (r < 99)
		return rnd() % 65536;
	return 100000 + rnd() % 400000;
}

int main(void)
{
	int bad = 0;
	long ops[4] = { 0 };
	for (int step = 0; step < 100000; step++) {
		int i = rnd() % SLOTS;
		uint32_t op = rnd() % 4;
		if (ptr[i] && !intact(i))
			bad++;
		if (op == 0 || !ptr[i]) {
			free(ptr[i]);
			len[i] = pick_size();
			ptr[i] = (rnd() & 1) ? malloc(len[i]) : calloc(len[i], 1);
			if (!ptr[i])
				return 2;
			tag[i] = (unsigned char)rnd();
			stamp(i, 0);
			ops[0]++;
		} else if (op == 1) {
			size_t n = pick_size();
			unsigned char *q = realloc(ptr[i], n);
			if (!q && n)
				return 3;
			ptr[i] = q;
			size_t old = len[i];
			len[i] = n;
			if (n > old)
				stamp(i, old);
			ops[1]++;
		} else {
			free(ptr[i]);
			ptr[i] = NULL;
			len[i] = 0;
			ops[2]++;
		}
	}
	for (int i = 0; i < SLOTS; i++) {
		if (ptr[i] && !intact(i))
			bad++;
		free(ptr[i]);
	}
	printf("allocs %ld reallocs %ld frees %ld corrupt %d\n", ops[0], ops[1], ops[2], bad);
	return bad != 0;
}

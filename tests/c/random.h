/* Random test inputs the generated tests share: a xorshift64 generator with a fixed seed
 * (the same sequence on every libc), and a struct tm of random fields, often out of range,
 * for the strftime family. */
#include <time.h>

static unsigned long long seed = 88172645463325252ULL;

static inline unsigned rnd(void)
{
	seed ^= seed << 13;
	seed ^= seed >> 7;
	seed ^= seed << 17;
	return (unsigned)(seed >> 11);
}

/* Every int field random (a third of them from the edge values), isdst -1..1, an offset of
 * up to half a day either way, and no zone name. */
static inline void random_tm(struct tm *tm)
{
	static const int wild[] = { 0, 1, -1, 7, 11, 12, 59, 60, 61, 365, 366, -1900, -1901, 8099, 2147483647, -2147483647 - 1 };
	int *f = &tm->tm_sec;
	for (int k = 0; k < 9; k++)
		f[k] = rnd() % 3 ? (int)(rnd() % 400) - 20 : wild[rnd() % 16];
	tm->tm_isdst = (int)(rnd() % 3) - 1;
	tm->tm_gmtoff = (long)(rnd() % 100000) - 50000;
	tm->tm_zone = 0;
}

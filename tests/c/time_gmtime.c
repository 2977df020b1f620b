/* gmtime/gmtime_r/timegm round trips over a wide range of times (negative, far past and
 * far future), out-of-range normalization by timegm, EOVERFLOW at the int-year limits,
 * asctime/asctime_r/ctime_r of fixed times, and difftime. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "random.h"

static int fails;

static void show(const struct tm *tm)
{
	printf("%d-%d-%d %d:%d:%d wday %d yday %d isdst %d gmtoff %ld zone %s\n",
	       tm->tm_year, tm->tm_mon, tm->tm_mday, tm->tm_hour, tm->tm_min,
	       tm->tm_sec, tm->tm_wday, tm->tm_yday, tm->tm_isdst, tm->tm_gmtoff,
	       tm->tm_zone);
}

/* timegm over random fields, many far out of range (including INT_MIN and INT_MAX). */
static void fuzz(void)
{
	static const int wild[] = { 0, 1, -1, 11, 12, 13, 59, 60, 61, 365, -1900, 2147483647, -2147483647 - 1, 1000000000, -1000000000 };
	for (int i = 0; i < 2000; i++) {
		struct tm tm;
		int *f = &tm.tm_sec;
		for (int k = 0; k < 9; k++)
			f[k] = rnd() % 4 ? (int)(rnd() % 2000) - 1000 : wild[rnd() % 15];
		errno = 0;
		time_t t = timegm(&tm);
		int e = errno;
		printf("fuzz %lld %d: ", (long long)t, e);
		if (t != -1 || !e)
			show(&tm);
		else
			printf("\n");
	}
}

int main(void)
{
	static const long long fixed[] = {
		0, -1, 1, 86399, 86400, -86400, -86401, 951782400, 951868800,
		946684799, 946684800, 1700000000, 2147483647, 2147483648LL,
		-2147483648LL, -2147483649LL, 4102444800LL, 253402300799LL,
		253402300800LL, -62135596800LL, -62135596801LL, -62167219200LL,
		67767976233316799LL, -67768040609740800LL, 100000000000000LL,
	};
	for (unsigned i = 0; i < sizeof fixed / sizeof *fixed; i++) {
		time_t t = fixed[i];
		struct tm tm;
		if (!gmtime_r(&t, &tm)) {
			printf("%lld: null\n", (long long)t);
			continue;
		}
		printf("%lld: ", (long long)t);
		show(&tm);
		time_t back = timegm(&tm);
		if (back != t) {
			printf("  timegm gave %lld\n", (long long)back);
			fails++;
		}
	}

	unsigned long long sum = 0;
	long n = 0, bad = 0;
	for (long long t = -70000000000000LL; t < 70000000000000LL; t += 9876543210987LL / 101) {
		time_t tt = t;
		struct tm *tm = gmtime(&tt);
		if (!tm) { bad++; continue; }
		sum = sum * 31 + tm->tm_year * 400 + tm->tm_yday * 7 + tm->tm_wday;
		sum = sum * 31 + tm->tm_hour * 3600 + tm->tm_min * 60 + tm->tm_sec + tm->tm_mon * 40 + tm->tm_mday;
		struct tm copy = *tm;
		if (timegm(&copy) != tt) bad++;
		n++;
	}
	printf("sweep %ld checksum %llu bad %ld\n", n, sum, bad);

	time_t huge = 67768036191676800LL;
	errno = 0;
	struct tm tmo;
	struct tm *r = gmtime_r(&huge, &tmo);
	printf("overflow gmtime_r %s errno %s\n", r ? "ok" : "null", errno == EOVERFLOW ? "EOVERFLOW" : "other");
	huge = -67768040609740801LL;
	errno = 0;
	r = gmtime(&huge);
	printf("underflow gmtime %s errno %s\n", r ? "ok" : "null", errno == EOVERFLOW ? "EOVERFLOW" : "other");

	/* Normalization of out-of-range fields. */
	struct tm a = { .tm_year = 100, .tm_mon = 13, .tm_mday = 0, .tm_hour = -1, .tm_min = 61, .tm_sec = 3600, .tm_isdst = 1 };
	time_t ta = timegm(&a);
	printf("normalize %lld: ", (long long)ta);
	show(&a);
	struct tm b = { .tm_year = 70, .tm_mon = -25, .tm_mday = 400 };
	time_t tb = timegm(&b);
	printf("normalize %lld: ", (long long)tb);
	show(&b);
	struct tm c = { .tm_year = 2147483647, .tm_mon = 11, .tm_mday = 31, .tm_hour = 23 };
	errno = 0;
	time_t tc = timegm(&c);
	printf("timegm max year %lld errno %d\n", (long long)tc, errno == EOVERFLOW);
	c.tm_mon = 12;
	errno = 0;
	tc = timegm(&c);
	printf("timegm past max %lld errno %s\n", (long long)tc, errno == EOVERFLOW ? "EOVERFLOW" : "none");

	char buf[26];
	for (unsigned i = 0; i < 12; i++) {
		time_t t = fixed[i] * 7 + 12345;
		fputs(asctime(gmtime(&t)), stdout);
		struct tm tm;
		gmtime_r(&t, &tm);
		fputs(asctime_r(&tm, buf), stdout);
	}
	struct tm odd = { .tm_year = -1900 - 5, .tm_mday = 5, .tm_sec = -1, .tm_wday = 3, .tm_mon = 1 };
	fputs(asctime(&odd), stdout);

	fuzz();
	time_t z = 0;
	printf("gmtime and localtime share a buffer: %d\n", gmtime(&z) == localtime(&z));
	printf("difftime %.1f %.1f %.1f\n", difftime(10, 3), difftime(-5, 5),
	       difftime(9000000000000000000LL, 8999999999999999999LL));
	return fails != 0;
}

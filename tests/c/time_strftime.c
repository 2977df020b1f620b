/* strftime: every C, POSIX and musl conversion (with E and O modifiers and the -, _, 0
 * and + flags and widths) for several fixed times, plus truncation, an unknown
 * conversion and out-of-range fields. The zone is set to UTC through a
 * hand-made environ so %Z and %z are fixed. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "random.h"

extern char **environ;

static const char *convs = "aAbBcCdDeFgGhHIjmMnprRsStTuUVwWxXyYzZ%";


/* Random fields (often out of range) and random conversions with random flags and widths. */
static void fuzz(void)
{
	char fmt[64], buf[300];
	for (int i = 0; i < 3000; i++) {
		struct tm tm;
		random_tm(&tm);
		int n = 0;
		for (int c = 0; c < 4; c++) {
			fmt[n++] = '%';
			unsigned r = rnd();
			if (r % 4 == 0) fmt[n++] = "-_0"[r / 4 % 3];
			if (r / 16 % 4 == 0) fmt[n++] = '+';
			if (r / 64 % 3 == 0) n += sprintf(fmt + n, "%u", r / 256 % 13);
			if (r / 4096 % 8 == 0) fmt[n++] = "EO"[r / 32768 % 2];
			fmt[n++] = convs[rnd() % 38];
			fmt[n++] = '|';
		}
		fmt[n] = 0;
		size_t len = strftime(buf, sizeof buf, fmt, &tm);
		printf("%s => %zu %s\n", fmt, len, len ? buf : "");
	}
}

int main(void)
{
	static char *env[] = { "TZ=UTC0", 0 };
	environ = env;
	tzset();

	static const long long times[] = {
		0, 1700000000, 951782400, -1, 1230768000, 1262217600, 1104537600,
		1136073600, 1293753600, -62135596800LL, 253402300800LL, 4102444799LL,
		-2208988800LL, 1483228799, 1514764800, 1609459199, 1041379200,
		-100000000000LL, 400000000000LL,
	};
	char buf[256], fmt[16];
	for (unsigned i = 0; i < sizeof times / sizeof *times; i++) {
		time_t t = times[i];
		struct tm tm;
		gmtime_r(&t, &tm);
		printf("== %lld\n", (long long)t);
		for (const char *c = convs; *c; c++) {
			static const char *pre[] = { "", "E", "O", "-", "_", "0", "+", "10", "+10", "_5", "-3", "+4", "05", "1" };
			printf("%c:", *c);
			for (unsigned p = 0; p < sizeof pre / sizeof *pre; p++) {
				snprintf(fmt, sizeof fmt, "%%%s%c", pre[p], *c);
				size_t n = strftime(buf, sizeof buf, fmt, &tm);
				printf(" [%zu|%s]", n, n ? buf : "");
			}
			printf("\n");
		}
	}

	struct tm tm;
	time_t t = 1700000000;
	gmtime_r(&t, &tm);
	const char *long_fmts[] = {
		"%A, %d %B %Y at %I:%M:%S %p (%Z, %z)",
		"plain text only",
		"",
		"%",
		"%k",
		"%l %P %+ %L",
		"abc%Qdef",
		"%Ec|%Ex|%EX|%Oy|%Od",
		"100%% sure %n%t done",
	};
	for (unsigned i = 0; i < sizeof long_fmts / sizeof *long_fmts; i++) {
		memset(buf, 'x', sizeof buf);
		size_t n = strftime(buf, sizeof buf, long_fmts[i], &tm);
		buf[sizeof buf - 1] = 0;
		printf("fmt %u: %zu [%s]\n", i, n, buf);
	}
	for (size_t cap = 0; cap < 12; cap++) {
		memset(buf, 'x', sizeof buf);
		size_t n = strftime(buf, cap, "%Y-%m-%d %H", &tm);
		buf[20] = 0;
		printf("cap %zu: %zu [%s]\n", cap, n, cap ? buf : "-");
	}

	/* Out-of-range fields and negative offsets. */
	struct tm odd = { .tm_sec = 75, .tm_min = -3, .tm_hour = 25, .tm_mday = -4, .tm_mon = 14,
		.tm_year = -2000, .tm_wday = 9, .tm_yday = 400, .tm_isdst = 1, .tm_gmtoff = -16200 };
	strftime(buf, sizeof buf, "%a|%A|%b|%B|%C|%d|%e|%g|%G|%H|%I|%j|%m|%M|%S|%u|%U|%V|%w|%W|%y|%Y|%z|%s|%p", &odd);
	printf("odd: %s\n", buf);
	odd.tm_isdst = -1;
	size_t n = strftime(buf, sizeof buf, "[%z][%Z]", &odd);
	printf("isdst<0: %zu %s\n", n, buf);
	odd.tm_year = 20000;
	odd.tm_isdst = 0;
	odd.tm_gmtoff = 19800;
	strftime(buf, sizeof buf, "%Y|%C|%F|%G|%+Y|%z|%12Y|%+12Y|%3Y|%1C", &odd);
	printf("far: %s\n", buf);
	odd.tm_year = -1905;
	strftime(buf, sizeof buf, "%Y|%C|%F|%G|%y|%g|%6Y|%+6Y|%4C", &odd);
	printf("bce: %s\n", buf);
	fuzz();

	return 0;
}

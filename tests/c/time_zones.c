/* Time zones: TZif files (Area/City, :name, absolute path, missing files), POSIX TZ
 * strings (Jn, n and Mm.w.d rules, explicit times, <...> names, odd and malformed
 * strings), unset and empty TZ. For each zone: tzname/timezone/daylight (and their
 * __ aliases), localtime over a range of times including DST transitions, and mktime
 * with tm_isdst -1, 0 and 1 in gaps, overlaps and normal times. TZ is set by building
 * a new environ. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

extern char **environ;
extern long __timezone;
extern int __daylight;
extern char *__tzname[2];

static char envbuf[256];
static char *env[2];

static void set_tz(const char *tz)
{
	if (tz) {
		snprintf(envbuf, sizeof envbuf, "TZ=%s", tz);
		env[0] = envbuf;
		env[1] = 0;
	} else {
		env[0] = 0;
	}
	environ = env;
	tzset();
}

static void show_tm(const char *tag, const struct tm *tm)
{
	char buf[80];
	strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S %Z %z", tm);
	printf("  %s %s isdst %d gmtoff %ld wday %d yday %d\n", tag, buf, tm->tm_isdst, tm->tm_gmtoff,
	       tm->tm_wday, tm->tm_yday);
}

int main(void)
{
	static const char *zones[] = {
		"America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kolkata",
		"Pacific/Chatham", "UTC", ":Europe/Berlin", "/usr/share/zoneinfo/America/Sao_Paulo",
		"America/St_Johns", "Africa/Casablanca", "Europe/Dublin", "Asia/Tokyo",
		"Etc/GMT+5", "America/Los_Angeles", "Antarctica/Troll",
		"EST5EDT,M3.2.0,M11.1.0", "<+0330>-3:30", "CET-1CEST,M3.5.0,M10.5.0/3",
		"NZST-12NZDT,M9.5.0,M4.1.0/3", "AEST-10AEDT,M10.1.0,M4.1.0/3",
		"IST-5:30", "XXX3YYY,J60/1,J300/1", "ABC-2DEF,59/0,300/24", "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1",
		"PST8PDT,M3.2.0/2:30:15,M11.1.0/1:00:00", "EST5EDT", "LONGNAMEZONE5", "<ABCDEFGH>-1",
		"GMT0", "UTC", "", "Nowhere/Nothing", ":", "garbage", "5", "/nonexistent/file",
		"./relative", "A/B,C", "UTC+3", "EST5EDT4,M3.2.0/-1,M11.1.0/26",
	};
	static const long long times[] = {
		0, -1, 1700000000, 1710054000, 1710054000 + 3600, 1710050400, 1730613600,
		1730613600 - 1, 1730613600 + 3600, 1711846800, 1711846800 - 1, 1729990800,
		1712419200, 1712415600, 1727539200, 1727535600, 1696089600, 1680364800,
		-2208988800LL, -5000000000LL, 2147483647, 2147483648LL, 4102444800LL,
		4118083200LL, 10000000000LL, 253402300799LL, 1000000000, 1234567890,
	};
	for (unsigned z = 0; z < sizeof zones / sizeof *zones; z++) {
		set_tz(zones[z]);
		printf("== [%s] tzname %s/%s timezone %ld daylight %d aliases %d\n", zones[z],
		       tzname[0], tzname[1], timezone, daylight,
		       &__timezone == &timezone && &__daylight == &daylight && __tzname == tzname);
		for (unsigned i = 0; i < sizeof times / sizeof *times; i++) {
			time_t t = times[i];
			struct tm tm;
			if (!localtime_r(&t, &tm)) {
				printf("  %lld null\n", (long long)t);
				continue;
			}
			char tag[32];
			snprintf(tag, sizeof tag, "%lld", (long long)t);
			show_tm(tag, &tm);
		}
		/* Every hour across two years: count DST hours and check mktime inverts localtime. */
		long dst = 0, bad = 0;
		for (time_t t = 1672531200; t < 1672531200 + 2 * 366 * 86400; t += 1800) {
			struct tm tm, copy;
			localtime_r(&t, &tm);
			dst += tm.tm_isdst;
			copy = tm;
			if (mktime(&copy) != t || copy.tm_sec != tm.tm_sec || copy.tm_min != tm.tm_min ||
			    copy.tm_hour != tm.tm_hour || copy.tm_mday != tm.tm_mday || copy.tm_mon != tm.tm_mon ||
			    copy.tm_year != tm.tm_year || copy.tm_wday != tm.tm_wday || copy.tm_yday != tm.tm_yday ||
			    copy.tm_isdst != tm.tm_isdst || copy.tm_gmtoff != tm.tm_gmtoff)
				bad++;
		}
		printf("  sweep dst half-hours %ld mktime mismatches %ld\n", dst, bad);
		/* mktime of local times near transitions, with each tm_isdst. */
		static const int wall[][5] = {
			{ 2024, 3, 10, 2, 30 }, { 2024, 11, 3, 1, 30 }, { 2024, 3, 31, 1, 30 },
			{ 2024, 10, 27, 1, 30 }, { 2024, 4, 7, 2, 15 }, { 2024, 10, 6, 2, 15 },
			{ 2024, 7, 1, 12, 0 }, { 2024, 1, 15, 12, 0 }, { 2024, 9, 29, 2, 45 },
			{ 2024, 4, 7, 2, 45 }, { 1900, 1, 1, 0, 0 }, { 2100, 6, 1, 0, 0 },
			{ 2024, 13, 40, 25, 70 },
		};
		for (unsigned w = 0; w < sizeof wall / sizeof *wall; w++) {
			for (int isdst = -1; isdst <= 1; isdst++) {
				struct tm tm = { .tm_year = wall[w][0] - 1900, .tm_mon = wall[w][1] - 1,
					.tm_mday = wall[w][2], .tm_hour = wall[w][3], .tm_min = wall[w][4],
					.tm_isdst = isdst };
				time_t t = mktime(&tm);
				char tag[40];
				snprintf(tag, sizeof tag, "mktime %d %lld", isdst, (long long)t);
				show_tm(tag, &tm);
			}
		}
		/* mktime over random fields, some far out of range. */
		unsigned long long seed = 88172645463325252ULL, sum = 0;
		long fails = 0;
		for (int i = 0; i < 300; i++) {
			int v[7];
			for (int k = 0; k < 7; k++) {
				seed ^= seed << 13;
				seed ^= seed >> 7;
				seed ^= seed << 17;
				v[k] = (int)(seed >> 40) % 3000 - 1500;
			}
			struct tm tm = { .tm_sec = v[0] * 50, .tm_min = v[1], .tm_hour = v[2] / 10, .tm_mday = v[3] / 5,
				.tm_mon = v[4] / 20, .tm_year = v[5] / 4 + 120, .tm_isdst = v[6] % 2 };
			errno = 0;
			time_t m = mktime(&tm);
			if (m == -1 && errno) fails++;
			sum = sum * 31 + (unsigned long long)m + tm.tm_isdst + tm.tm_gmtoff + tm.tm_yday + tm.tm_wday;
		}
		printf("  mktime fuzz %llu fails %ld\n", sum, fails);
		time_t t = 1700000000;
		char cbuf[26];
		printf("  ctime %s", ctime_r(&t, cbuf));
	}
	set_tz(0);
	printf("unset: tzname %s/%s timezone %ld daylight %d\n", tzname[0], tzname[1], timezone, daylight);
	time_t t = 1700000000;
	struct tm *tm = localtime(&t);
	show_tm("unset", tm);
	printf("ctime %s", ctime(&t));
	t = 0x7fffffffffffffffLL;
	errno = 0;
	tm = localtime(&t);
	printf("overflow %s %d\n", tm ? "tm" : "null", errno == EOVERFLOW);
	return 0;
}

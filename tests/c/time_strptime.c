/* strptime: round trips of strftime output for many times and formats, plus musl's
 * edge cases (digit limits, names in any case, %y/%C century rules, %p, whitespace,
 * failures). Fields strptime does not set are pre-filled with a marker. */
#include <stdio.h>
#include <string.h>
#include <time.h>

static void show(const char *in, const char *fmt)
{
	struct tm tm;
	memset(&tm, 0, sizeof tm);
	tm.tm_sec = tm.tm_min = tm.tm_hour = tm.tm_mday = tm.tm_mon = tm.tm_year = -99;
	tm.tm_wday = tm.tm_yday = -99;
	char *end = strptime(in, fmt, &tm);
	if (!end) {
		printf("[%s] [%s] -> null\n", in, fmt);
		return;
	}
	printf("[%s] [%s] -> +%d rest [%s]: %d %d %d %d:%d:%d w%d y%d\n", in, fmt, (int)(end - in), end,
	       tm.tm_year, tm.tm_mon, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, tm.tm_wday, tm.tm_yday);
}

int main(void)
{
	static const char *fmts[] = {
		"%Y-%m-%d %H:%M:%S", "%c", "%D %T", "%Y-%m-%d %R", "%a %A %b %B %h", "%y %j %I %p",
		"%x %X", "%r", " %e.%m.%Y %n%t%M", "%C%y %H", "%S", "%U %W %w %Y",
	};
	long n = 0, bad = 0;
	for (long long t = -2500000000LL; t < 5000000000LL; t += 7777777) {
		time_t tt = t;
		struct tm a;
		gmtime_r(&tt, &a);
		for (unsigned f = 0; f < sizeof fmts / sizeof *fmts; f++) {
			char buf[128];
			strftime(buf, sizeof buf, fmts[f], &a);
			struct tm b;
			memset(&b, 0, sizeof b);
			char *e = strptime(buf, fmts[f], &b);
			n++;
			if (!e || *e) { bad++; continue; }
			if (strchr(fmts[f], 'S') && b.tm_sec != a.tm_sec) bad++;
			if ((strchr(fmts[f], 'M') || strchr(fmts[f], 'R')) && b.tm_min != a.tm_min) bad++;
			if (f == 0 && (b.tm_year != a.tm_year || b.tm_mon != a.tm_mon || b.tm_mday != a.tm_mday || b.tm_hour != a.tm_hour)) bad++;
			if (f == 1 && (b.tm_wday != a.tm_wday || b.tm_hour != a.tm_hour || b.tm_year != a.tm_year)) bad++;
			if (f == 5 && (b.tm_yday != a.tm_yday || b.tm_hour != a.tm_hour)) bad++;
		}
	}
	printf("round trips %ld bad %ld\n", n, bad);

	show("2023-11-14 22:13:20", "%Y-%m-%d %H:%M:%S");
	show("   2023-1-4x", " %Y-%m-%d");
	show("12345", "%Y");
	show("12345", "%6Y");
	show("-0044", "%Y");
	show("+2023", "%Y");
	show("20231114", "%Y%m%d");
	show("1234567", "%H%M%S");
	show("24", "%H");
	show("00", "%I");
	show("13", "%I");
	show("366", "%j");
	show("367", "%j");
	show("0", "%j");
	show("60", "%S");
	show("61", "%S");
	show("62", "%S");
	show("7", "%w");
	show("68", "%y");
	show("69", "%y");
	show("99 19", "%y %C");
	show("20", "%C");
	show("5", "%C");
	show("123", "%C");
	show("mOnDaY", "%a");
	show("Mon", "%A");
	show("thursdayX", "%a");
	show("September", "%b");
	show("sept", "%b");
	show("JUN", "%B");
	show("pm", "%p");
	show("11 PM", "%I %p");
	show("12 am", "%I %p");
	show("12 pm", "%I %p");
	show("a.m.", "%p");
	show("100%", "%Y%%");
	show("100", "%Y%%");
	show("-1234567x", "%s");
	show("x", "%s");
	show("53 54", "%U %W");
	show("a   b", "a b");
	show("ab", "a b");
	show("a\t\nb", "a%nb");
	show("abc", "abd");
	show("2024-02-30", "%F");
	show("12345-01-02", "%F");
	show("x", "%Q");
	show("7", "%");
	show("1:2", "%R");
	show("01/02/03", "%D");
	show("Tue Nov 14 22:13:20 2023", "%c");
	show("10:13:20 PM", "%r");
	show("9", "%e");
	show(" 9", "%e");
	show("123", "%2Y");
	show("12", "%m");
	show("13", "%m");
	show("", "");
	show("rest", "");
	return bad != 0;
}

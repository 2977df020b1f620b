/* strftime and strptime under MUSL_LOCPATH, as on musl 1.2.3 (the reference): musl's
 * strftime takes its names and formats from nl_langinfo, which a GNU .mo catalog named
 * after the locale translates, so limpet's strftime (and strptime) read the translated
 * strings too; LC_NUMERIC is not translated, so printf and strtod keep the point. The
 * catalog is locale_musl_locpath.po's (`msgfmt -o - locale_musl_locpath.po | xxd -i`):
 * Sunday, Sun, January and D_T_FMT ("%A %d") translated, the abbreviated month not. The
 * program writes it to a scratch directory (named with the pid) and points MUSL_LOCPATH
 * there. */
#define _GNU_SOURCE
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "locale_musl_locpath.h"

static void show(const char *what)
{
	/* Sunday 1 January 2023, 10:20:30. */
	struct tm tm = { .tm_sec = 30, .tm_min = 20, .tm_hour = 10, .tm_mday = 1, .tm_mon = 0,
	                 .tm_year = 123, .tm_wday = 0, .tm_yday = 0, .tm_isdst = -1 };
	char buf[200];
	size_t n = strftime(buf, sizeof buf, "%a|%A|%b|%B|%c|%x|%p", &tm);
	printf("%s: strftime %zu [%s]\n", what, n, buf);
	struct tm back;
	memset(&back, 0, sizeof back);
	char *end = strptime("Sonntag Januar 2023", "%A %B %Y", &back);
	printf("%s: strptime %s wday %d mon %d year %d\n", what, end ? "read" : "failed", back.tm_wday, back.tm_mon, back.tm_year);
	printf("%s: printf [%.2f] strtod %g\n", what, 2.5, strtod("1.5", 0));
}

int main(void)
{
	char dir[64], path[96];
	snprintf(dir, sizeof dir, "/tmp/limpet-fmt-locpath-%d", (int)getpid());
	snprintf(path, sizeof path, "%s/xx_XX", dir);
	mkdir(dir, 0700);
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(catalog, 1, sizeof catalog, f) != sizeof catalog || fclose(f)) {
		printf("cannot write the catalog\n");
		return 1;
	}
	setenv("MUSL_LOCPATH", dir, 1);
	show("C");
	setlocale(LC_ALL, "xx_XX");
	show("xx_XX");
	setlocale(LC_TIME, "C");
	show("xx_XX but LC_TIME C");
	unlink(path);
	rmdir(dir);
	return 0;
}

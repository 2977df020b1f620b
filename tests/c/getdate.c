/* getdate over a DATEMSK template written to /tmp: the first format that strptime matches
 * through the end of the input wins; the struct tm is one static that no call clears (the
 * fields a format leaves alone keep what earlier calls and failed formats wrote), and a
 * line longer than 99 bytes is tried in pieces. getdate_err for every failure musl reports:
 * no DATEMSK (1), a file that cannot be opened (2), one that cannot be read (5), no match (7). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void try(const char *s) {
	getdate_err = 0;
	struct tm *tm = getdate(s);
	if (!tm) {
		printf("\"%s\": null, getdate_err %d\n", s, getdate_err);
		return;
	}
	printf("\"%s\": %d-%02d-%02d %02d:%02d:%02d wday %d yday %d isdst %d\n", s, tm->tm_year, tm->tm_mon, tm->tm_mday,
	       tm->tm_hour, tm->tm_min, tm->tm_sec, tm->tm_wday, tm->tm_yday, tm->tm_isdst);
}

int main(void) {
	char path[64];
	snprintf(path, sizeof path, "/tmp/limpet-getdate-%d.tmpl", (int)getpid());
	FILE *f = fopen(path, "w");
	if (!f) return 1;
	fputs("%H:%M\n%Y-%m-%d %H:%M:%S\n%Y-%m-%d\n%d/%m/%Y %I:%M %p\n%A %B %d\n%b %d %Y\n", f);
	fprintf(f, "%%j%*s%%Y\n", 110, "");
	fputs("%m%%%d\n%s", f);
	fclose(f);

	unsetenv("DATEMSK");
	try("12:30");
	setenv("DATEMSK", "/nonexistent/limpet-getdate", 1);
	try("12:30");
	setenv("DATEMSK", "/tmp", 1);
	try("12:30");
	setenv("DATEMSK", path, 1);
	static const char *inputs[] = {
		"12:30", "2024-02-29 23:59:58", "1999-12-31", "5 Mar 2001", "31/12/1999 11:45 PM", "Monday January 05",
		"Mar 5 2001", "Mar  5   2001  ", "12:30 ", " 12:30", "12:30 extra", "25:00", "2024-13-01", "100", "100 2024",
		"07%04", "1700000000", "", "nonsense",
	};
	for (unsigned i = 0; i < sizeof inputs / sizeof *inputs; i++) try(inputs[i]);
	unlink(path);
	try("12:30");
	return 0;
}

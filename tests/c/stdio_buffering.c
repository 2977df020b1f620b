/* stdout to a pipe (as the harness runs it) is not line buffered: data
 * appears in order relative to direct write(2)s only where fflush is
 * called. At _exit nothing is flushed, so the final text (with or without
 * a newline) is lost, as it is with musl. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void raw(const char *s)
{
	write(1, s, strlen(s));
}

int main(void)
{
	printf("1 stdio\n");
	fflush(stdout);
	raw("2 raw\n");
	printf("3 stdio ");
	printf("continued\n");
	fputs("4 fputs\n", stdout);
	putchar('5');
	putchar('\n');
	fflush(stdout);
	raw("6 raw\n");
	for (int i = 7; i < 12; i++) {
		printf("%d stdio, flushed each time\n", i);
		fflush(stdout);
		raw("  raw after it\n");
	}
	printf("buffered line, lost at _exit\n");
	printf("lost");
	_exit(0);
}

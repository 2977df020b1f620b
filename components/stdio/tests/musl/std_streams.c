/* The standard-stream sequence that tests/std_streams.rs replays on limpet; with stdout
 * and stderr on one pipe, the output order shows when each stream flushes. Built with
 * -fno-builtin so that gcc keeps every call as written. */
#include <stdio.h>
#include <string.h>

int main(void) {
	char big[1500];
	memset(big, 'x', sizeof big - 2);
	big[sizeof big - 2] = '\n';
	big[sizeof big - 1] = 0;
	printf("a\n");
	fprintf(stderr, "b%d\n", 1);
	printf("c%s", "\n");
	fputs("d\n", stderr);
	printf("e");
	fprintf(stderr, "f%d\n", 1);
	fputs("ghi\njk", stdout);
	fputc('l', stderr);
	putchar('\n');
	fwrite("mn\n", 1, 3, stderr);
	puts("o");
	fflush(stdout);
	fputs("p\n", stdout);
	fputs("q", stdout);
	fputs(big, stdout);
	fputs("r\n", stderr);
	printf("%s", "s\n");
	fprintf(stderr, "%0100d\n", 0);
	putc('t', stdout);
	dprintf(2, "u\n");
	return 0;
}

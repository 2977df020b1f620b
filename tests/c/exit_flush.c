/* exit() flushes stdout, including a partial line, after the atexit handlers
 * have run, and the status is exit's argument. */
#include <stdio.h>
#include <stdlib.h>

static void handler(void)
{
	printf("[handler sees pending output]");
}

/* exit from deep inside nested calls: nothing after it runs. The volatile
 * flag keeps gcc from deciding the recursion never returns. */
static volatile int really_exit = 1;

static void nested(int depth)
{
	if (depth > 0) {
		nested(depth - 1);
		printf("not reached\n");
		return;
	}
	if (really_exit) {
		printf(" exiting from depth 0");
		exit(3);
	}
}

int main(void)
{
	atexit(handler);
	printf("line one\n");
	printf("partial line without newline");
	fputs(" more", stdout);
	putchar('!');
	nested(5);
	return 0;
}

/* fprintf to stdout shares stdout's buffer with printf; dprintf writes to a
 * file descriptor directly, bypassing stdio (so stdout must be flushed
 * first to keep the order); fprintf to stderr does not reach stdout. */
#include <stdio.h>
#include <unistd.h>

int main(void)
{
	printf("1 printf\n");
	int r = fprintf(stdout, "2 fprintf(stdout) %d\n", 2);
	printf("fprintf ret %d\n", r);
	r = fprintf(stderr, "to stderr, not compared\n");
	printf("fprintf(stderr) ret %d\n", r);
	fflush(stdout);
	r = dprintf(1, "3 dprintf(1) %s %d\n", "direct", 3);
	printf("dprintf ret %d\n", r);
	fflush(stdout);
	r = dprintf(1, "%5d|%-5s|%x\n", 42, "ab", 255u);
	printf("dprintf ret %d\n", r);
	r = dprintf(1, "%s", "");
	printf("dprintf empty ret %d\n", r);
	r = dprintf(-1, "to nowhere\n");
	printf("dprintf bad fd ret %d\n", r);
	/* Without a flush, the dprintf text comes out before the buffered one. */
	printf("buffered before dprintf\n");
	dprintf(1, "dprintf overtakes buffered stdout\n");
	return 0;
}

/* stdout on a pipe is fully buffered: newlines do not flush it, so a direct
 * write(2) overtakes text printed earlier; stderr is unbuffered (here
 * pointed at the same pipe with dup2, so its text shows up immediately,
 * also ahead of buffered stdout); exit flushes what is left. Only small
 * amounts are buffered, well below any sensible buffer size. */
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static void raw(const char *s)
{
	write(1, s, strlen(s));
}

int main(void)
{
	printf("A: printed first, with newline\n");
	raw("B: raw write, appears before A\n");
	fflush(stdout);
	raw("C: raw after flush\n");

	/* stderr onto stdout's pipe. */
	if (syscall(SYS_dup2, 1, 2) != 2) {
		printf("dup2 failed\n");
		return 1;
	}
	printf("D: buffered stdout\n");
	fprintf(stderr, "E: stderr, unbuffered, before D\n");
	fputs("F: fputs to stderr, before D\n", stderr);
	fputc('G', stderr);
	fputc('\n', stderr);
	fflush(stdout);
	fprintf(stderr, "H: stderr after flush\n");
	printf("I: stdout left for exit to flush, no newline");
	raw("J: raw, before I\n");
	return 0;
}

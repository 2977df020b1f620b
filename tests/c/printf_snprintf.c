/* snprintf's contract: the return value is the length the full output
 * would have had; at most size-1 characters are stored followed by a NUL;
 * size 0 stores nothing (the buffer may be NULL); bytes past the NUL are
 * untouched. */
#include <stdio.h>
#include <string.h>

static void dump(const char *b, int n)
{
	for (int i = 0; i < n; i++)
		printf(b[i] ? "%c" : "\\0", b[i]);
	printf("\n");
}

int main(void)
{
	char buf[32];
	for (int size = 0; size <= 12; size++) {
		memset(buf, '#', sizeof buf);
		int r = snprintf(buf, size, "%s-%d", "hello", 123);
		printf("size %2d ret %d: ", size, r);
		dump(buf, 14);
	}
	printf("NULL,0 ret %d\n", snprintf(NULL, 0, "%d %s %x", 12345, "abc", 0xffu));
	printf("empty format ret %d\n", snprintf(buf, sizeof buf, "%s", ""));
	memset(buf, '#', sizeof buf);
	int r = snprintf(buf, 1, "%s", "anything");
	printf("size 1 ret %d first byte %d, second '%c'\n", r, buf[0], buf[1]);
	r = snprintf(buf, sizeof buf, "%30d", 7);
	printf("fits ret %d len %zu\n", r, strlen(buf));
	r = snprintf(buf, sizeof buf, "%40d", 7);
	printf("width beyond size ret %d len %zu\n", r, strlen(buf));
	char big[5000];
	r = snprintf(big, 10, "%4000s|", "x");
	printf("long padding truncated ret %d stored \"%s\"\n", r, big);
	r = snprintf(NULL, 0, "%4000s|%.3000d", "x", 5);
	printf("NULL with long output ret %d\n", r);
	/* Returned count includes characters that could not be stored. */
	r = snprintf(buf, 4, "%c%c%c%c%c", 'a', 'b', 'c', 'd', 'e');
	printf("chars ret %d stored \"%s\"\n", r, buf);
	/* Truncation in the middle of a numeric conversion. */
	r = snprintf(buf, 6, "%+08d", -42);
	printf("mid-number ret %d stored \"%s\"\n", r, buf);
	r = snprintf(buf, 3, "%#x", 0xabcu);
	printf("mid-prefix ret %d stored \"%s\"\n", r, buf);
	return 0;
}

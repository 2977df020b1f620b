/* strcpy and strcat: return the destination, copy the terminator and
 * nothing after it, append at the first NUL; all alignments. */
#include <stdio.h>
#include <string.h>

int main(void)
{
	char buf[64];
	memset(buf, '#', sizeof buf);
	char *r = strcpy(buf, "hello");
	printf("strcpy returns dest %s, \"%s\", byte after NUL '%c'\n", r == buf ? "yes" : "no", buf, buf[6]);
	r = strcat(buf, ", world");
	printf("strcat returns dest %s, \"%s\"\n", r == buf ? "yes" : "no", buf);
	strcat(buf, "");
	printf("strcat empty \"%s\"\n", buf);
	strcpy(buf, "");
	printf("strcpy empty len %zu, next byte '%c'\n", strlen(buf), buf[1]);
	strcat(buf, "x");
	strcat(buf, "y");
	strcat(buf, "z");
	printf("strcat onto empty \"%s\"\n", buf);
	strcpy(buf, "a\0hidden");
	printf("strcpy stops at NUL \"%s\" then '%c'\n", buf, buf[2]);

	static char src[200], dst[200];
	int bad = 0, cases = 0;
	for (int so = 0; so < 16; so++)
		for (int dof = 0; dof < 16; dof++)
			for (int n = 0; n < 80; n++) {
				memset(src, 0, sizeof src);
				memset(dst, '#', sizeof dst);
				for (int i = 0; i < n; i++)
					src[so + i] = (char)(1 + (i * 31) % 255);
				strcpy(dst + dof, src + so);
				cases++;
				if (memcmp(dst + dof, src + so, n + 1) != 0 || dst[dof + n + 1] != '#' ||
				    (dof > 0 && dst[dof - 1] != '#'))
					bad++;
				/* strcat onto a copy of itself. */
				strcat(dst + dof, src + so);
				if (strlen(dst + dof) != (size_t)(2 * n) || memcmp(dst + dof + n, src + so, n + 1) != 0)
					bad++;
			}
	printf("strcpy/strcat cases %d bad %d\n", cases, bad);
	return bad != 0;
}

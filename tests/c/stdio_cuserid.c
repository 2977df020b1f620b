/* cuserid: the effective user's login name (the harness runs as a user /etc/passwd names),
 * into the caller's buffer and into the library's own. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

char *cuserid(char *);

int main(void)
{
	alarm(10);
	char b[L_cuserid];
	memset(b, 'Z', sizeof b);
	char *p = cuserid(b);
	printf("L_cuserid %d same buffer %d [%s]\n", L_cuserid, p == b, p ? p : "(null)");
	char *q = cuserid(0);
	printf("own buffer [%s], the same one again %d\n", q ? q : "(null)", cuserid(0) == q);
	return 0;
}

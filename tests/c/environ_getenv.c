/* environ and getenv under the harness's fixed environment
 * (env -i LIMPET_TEST=1 HOME=/root PATH=/usr/bin:/bin). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern char **environ;

static int fails;

static void show(const char *name)
{
	const char *v = getenv(name);
	if (v)
		printf("getenv(\"%s\") = \"%s\"\n", name, v);
	else
		printf("getenv(\"%s\") = NULL\n", name);
}

int main(int argc, char **argv)
{
	int n = 0;
	for (char **e = environ; *e; e++, n++)
		printf("environ[%d] %s\n", n, *e);
	printf("environ count %d\n", n);

	show("LIMPET_TEST");
	show("HOME");
	show("PATH");
	show("LIMPET_MISSING");
	show("HOM");      /* prefix of a name */
	show("HOMEX");    /* name longer than any entry's name */
	show("");
	show("HOME=/root"); /* a name containing '=' never matches */
	show("home");     /* names are case sensitive */

	/* getenv returns a pointer into the environment itself. */
	for (char **e = environ; *e; e++) {
		char *eq = strchr(*e, '=');
		char name[64];
		size_t len = eq - *e;
		if (!eq || len >= sizeof name)
			continue;
		memcpy(name, *e, len);
		name[len] = 0;
		char *v = getenv(name);
		if (v != eq + 1) {
			printf("getenv(%s) not pointing into environ FAIL\n", name);
			fails++;
		}
	}
	printf("getenv points into environ ok\n");

	/* Replacing environ changes what getenv sees. */
	static char *mine[] = { "A=1", "B=two", "A=shadowed", NULL };
	char **saved = environ;
	environ = mine;
	show("A");
	show("B");
	show("HOME");
	environ = saved;
	show("HOME");

	for (int i = 1; i < argc; i++)
		show(argv[i]);
	return fails;
}

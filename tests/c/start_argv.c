/* main's argc/argv/envp as set up by the startup code. argv[0] depends on how
 * the harness runs the program, so only its presence is checked. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

extern char **environ;

int main(int argc, char **argv, char **envp)
{
	int fails = 0;
	printf("argc %d\n", argc);
	if (argc < 1 || argv[0] == NULL) {
		printf("argv[0] missing FAIL\n");
		return 1;
	}
	printf("argv[0] present %s\n", argv[0][0] ? "nonempty" : "empty");
	for (int i = 1; i < argc; i++)
		printf("argv[%d] \"%s\" len %zu\n", i, argv[i], strlen(argv[i]));
	printf("argv[argc] %s\n", argv[argc] == NULL ? "NULL" : "not NULL FAIL");
	if (argv[argc] != NULL)
		fails++;
	/* envp follows argv on the initial stack. */
	printf("envp==argv+argc+1 %s\n", envp == argv + argc + 1 ? "yes" : "no");
	printf("envp==environ %s\n", envp == environ ? "yes" : "no");
	if (envp != environ)
		fails++;
	int n = 0;
	while (envp[n])
		n++;
	printf("envp count %d\n", n);
	/* argv strings are writable. */
	if (argc > 1) {
		argv[1][0] = 'X';
		printf("argv[1] modified \"%s\"\n", argv[1]);
	}
	return fails;
}

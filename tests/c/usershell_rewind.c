/* setusershell goes back to the first shell, as the BSDs' and glibc's manual pages say;
 * musl's only opens /etc/shells when it is closed, so after it the walk goes on where it
 * was. The output is compared with usershell_rewind.expected, glibc 2.36's output of this
 * same program, with which limpet agrees (the file's lines are plain paths, which glibc and
 * musl read alike). In a child with a private mount namespace and a tmpfs over /etc; where
 * no namespace can be made the child says SKIP. */
#include "shadow_util.h"
#include <sys/wait.h>

static const char *next(void)
{
	char *s = getusershell();
	return s ? s : "(none)";
}

static void rewinds(void)
{
	write_file("/etc/shells", "/bin/a\n/bin/b\n/bin/c\n", 21);
	printf("%s ", next());
	printf("%s, setusershell, ", next());
	setusershell();
	printf("%s\n", next());
	while (getusershell())
		;
	setusershell();
	printf("at the end, setusershell: %s\n", next());
	endusershell();
}

int main(void)
{
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		if (private_etc())
			rewinds();
		fflush(stdout);
		_exit(0);
	}
	int status;
	waitpid(pid, &status, 0);
	check("child exited", WIFEXITED(status) && WEXITSTATUS(status) == 0);
	return 0;
}

/* getusershell, setusershell and endusershell against musl, in a child with a private mount
 * namespace and a tmpfs over /etc: with no /etc/shells the shells are /bin/sh and
 * /bin/csh; otherwise every line is a shell as it is, less its newline (comments, blank
 * lines, spaces, tabs and a CR are kept: glibc drops the first two and cuts at a space),
 * a 100 KB line included, and a last line without a newline; endusershell closes the file,
 * so the next walk reads the file as it is then; an empty file has no shells. setusershell is called only where the
 * file is closed (musl's does not go back to the first shell: usershell_rewind).
 * Where no namespace can be made the child says SKIP. */
#include "shadow_util.h"
#include <sys/wait.h>

static int walk(const char *what)
{
	char *s;
	int n = 0;
	while ((s = getusershell())) {
		printf("%s: ", what);
		field(s);
		putchar('\n');
		n++;
	}
	printf("%s: %d shells, then %s\n", what, n, getusershell() ? "more" : "none");
	return n;
}

static void shells(void)
{
	walk("no file");
	endusershell();
	setusershell();
	walk("no file, after endusershell and setusershell");
	endusershell();

	static const char crafted[] = "/bin/sh\n"
				      "\n"
				      "# comment\n"
				      "  /bin/lead\n"
				      "/bin/trail  \n"
				      "\t/bin/tab\n"
				      "/bin/a b\n"
				      "/bin/hash#x\n"
				      "/bin/cr\r\n"
				      "relative\n"
				      "\n"
				      "/last";
	write_file("/etc/shells", crafted, sizeof crafted - 1);
	walk("crafted");
	endusershell();
	setusershell();
	walk("crafted again");
	endusershell();

	size_t big = 100 * 1024;
	char *text = malloc(big + 64);
	int len = sprintf(text, "/bin/first\n/");
	memset(text + len, 'x', big);
	len += big;
	len += sprintf(text + len, "\n/bin/after\n");
	write_file("/etc/shells", text, len);
	free(text);
	walk("long line");
	endusershell();
	write_file("/etc/shells", "/bin/new\n", 9);
	walk("a new file");
	endusershell();
	write_file("/etc/shells", "", 0);
	walk("empty file");
	endusershell();
}

int main(void)
{
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		if (private_etc())
			shells();
		fflush(stdout);
		_exit(0);
	}
	int status;
	waitpid(pid, &status, 0);
	check("child exited", WIFEXITED(status) && WEXITSTATUS(status) == 0);
	return 0;
}

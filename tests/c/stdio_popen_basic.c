/* popen and pclose: reading a command's output and writing its input, the wait status
 * pclose returns (exit codes, signals, an already reaped child), close-on-exec with and
 * without "e", other popen'd streams' descriptors closed in a later child (so closing the
 * first one's pipe really ends its command), EINVAL for bad modes, errno on failure, and
 * the environment reaching the shell. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static void status(const char *what, int st)
{
	if (st == -1)
		printf("%s: -1\n", what);
	else if (WIFEXITED(st))
		printf("%s: exit %d\n", what, WEXITSTATUS(st));
	else if (WIFSIGNALED(st))
		printf("%s: signal %d\n", what, WTERMSIG(st));
	else
		printf("%s: other %#x\n", what, st);
}

static void slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[128];
	while (f && fgets(line, sizeof line, f))
		printf("  file: %s", line);
	if (f)
		fclose(f);
}

int main(void)
{
	alarm(15);
	char path[64];
	snprintf(path, sizeof path, "/tmp/limpet_popen_%d", (int)getpid());

	/* Reading. */
	FILE *f = popen("echo hello; echo world; printf 'no newline'", "r");
	char line[128];
	while (fgets(line, sizeof line, f))
		printf("read: %s\n", strtok(line, "\n"));
	int eof = feof(f);
	printf("feof %d readable-only %d\n", eof, fputc('x', f) == EOF);
	status("pclose echo", pclose(f));

	f = popen("exit 3", "r");
	status("pclose exit 3", pclose(f));
	f = popen("kill -TERM $$", "r");
	status("pclose killed", pclose(f));
	f = popen("/nonexistent/program 2>/dev/null", "r");
	status("pclose missing program", pclose(f));

	/* getline and fread over a longer output. */
	f = popen("i=0; while [ $i -lt 300 ]; do echo line$i; i=$((i+1)); done", "r");
	char *l = NULL;
	size_t cap = 0;
	int lines = 0, bad = 0;
	ssize_t n;
	while ((n = getline(&l, &cap, f)) > 0) {
		char want[32];
		snprintf(want, sizeof want, "line%d\n", lines);
		bad += strcmp(l, want) != 0;
		lines++;
	}
	free(l);
	printf("getline lines %d bad %d\n", lines, bad);
	status("pclose loop", pclose(f));

	/* Writing. */
	char cmd[128];
	snprintf(cmd, sizeof cmd, "tr a-z A-Z > %s", path);
	f = popen(cmd, "w");
	fprintf(f, "upper %d\n", 42);
	fputs("case\n", f);
	status("pclose tr", pclose(f));
	slurp(path);

	/* The environment. */
	setenv("POPEN_TEST_VAR", "from-parent", 1);
	f = popen("echo $POPEN_TEST_VAR $LIMPET_TEST", "r");
	fgets(line, sizeof line, f);
	printf("env: %s", line);
	pclose(f);

	/* Close-on-exec of our end. */
	const char *modes[] = { "r", "re", "w", "we" };
	for (int i = 0; i < 4; i++) {
		f = popen("cat >/dev/null", modes[i]);
		int fl = fcntl(fileno(f), F_GETFD);
		printf("mode %s cloexec %d\n", modes[i], (fl & FD_CLOEXEC) != 0);
		pclose(f);
	}

	/* A later child must not hold an earlier popen stream's descriptor, while ordinary
	 * inherited descriptors stay open in it. */
	snprintf(cmd, sizeof cmd, "cat > %s", path);
	FILE *a = popen(cmd, "w");
	int plain = open("/dev/null", O_RDONLY);
	char probe[160];
	snprintf(probe, sizeof probe,
		"for fd in %d %d; do if [ -e /proc/self/fd/$fd ]; then echo $fd open; else echo $fd closed; fi; done",
		fileno(a), plain);
	FILE *b = popen(probe, "r");
	int afd = fileno(a);
	while (fgets(line, sizeof line, b)) {
		int fd = atoi(line);
		printf("in second child: %s fd %s", fd == afd ? "popen" : "plain", strchr(line, ' ') + 1);
	}
	fputs("first stream\n", a);
	/* If the second child held a's pipe, cat would never see end of file here. */
	status("pclose first", pclose(a));
	status("pclose second", pclose(b));
	close(plain);
	slurp(path);

	/* pclose of a child already reaped. */
	f = popen("exit 0", "r");
	int st;
	pid_t w = wait(&st);
	printf("wait reaped %d\n", w > 0);
	errno = 0;
	int r = pclose(f);
	int e = errno;
	printf("pclose after wait %d errno %d\n", r, e);

	/* Bad modes. */
	const char *bad_modes[] = { "", "x", "+", "a", "rw" };
	for (int i = 0; i < 5; i++) {
		errno = 0;
		f = popen("true", bad_modes[i]);
		e = errno;
		printf("mode \"%s\": %s errno %d\n", bad_modes[i], f ? "ok" : "null", e);
		if (f)
			status("  pclose", pclose(f));
	}

	/* Out of descriptors: pipe2 fails and its errno comes through. */
	struct rlimit old, lim;
	getrlimit(RLIMIT_NOFILE, &old);
	lim = old;
	lim.rlim_cur = 3;
	setrlimit(RLIMIT_NOFILE, &lim);
	int spare = open("/dev/null", O_RDONLY);
	errno = 0;
	f = popen("true", "r");
	e = errno;
	printf("no descriptors: %s errno %d\n", f ? "ok" : "null", e);
	if (spare >= 0)
		close(spare);
	setrlimit(RLIMIT_NOFILE, &old);

	unlink(path);
	return 0;
}

/* A signal arriving while read() blocks on a pipe: with SA_RESTART the read resumes and
 * gets the data written later; without it the read fails with EINTR. A child sends the
 * signal and then the data, so everything is bounded in time. signal() (BSD semantics)
 * restarts too; siginterrupt turns that off. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int bad;
static volatile sig_atomic_t got;

static void check(const char *what, int ok)
{
	printf("%s: %s\n", what, ok ? "ok" : "FAIL");
	if (!ok) bad = 1;
}

static void on_usr1(int s) { got = s; }

/* Forks a child that signals us after 100 ms and writes one byte after 300 ms; returns
 * what read() returned and its errno. */
static int blocked_read(int *err, char *c)
{
	int p[2];
	pipe(p);
	got = 0;
	fflush(stdout);
	pid_t parent = getpid(), pid = fork();
	if (pid == 0) {
		close(p[0]);
		usleep(100000);
		kill(parent, SIGUSR1);
		usleep(200000);
		write(p[1], "x", 1);
		_exit(0);
	}
	close(p[1]);
	errno = 0;
	int r = read(p[0], c, 1);
	*err = errno;
	waitpid(pid, 0, 0);
	close(p[0]);
	return r;
}

int main(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_usr1;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGUSR1, &sa, 0);
	int err;
	char c = 0;
	int r = blocked_read(&err, &c);
	check("SA_RESTART: read resumed and got the byte", r == 1 && c == 'x' && got == SIGUSR1);

	sa.sa_flags = 0;
	sigaction(SIGUSR1, &sa, 0);
	r = blocked_read(&err, &c);
	check("no SA_RESTART: EINTR", r == -1 && err == EINTR && got == SIGUSR1);

	check("signal() returns the old handler", signal(SIGUSR1, on_usr1) == on_usr1);
	c = 0;
	r = blocked_read(&err, &c);
	check("signal(): restarted", r == 1 && c == 'x' && got == SIGUSR1);

	check("siginterrupt", siginterrupt(SIGUSR1, 1) == 0);
	r = blocked_read(&err, &c);
	check("after siginterrupt: EINTR", r == -1 && err == EINTR);

	struct sigaction old;
	sigaction(SIGUSR1, 0, &old);
	check("handler reported", old.sa_handler == on_usr1);
	check("old flags without SA_RESTART", !(old.sa_flags & SA_RESTART));
	return bad;
}

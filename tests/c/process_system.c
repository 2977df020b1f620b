/* system(): exit statuses, a shell killed by a signal, system(NULL), and the parent's
 * signal dispositions and mask left as they were. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static int bad;

static void check(const char *what, int ok)
{
	printf("%s: %s\n", what, ok ? "ok" : "FAIL");
	if (!ok) bad = 1;
}

static void handler(int s) { (void)s; }

int main(void)
{
	check("system(NULL) says a shell exists", system(NULL) != 0);
	fflush(stdout);
	int st = system("exit 3");
	check("exit 3", WIFEXITED(st) && WEXITSTATUS(st) == 3);
	st = system("true");
	check("true", st == 0);
	fflush(stdout);
	st = system("echo from the shell");
	check("echo", st == 0);
	st = system("kill -KILL $$");
	check("killed shell", WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
	st = system("exit 200");
	check("exit 200", WIFEXITED(st) && WEXITSTATUS(st) == 200);
	/* The child runs with SIGINT at its default unless the caller ignored it. */
	signal(SIGINT, handler);
	st = system("grep -q '^SigIgn:.*0$' /proc/self/status");
	check("SIGINT not ignored in the child", st == 0);
	struct sigaction sa;
	sigaction(SIGINT, 0, &sa);
	check("handler restored", sa.sa_handler == handler);
	sigset_t m;
	sigprocmask(SIG_BLOCK, 0, &m);
	check("SIGCHLD not left blocked", !sigismember(&m, SIGCHLD));
	/* A SIGCHLD blocked by the caller stays blocked. */
	sigemptyset(&m);
	sigaddset(&m, SIGCHLD);
	sigprocmask(SIG_BLOCK, &m, 0);
	st = system("exit 1");
	check("exit 1 with SIGCHLD blocked", WIFEXITED(st) && WEXITSTATUS(st) == 1);
	sigprocmask(SIG_BLOCK, 0, &m);
	check("SIGCHLD still blocked", sigismember(&m, SIGCHLD));
	return bad;
}

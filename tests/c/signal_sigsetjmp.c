/* siglongjmp out of a signal handler: with sigsetjmp(env, 1) the mask from before the
 * handler comes back; with sigsetjmp(env, 0) the handler's mask (its own signal blocked)
 * stays. Also a jump from deep recursion and the value 0 turned into 1. */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

static int bad;
static sigjmp_buf env;
static volatile int depth_reached;

static void check(const char *what, int ok)
{
	printf("%s: %s\n", what, ok ? "ok" : "FAIL");
	if (!ok) bad = 1;
}

static void jump_out(int s) { siglongjmp(env, s); }

static int blocked(int s)
{
	sigset_t m;
	sigprocmask(SIG_BLOCK, 0, &m);
	return sigismember(&m, s);
}

static void deep(int n)
{
	if (n == 0) siglongjmp(env, 0);
	depth_reached = n;
	deep(n - 1);
}

int main(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = jump_out;
	sigaction(SIGUSR1, &sa, 0);
	sigaction(SIGUSR2, &sa, 0);

	volatile int passes = 0;
	int r = sigsetjmp(env, 1);
	passes++;
	if (r == 0) {
		raise(SIGUSR1);
		printf("not reached\n");
	}
	check("came back with the signal number", r == SIGUSR1 && passes == 2);
	check("mask restored: SIGUSR1 not blocked", !blocked(SIGUSR1));

	r = sigsetjmp(env, 0);
	if (r == 0) raise(SIGUSR2);
	check("savemask 0: came back", r == SIGUSR2);
	check("savemask 0: SIGUSR2 still blocked", blocked(SIGUSR2));
	sigset_t m;
	sigemptyset(&m);
	sigaddset(&m, SIGUSR2);
	sigprocmask(SIG_UNBLOCK, &m, 0);

	/* A mask set after sigsetjmp is undone by the jump. */
	sigemptyset(&m);
	sigaddset(&m, SIGHUP);
	r = sigsetjmp(env, 1);
	if (r == 0) {
		sigprocmask(SIG_BLOCK, &m, 0);
		check("SIGHUP blocked before the jump", blocked(SIGHUP));
		deep(50);
	}
	check("value 0 arrives as 1", r == 1 && depth_reached == 1);
	check("SIGHUP unblocked again", !blocked(SIGHUP));
	return bad;
}

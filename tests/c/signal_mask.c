/* Signal sets, sigprocmask and sigpending, raise with handlers, sigqueue to an SA_SIGINFO
 * handler, sigwait/sigwaitinfo/sigtimedwait, sigsuspend, sigaltstack, the System V calls,
 * SIGRTMIN/SIGRTMAX and psignal. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int bad;
static volatile sig_atomic_t last, count, value, code;
static char *alt_lo, *alt_hi;
static volatile int on_alt;

static void check(const char *what, int ok)
{
	printf("%s: %s\n", what, ok ? "ok" : "FAIL");
	if (!ok) bad = 1;
}

static void handler(int s) { last = s; count++; }

static void info_handler(int s, siginfo_t *si, void *uc)
{
	(void)uc;
	last = s;
	value = si->si_value.sival_int;
	code = si->si_code;
}

static void alt_handler(int s)
{
	char here;
	last = s;
	on_alt = &here > alt_lo && &here < alt_hi;
}

int main(void)
{
	sigset_t s, t, u;
	sigemptyset(&s);
	check("empty", sigisemptyset(&s) && !sigismember(&s, SIGINT));
	sigaddset(&s, SIGINT);
	sigaddset(&s, SIGRTMIN);
	sigaddset(&s, SIGRTMAX);
	check("members", sigismember(&s, SIGINT) && sigismember(&s, SIGRTMIN) && sigismember(&s, SIGRTMAX) && !sigismember(&s, SIGTERM));
	sigdelset(&s, SIGRTMIN);
	check("deleted", !sigismember(&s, SIGRTMIN));
	errno = 0;
	check("sigaddset(0): EINVAL", sigaddset(&s, 0) == -1 && errno == EINVAL);
	errno = 0;
	check("sigaddset(65): EINVAL", sigaddset(&s, 65) == -1 && errno == EINVAL);
	check("sigismember(999) is 0", sigismember(&s, 999) == 0);
	sigfillset(&t);
	int n = 0;
	for (int i = 1; i < 65; i++) n += sigismember(&t, i);
	printf("sigfillset holds %d signals\n", n);
	sigemptyset(&u);
	sigaddset(&u, SIGTERM);
	sigorset(&u, &u, &s);
	check("sigorset", sigismember(&u, SIGTERM) && sigismember(&u, SIGINT));
	sigandset(&u, &u, &s);
	check("sigandset", !sigismember(&u, SIGTERM) && sigismember(&u, SIGINT));
	printf("SIGRTMIN %d SIGRTMAX %d\n", SIGRTMIN, SIGRTMAX);

	/* Blocking, pending, then delivery on unblock. */
	signal(SIGUSR1, handler);
	sigemptyset(&s);
	sigaddset(&s, SIGUSR1);
	check("block", sigprocmask(SIG_BLOCK, &s, &t) == 0 && !sigismember(&t, SIGUSR1));
	raise(SIGUSR1);
	check("not delivered while blocked", count == 0);
	sigpending(&u);
	check("pending", sigismember(&u, SIGUSR1) && !sigismember(&u, SIGUSR2));
	sigprocmask(SIG_UNBLOCK, &s, 0);
	check("delivered on unblock", count == 1 && last == SIGUSR1);
	sigpending(&u);
	check("no longer pending", !sigismember(&u, SIGUSR1));
	errno = 0;
	check("bad how: EINVAL", sigprocmask(99, &s, 0) == -1 && errno == EINVAL);
	sigfillset(&s);
	sigprocmask(SIG_SETMASK, &s, 0);
	sigprocmask(SIG_SETMASK, 0, &t);
	check("SIGKILL cannot be blocked", !sigismember(&t, SIGKILL) && !sigismember(&t, SIGSTOP) && sigismember(&t, SIGTERM));
	sigemptyset(&s);
	sigprocmask(SIG_SETMASK, &s, 0);

	/* raise runs the handler before returning; SIG_IGN drops the signal. */
	count = 0;
	check("raise", raise(SIGUSR1) == 0 && count == 1);
	signal(SIGUSR1, SIG_IGN);
	check("ignored", raise(SIGUSR1) == 0 && count == 1);
	errno = 0;
	check("raise(0x1000): EINVAL", raise(0x1000) == -1 && errno == EINVAL);
	errno = 0;
	check("signal(SIGKILL): SIG_ERR", signal(SIGKILL, handler) == SIG_ERR && errno == EINVAL);
	errno = 0;
	check("sigaction(32): EINVAL", sigaction(32, 0, 0) == -1 && errno == EINVAL);

	/* sigqueue delivers a value to an SA_SIGINFO handler. */
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = info_handler;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGRTMIN + 1, &sa, 0);
	union sigval v = {.sival_int = 1234};
	check("sigqueue", sigqueue(getpid(), SIGRTMIN + 1, v) == 0 && last == SIGRTMIN + 1 && value == 1234 && code == SI_QUEUE);
	struct sigaction old;
	sigaction(SIGRTMIN + 1, 0, &old);
	check("SA_SIGINFO reported", (old.sa_flags & SA_SIGINFO) && old.sa_sigaction == info_handler);

	/* Waiting for blocked signals. */
	sigemptyset(&s);
	sigaddset(&s, SIGUSR2);
	sigaddset(&s, SIGRTMIN + 2);
	sigprocmask(SIG_BLOCK, &s, 0);
	raise(SIGUSR2);
	int sig = 0;
	check("sigwait", sigwait(&s, &sig) == 0 && sig == SIGUSR2);
	sigqueue(getpid(), SIGRTMIN + 2, (union sigval){.sival_int = 77});
	siginfo_t si;
	check("sigwaitinfo", sigwaitinfo(&s, &si) == SIGRTMIN + 2 && si.si_value.sival_int == 77 && si.si_pid == getpid());
	struct timespec ts = {0, 10000000};
	errno = 0;
	check("sigtimedwait times out: EAGAIN", sigtimedwait(&s, &si, &ts) == -1 && errno == EAGAIN);
	raise(SIGUSR2);
	check("sigtimedwait", sigtimedwait(&s, 0, &ts) == SIGUSR2);

	/* sigsuspend: SIGUSR2 is blocked; a pending one is taken when the mask opens. */
	signal(SIGUSR2, handler);
	raise(SIGUSR2);
	sigemptyset(&t);
	last = 0;
	errno = 0;
	check("sigsuspend", sigsuspend(&t) == -1 && errno == EINTR && last == SIGUSR2);
	sigprocmask(SIG_SETMASK, 0, &t);
	check("mask back after sigsuspend", sigismember(&t, SIGUSR2));
	raise(SIGUSR2);
	last = 0;
	check("sigpause", sigpause(SIGUSR2) == -1 && errno == EINTR && last == SIGUSR2);
	sigprocmask(SIG_UNBLOCK, &s, 0);

	/* An alternate stack. */
	static char stack[65536];
	stack_t ss = {.ss_sp = stack, .ss_size = sizeof stack, .ss_flags = 0}, os;
	alt_lo = stack;
	alt_hi = stack + sizeof stack;
	check("sigaltstack", sigaltstack(&ss, &os) == 0 && (os.ss_flags & SS_DISABLE));
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = alt_handler;
	sa.sa_flags = SA_ONSTACK;
	sigaction(SIGUSR1, &sa, 0);
	raise(SIGUSR1);
	check("handler ran on it", last == SIGUSR1 && on_alt);
	stack_t small = {.ss_sp = stack, .ss_size = 100, .ss_flags = 0};
	errno = 0;
	check("too small: ENOMEM", sigaltstack(&small, 0) == -1 && errno == ENOMEM);
	stack_t off = {.ss_flags = SS_DISABLE};
	check("disable", sigaltstack(&off, 0) == 0 && sigaltstack(0, &os) == 0 && (os.ss_flags & SS_DISABLE));

	/* System V calls. */
	check("sighold", sighold(SIGHUP) == 0);
	sigprocmask(SIG_BLOCK, 0, &t);
	check("held", sigismember(&t, SIGHUP));
	check("sigrelse", sigrelse(SIGHUP) == 0);
	check("sigset SIG_HOLD", sigset(SIGHUP, SIG_HOLD) == SIG_DFL);
	check("sigset handler reports hold", sigset(SIGHUP, handler) == SIG_HOLD);
	check("sigignore", sigignore(SIGHUP) == 0 && signal(SIGHUP, SIG_DFL) == SIG_IGN);

	/* psignal writes to stderr; send that to stdout here. */
	fflush(stdout);
	dup2(1, 2);
	psignal(SIGSEGV, "psignal");
	psignal(SIGINT, 0);
	psiginfo(&si, "psiginfo");
	return bad;
}

/* fmtmsg to standard error (MM_PRINT), which is a pipe here: what each call wrote, under
 * MSGVERB lists of every kind (unset, one component, several, a trailing colon, an unknown
 * or empty word), with null components and every severity; then the result when standard
 * error is closed. The console is not used: it is the machine's. */
#include <fcntl.h>
#include <fmtmsg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int pipefd[2];

static void show(int r) {
	char buf[4096];
	ssize_t n = read(pipefd[0], buf, sizeof buf - 1);
	if (n < 0) n = 0;
	buf[n] = 0;
	printf("  r=%d [", r);
	for (char *p = buf; *p; p++) {
		if (*p == '\n') printf("\\n");
		else putchar(*p);
	}
	printf("]\n");
}

int main(void) {
	if (pipe(pipefd) || fcntl(pipefd[0], F_SETFL, O_NONBLOCK) || dup2(pipefd[1], 2) < 0) return 1;
	static const char *verbs[] = {
		0, "", "label", "severity", "text", "action", "tag", "text:action", "tag:label", "label:text:",
		"severity:tag:text:label:action", "bogus", "label:bogus", "label::text", ":text", "text::", "labelx", "lab",
		"LABEL", "text:text",
	};
	for (unsigned i = 0; i < sizeof verbs / sizeof *verbs; i++) {
		if (verbs[i]) setenv("MSGVERB", verbs[i], 1);
		else unsetenv("MSGVERB");
		printf("MSGVERB=%s%s%s\n", verbs[i] ? "\"" : "(unset)", verbs[i] ? verbs[i] : "", verbs[i] ? "\"" : "");
		show(fmtmsg(MM_PRINT | MM_UTIL | MM_RECOVER, "UX:cat", MM_ERROR, "illegal option", "refer to cat(1)", "UX:cat:001"));
		show(fmtmsg(MM_PRINT, "L", MM_HALT, "T", 0, "G"));
		show(fmtmsg(MM_PRINT, 0, MM_WARNING, "T", "A", 0));
	}
	unsetenv("MSGVERB");
	printf("severities and null components\n");
	for (int sev = -1; sev <= 6; sev++) show(fmtmsg(MM_PRINT, "lbl", sev, "txt", "act", "tag"));
	show(fmtmsg(MM_PRINT, MM_NULLLBL, MM_NOSEV, MM_NULLTXT, MM_NULLACT, MM_NULLTAG));
	show(fmtmsg(MM_PRINT, "", MM_INFO, "", "", ""));
	show(fmtmsg(MM_NULLMC, "lbl", MM_INFO, "txt", "act", "tag"));
	char big[3000];
	memset(big, 'b', sizeof big - 1);
	big[sizeof big - 1] = 0;
	int r = fmtmsg(MM_PRINT, "long", MM_INFO, big, 0, 0);
	char buf[4096];
	ssize_t n = read(pipefd[0], buf, sizeof buf);
	printf("long message: r=%d, %zd bytes\n", r, n);
	close(2);
	printf("stderr closed: r=%d\n", fmtmsg(MM_PRINT, "lbl", MM_INFO, "txt", 0, 0));
	return 0;
}

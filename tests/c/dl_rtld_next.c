/* RTLD_NEXT wrappers: the program links a library (dl_rtld_next.wrap.c) whose malloc,
 * free and open count calls and forward them through dlsym(RTLD_NEXT, ...). The program's
 * calls reach the wrappers, and so do libc's own allocations (strdup): a replaced malloc
 * replaces it everywhere. The wrappers forward to working functions (open passes its
 * variadic mode on). dlsym(RTLD_NEXT) from the program finds the wrapper's open, the next
 * definition after the program; RTLD_DEFAULT finds it too. Built with -fno-builtin so
 * that gcc keeps every malloc/free pair. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int wrap_malloc_calls(void);
int wrap_free_calls(void);
int wrap_open_calls(void);
int wrap_resolved(void);
void *wrap_next_open(void);

#include "dl_check.h"

int main(void)
{
	void *warm = malloc(1); /* the wrappers find their next definitions */
	free(warm);
	check("wrappers resolved their next definitions", wrap_resolved());

	int m0 = wrap_malloc_calls(), f0 = wrap_free_calls();
	char *p[5];
	int ok = 1;
	for (int i = 0; i < 5; i++) {
		p[i] = malloc(100 + i);
		if (!p[i])
			ok = 0;
		else
			memset(p[i], i, 100 + i);
	}
	for (int i = 0; i < 5; i++)
		free(p[i]);
	printf("5 mallocs and 5 frees counted: malloc %d free %d\n", wrap_malloc_calls() - m0, wrap_free_calls() - f0);
	check("the forwarded mallocs returned memory", ok);

	m0 = wrap_malloc_calls();
	char *s = strdup("interposed");
	int m1 = wrap_malloc_calls();
	check("strdup allocates through the wrapper", m1 - m0 >= 1 && s && strcmp(s, "interposed") == 0);
	free(s);

	int o0 = wrap_open_calls();
	int fds_ok = 1;
	for (int i = 0; i < 3; i++) {
		int fd = open("/dev/null", O_RDONLY);
		if (fd < 0)
			fds_ok = 0;
		else
			close(fd);
	}
	printf("3 opens counted: %d\n", wrap_open_calls() - o0);
	check("the forwarded opens worked", fds_ok);

	char path[64];
	snprintf(path, sizeof path, "/tmp/dl_rtld_next_%d", (int)getpid());
	umask(022);
	int fd = open(path, O_CREAT | O_EXCL | O_WRONLY, 0640);
	struct stat st;
	int mode_ok = fd >= 0 && fstat(fd, &st) == 0 && (st.st_mode & 0777) == 0640;
	check("open with O_CREAT passes the mode on (0640)", mode_ok);
	if (fd >= 0)
		close(fd);
	unlink(path);

	void *next = dlsym(RTLD_NEXT, "open");
	check("RTLD_NEXT from the program finds the wrapper's open", next == (void *)open);
	check("RTLD_DEFAULT finds the wrapper's open", dlsym(RTLD_DEFAULT, "open") == (void *)open);
	check("the wrapper's next open is another function", wrap_next_open() != (void *)open);
	return fails != 0;
}

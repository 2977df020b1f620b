/* mkstemp, mkostemp, mkstemps, mkostemps, mkdtemp, mktemp: the file or directory exists with
 * the right mode, the X's were replaced (names are never printed), bad templates fail with
 * EINVAL, and a missing directory fails without changing the template. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int replaced(const char *t, size_t suffix) {
	size_t n = strlen(t);
	return strncmp(t + n - suffix - 6, "XXXXXX", 6) != 0;
}

int main(void) {
	char t[64];
	struct stat st;
	strcpy(t, "/tmp/limpet-mkstemp-XXXXXX");
	int r, fd = mkstemp(t);
	char *d;
	printf("mkstemp fd ok %d replaced %d\n", fd >= 0, replaced(t, 0));
	printf("write %zd\n", write(fd, "hello", 5));
	r = stat(t, &st);
	printf("stat %d mode %o size %lld\n", r, st.st_mode & 0777, (long long)st.st_size);
	close(fd);
	printf("unlink %d\n", unlink(t));

	strcpy(t, "/tmp/limpet-mkstemps-XXXXXX.suffix");
	fd = mkostemps(t, 7, O_CLOEXEC);
	printf("mkostemps fd ok %d replaced %d suffix kept %d cloexec %d\n", fd >= 0, replaced(t, 7),
	       strcmp(t + strlen(t) - 7, ".suffix") == 0, (fcntl(fd, F_GETFD) & FD_CLOEXEC) != 0);
	close(fd);
	unlink(t);
	strcpy(t, "/tmp/limpet-mkstemps-XXXXXXab");
	fd = mkstemps(t, 2);
	printf("mkstemps fd ok %d\n", fd >= 0);
	close(fd);
	unlink(t);
	strcpy(t, "/tmp/limpet-mkostemp-XXXXXX");
	fd = mkostemp(t, O_WRONLY);
	printf("mkostemp(O_WRONLY) fd ok %d read-write %d\n", fd >= 0, (fcntl(fd, F_GETFL) & O_ACCMODE) == O_RDWR);
	close(fd);
	unlink(t);

	const char *bad[] = {"/tmp/limpet-XXXXX", "XXXXX", "/tmp/limpet-XXXXXXy", ""};
	for (int i = 0; i < 4; i++) {
		strcpy(t, bad[i]);
		errno = 0;
		r = mkstemp(t);
		printf("bad %d: mkstemp %d errno %d", i, r, errno);
		errno = 0;
		d = mkdtemp(t);
		printf(" mkdtemp %s errno %d", d ? "ok" : "null", errno);
		errno = 0;
		char *m = mktemp(t);
		printf(" mktemp same %d empty %d errno %d\n", m == t, t[0] == 0, errno);
	}
	strcpy(t, "/tmp/limpet-mkstemps-XXXXXX");
	errno = 0;
	r = mkstemps(t, 30);
	printf("suffix too long: %d errno %d\n", r, errno);

	strcpy(t, "/nonexistent-limpet/XXXXXX");
	errno = 0;
	r = mkstemp(t);
	printf("missing dir: %d errno %d template kept %d\n", r, errno, strcmp(t, "/nonexistent-limpet/XXXXXX") == 0);

	strcpy(t, "/tmp/limpet-mkdtemp-XXXXXX");
	d = mkdtemp(t);
	printf("mkdtemp same %d replaced %d", d == t, replaced(t, 0));
	r = stat(t, &st);
	printf(" stat %d dir %d mode %o", r, S_ISDIR(st.st_mode), st.st_mode & 0777);
	printf(" rmdir %d\n", rmdir(t));

	strcpy(t, "/tmp/limpet-mktemp-XXXXXX");
	char *m = mktemp(t);
	r = stat(t, &st);
	printf("mktemp same %d replaced %d exists %d\n", m == t, replaced(t, 0), r == 0);
	return 0;
}

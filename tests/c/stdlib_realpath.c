/* realpath of fixed paths: ".", "..", repeated slashes, symbolic links made under /tmp
 * (relative, absolute, looping, through ".."), errors (ENOENT, ENOTDIR, ELOOP), a NULL buffer
 * (malloc'd result), and the empty path. Paths under the scratch directory are printed
 * relative to it. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char base[128];

static void show(const char *p) {
	char buf[PATH_MAX];
	errno = 0;
	char *r = realpath(p, buf);
	const char *shown = p;
	if (base[0] && !strncmp(p, base, strlen(base))) shown = p + strlen(base);
	if (!r) {
		printf("%s -> NULL errno %d\n", shown, errno);
		return;
	}
	if (base[0] && !strncmp(r, base, strlen(base))) printf("%s -> $BASE%s\n", shown, r + strlen(base));
	else printf("%s -> %s\n", shown, r);
}

int main(void) {
	const char *fixed[] = {"/", "//", "//usr/../etc", "//..", "///usr//bin/", "/usr/bin/../bin", "/usr/./bin/.", "/..", "/../../usr",
	                       "/nonexistent", "/nonexistent/..", "/etc/passwd", "/etc/passwd/", "/etc/passwd/.."};
	for (unsigned i = 0; i < sizeof fixed / sizeof *fixed; i++) show(fixed[i]);

	char tmp[] = "/tmp/limpet-realpath-XXXXXX";
	if (!mkdtemp(tmp)) return 1;
	/* The scratch directory itself may sit behind a link (/tmp): compare against its real name. */
	if (!realpath(tmp, base)) return 1;
	char p[256];
#define P(x) (snprintf(p, sizeof p, "%s/%s", tmp, x), p)
	mkdir(P("a"), 0755);
	mkdir(P("a/b"), 0755);
	close(creat(P("a/file"), 0644));
	symlink("a/b", P("rel"));
	symlink(base, P("abs"));
	symlink("loop", P("loop"));
	symlink("../..", P("a/b/up"));
	symlink("nowhere", P("dangling"));
	const char *rel[] = {"rel", "rel/", "abs/a/file", "a/b/up/rel/..", "loop", "a/file/x", "a/b/up/a/b/up", "missing/x",
	                     "dangling", "a/./b/../../a//file"};
	for (unsigned i = 0; i < sizeof rel / sizeof *rel; i++) {
		char q[256];
		snprintf(q, sizeof q, "%s/%s", base, rel[i]);
		show(q);
	}
	char *m = realpath("/usr/bin/..", 0);
	printf("malloc'd: %s\n", m);
	free(m);
	show("");
	chdir(base);
	show("a/b/..");
	show("rel/up");
	unlink(P("a/b/up"));
	unlink(P("rel"));
	unlink(P("abs"));
	unlink(P("loop"));
	unlink(P("dangling"));
	unlink(P("a/file"));
	rmdir(P("a/b"));
	rmdir(P("a"));
	printf("cleanup %d\n", rmdir(tmp));
	return 0;
}

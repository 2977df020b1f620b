/* glob on a real tree: a unique directory under /tmp with dotfiles, a directory link, a
 * dangling link, a link loop, a file where a directory is expected, names with a space, a
 * newline, a backslash, a star and a byte that is no UTF-8 (the tree alone in its parent
 * directory, which `.*` reaches through `..`), and (in a child that drops
 * root, since root reads any directory) an unreadable directory. Each flag is tried; the
 * results and every call of the error function are printed, non-printable bytes escaped.
 *
 * One difference is left out on purpose: when the error function or GLOB_ERR stops the
 * walk before anything matched, musl 1.2.3 answers GLOB_NOMATCH and limpet GLOB_ABORTED
 * (as POSIX asks, and glibc does). Such a call prints "stopped" for either. GLOB_NOSORT
 * results are printed sorted (their order is the directory's). */
#define _GNU_SOURCE
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* The tree is BASE, alone in its parent, so that `..` holds nothing else. */
static char outer[64], base[80];
static int failures;

static void show(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c < 0x20 || c > 0x7e || c == '"' || c == '\\')
			printf("\\x%02x", c);
		else
			putchar(c);
	}
	putchar('"');
}

/* The path with the tree's directory, whose name holds the pid, written as BASE. */
static void show_path(const char *s)
{
	size_t n = strlen(base);
	if (!strncmp(s, base, n)) {
		printf("BASE+");
		s += n;
	}
	show(s);
}

static const char *err_name(int e)
{
	switch (e) {
	case ENOENT: return "ENOENT";
	case ENOTDIR: return "ENOTDIR";
	case ELOOP: return "ELOOP";
	case EACCES: return "EACCES";
	default: return "other";
	}
}

static int stop_after;
static int errfunc(const char *path, int err)
{
	printf("  errfunc(");
	show_path(path);
	printf(", %s)\n", err_name(err));
	return stop_after;
}

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static const char *flag_names(int f)
{
	static char buf[256];
	static const struct { int bit; const char *name; } names[] = {
		{ GLOB_ERR, "ERR" }, { GLOB_MARK, "MARK" }, { GLOB_NOSORT, "NOSORT" }, { GLOB_DOOFFS, "DOOFFS" },
		{ GLOB_NOCHECK, "NOCHECK" }, { GLOB_APPEND, "APPEND" }, { GLOB_NOESCAPE, "NOESCAPE" },
		{ GLOB_PERIOD, "PERIOD" }, { GLOB_TILDE, "TILDE" }, { GLOB_TILDE_CHECK, "TILDE_CHECK" },
	};
	buf[0] = 0;
	for (unsigned i = 0; i < sizeof names / sizeof *names; i++)
		if (f & names[i].bit) {
			if (buf[0])
				strcat(buf, "|");
			strcat(buf, names[i].name);
		}
	return buf[0] ? buf : "0";
}

static void print_paths(glob_t *g, int flags, size_t from)
{
	size_t offs = (flags & GLOB_DOOFFS) ? g->gl_offs : 0;
	for (size_t i = 0; i < offs; i++)
		if (g->gl_pathv[i]) {
			printf("  slot %zu not null\n", i);
			failures++;
		}
	if (g->gl_pathv && g->gl_pathv[offs + g->gl_pathc]) {
		printf("  no null after the paths\n");
		failures++;
	}
	if (flags & GLOB_NOSORT)
		qsort(g->gl_pathv + offs + from, g->gl_pathc - from, sizeof(char *), cmp);
	for (size_t i = from; i < g->gl_pathc; i++) {
		printf("  ");
		show_path(g->gl_pathv[offs + i]);
		putchar('\n');
	}
}

static const char *result_name(int r)
{
	switch (r) {
	case 0: return "0";
	case GLOB_NOMATCH: return "NOMATCH";
	case GLOB_ABORTED: return "ABORTED";
	case GLOB_NOSPACE: return "NOSPACE";
	default: return "?";
	}
}

/* One call with a fresh glob_t (gl_offs 2 for DOOFFS). */
static void t(const char *pat, int flags)
{
	glob_t g;
	memset(&g, 0, sizeof g);
	g.gl_offs = 2;
	printf("glob(");
	show(pat);
	printf(", %s)\n", flag_names(flags));
	int r = glob(pat, flags, errfunc, &g);
	int stopped = stop_after || (flags & GLOB_ERR);
	if (stopped && g.gl_pathc == 0 && (r == GLOB_ABORTED || r == GLOB_NOMATCH))
		printf("  = stopped\n");
	else
		printf("  = %s, %zu paths\n", result_name(r), g.gl_pathc);
	if (r == 0 || r == GLOB_ABORTED || (r == GLOB_NOMATCH && g.gl_pathc))
		print_paths(&g, flags, 0);
	if (g.gl_pathv)
		globfree(&g);
	if (g.gl_pathv || g.gl_pathc) {
		printf("  globfree left the glob_t set\n");
		failures++;
	}
}

static void mkfile(const char *name)
{
	FILE *f = fopen(name, "w");
	if (!f) {
		printf("cannot create %s\n", name);
		exit(1);
	}
	fclose(f);
}

static void build(void)
{
	snprintf(outer, sizeof outer, "/tmp/glob_tree.%d", (int)getpid());
	snprintf(base, sizeof base, "%s/root", outer);
	if (mkdir(outer, 0755) || mkdir(base, 0755) || chdir(base)) {
		printf("cannot make the tree\n");
		exit(1);
	}
	mkdir("d1", 0755);
	mkdir("d1/sub", 0755);
	mkdir("d2", 0755);
	mkdir(".hid", 0755);
	const char *files[] = { "a", "b", "c.c", "c.h", ".dot", "sp ace", "new\nline", "bad\xffname", "*star",
		"back\\slash", "[x]", "d1/x", "d1/.y", "d2/z", ".hid/h", "d1/sub/deep" };
	for (unsigned i = 0; i < sizeof files / sizeof *files; i++)
		mkfile(files[i]);
	if (symlink("d1", "ln") || symlink("nowhere", "dangle") || symlink("loop", "loop")) {
		printf("cannot make links\n");
		exit(1);
	}
}

static void plain(void)
{
	printf("-- wildcards\n");
	t("*", 0);
	t("?", 0);
	t("[ab]", 0);
	t("[!ab]*", 0);
	t("*.[ch]", 0);
	t("*line", 0);
	t("bad*", 0);
	t("*\xff*", 0);
	t("[[]x]", 0);
	t(".*", 0);
	t("*/", 0);
	t("*/*", 0);
	t("*/.*", 0);
	t("*/*/*", 0);
	t("d?/*", 0);
	t("./*.c", 0);
	t("nomatch*", 0);
	printf("-- literals and escapes\n");
	t("a", 0);
	t("sp ace", 0);
	t("\\[x]", 0);
	t("\\*star", 0);
	t("back\\\\slash", 0);
	t("back\\slash", GLOB_NOESCAPE);
	t("back\\slash", 0);
	t("a\\", 0);
	t("a\\", GLOB_NOCHECK);
	t("d1\\/x", 0);
	t("d1\\/x", GLOB_NOESCAPE);
	t("d1//x", 0);
	t("d1/../a", 0);
	t("dangle", 0);
	t("nope", 0);
	t("", 0);
	t("[a", 0);
	t("/", 0);
	t("//", 0);
	printf("-- flags\n");
	t("*", GLOB_MARK);
	t("*", GLOB_PERIOD);
	t("*", GLOB_MARK | GLOB_PERIOD);
	t("*", GLOB_NOSORT);
	t("*/*", GLOB_PERIOD);
	t("*/.", GLOB_PERIOD);
	t(".*/*", GLOB_PERIOD);
	t("*/z", GLOB_PERIOD);
	t("d1/", GLOB_MARK);
	t("d[1]", GLOB_MARK);
	t("ln", GLOB_MARK);
	t("dangle", GLOB_MARK);
	t("loop", GLOB_MARK);
	t("*/x", GLOB_MARK);
	t("nope*", GLOB_NOCHECK);
	t("", GLOB_NOCHECK);
	t("[ab]", GLOB_DOOFFS);
	t("nope*", GLOB_DOOFFS | GLOB_NOCHECK);
}

static void appending(void)
{
	printf("-- append\n");
	glob_t g;
	memset(&g, 0, sizeof g);
	g.gl_offs = 3;
	int r1 = glob("[ab]", GLOB_DOOFFS, errfunc, &g);
	int r2 = glob("c.*", GLOB_DOOFFS | GLOB_APPEND, errfunc, &g);
	int r3 = glob("none*", GLOB_DOOFFS | GLOB_APPEND, errfunc, &g);
	int r4 = glob("d*", GLOB_DOOFFS | GLOB_APPEND | GLOB_NOSORT | GLOB_MARK, errfunc, &g);
	printf("results %s %s %s %s, %zu paths\n", result_name(r1), result_name(r2), result_name(r3), result_name(r4),
	       g.gl_pathc);
	print_paths(&g, GLOB_DOOFFS, 0);
	globfree(&g);
	memset(&g, 0, sizeof g);
	r1 = glob("a", 0, 0, &g);
	r2 = glob("nope", GLOB_APPEND | GLOB_NOCHECK, 0, &g);
	printf("results %s %s, %zu paths\n", result_name(r1), result_name(r2), g.gl_pathc);
	print_paths(&g, 0, 0);
	globfree(&g);
}

static void errors(void)
{
	printf("-- the error function\n");
	t("a/*", 0);
	t("nope/*", 0);
	t("loop/*", 0);
	t("dangle/*", 0);
	t("*/nope", 0);
	t("*/", GLOB_MARK);
	t("loop/", 0);
	t("a/*", GLOB_ERR);
	t("loop/*", GLOB_ERR | GLOB_NOCHECK);
	t("*/x", GLOB_ERR | GLOB_NOCHECK);
	stop_after = 1;
	t("a/*", 0);
	t("dangle/*", GLOB_NOCHECK);
	stop_after = 0;
	printf("-- tilde\n");
	t("~", GLOB_TILDE);
	t("~root", GLOB_TILDE);
	t("~root/", GLOB_TILDE_CHECK);
	t("~", 0);
	t("~limpet-no-such-user/x", GLOB_TILDE);
	t("~limpet-no-such-user/x", GLOB_TILDE_CHECK);
	t("~limpet-no-such-user/x", GLOB_TILDE | GLOB_NOCHECK);
	setenv("HOME", base, 1);
	t("~/d*", GLOB_TILDE);
	t("~/*/x", GLOB_TILDE | GLOB_MARK);
	t("~", GLOB_TILDE | GLOB_MARK);
	setenv("HOME", "", 1);
	t("~/tmp", GLOB_TILDE);
	unsetenv("HOME");
	t("~", GLOB_TILDE);
}

/* As an ordinary user, the unreadable directory really is unreadable. */
static void unreadable(void)
{
	printf("-- unreadable directory\n");
	mkdir("locked", 0755);
	mkfile("locked/f");
	chmod("locked", 0);
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		if (geteuid() == 0 && (setgid(65534) || setuid(65534))) {
			printf("cannot drop root\n");
			fflush(stdout);
			_exit(1);
		}
		t("locked/*", 0);
		t("locked/f", 0);
		t("locked/f", GLOB_MARK);
		t("lock*/*", 0);
		t("*/f", GLOB_NOCHECK);
		t("locked/*", GLOB_ERR);
		fflush(stdout);
		_exit(0);
	}
	int st;
	waitpid(pid, &st, 0);
	if (!WIFEXITED(st) || WEXITSTATUS(st)) {
		printf("the child failed\n");
		failures++;
	}
	chmod("locked", 0755);
	unlink("locked/f");
	rmdir("locked");
}

static void cleanup(void)
{
	const char *files[] = { "a", "b", "c.c", "c.h", ".dot", "sp ace", "new\nline", "bad\xffname", "*star",
		"back\\slash", "[x]", "d1/x", "d1/.y", "d2/z", ".hid/h", "d1/sub/deep", "ln", "dangle", "loop" };
	for (unsigned i = 0; i < sizeof files / sizeof *files; i++)
		unlink(files[i]);
	rmdir("d1/sub");
	rmdir("d1");
	rmdir("d2");
	rmdir(".hid");
	chdir("/");
	rmdir(base);
	rmdir(outer);
}

int main(void)
{
	build();
	plain();
	appending();
	errors();
	unreadable();
	cleanup();
	printf("%d failures\n", failures);
	return failures != 0;
}

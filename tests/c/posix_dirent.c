/* dirent and ftw: a small tree read back by readdir, readdir_r, scandir, nftw and ftw.
 * Directory order is not deterministic, so every listing is sorted before it is printed. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int fails;

static void check(const char *what, long got, long want)
{
	printf("%s %ld %s\n", what, got, got == want ? "ok" : "FAIL");
	if (got != want)
		fails++;
}

#define MAXN 64
static char lines[MAXN][160];
static int nlines;

static void add(const char *s)
{
	if (nlines < MAXN)
		snprintf(lines[nlines++], sizeof lines[0], "%s", s);
}

/* Insertion sort, so that this test needs nothing beyond the functions it checks. */
static void flush(const char *title)
{
	for (int i = 1; i < nlines; i++)
		for (int j = i; j > 0 && strcmp(lines[j - 1], lines[j]) > 0; j--) {
			char t[160];
			strcpy(t, lines[j]);
			strcpy(lines[j], lines[j - 1]);
			strcpy(lines[j - 1], t);
		}
	printf("%s:", title);
	for (int i = 0; i < nlines; i++)
		printf(" %s", lines[i]);
	printf("\n");
	nlines = 0;
}

static char root[64];
static size_t rootlen;

static const char *kind(int t)
{
	switch (t) {
	case FTW_F: return "F";
	case FTW_D: return "D";
	case FTW_DNR: return "DNR";
	case FTW_NS: return "NS";
	case FTW_SL: return "SL";
	case FTW_DP: return "DP";
	case FTW_SLN: return "SLN";
	}
	return "?";
}

static int order;
static const char *stop_at;

static int visit(const char *path, const struct stat *st, int type, struct FTW *f)
{
	char s[160];
	const char *rel = strlen(path) > rootlen ? path + rootlen : "(root)";
	/* The root's own name holds the pid: print only whether its base is right. */
	const char *base = path + f->base;
	if (!strncmp(base, "limpet-posix-dirent-", 20))
		base = "ROOTBASE";
	snprintf(s, sizeof s, "%s:%s:%s:%d", rel, kind(type), base, f->level);
	if (type == FTW_F)
		snprintf(s + strlen(s), sizeof s - strlen(s), ":%ld", (long)st->st_size);
	add(s);
	(void)order;
	return stop_at && !strcmp(rel, stop_at) ? 7 : 0;
}

/* With FTW_DEPTH a directory must come after everything inside it. */
static char seen[MAXN][160];
static int nseen;
static int depth_visit(const char *path, const struct stat *st, int type, struct FTW *f)
{
	(void)st;
	(void)f;
	(void)type;
	if (nseen < MAXN)
		snprintf(seen[nseen++], sizeof seen[0], "%s", path);
	return 0;
}

static int visit3(const char *path, const struct stat *st, int type)
{
	struct FTW f = { 0, 0 };
	(void)st;
	char s[160];
	snprintf(s, sizeof s, "%s:%s", strlen(path) > rootlen ? path + rootlen : "(root)", kind(type));
	add(s);
	(void)f;
	return 0;
}

static int no_dots(const struct dirent *d)
{
	return d->d_name[0] != '.';
}

static void mk(const char *rel, const char *content)
{
	char p[128];
	snprintf(p, sizeof p, "%s/%s", root, rel);
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	write(fd, content, strlen(content));
	close(fd);
}

static void md(const char *rel)
{
	char p[128];
	snprintf(p, sizeof p, "%s/%s", root, rel);
	mkdir(p, 0755);
}

static void ln(const char *target, const char *rel)
{
	char p[128];
	snprintf(p, sizeof p, "%s/%s", root, rel);
	symlink(target, p);
}

static int rm_visit(const char *path, const struct stat *st, int type, struct FTW *f)
{
	(void)st;
	(void)f;
	return type == FTW_DP ? rmdir(path) : unlink(path);
}

int main(void)
{
	snprintf(root, sizeof root, "/tmp/limpet-posix-dirent-%d", (int)getpid());
	rootlen = strlen(root);
	mkdir(root, 0755);
	md("a");
	md("a/b");
	mk("a/b/f", "12345");
	mk("g", "xy");
	mk("file9", "");
	mk("file10", "");
	mk("file1", "");
	mk(".hidden", "");
	ln("a", "la");
	ln("missing", "dangling");
	ln("..", "a/up");

	/* readdir */
	DIR *d = opendir(root);
	check("opendir", d != 0, 1);
	struct dirent *de;
	while ((de = readdir(d)))
		add(de->d_name);
	flush("readdir");
	errno = 0;
	check("readdir at end", readdir(d) == 0, 1);
	check("errno unchanged", errno, 0);
	rewinddir(d);
	int n = 0;
	while (readdir(d))
		n++;
	check("after rewinddir", n, 10);
	rewinddir(d);
	for (int i = 0; i < 4; i++)
		readdir(d);
	long pos = telldir(d);
	char next[256];
	strcpy(next, readdir(d)->d_name);
	readdir(d);
	readdir(d);
	seekdir(d, pos);
	check("seekdir resumes", !strcmp(readdir(d)->d_name, next), 1);
	int fd = dirfd(d);
	check("dirfd", fd >= 0, 1);
	check("dirfd cloexec", fcntl(fd, F_GETFD), FD_CLOEXEC);
	check("closedir", closedir(d), 0);

	/* readdir_r through fdopendir */
	fd = open(root, O_RDONLY | O_DIRECTORY);
	d = fdopendir(fd);
	check("fdopendir", d != 0, 1);
	check("fdopendir dirfd", dirfd(d), fd);
	struct dirent ent, *res;
	for (;;) {
		check_r:
		if (readdir_r(d, &ent, &res) != 0) {
			fails++;
			break;
		}
		if (!res)
			break;
		if (res != &ent)
			fails++;
		add(ent.d_name);
		goto check_r;
	}
	flush("readdir_r");
	closedir(d);

	/* errors */
	errno = 0;
	check("opendir missing", opendir("/nonexistent-limpet") == 0, 1);
	check("errno", errno, ENOENT);
	char p[128];
	snprintf(p, sizeof p, "%s/g", root);
	check("opendir file", opendir(p) == 0, 1);
	check("errno", errno, ENOTDIR);
	fd = open(p, O_RDONLY);
	check("fdopendir file", fdopendir(fd) == 0, 1);
	check("errno", errno, ENOTDIR);
	close(fd);
	check("fdopendir closed", fdopendir(fd) == 0, 1);
	check("errno", errno, EBADF);

	/* scandir */
	struct dirent **list;
	n = scandir(root, &list, no_dots, alphasort);
	printf("scandir alphasort %d:", n);
	for (int i = 0; i < n; i++) {
		printf(" %s", list[i]->d_name);
		free(list[i]);
	}
	printf("\n");
	free(list);
	n = scandir(root, &list, no_dots, versionsort);
	printf("scandir versionsort %d:", n);
	for (int i = 0; i < n; i++) {
		printf(" %s", list[i]->d_name);
		free(list[i]);
	}
	printf("\n");
	free(list);
	n = scandir(root, &list, 0, 0);
	for (int i = 0; i < n; i++) {
		add(list[i]->d_name);
		free(list[i]);
	}
	free(list);
	flush("scandir unsorted");
	errno = 0;
	check("scandir missing", scandir("/nonexistent-limpet", &list, 0, 0), -1);
	check("errno", errno, ENOENT);

	/* nftw */
	check("nftw phys", nftw(root, visit, 10, FTW_PHYS), 0);
	flush("nftw phys");
	check("nftw follow", nftw(root, visit, 10, 0), 0);
	flush("nftw follow");
	check("nftw fd_limit 1", nftw(root, visit, 1, FTW_PHYS), 0);
	flush("nftw fd_limit 1");
	check("nftw fd_limit 2", nftw(root, visit, 2, FTW_PHYS), 0);
	flush("nftw fd_limit 2");
	check("nftw fd_limit 0", nftw(root, visit, 0, FTW_PHYS), 0);
	flush("nftw fd_limit 0");
	check("nftw mount", nftw(root, visit, 10, FTW_PHYS | FTW_MOUNT), 0);
	flush("nftw mount");
	check("nftw depth", nftw(root, visit, 10, FTW_PHYS | FTW_DEPTH), 0);
	flush("nftw depth");
	nseen = 0;
	nftw(root, depth_visit, 10, FTW_PHYS | FTW_DEPTH);
	int ok = 1;
	for (int i = 0; i < nseen; i++)
		for (int j = i + 1; j < nseen; j++) {
			size_t l = strlen(seen[j]);
			/* a later path must not be inside an earlier one */
			if (!strncmp(seen[i], seen[j], l) && seen[i][l] == '/')
				;
			else if (!strncmp(seen[j], seen[i], strlen(seen[i])) && seen[j][strlen(seen[i])] == '/')
				ok = 0;
		}
	check("depth order", ok, 1);
	stop_at = "/a/b";
	check("nftw stop", nftw(root, visit, 10, FTW_PHYS), 7);
	nlines = 0;
	stop_at = 0;
	char cwd0[256], cwd1[256];
	getcwd(cwd0, sizeof cwd0);
	check("nftw chdir", nftw(root, visit, 10, FTW_PHYS | FTW_CHDIR), 0);
	flush("nftw chdir");
	getcwd(cwd1, sizeof cwd1);
	check("cwd restored", !strcmp(cwd0, cwd1), 1);
	snprintf(p, sizeof p, "%s/a", root);
	check("nftw subdir", nftw(p, visit, 10, FTW_PHYS), 0);
	flush("nftw subdir");
	snprintf(p, sizeof p, "%s/g", root);
	check("nftw file", nftw(p, visit, 10, FTW_PHYS), 0);
	flush("nftw file");
	errno = 0;
	check("nftw missing", nftw("/nonexistent-limpet", visit, 10, 0), -1);
	check("errno", errno, ENOENT);
	check("ftw", ftw(root, visit3, 10), 0);
	flush("ftw");

	/* tear down with nftw itself */
	check("nftw remove", nftw(root, rm_visit, 10, FTW_PHYS | FTW_DEPTH), 0);
	check("removed", access(root, F_OK), -1);
	printf("fails %d\n", fails);
	return fails != 0;
}

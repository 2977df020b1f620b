/* The nscd-protocol server that pwd_nscd.c, grp_nscd.c and pwd_nscd_swap.c share (an
 * include file, not a program). nscd_start() makes a private mount namespace, puts a tmpfs
 * over /var/run/nscd (or over /var/run, with an nscd directory made in it, when there is
 * none), binds the program's /etc/passwd and /etc/group over the real ones, and forks the
 * server, which listens on /var/run/nscd/socket and answers each request with the
 * program's answer() (the protocol is nscd's version 2: three request words, version,
 * type and key length, then the key; reply headers of words, then strings). A request
 * whose words are byte-swapped is read as such, and answer() is told (ask.swapped), so it
 * can answer as a daemon of the other byte order would. The server logs every request
 * before answering it; asked() prints the log, so the output says which lookups went to
 * nscd. Where the namespace cannot be made, the program prints SKIP and exits 0. */
#define _GNU_SOURCE
#include <byteswap.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

enum { GETPWBYNAME = 0, GETPWBYUID = 1, GETGRBYNAME = 2, GETGRBYGID = 3, INITGROUPS = 15 };
#define NSCD_VERSION 2
#define NSCD_DIR "/var/run/nscd"
#define NSCD_SOCKET NSCD_DIR "/socket"

static int fails;

/* One request as the server read it. */
struct ask {
	int fd;
	int type;
	int swapped;
	char key[512];
};

/* The program's answers. */
static void answer(struct ask *a);

static void skip(const char *what)
{
	printf("SKIP: %s: errno %d\n", what, errno);
	fflush(stdout);
	exit(0);
}

/* ---------------------------------------------------------------- replies */

static void send_bytes(struct ask *a, const void *p, size_t n)
{
	const char *s = p;
	while (n) {
		ssize_t w = write(a->fd, s, n);
		if (w <= 0)
			return;
		s += w;
		n -= w;
	}
}

/* Words in the asker's byte order. */
static void send_words(struct ask *a, const int32_t *w, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		uint32_t v = (uint32_t)w[i];
		if (a->swapped)
			v = bswap_32(v);
		send_bytes(a, &v, 4);
	}
}

static void send_str(struct ask *a, const char *s)
{
	send_bytes(a, s, strlen(s) + 1);
}

static int32_t len1(const char *s)
{
	return (int32_t)strlen(s) + 1;
}

static void reply_pw(struct ask *a, const char *name, const char *pw, uint32_t uid, uint32_t gid, const char *gecos, const char *dir, const char *shell)
{
	int32_t h[9] = { NSCD_VERSION, 1, len1(name), len1(pw), (int32_t)uid, (int32_t)gid, len1(gecos), len1(dir), len1(shell) };
	send_words(a, h, 9);
	send_str(a, name);
	send_str(a, pw);
	send_str(a, gecos);
	send_str(a, dir);
	send_str(a, shell);
}

static void reply_gr(struct ask *a, const char *name, const char *pw, uint32_t gid, int n, const char *const *mem)
{
	int32_t h[6] = { NSCD_VERSION, 1, len1(name), len1(pw), (int32_t)gid, n };
	send_words(a, h, 6);
	for (int i = 0; i < n; i++) {
		int32_t l = len1(mem[i]);
		send_words(a, &l, 1);
	}
	send_str(a, name);
	send_str(a, pw);
	for (int i = 0; i < n; i++)
		send_str(a, mem[i]);
}

static void reply_initgr(struct ask *a, int n, const uint32_t *gids)
{
	int32_t h[3] = { NSCD_VERSION, 1, n };
	send_words(a, h, 3);
	send_words(a, (const int32_t *)gids, n);
}

/* "Not found": a header of `words` words, version 2 and the rest zero. */
static void reply_none(struct ask *a, int words)
{
	int32_t h[9] = { NSCD_VERSION };
	send_words(a, h, words);
}

/* ---------------------------------------------------------------- the server */

static int log_pipe[2];
static pid_t server;

static int read_full(int fd, void *p, size_t n)
{
	char *s = p;
	while (n) {
		ssize_t r = read(fd, s, n);
		if (r <= 0)
			return -1;
		s += r;
		n -= r;
	}
	return 0;
}

static void serve(int listener)
{
	for (;;) {
		struct ask a = { 0 };
		a.fd = accept(listener, 0, 0);
		if (a.fd < 0)
			_exit(0);
		uint32_t h[3];
		if (read_full(a.fd, h, sizeof h) == 0) {
			if (h[0] == bswap_32(NSCD_VERSION)) {
				a.swapped = 1;
				for (int i = 0; i < 3; i++)
					h[i] = bswap_32(h[i]);
			}
			a.type = (int)h[1];
			size_t klen = h[2] < sizeof a.key ? h[2] : sizeof a.key - 1;
			if (h[0] == NSCD_VERSION && read_full(a.fd, a.key, klen) == 0) {
				char line[600];
				int n = snprintf(line, sizeof line, "%s %d [%.40s%s] len %u\n", a.swapped ? "swapped" : "asked", a.type, a.key,
					strlen(a.key) > 40 ? "..." : "", h[2]);
				if (write(log_pipe[1], line, n) != n)
					_exit(1);
				answer(&a);
			}
		}
		close(a.fd);
	}
}

enum { NATIVE_ONLY, WITH_SWAPPED, NOT_PRINTED };

/* Prints what the server was asked since the last call: swapped requests only
 * WITH_SWAPPED (musl 1.2.3 never makes them), nothing when NOT_PRINTED. */
static void asked_of(int which)
{
	char buf[8192];
	static char pending[8192];
	static size_t have;
	ssize_t n;
	while ((n = read(log_pipe[0], buf, sizeof buf)) > 0) {
		for (ssize_t i = 0; i < n && have < sizeof pending - 1; i++) {
			pending[have++] = buf[i];
			if (buf[i] != '\n')
				continue;
			pending[have] = 0;
			if (which == WITH_SWAPPED || (which == NATIVE_ONLY && strncmp(pending, "swapped", 7)))
				printf("  %s", pending);
			have = 0;
		}
	}
}

static void asked(void)
{
	asked_of(NATIVE_ONLY);
}

/* Bind-mounts a scratch file with `text` over `target`; the scratch name is unlinked at
 * once (the mount keeps the file). */
static void cover(const char *target, const char *text, size_t len)
{
	char path[64];
	snprintf(path, sizeof path, "/tmp/limpet-nscd-%d", (int)getpid());
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	size_t done = 0;
	while (fd >= 0 && done < len) {
		ssize_t w = write(fd, text + done, len - done);
		if (w <= 0)
			break;
		done += w;
	}
	if (fd < 0 || done != len) {
		printf("cannot write the scratch file\n");
		exit(1);
	}
	close(fd);
	int r = mount(path, target, 0, MS_BIND, 0);
	unlink(path);
	if (r)
		skip("bind mount over an /etc file");
}

/* A private namespace with a tmpfs where the socket goes, so no real nscd answers. */
static void nscd_namespace(void)
{
	if (unshare(CLONE_NEWNS))
		skip("unshare(CLONE_NEWNS)");
	if (mount(0, "/", 0, MS_REC | MS_PRIVATE, 0))
		skip("mount --make-rprivate /");
	struct stat st;
	if (stat(NSCD_DIR, &st) == 0) {
		if (mount("tmpfs", NSCD_DIR, "tmpfs", 0, 0))
			skip("tmpfs over " NSCD_DIR);
	} else {
		if (mount("tmpfs", "/var/run", "tmpfs", 0, 0))
			skip("tmpfs over /var/run");
		if (mkdir(NSCD_DIR, 0755))
			skip("mkdir " NSCD_DIR);
	}
}

/* The namespace, the files, and the server listening. */
static void nscd_start(const char *passwd, const char *group)
{
	nscd_namespace();
	cover("/etc/passwd", passwd, strlen(passwd));
	cover("/etc/group", group, strlen(group));
	int l = socket(AF_UNIX, SOCK_STREAM, 0);
	struct sockaddr_un addr = { .sun_family = AF_UNIX, .sun_path = NSCD_SOCKET };
	if (l < 0 || bind(l, (struct sockaddr *)&addr, sizeof addr) || listen(l, 16))
		skip("the server's socket");
	/* Only the reading end is non-blocking: the server waits rather than lose a line. */
	if (pipe2(log_pipe, O_CLOEXEC) || fcntl(log_pipe[0], F_SETFL, O_NONBLOCK))
		skip("pipe2");
	fflush(stdout);
	server = fork();
	if (server < 0)
		skip("fork");
	if (server == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		/* A client that stops reading at the first bad word closes while the reply is
		 * still being written: that write fails, the server goes on. */
		signal(SIGPIPE, SIG_IGN);
		close(log_pipe[0]);
		serve(l);
	}
	close(l);
}

/* Stops the server; its socket file stays, so a connect is refused from now on. */
static void nscd_stop(void)
{
	kill(server, SIGKILL);
	waitpid(server, 0, 0);
	asked();
}

/* nscd of the other byte order: a daemon that cannot read a request's version closes the
 * connection without a word, and the client asks again with the request's three words
 * byte-swapped, then reads the reply's words swapped (the strings are bytes either way).
 * The server here plays such a daemon: it closes on a request in the host's order and
 * answers a swapped one in swapped order. A user by name and by uid, a group with members
 * (their lengths are words too), getgrouplist's list; and a reply in swapped order to a
 * request in the host's, which is a wrong version (EIO), not a reason to swap.
 *
 * Compared with pwd_nscd_swap.expected (limpet's output): musl 1.2.3 means to make the
 * second request, but its retry closes the new socket without connecting, so every
 * lookup here is "not found" on musl. */
#include "pwd_nscd_server.h"

static const char passwd_file[] = "root:x:0:0:root:/root:/bin/sh\n";
static const char group_file[] = "root:x:0:\nlocal:x:100:swapuser\n";

static void answer(struct ask *a)
{
	static const char *const mem[] = { "swapuser", "other" };
	static const uint32_t gids[] = { 7100, 100, 7101 };
	if (a->type == GETPWBYNAME && !strcmp(a->key, "native")) {
		/* Swapped words to a request in the host's order. */
		struct ask b = *a;
		b.swapped = 1;
		reply_pw(&b, "native", "x", 1, 1, "", "/", "/bin/sh");
		return;
	}
	if (!a->swapped)
		return;
	if ((a->type == GETPWBYNAME && !strcmp(a->key, "swapuser")) || (a->type == GETPWBYUID && !strcmp(a->key, "7000")))
		reply_pw(a, "swapuser", "x", 7000, 7100, "Other Order", "/home/swap", "/bin/sh");
	else if ((a->type == GETGRBYNAME && !strcmp(a->key, "swapgroup")) || (a->type == GETGRBYGID && !strcmp(a->key, "7100")))
		reply_gr(a, "swapgroup", "x", 7100, 2, mem);
	else if (a->type == INITGROUPS && !strcmp(a->key, "swapuser"))
		reply_initgr(a, 3, gids);
	else
		reply_none(a, a->type == INITGROUPS ? 3 : a->type >= GETGRBYNAME ? 6 : 9);
}

static void user(struct passwd *p)
{
	if (p)
		printf("[%s] [%s] %u %u [%s] [%s] [%s]\n", p->pw_name, p->pw_passwd, p->pw_uid, p->pw_gid, p->pw_gecos, p->pw_dir,
			p->pw_shell);
	else
		printf("none errno %d\n", errno);
	asked_of(WITH_SWAPPED);
}

static void group(struct group *g)
{
	if (g)
		printf("[%s] [%s] %u [%s] [%s] %s\n", g->gr_name, g->gr_passwd, g->gr_gid, g->gr_mem[0], g->gr_mem[1],
			g->gr_mem[2] ? "more" : "two members");
	else
		printf("none errno %d\n", errno);
	asked_of(WITH_SWAPPED);
}

int main(void)
{
	nscd_start(passwd_file, group_file);
	errno = 0;
	printf("getpwnam(swapuser): ");
	user(getpwnam("swapuser"));
	printf("getpwuid(7000): ");
	errno = 0;
	user(getpwuid(7000));
	printf("getgrnam(swapgroup): ");
	errno = 0;
	group(getgrnam("swapgroup"));
	printf("getgrgid(7100): ");
	errno = 0;
	group(getgrgid(7100));
	gid_t g[16];
	int n = 16;
	int r = getgrouplist("swapuser", 7000, g, &n);
	printf("getgrouplist(swapuser) %d:", r);
	for (int i = 0; i < n && i < 16; i++)
		printf(" %u", g[i]);
	printf("\n");
	asked_of(WITH_SWAPPED);
	printf("getpwnam(native): ");
	errno = 0;
	user(getpwnam("native"));
	printf("getpwnam(nobody-anywhere): ");
	errno = 0;
	user(getpwnam("nobody-anywhere"));
	return 0;
}

/* <grp.h> and nscd: in a private mount namespace with a crafted /etc/group, a server on
 * /var/run/nscd/socket (pwd_nscd_server.h) answers the groups the file lacks and the
 * initgroups requests. getgrnam/getgrgid of nscd's groups (three members, none, an empty
 * member, 10,000 members), the _r forms at every buffer size from 0 up (ERANGE below some
 * size, the record from there on; the size itself is not printed: musl's is larger than
 * what the record takes), and the replies that fail: a record for another name or gid, a
 * member of length 0, a negative or huge member count (EIO). getgrouplist: the file's
 * groups first, then nscd's gids that are neither the primary group nor the gid of a line
 * of /etc/group (whether that line lists the user or not), in nscd's order, duplicates
 * kept; too small an array; a user only nscd knows; no /etc/group (nscd's list alone);
 * a garbled reply (-1 and EIO: musl also writes junk into the array and the count, so
 * they are not printed; a negative count is ENOMEM in musl, EIO in limpet: "error");
 * initgroups read back with getgroups.
 *
 * Left out: the byte-swapped retry (pwd_nscd_swap.c), and the count and array after a
 * failed getgrouplist (musl stores junk there). */
#include "pwd_nscd_server.h"

static const char passwd_file[] = "root:x:0:0:root:/root:/bin/sh\n";

static const char group_file[] =
	"root:x:0:\n"
	"users:x:100:alice,bob\n"
	"quiet:x:7000:zed\n"
	"devs:x:7001:alice\n"
	"ops:x:8000:alice\n";

#define BIG 10000
static const char *big[BIG];

static int is(struct ask *a, int type, const char *key)
{
	return a->type == type && !strcmp(a->key, key);
}

static void answer(struct ask *a)
{
	static const char *const three[] = { "alice", "bob", "carol" };
	static const char *const with_empty[] = { "x", "", "y" };
	static const uint32_t alice[] = { 9000, 100, 9001, 7000, 9000, 5000, 0 };
	static const uint32_t only[] = { 9100, 9101 };
	if (a->swapped)
		return;
	if (is(a, GETGRBYNAME, "nsgroup") || is(a, GETGRBYGID, "6000"))
		reply_gr(a, "nsgroup", "x", 6000, 3, three);
	else if (is(a, GETGRBYNAME, "nomembers"))
		reply_gr(a, "nomembers", "", 6001, 0, three);
	else if (is(a, GETGRBYNAME, "withempty"))
		reply_gr(a, "withempty", "pw", 6002, 3, with_empty);
	else if (is(a, GETGRBYNAME, "big") || is(a, GETGRBYGID, "6003"))
		reply_gr(a, "big", "x", 6003, BIG, big);
	else if (is(a, GETGRBYNAME, "users")) /* the file has it: never asked */
		reply_gr(a, "users", "x", 1, 0, three);
	else if (is(a, GETGRBYNAME, "other") || is(a, GETGRBYGID, "6004"))
		reply_gr(a, "someone", "x", 6999, 3, three);
	else if (is(a, GETGRBYNAME, "zeromember")) {
		int32_t h[] = { NSCD_VERSION, 1, 11, 1, 6005, 2, 3, 0 };
		send_words(a, h, 8);
		send_bytes(a, "zeromember\0\0ab\0", 15);
	} else if (is(a, GETGRBYNAME, "negcount")) {
		int32_t h[] = { NSCD_VERSION, 1, 9, 1, 6006, -1 };
		send_words(a, h, 6);
	} else if (is(a, GETGRBYNAME, "hugecount")) {
		int32_t h[] = { NSCD_VERSION, 1, 10, 1, 6007, 0x10000000 };
		send_words(a, h, 6);
	} else if (is(a, INITGROUPS, "alice"))
		reply_initgr(a, 7, alice);
	else if (is(a, INITGROUPS, "onlynscd"))
		reply_initgr(a, 2, only);
	else if (is(a, INITGROUPS, "emptylist"))
		reply_initgr(a, 0, only);
	else if (is(a, INITGROUPS, "cutlist")) {
		int32_t h[] = { NSCD_VERSION, 1, 5, 9000, 9001 };
		send_words(a, h, 5);
	} else if (is(a, INITGROUPS, "hugelist")) {
		int32_t h[] = { NSCD_VERSION, 1, 0x7fffffff };
		send_words(a, h, 3);
	} else if (is(a, INITGROUPS, "neglist")) {
		int32_t h[] = { NSCD_VERSION, 1, -1 };
		send_words(a, h, 3);
	} else if (is(a, INITGROUPS, "shortlist")) {
		int32_t h[] = { NSCD_VERSION, 1 };
		send_words(a, h, 2);
	} else
		reply_none(a, a->type == INITGROUPS ? 3 : 6);
}

static void show(const char *what, const struct group *g)
{
	printf("%s: ", what);
	if (!g) {
		printf("none\n");
		return;
	}
	printf("[%s] [%s] %u", g->gr_name, g->gr_passwd, g->gr_gid);
	size_t n = 0;
	while (g->gr_mem[n])
		n++;
	if (n > 8)
		printf(" %zu members, first [%s] last [%s]\n", n, g->gr_mem[0], g->gr_mem[n - 1]);
	else {
		for (size_t i = 0; i < n; i++)
			printf(" [%s]", g->gr_mem[i]);
		printf("\n");
	}
}

static void by_name(const char *name)
{
	errno = 1234;
	struct group *g = getgrnam(name);
	int e = errno;
	char what[64];
	snprintf(what, sizeof what, "getgrnam(%s)", name);
	show(what, g);
	if (!g)
		printf("  errno %d\n", e);
	asked();
}

static void by_gid(gid_t gid)
{
	errno = 1234;
	struct group *g = getgrgid(gid);
	int e = errno;
	char what[64];
	snprintf(what, sizeof what, "getgrgid(%u)", gid);
	show(what, g);
	if (!g)
		printf("  errno %d\n", e);
	asked();
}

static int same(const struct group *a, const struct group *b)
{
	if (a->gr_gid != b->gr_gid || strcmp(a->gr_name, b->gr_name) || strcmp(a->gr_passwd, b->gr_passwd))
		return 0;
	size_t i = 0;
	for (; a->gr_mem[i] && b->gr_mem[i]; i++)
		if (strcmp(a->gr_mem[i], b->gr_mem[i]))
			return 0;
	return !a->gr_mem[i] && !b->gr_mem[i];
}

/* The _r forms at every size from 0 to `max`, on an aligned and a misaligned buffer. */
static void every_size(const char *name, gid_t gid, int max)
{
	static char want_buf[300000];
	struct group want, *res;
	if (getgrgid_r(gid, &want, want_buf, sizeof want_buf, &res) || !res) {
		printf("%s: no record\n", name);
		fails++;
		return;
	}
	static long long space[40000];
	int first[2] = { -1, -1 }, bad = 0;
	for (int size = 0; size <= max; size++) {
		for (int k = 0; k < 4; k++) {
			int odd = k & 1;
			char *buf = (char *)space + odd;
			struct group gr, *r = &gr;
			int rc = k & 2 ? getgrgid_r(gid, &gr, buf, size, &r) : getgrnam_r(name, &gr, buf, size, &r);
			if (rc == ERANGE && !r && first[odd] < 0)
				continue;
			if (rc == 0 && r == &gr && same(&gr, &want)) {
				if (first[odd] < 0)
					first[odd] = size;
				continue;
			}
			bad++;
		}
		asked_of(NOT_PRINTED);
	}
	printf("%s: _r at sizes 0..%d: ERANGE then found from some size %s, wrong answers %d\n", name, max,
		first[0] >= 0 && first[1] >= 0 ? "yes" : "no", bad);
}

static void list(const char *user, gid_t primary, int room)
{
	gid_t g[64];
	int n = room;
	errno = 1234;
	int r = getgrouplist(user, primary, g, &n);
	printf("getgrouplist(%s, %u, room %d) = %d", user, primary, room, r);
	if (r == -1 && n == room) {
		printf(", %s\n", errno == EIO ? "EIO" : errno != 1234 && errno ? "error" : "no error");
		asked();
		return;
	}
	printf(" count %d:", n);
	for (int i = 0; i < n && i < room; i++)
		printf(" %u", g[i]);
	printf("\n");
	asked();
}

/* A garbled reply: -1 and errno (EIO, or only "error" where musl's is ENOMEM and
 * limpet's EIO); what musl leaves in the array and the count is junk. */
static void list_fails(const char *user, int exact)
{
	gid_t g[64];
	int n = 64;
	errno = 1234;
	int r = getgrouplist(user, 5000, g, &n);
	printf("getgrouplist(%s) = %d, %s\n", user, r, errno == EIO && exact ? "EIO" : errno != 1234 && errno ? "error" : "no error");
	asked();
}

int main(void)
{
	static char names[BIG][8];
	for (int i = 0; i < BIG; i++) {
		snprintf(names[i], sizeof names[i], "m%d", i);
		big[i] = names[i];
	}
	nscd_start(passwd_file, group_file);
	by_name("root");
	by_name("users");
	by_name("nsgroup");
	by_gid(6000);
	by_name("nomembers");
	by_name("withempty");
	by_name("big");
	by_gid(6003);
	by_name("other");
	by_gid(6004);
	by_name("zeromember");
	by_name("negcount");
	by_name("hugecount");
	by_name("nobody-anywhere");
	every_size("nsgroup", 6000, 200);
	every_size("users", 100, 200);
	struct group gr, *res = &gr;
	static char buf[4096];
	int r = getgrnam_r("other", &gr, buf, sizeof buf, &res);
	printf("getgrnam_r(other) %d result %s\n", r, res ? "set" : "null");
	asked();

	list("alice", 5000, 64);
	list("alice", 5000, 4);
	list("alice", 100, 64);
	list("bob", 5000, 64);
	list("onlynscd", 5000, 64);
	list("emptylist", 5000, 64);
	list("shortlist", 5000, 64);
	list_fails("cutlist", 1);
	list_fails("hugelist", 1);
	list_fails("neglist", 0);

	errno = 0;
	r = initgroups("alice", 5000);
	gid_t g[64];
	int n = getgroups(64, g);
	printf("initgroups(alice) %d", r);
	for (int i = 0; i < n && !r; i++)
		printf(" %u", g[i]);
	printf("\n");
	asked();

	/* No /etc/group: the primary group, then nscd's. */
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		if (unshare(CLONE_NEWNS) || mount("tmpfs", "/etc", "tmpfs", 0, 0))
			skip("tmpfs over /etc");
		list("alice", 5000, 64);
		by_name("nsgroup");
		fflush(stdout);
		_exit(0);
	}
	waitpid(pid, 0, 0);
	asked();
	return fails != 0;
}

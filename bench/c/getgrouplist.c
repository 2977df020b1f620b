/* getgrouplist over a 500-line /etc/group (users_files.h binds it in a private mount
 * namespace): groups of 5 to 40 members, the user asked for a member of 25 of them, spread
 * through the file; each operation lists that user's groups into an array with room. */
#include "users_files.h"
#include <grp.h>

#define GROUPS 500
#define EVERY 20

static void bench_setup(const char *arg)
{
	(void)arg;
	users_namespace();
	for (unsigned long i = 0; i < GROUPS; i++) {
		users_add("group");
		users_add_num(i);
		users_add(":x:");
		users_add_num(3000 + i);
		users_add(":");
		unsigned long members = 5 + i * 7 % 36;
		for (unsigned long m = 0; m < members; m++) {
			if (m)
				users_add(",");
			users_add("member");
			users_add_num((i * 13 + m * 31) % 997);
		}
		if (i % EVERY == EVERY / 2)
			users_add(",alice");
		users_add("\n");
	}
	users_cover("/etc/group");
	gid_t g[64];
	int n = 64;
	if (getgrouplist("alice", 100, g, &n) != GROUPS / EVERY + 1)
		bench_fail("getgrouplist did not find alice's groups");
}

static void bench_op(long i)
{
	(void)i;
	gid_t g[64];
	int n = 64;
	if (getgrouplist("alice", 100, g, &n) != GROUPS / EVERY + 1)
		bench_fail("getgrouplist failed");
	BENCH_KEEP(g[0]);
}

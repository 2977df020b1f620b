/* getpwnam over a 1,000-line /etc/passwd (users_files.h binds it in a private mount
 * namespace): each operation looks up one of the users of the last 100 lines in turn, so
 * the file is read to at least its 900th line; lines are 60 to 80 bytes, as Debian's are. */
#include "users_files.h"
#include <pwd.h>

#define USERS 1000
#define ASKED 100
static char names[ASKED][16];

/* "user" and the number, zero-padded to four digits. */
static void name_of(char *out, unsigned long i)
{
	out[0] = 'u', out[1] = 's', out[2] = 'e', out[3] = 'r';
	out[4] = (char)('0' + i / 1000), out[5] = (char)('0' + i / 100 % 10);
	out[6] = (char)('0' + i / 10 % 10), out[7] = (char)('0' + i % 10), out[8] = 0;
}

static void bench_setup(const char *arg)
{
	(void)arg;
	users_namespace();
	char name[16];
	for (unsigned long i = 0; i < USERS; i++) {
		name_of(name, i);
		users_add(name);
		users_add(":x:");
		users_add_num(2000 + i);
		users_add(":");
		users_add_num(100 + i % 10);
		users_add(":User Number ");
		users_add_num(i);
		users_add(",,,:/home/");
		users_add(name);
		users_add(i % 3 ? ":/bin/bash\n" : ":/usr/sbin/nologin\n");
	}
	users_cover("/etc/passwd");
	for (int k = 0; k < ASKED; k++)
		name_of(names[k], USERS - ASKED + k);
	struct passwd *p = getpwnam(names[0]);
	if (!p || p->pw_uid != 2000 + USERS - ASKED)
		bench_fail("getpwnam did not find the user");
}

static void bench_op(long i)
{
	struct passwd *p = getpwnam(names[i % ASKED]);
	if (!p)
		bench_fail("getpwnam failed");
	BENCH_KEEP(p);
}

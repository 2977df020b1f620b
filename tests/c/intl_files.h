/* Scratch files for the intl_* programs: a directory under /tmp named after the pid (never
 * printed), files written into it from the byte arrays of intl_catalogs.h, and their
 * removal at the end, in the reverse order of creation. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define INTL_MAX_ENTRIES 1024

static char intl_root[64];
static char *intl_made[INTL_MAX_ENTRIES];
static int intl_is_dir[INTL_MAX_ENTRIES];
static int intl_nmade;

static void intl_note(const char *path, int dir)
{
	if (intl_nmade < INTL_MAX_ENTRIES) {
		intl_is_dir[intl_nmade] = dir;
		intl_made[intl_nmade++] = strdup(path);
	}
}

/* Makes /tmp/NAME-PID. */
static const char *intl_setup(const char *name)
{
	snprintf(intl_root, sizeof intl_root, "/tmp/%s-%d", name, (int)getpid());
	if (mkdir(intl_root, 0700) != 0) {
		printf("mkdir failed\n");
		exit(1);
	}
	intl_note(intl_root, 1);
	return intl_root;
}

/* Makes ROOT/REL's directories, then writes LEN bytes of DATA to ROOT/REL. */
static void intl_install(const char *rel, const void *data, size_t len)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", intl_root, rel);
	for (char *s = path + strlen(intl_root) + 1; (s = strchr(s, '/')); s++) {
		*s = 0;
		if (mkdir(path, 0700) == 0)
			intl_note(path, 1);
		*s = '/';
	}
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(data, 1, len, f) != len || fclose(f) != 0) {
		printf("cannot write a catalog\n");
		exit(1);
	}
	intl_note(path, 0);
}

static void intl_cleanup(void)
{
	while (intl_nmade > 0) {
		intl_nmade--;
		if (intl_is_dir[intl_nmade])
			rmdir(intl_made[intl_nmade]);
		else
			unlink(intl_made[intl_nmade]);
		free(intl_made[intl_nmade]);
	}
}

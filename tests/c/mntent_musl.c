/* <mntent.h> where musl 1.2.3 and limpet agree: fields split on spaces and tabs, comment and
 * blank lines skipped, lines with too few fields or a malformed number skipped, getmntent_r
 * at every buffer size (ERANGE for a line that does not fit, which is then skipped),
 * addmntent's layout, hasmntopt on whole option names, setmntent on a missing file, and
 * /proc/self/mounts. The escapes (\040), missing numbers and hasmntopt's substring matches,
 * where musl 1.2.3 differs, are in mntent_glibc.c. Every file ends with a newline: musl
 * drops a last line without one. */
#define _GNU_SOURCE
#include <errno.h>
#include <mntent.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const char fstab[] =
    "# /etc/fstab: static file system information.\n"
    "\n"
    "  /dev/sda1\t/ ext4 rw,noatime,errors=remount-ro 0 1\n"
    "UUID=1234-ABCD  /boot/efi\tvfat umask=0077,shortname=winnt\t0 2\n"
    "   # an indented comment\n"
    "\t \n"
    "only two\n"
    "three fields here\n"
    "x y z w 1x 2\n"
    "bad numbers here ok x y\n"
    "tmpfs /tmp tmpfs rw,nosuid,nodev,size=50%,mode=1777 0 0 trailing words\n"
    "proc /proc proc defaults -1 +7\n"
    "/dev/sdb2 none swap sw 0 0\n";

static void show(const char *what, const struct mntent *m)
{
    if (!m)
        printf("%s: NULL\n", what);
    else
        printf("%s: [%s] [%s] [%s] [%s] %d %d\n", what, m->mnt_fsname, m->mnt_dir, m->mnt_type, m->mnt_opts,
               m->mnt_freq, m->mnt_passno);
}

int main(void)
{
    char path[64];
    snprintf(path, sizeof path, "/tmp/limpet-mntent-%d", (int)getpid());
    FILE *w = fopen(path, "w");
    fputs(fstab, w);
    fclose(w);

    FILE *f = setmntent(path, "r");
    struct mntent *m;
    while ((m = getmntent(f)))
        show("getmntent", m);
    endmntent(f);

    /* Every buffer size: a line needs its length, its newline and a NUL. (Not 1, where
     * musl's fgets reads nothing and it stops.) */
    for (int size = 2; size <= 72; size++) {
        char buf[80];
        struct mntent me;
        int entries = 0, too_long = 0;
        f = setmntent(path, "r");
        for (int i = 0; i < 40; i++) {
            errno = 0;
            m = getmntent_r(f, &me, buf, size);
            if (m) {
                entries++;
                if (size == 72 || size == 60)
                    show("  getmntent_r", m);
            } else if (errno == ERANGE) {
                too_long++;
            } else {
                break;
            }
        }
        printf("size %d: %d entries, %d lines too long\n", size, entries, too_long);
        endmntent(f);
    }

    /* addmntent appends a line, fields separated by tabs. */
    struct mntent add = {"/dev/sdc1", "/mnt/data", "xfs", "rw,noauto,uid=5,ro", 3, 4};
    f = setmntent(path, "a+");
    printf("addmntent: %d\n", addmntent(f, &add));
    endmntent(f);
    f = setmntent(path, "r");
    char line[256];
    const char *last = "";
    while (fgets(line, sizeof line, f))
        last = line;
    printf("last line: %s", last);
    endmntent(f);

    /* hasmntopt: names that match whole either way. */
    const char *opts[] = {"rw", "noauto", "uid", "uid=5", "ro", "xyz", 0};
    for (int i = 0; opts[i]; i++) {
        char *r = hasmntopt(&add, opts[i]);
        printf("hasmntopt %s: %s\n", opts[i], r ? r : "NULL");
    }

    errno = 0;
    f = setmntent("/nonexistent/limpet/fstab", "r");
    printf("setmntent missing: %s %s\n", f ? "stream" : "NULL", errno == ENOENT ? "ENOENT" : "other");
    printf("endmntent(NULL): %d\n", endmntent(NULL));

    /* The kernel's table: every line has six fields. */
    f = setmntent("/proc/self/mounts", "r");
    int n = 0, proc = 0;
    while ((m = getmntent(f))) {
        n++;
        if (!strcmp(m->mnt_dir, "/proc") && !strcmp(m->mnt_type, "proc"))
            proc = 1;
    }
    endmntent(f);
    FILE *raw = fopen("/proc/self/mounts", "r");
    int lines = 0;
    while (fgets(line, sizeof line, raw))
        lines += strchr(line, '\n') != 0;
    fclose(raw);
    printf("/proc/self/mounts: every line an entry: %s; /proc is there: %s\n", n == lines ? "yes" : "no", proc ? "yes" : "no");

    unlink(path);
    return 0;
}

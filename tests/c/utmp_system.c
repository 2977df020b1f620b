/* The system's files, in a private mount namespace (tmpfs over /run and /var/log, so the
 * real /var/run/utmp and /var/log/wtmp are never touched): with no utmpname the database is
 * /var/run/utmp, utmpname(UTMP_FILE) and updwtmp(WTMP_FILE) reach /var/run/utmp and
 * /var/log/wtmp (musl's headers spell those names /dev/null/utmp and /dev/null/wtmp, which
 * limpet takes to mean the system's files), and the bytes written are glibc's 384-byte
 * record, which the program reads back by hand at glibc's offsets. This uses <utmp.h>'s
 * names (getutent, pututline, ...). musl's utmp functions do nothing, so the expected output
 * (utmp_system.expected) is glibc's for this same program, built with gcc and run as root;
 * utmp_system.gen.sh regenerates it. Without root the program prints SKIP. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utmp.h>

/* glibc's record, the files' format: its size and the offsets of the fields read here. */
enum { RECORD = 384, AT_TYPE = 0, AT_LINE = 8, AT_USER = 44, AT_SESSION = 336, AT_SECONDS = 340, AT_USECONDS = 344 };

static void create(const char *path)
{
    close(open(path, O_CREAT | O_TRUNC | O_WRONLY, 0664));
}

static void raw(const char *path)
{
    unsigned char b[RECORD];
    int fd = open(path, O_RDONLY), n = 0;
    struct stat st;
    fstat(fd, &st);
    printf("%s: %ld bytes\n", path, (long)st.st_size);
    while (read(fd, b, sizeof b) == (ssize_t)sizeof b) {
        int16_t type;
        int32_t session, secs, usecs;
        memcpy(&type, b + AT_TYPE, sizeof type);
        memcpy(&session, b + AT_SESSION, sizeof session);
        memcpy(&secs, b + AT_SECONDS, sizeof secs);
        memcpy(&usecs, b + AT_USECONDS, sizeof usecs);
        printf("  record %d: type %d line %.32s user %.32s session %d time %d.%06d\n", n++, type, (char *)b + AT_LINE,
               (char *)b + AT_USER, session, secs, usecs);
    }
    close(fd);
}

int main(void)
{
    if (unshare(CLONE_NEWNS) || mount(0, "/", 0, MS_REC | MS_PRIVATE, 0)) {
        printf("SKIP: a private mount namespace: errno %d\n", errno);
        return 0;
    }
    if (mount("tmpfs", "/run", "tmpfs", 0, 0) || mount("tmpfs", "/var/log", "tmpfs", 0, 0)) {
        printf("SKIP: tmpfs over /run and /var/log: errno %d\n", errno);
        return 0;
    }

    errno = 0;
    struct utmp *u = getutent();
    printf("no /var/run/utmp: %s %s\n", u ? "entry" : "NULL", errno == ENOENT ? "ENOENT" : "other");
    endutent();

    create("/var/run/utmp");
    struct utmp e;
    memset(&e, 0, sizeof e);
    e.ut_type = USER_PROCESS;
    e.ut_pid = 4242;
    strcpy(e.ut_line, "pts/3");
    strcpy(e.ut_id, "ts/3");
    strcpy(e.ut_user, "erin");
    e.ut_tv.tv_sec = 1712345678;
    e.ut_tv.tv_usec = 123456;
    e.ut_session = 31;
    setutent();
    printf("pututline to the default file: %s\n", pututline(&e) ? "ok" : "failed");
    endutent();
    raw("/run/utmp");

    printf("utmpname(UTMP_FILE): %d\n", utmpname(UTMP_FILE));
    setutent();
    u = getutent();
    if (u)
        printf("read back: type %d line %s user %s pid %d session %d time %ld.%06ld\n", u->ut_type, u->ut_line,
               u->ut_user, (int)u->ut_pid, (int)u->ut_session, (long)u->ut_tv.tv_sec, (long)u->ut_tv.tv_usec);
    else
        printf("read back: NULL errno %d\n", errno);
    endutent();

    create("/var/log/wtmp");
    updwtmp(WTMP_FILE, &e);
    e.ut_type = DEAD_PROCESS;
    e.ut_tv.tv_sec++;
    updwtmp(WTMP_FILE, &e);
    raw("/var/log/wtmp");
    return 0;
}

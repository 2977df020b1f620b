/* System information and memory: uname and the host and domain names, sysinfo and the
 * processor and page counts, getloadavg, getrandom/getentropy, gettid, prctl, memfd_create,
 * madvise/mincore/mlock/msync, shm_open, mmap64, splice/tee/vmsplice, process_vm_readv.
 * Values that vary are compared with /proc, never printed. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/sysinfo.h>
#include <sys/uio.h>
#include <sys/utsname.h>
#include <unistd.h>

static int fails;

static void check(const char *what, long got, long want)
{
	printf("%s %ld %s\n", what, got, got == want ? "ok" : "FAIL");
	if (got != want)
		fails++;
}

static void fail(const char *what, long got, int want_errno)
{
	int e = errno;
	printf("%s %ld errno %d %s\n", what, got, e, got == -1 && e == want_errno ? "ok" : "FAIL");
	if (got != -1 || e != want_errno)
		fails++;
}

static void proc_line(const char *path, char *buf, int size)
{
	FILE *f = fopen(path, "r");
	buf[0] = 0;
	if (f) {
		if (!fgets(buf, size, f))
			buf[0] = 0;
		fclose(f);
	}
	buf[strcspn(buf, "\n")] = 0;
}

static void names(void)
{
	struct utsname u;
	char want[128], got[128];
	check("uname", uname(&u), 0);
	check("sysname", strcmp(u.sysname, "Linux"), 0);
	proc_line("/proc/sys/kernel/hostname", want, sizeof want);
	check("nodename", strcmp(u.nodename, want), 0);
	proc_line("/proc/sys/kernel/osrelease", want, sizeof want);
	check("release", strcmp(u.release, want), 0);
	check("gethostname", gethostname(got, sizeof got), 0);
	check("host name", strcmp(got, u.nodename), 0);
	char two[2] = { 'x', 'x' };
	check("gethostname short", gethostname(two, 2), 0);
	check("cut and terminated", two[1], 0);
	proc_line("/proc/sys/kernel/domainname", want, sizeof want);
	check("getdomainname", getdomainname(got, sizeof got), 0);
	check("domain name", strcmp(got, want), 0);
	fail("getdomainname too small", getdomainname(got, 0), EINVAL);
	fail("uname bad pointer", uname((struct utsname *)8), EFAULT);
}

static void counts(void)
{
	struct sysinfo si;
	check("sysinfo", sysinfo(&si), 0);
	check("mem_unit", si.mem_unit >= 1, 1);
	check("totalram", si.totalram > 0, 1);
	check("procs", si.procs > 0, 1);
	check("nprocs", get_nprocs() == sysconf(_SC_NPROCESSORS_ONLN), 1);
	check("nprocs_conf", get_nprocs_conf() == sysconf(_SC_NPROCESSORS_CONF), 1);
	check("phys pages", get_phys_pages() == sysconf(_SC_PHYS_PAGES), 1);
	check("avphys pages", get_avphys_pages() > 0, 1);
	double l[3] = { -1, -1, -1 };
	check("getloadavg", getloadavg(l, 3), 3);
	check("loads", l[0] >= 0 && l[1] >= 0 && l[2] >= 0, 1);
	check("getloadavg 0", getloadavg(l, 0), 0);
	check("getloadavg -1", getloadavg(l, -1), -1);
}

static void randoms(void)
{
	unsigned char a[32] = { 0 }, b[32] = { 0 };
	check("getrandom", getrandom(a, sizeof a, 0), 32);
	check("getentropy", getentropy(b, sizeof b), 0);
	check("differ", memcmp(a, b, 32) != 0, 1);
	char big[300];
	fail("getentropy 257", getentropy(big, 257), EIO);
	fail("getrandom bad flags", getrandom(a, 1, 0x8000), EINVAL);
	fail("getrandom bad pointer", getrandom((void *)8, 16, 0), EFAULT);
}

static void process(void)
{
	check("gettid", gettid() == getpid(), 1);
	char name[16] = { 0 };
	check("PR_SET_NAME", prctl(PR_SET_NAME, "limpet-test"), 0);
	check("PR_GET_NAME", prctl(PR_GET_NAME, name), 0);
	check("name", strcmp(name, "limpet-test"), 0);
	fail("prctl bad op", prctl(-1), EINVAL);
	check("dumpable", prctl(PR_GET_DUMPABLE), 1);
	char src[] = "remote bytes", dst[sizeof src] = { 0 };
	struct iovec lo = { dst, sizeof dst }, re = { src, sizeof src };
	check("process_vm_readv", process_vm_readv(getpid(), &lo, 1, &re, 1, 0), sizeof src);
	check("copied", strcmp(dst, src), 0);
}

static void memory(void)
{
	long page = sysconf(_SC_PAGESIZE);
	char *p = mmap64(0, 4 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	check("mmap64", p != MAP_FAILED, 1);
	check("madvise", madvise(p, 4 * page, MADV_WILLNEED), 0);
	check("posix_madvise", posix_madvise(p, 4 * page, POSIX_MADV_SEQUENTIAL), 0);
	check("posix_madvise dontneed", posix_madvise(p, 4 * page, POSIX_MADV_DONTNEED), 0);
	check("posix_madvise bad", posix_madvise(p, page, 12345), EINVAL);
	p[0] = 1;
	unsigned char vec[4];
	check("mincore", mincore(p, 4 * page, vec), 0);
	check("resident", vec[0] & 1, 1);
	fail("mincore unaligned", mincore(p + 1, page, vec), EINVAL);
	check("mlock", mlock(p, page), 0);
	check("munlock", munlock(p, page), 0);
	check("mlock2", mlock2(p, page, MLOCK_ONFAULT), 0);
	check("munlock again", munlock(p, page), 0);
	check("msync", msync(p, page, MS_SYNC), 0);
	fail("msync bad flags", msync(p, page, MS_SYNC | MS_ASYNC), EINVAL);
	munmap(p, 4 * page);
	fail("mincore unmapped", mincore(p, page, vec), ENOMEM);

	int m = memfd_create("limpet", MFD_CLOEXEC);
	check("memfd_create", m >= 0, 1);
	check("cloexec", fcntl(m, F_GETFD), FD_CLOEXEC);
	check("write", write(m, "memfd!", 6), 6);
	char *q = mmap(0, page, PROT_READ, MAP_SHARED, m, 0);
	check("mapped contents", memcmp(q, "memfd!", 6), 0);
	munmap(q, page);
	close(m);

	char name[64];
	snprintf(name, sizeof name, "/limpet-shm-%d", getpid());
	int s = shm_open(name, O_CREAT | O_EXCL | O_RDWR, 0600);
	check("shm_open", s >= 0, 1);
	check("shm cloexec", fcntl(s, F_GETFD), FD_CLOEXEC);
	fail("shm_open exists", shm_open(name, O_CREAT | O_EXCL | O_RDWR, 0600), EEXIST);
	check("ftruncate", ftruncate(s, page), 0);
	int s2 = shm_open(name, O_RDWR, 0);
	char *r1 = mmap(0, page, PROT_READ | PROT_WRITE, MAP_SHARED, s, 0);
	char *r2 = mmap(0, page, PROT_READ | PROT_WRITE, MAP_SHARED, s2, 0);
	strcpy(r1, "shared");
	check("seen through the other", strcmp(r2, "shared"), 0);
	check("shm_unlink", shm_unlink(name), 0);
	fail("shm_unlink again", shm_unlink(name), ENOENT);
	fail("shm_open slash", shm_open("/a/b", O_RDWR, 0), EINVAL);
	munmap(r1, page);
	munmap(r2, page);
	close(s);
	close(s2);

	check("sbrk(0) valid", sbrk(0) != (void *)-1, 1);
}

static void pipes(void)
{
	int a[2], b[2], c[2];
	pipe(a);
	pipe(b);
	pipe(c);
	char msg[] = "zero copy";
	struct iovec iov = { msg, 9 };
	check("vmsplice", vmsplice(a[1], &iov, 1, 0), 9);
	check("tee", tee(a[0], b[1], 100, 0), 9);
	check("splice", splice(a[0], 0, c[1], 0, 100, 0), 9);
	char got[10] = { 0 };
	read(b[0], got, 9);
	check("tee'd", strcmp(got, "zero copy"), 0);
	memset(got, 0, sizeof got);
	read(c[0], got, 9);
	check("spliced", strcmp(got, "zero copy"), 0);
	int f = open("/dev/null", O_RDWR);
	fail("splice no pipe", splice(f, 0, f, 0, 1, 0), EINVAL);
	close(f);
	for (int k = 0; k < 2; k++) {
		close(a[k]);
		close(b[k]);
		close(c[k]);
	}
}

int main(void)
{
	names();
	counts();
	randoms();
	process();
	memory();
	pipes();
	printf("fails %d\n", fails);
	return fails != 0;
}

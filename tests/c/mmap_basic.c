/* mmap/munmap: anonymous private and shared mappings, zero fill, page
 * alignment, a fixed remap inside an existing mapping, file-backed
 * mappings, and the error cases (EINVAL, EBADF) with MAP_FAILED. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

static int fails;

static void check(const char *what, long got, long want)
{
	printf("%s %ld %s\n", what, got, got == want ? "ok" : "FAIL");
	if (got != want)
		fails++;
}

int main(void)
{
	size_t len = 5 * 4096;
	unsigned char *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	check("anon mmap ok", p != MAP_FAILED, 1);
	if (p == MAP_FAILED)
		return 1;
	check("page aligned", ((uintptr_t)p & 4095) == 0, 1);
	int nz = 0;
	for (size_t i = 0; i < len; i++)
		nz |= p[i];
	check("zero filled", nz, 0);
	memset(p, 0xab, len);
	check("writable", p[len - 1], 0xab);

	/* MAP_FIXED over the middle page replaces it with fresh zeros. */
	unsigned char *mid = mmap(p + 2 * 4096, 4096, PROT_READ | PROT_WRITE,
				  MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	check("MAP_FIXED same address", mid == p + 2 * 4096, 1);
	check("fixed page zero", mid[0] + mid[4095], 0);
	check("neighbour kept", p[2 * 4096 - 1], 0xab);

	/* Unmapping part of a mapping. */
	check("munmap middle", munmap(p + 4096, 4096), 0);
	check("munmap rest", munmap(p, len), 0);

	/* Odd lengths are rounded up. */
	char *q = mmap(NULL, 10, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	check("mmap 10 bytes ok", q != MAP_FAILED, 1);
	q[4095] = 1;
	check("whole page usable", q[4095], 1);
	check("munmap 10 bytes", munmap(q, 10), 0);

	errno = 0;
	void *bad = mmap(NULL, 0, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	check("length 0 fails", bad == MAP_FAILED, 1);
	check("errno EINVAL", errno, EINVAL);
	errno = 0;
	bad = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, -1, 0);
	check("file mapping of fd -1 fails", bad == MAP_FAILED, 1);
	check("errno EBADF", errno, EBADF);
	errno = 0;
	bad = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 123);
	check("unaligned offset fails", bad == MAP_FAILED, 1);
	check("errno EINVAL", errno, EINVAL);
	errno = 0;
	check("munmap unaligned", munmap((char *)0x10001, 4096), -1);
	check("errno EINVAL", errno, EINVAL);

	/* Shared anonymous. */
	int *s = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	check("shared anon ok", s != MAP_FAILED, 1);
	s[10] = 77;
	check("shared value", s[10], 77);
	munmap(s, 4096);

	/* File mappings: MAP_SHARED writes reach the file. */
	char path[64];
	snprintf(path, sizeof path, "/tmp/limpet-mmap-%d", (int)getpid());
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	check("open file", fd >= 0, 1);
	char page[8192];
	for (int i = 0; i < 8192; i++)
		page[i] = 'a' + i % 26;
	check("write file", write(fd, page, sizeof page), 8192);
	char *f = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	check("file mmap ok", f != MAP_FAILED, 1);
	printf("file bytes %c%c%c %c\n", f[0], f[1], f[2], f[8191]);
	char *g = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, fd, 4096);
	check("offset mapping ok", g != MAP_FAILED, 1);
	printf("offset 4096 byte %c\n", g[0]);
	memcpy(f + 100, "SHARED", 6);
	check("other mapping sees it", g[0] == f[4096], 1);
	lseek(fd, 100, SEEK_SET);
	char back[7] = { 0 };
	check("read after mapped write", read(fd, back, 6), 6);
	printf("file now has %s\n", back);
	munmap(f, 8192);
	munmap(g, 4096);
	close(fd);
	syscall(SYS_unlink, path);
	return fails;
}

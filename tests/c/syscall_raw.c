/* syscall(): raw system calls with up to six arguments; failures come back
 * as -1 with errno set from the kernel's negative return. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(void)
{
	int fails = 0;
	long pid = syscall(SYS_getpid);
	printf("SYS_getpid == getpid() %s\n", pid == getpid() ? "yes" : "no");
	fails += pid != getpid();

	fflush(stdout);
	long n = syscall(SYS_write, 1, "raw write\n", 10);
	printf("SYS_write returned %ld\n", n);
	fails += n != 10;

	errno = 0;
	long r = syscall(SYS_close, -1);
	printf("SYS_close(-1) = %ld errno %s\n", r, errno == EBADF ? "EBADF" : strerror(errno));
	fails += r != -1 || errno != EBADF;

	errno = 0;
	r = syscall(100000);
	printf("syscall(100000) = %ld errno %s\n", r, errno == ENOSYS ? "ENOSYS" : strerror(errno));
	fails += r != -1 || errno != ENOSYS;

	/* Six arguments: mmap. */
	long p = syscall(SYS_mmap, 0, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int mapped = p != -1 && (p & 4095) == 0;
	printf("SYS_mmap six args %s\n", mapped ? "ok" : "FAIL");
	fails += !mapped;
	if (mapped) {
		char *m = (char *)p;
		m[0] = 'a';
		m[8191] = 'z';
		printf("mapped bytes %c %c\n", m[0], m[8191]);
		printf("SYS_munmap %ld\n", syscall(SYS_munmap, p, 8192));
	}

	/* Four arguments: openat on a missing file. */
	errno = 0;
	r = syscall(SYS_openat, AT_FDCWD, "/nonexistent-limpet", O_RDONLY, 0);
	printf("SYS_openat missing = %ld errno %s\n", r, errno == ENOENT ? "ENOENT" : strerror(errno));
	fails += r != -1 || errno != ENOENT;

	/* Return values above INT_MAX pass through as longs. */
	long big = syscall(SYS_mmap, 0, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	printf("mmap address above 4GiB %s\n", big > 0xffffffffL ? "yes" : "no");
	if (big != -1)
		syscall(SYS_munmap, big, 4096);
	return fails;
}

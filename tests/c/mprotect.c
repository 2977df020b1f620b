/* mprotect return values (no access faults are provoked): success on page
 * ranges, ENOMEM for unmapped memory, EINVAL for bad protection bits, and a
 * mapping made writable again works. An unaligned start is one of POSIX's
 * "may fail" cases; musl rounds the range out to whole pages and succeeds,
 * and that is what is expected here. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

static int fails;

static void check(const char *what, long got, long want)
{
	printf("%s %ld %s\n", what, got, got == want ? "ok" : "FAIL");
	if (got != want)
		fails++;
}

int main(void)
{
	char *p = mmap(NULL, 3 * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	check("mmap", p != MAP_FAILED, 1);
	strcpy(p, "data");
	check("PROT_READ", mprotect(p, 4096, PROT_READ), 0);
	printf("still readable: %s\n", p);
	check("PROT_NONE middle", mprotect(p + 4096, 4096, PROT_NONE), 0);
	check("back to RW", mprotect(p, 3 * 4096, PROT_READ | PROT_WRITE), 0);
	strcpy(p + 4096, "rw again");
	printf("%s\n", p + 4096);
	check("length not page multiple", mprotect(p, 100, PROT_READ), 0);
	check("length 0", mprotect(p, 0, PROT_READ), 0);

	check("unaligned start rounds down", mprotect(p + 1, 4096, PROT_READ), 0);
	printf("readable after unaligned: %s\n", p + 4096);
	check("RW again", mprotect(p, 3 * 4096, PROT_READ | PROT_WRITE), 0);
	errno = 0;
	check("bad prot bits", mprotect(p, 4096, 0x7000000), -1);
	check("errno EINVAL", errno, EINVAL);

	check("munmap", munmap(p, 3 * 4096), 0);
	errno = 0;
	check("unmapped range", mprotect(p, 4096, PROT_READ), -1);
	check("errno ENOMEM", errno, ENOMEM);
	return fails;
}

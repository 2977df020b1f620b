/* sysconf, pathconf and fpathconf: every value that does not depend on the machine's load,
 * resource limits or size (CHILD_MAX, OPEN_MAX, processor counts and memory sizes are checked
 * only for plausibility), and EINVAL for unknown names. */
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

static int machine_dependent(int name)
{
	return name == _SC_CHILD_MAX || name == _SC_OPEN_MAX || name == _SC_NPROCESSORS_CONF ||
	       name == _SC_NPROCESSORS_ONLN || name == _SC_PHYS_PAGES || name == _SC_AVPHYS_PAGES;
}

int main(void)
{
	int fails = 0;
	for (int name = -2; name < 300; name++) {
		if (machine_dependent(name))
			continue;
		errno = 0;
		long v = sysconf(name);
		printf("sysconf %d %ld errno %d\n", name, v, errno);
	}
	long open_max = sysconf(_SC_OPEN_MAX), child_max = sysconf(_SC_CHILD_MAX);
	long cpus = sysconf(_SC_NPROCESSORS_ONLN), conf = sysconf(_SC_NPROCESSORS_CONF);
	long phys = sysconf(_SC_PHYS_PAGES), avail = sysconf(_SC_AVPHYS_PAGES);
	int plausible = (open_max == -1 || open_max >= 16) && (child_max == -1 || child_max >= 1) && cpus >= 1 &&
	                conf >= cpus && phys > 0 && avail > 0 && avail <= phys;
	printf("dynamic values plausible %d\n", plausible);
	fails += !plausible;
	printf("getpagesize %d\n", getpagesize());
	for (int name = -1; name < 30; name++) {
		errno = 0;
		long a = pathconf("/tmp", name);
		int ea = errno;
		errno = 0;
		long b = fpathconf(1, name);
		printf("pathconf %d %ld errno %d fpathconf %ld errno %d\n", name, a, ea, b, errno);
	}
	return fails;
}

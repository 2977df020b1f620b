/* lcong48 changes the drand48 multiplier and addend; POSIX says a later srand48 or seed48
 * "shall restore the standard multiplier and addend values". musl 1.2.x keeps lcong48's values,
 * so stdlib_lcong48.expected holds the standard's answer (what glibc prints too). */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
	unsigned short p[7] = {1, 0, 0, 5, 0, 0, 3};
	lcong48(p);
	printf("lcong48: %ld %ld\n", lrand48(), lrand48());
	unsigned short s[3] = {1, 0, 0};
	seed48(s);
	printf("after seed48: %ld\n", lrand48());
	lcong48(p);
	srand48(0);
	printf("after srand48: %ld\n", lrand48());
	return 0;
}

/* The example `cargo xtask dist` builds and runs on limpet, dynamically and statically. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int counter;

static void goodbye(void)
{
	printf("atexit handler ran after main (counter=%d)\n", counter);
}

int main(int argc, char **argv)
{
	atexit(goodbye);
	char *greeting = strdup("Hello from limpet");
	printf("%s: %d argument(s), first is %s\n", greeting, argc - 1, argc > 1 ? argv[1] : "(none)");
	printf("%-8s|%8s|%08.3d|%#x|%+lld\n", "left", "right", 42, 255, -1234567890123LL);
	free(greeting);
	counter = 3;
	return 0;
}

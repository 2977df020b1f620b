/* Reaching the closing brace of main returns 0 (C99 5.1.2.2.3), and
 * stdout is flushed. */
#include <stdio.h>

int main(void)
{
	printf("falling off the end of main");
}

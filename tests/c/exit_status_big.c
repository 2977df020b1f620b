/* Only the low 8 bits of exit's status reach the parent: 261 -> 5. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	printf("exit(261)\n");
	exit(261);
}

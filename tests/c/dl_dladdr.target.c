/* dl_dladdr's library: a function, initialised data, zeroed data and read-only data, all
 * exported, so that dladdr can name them. */
int dladdr_data[16] = {1, 2, 3};
int dladdr_bss[32];
const char dladdr_rodata[64] = "read-only";

int dladdr_func(int x)
{
	int sum = 0;
	for (int i = 0; i < x; i++)
		sum += dladdr_data[i % 16] * i;
	return sum;
}

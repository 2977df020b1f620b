/* The minimal program that the fork_exec row starts: it links the libc (start-up, exit)
 * and does nothing else. */
int main(void)
{
	return 0;
}

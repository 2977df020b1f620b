/* Heap misuse kills the process, on musl (mallocng) as on limpet's hardened allocator:
 * double frees, frees of pointers malloc never returned (stack, interior, misaligned), a
 * byte written just past the end of a block (into its slack, or into the next block's
 * header), realloc and malloc_usable_size of a freed block. The stray byte is not zero:
 * musl keeps a zero there, so only limpet would notice a stray terminator.
 * Each case runs in a child; only "killed" or "survived" is printed, since the signal
 * differs (limpet raises SIGABRT after a one-line message, musl crashes). Runs only on
 * the hardened allocator's dist (the fast one does not check). */
#include <malloc.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void double_free(void)
{
	char *volatile p = malloc(100);
	memset(p, 1, 100);
	free(p);
	free(p);
}

static void double_free_after_others(void)
{
	char *volatile a = malloc(40), *volatile b = malloc(40), *volatile c = malloc(40);
	free(a);
	free(b);
	free(c);
	free(malloc(4000));
	free(b);
}

static void free_stack(void)
{
	_Alignas(16) long long x[8] = { 0 };
	void *volatile q = &x[2];
	free(q);
}

static void free_interior(void)
{
	char *p = malloc(200);
	memset(p, 0, 200);
	void *volatile q = p + 64;
	free(q);
}

static void free_misaligned(void)
{
	char *p = malloc(200);
	memset(p, 0, 200);
	void *volatile q = p + 8;
	free(q);
}

static void overflow_by_one(void)
{
	char *p = malloc(100);
	memset(p, 'a', 100);
	volatile char *volatile end = p + 100;
	*end = 'x';
	free(p);
}

static void overflow_into_next(void)
{
	char *p = malloc(24), *q = malloc(24);
	memset(q, 'b', 24);
	volatile char *volatile end = p + 24;
	*end = 'x';
	free(p);
	free(q);
}

static void double_free_large(void)
{
	char *volatile p = malloc(300000);
	memset(p, 1, 300000);
	free(p);
	free(p);
}

static void realloc_freed(void)
{
	char *volatile p = malloc(50);
	free(p);
	p = realloc(p, 100);
	printf("%d\n", p != 0);
}

static void usable_freed(void)
{
	char *volatile p = malloc(50);
	free(p);
	printf("%zu\n", malloc_usable_size(p));
}

static const struct {
	const char *name;
	void (*run)(void);
} cases[] = {
	{ "double free", double_free },
	{ "double free after other frees", double_free_after_others },
	{ "double free of a large block", double_free_large },
	{ "free of a stack pointer", free_stack },
	{ "free of an interior pointer", free_interior },
	{ "free of a misaligned pointer", free_misaligned },
	{ "overflow by one byte", overflow_by_one },
	{ "overflow into the next block", overflow_into_next },
	{ "realloc of a freed block", realloc_freed },
	{ "malloc_usable_size of a freed block", usable_freed },
};

int main(void)
{
	int bad = 0;
	alarm(10);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		fflush(stdout);
		pid_t pid = fork();
		if (pid == 0) {
			/* Keep the child's complaint off the test's output. */
			close(2);
			cases[i].run();
			_exit(0);
		}
		int status;
		if (pid < 0 || waitpid(pid, &status, 0) != pid) {
			printf("%s: fork failed\n", cases[i].name);
			return 1;
		}
		int killed = WIFSIGNALED(status);
		printf("%s: %s\n", cases[i].name, killed ? "killed" : "survived");
		bad += !killed;
	}
	printf("bad %d\n", bad);
	return bad != 0;
}

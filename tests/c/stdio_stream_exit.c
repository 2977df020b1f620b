/* What exit does to streams: an fopen'd file with buffered output is written; two
 * streams buffering into the same pipe (stdout and an fdopen'd duplicate) come
 * out in musl's order; input read ahead from a shared file is given back to the
 * descriptor, so the parent reads on from where the child's stream stopped. _exit
 * writes nothing. Each case runs in a child; the parent reports. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char path[64];

static void show(const char *what)
{
	char buf[128];
	int fd = open(path, O_RDONLY);
	ssize_t n = read(fd, buf, sizeof buf - 1);
	close(fd);
	buf[n < 0 ? 0 : n] = 0;
	printf("%-18s \"%s\"\n", what, buf);
}

static void run(void (*child)(void))
{
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0)
		child();
	int st;
	waitpid(pid, &st, 0);
}

static void exit_with_file(void)
{
	FILE *f = fopen(path, "w");
	fputs("written at exit", f);
	exit(0);
}

static void underscore_exit(void)
{
	FILE *f = fopen(path, "w");
	fputs("lost", f);
	_exit(0);
}

static void return_from_main_like(void)
{
	FILE *f = fopen(path, "a");
	setvbuf(f, NULL, _IOLBF, 0);
	fputs(" +line\n +tail", f);
	exit(3);
}

static void shared_pipe(void)
{
	FILE *g = fdopen(dup(1), "w");
	printf("stdout first;");
	fputs("dup second;", g);
	printf("stdout third;");
	exit(0);
}

int main(void)
{
	alarm(10);
	snprintf(path, sizeof path, "/tmp/limpet_sst_exit_%d", (int)getpid());
	run(exit_with_file);
	show("exit");
	run(underscore_exit);
	show("_exit");
	run(return_from_main_like);
	show("exit, line mode");
	run(shared_pipe);
	printf("\n");

	/* The child's stream read 3 bytes ahead of a whole bufferful; at exit the
	 * shared descriptor is moved back to just after those 3. */
	FILE *f = fopen(path, "w");
	fputs("0123456789", f);
	fclose(f);
	int fd = open(path, O_RDONLY);
	dup2(fd, 5);
	close(fd);
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		FILE *g = fdopen(5, "r");
		char buf[4];
		fread(buf, 1, 3, g);
		exit(0);
	}
	waitpid(pid, NULL, 0);
	printf("offset after child exit %ld\n", (long)lseek(5, 0, SEEK_CUR));

	unlink(path);
	return 0;
}

/* Streams and threads: four threads writing whole lines to one FILE never mix
 * their bytes inside a line; flockfile keeps a group of putc_unlocked calls
 * together; ftrylockfile fails while another thread holds the stream. Then fork
 * with output still buffered: the child's copy is flushed at its exit as well, as
 * everywhere. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static FILE *f;
static char path[64];

static void *writer(void *arg)
{
	long id = (long)arg;
	char line[64];
	for (int i = 0; i < 500; i++) {
		if (i % 2) {
			snprintf(line, sizeof line, "thread %ld line %03d ................\n", id, i);
			fputs(line, f);
		} else {
			flockfile(f);
			for (const char *p = "grouped "; *p; p++)
				putc_unlocked(*p, f);
			fprintf(f, "%ld %03d ...........................\n", id, i);
			funlockfile(f);
		}
	}
	return 0;
}

static void *try_other(void *arg)
{
	(void)arg;
	return (void *)(long)ftrylockfile(f);
}

int main(void)
{
	alarm(10);
	snprintf(path, sizeof path, "/tmp/limpet_sst_threads_%d", (int)getpid());
	f = fopen(path, "w+");
	setvbuf(f, NULL, _IOFBF, 100);
	pthread_t t[4];
	for (long i = 0; i < 4; i++)
		pthread_create(&t[i], 0, writer, (void *)i);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], 0);
	rewind(f);
	char line[128];
	int lines = 0, bad = 0;
	while (fgets(line, sizeof line, f)) {
		lines++;
		/* Rebuild the line from its numbers: any mixing breaks the match. */
		char want[128];
		int grouped = strncmp(line, "grouped ", 8) == 0;
		char *p = line + (grouped ? 8 : 7);
		long id = strtol(p, &p, 10);
		if (!grouped)
			p += strlen(" line");
		long n = strtol(p, 0, 10);
		if (grouped)
			snprintf(want, sizeof want, "grouped %ld %03ld ...........................\n", id, n);
		else
			snprintf(want, sizeof want, "thread %ld line %03ld ................\n", id, n);
		if (strcmp(line, want) != 0)
			bad++;
	}
	printf("lines %d bad %d\n", lines, bad);

	flockfile(f);
	pthread_t o;
	void *res;
	pthread_create(&o, 0, try_other, 0);
	pthread_join(o, &res);
	printf("ftrylockfile from another thread while held: %s\n", res ? "busy" : "got it");
	funlockfile(f);
	fclose(f);
	unlink(path);

	printf("buffered before fork\n");
	pid_t pid = fork();
	if (pid == 0)
		return 0;
	waitpid(pid, 0, 0);
	printf("parent after child\n");
	return 0;
}

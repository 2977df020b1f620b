/* popen and pclose from four threads at once, 12 rounds each: every thread reads its own
 * command's output through one stream while writing another's input through a second,
 * and gets the right bytes and statuses back.
 *
 * stdio_popen_threads.expected: musl 1.2.3 fails some of these popen calls with EBADF
 * (a few rounds in most runs), which POSIX does not allow: its fclose closes a popen
 * stream's descriptor before taking the stream off the open-file list, so a popen in
 * another thread can get that number for its new pipe and, finding the dying stream still
 * listed, tell its own child to close it before moving it onto stdin/stdout. limpet's
 * pclose stops treating the stream as a popen stream before closing it. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int results[4];

static void *worker(void *arg)
{
	int id = (int)(long)arg, good = 0;
	for (int round = 0; round < 12; round++) {
		FILE *w = popen("cat >/dev/null", "w");
		char cmd[64];
		snprintf(cmd, sizeof cmd, "echo thread%d round%d; exit %d", id, round, round % 3);
		FILE *r = popen(cmd, "r");
		if (!w || !r)
			continue;
		fprintf(w, "data from %d\n", id);
		char line[64] = "", want[64];
		fgets(line, sizeof line, r);
		snprintf(want, sizeof want, "thread%d round%d\n", id, round);
		int sr = pclose(r), sw = pclose(w);
		if (!strcmp(line, want) && WIFEXITED(sr) && WEXITSTATUS(sr) == round % 3 && sw == 0)
			good++;
	}
	results[id] = good;
	return 0;
}

int main(void)
{
	alarm(15);
	pthread_t t[4];
	for (long i = 0; i < 4; i++)
		pthread_create(&t[i], 0, worker, (void *)i);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], 0);
	for (int i = 0; i < 4; i++)
		printf("thread %d: %d of 12 rounds right\n", i, results[i]);
	return 0;
}

/* System V IPC and POSIX message queues between a parent and a forked child: a message
 * queue with typed messages, a semaphore set used as a turnstile, a shared memory segment
 * the child writes, ftok; POSIX queues with priorities, non-blocking mode, timeouts, and
 * mq_notify by signal and by thread. Bad input gets errno. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <mqueue.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int fails;

static void check(const char *what, long got, long want)
{
	printf("%s %ld %s\n", what, got, got == want ? "ok" : "FAIL");
	if (got != want)
		fails++;
}

static void fail(const char *what, long got, int want_errno)
{
	int e = errno;
	printf("%s %ld errno %d %s\n", what, got, e, got == -1 && e == want_errno ? "ok" : "FAIL");
	if (got != -1 || e != want_errno)
		fails++;
}

struct msg {
	long type;
	char text[32];
};

static void sysv(void)
{
	key_t k1 = ftok("/", 'a'), k2 = ftok("/", 'b');
	check("ftok", k1 != -1, 1);
	check("ftok id byte", ((unsigned)k1 >> 24) == 'a', 1);
	check("ftok same file", (k1 & 0xffffff) == (k2 & 0xffffff), 1);
	fail("ftok missing", ftok("/nonexistent/x", 1), ENOENT);

	int q = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
	int s = semget(IPC_PRIVATE, 1, IPC_CREAT | 0600);
	int m = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
	check("msgget", q >= 0, 1);
	check("semget", s >= 0, 1);
	check("shmget", m >= 0, 1);
	check("SETVAL", semctl(s, 0, SETVAL, 0), 0);
	fflush(stdout);
	pid_t c = fork();
	if (c == 0) {
		char *p = shmat(m, 0, 0);
		strcpy(p, "from the child");
		struct msg a = { 2, "two" }, b = { 1, "one" };
		msgsnd(q, &a, 4, 0);
		msgsnd(q, &b, 4, 0);
		shmdt(p); /* before the post, so the parent's IPC_STAT sees one attach */
		struct sembuf up = { 0, 1, 0 };
		semop(s, &up, 1);
		_exit(0);
	}
	struct sembuf down = { 0, -1, 0 };
	check("semop waits for the child", semop(s, &down, 1), 0);
	struct msg r;
	check("msgrcv type 1", msgrcv(q, &r, sizeof r.text, 1, 0), 4);
	check("type", r.type, 1);
	check("text", strcmp(r.text, "one"), 0);
	check("msgrcv any", msgrcv(q, &r, sizeof r.text, 0, 0), 4);
	check("text 2", strcmp(r.text, "two"), 0);
	fail("msgrcv empty", msgrcv(q, &r, sizeof r.text, 0, IPC_NOWAIT), ENOMSG);
	char *p = shmat(m, 0, SHM_RDONLY);
	check("shared text", strcmp(p, "from the child"), 0);
	struct shmid_ds sd;
	check("shmctl stat", shmctl(m, IPC_STAT, &sd), 0);
	check("segsz", sd.shm_segsz, 4096);
	check("nattch", sd.shm_nattch, 1);
	struct msqid_ds qd;
	check("msgctl stat", msgctl(q, IPC_STAT, &qd), 0);
	check("qnum", qd.msg_qnum, 0);
	struct semid_ds ssd;
	check("semctl stat", semctl(s, 0, IPC_STAT, &ssd), 0);
	check("nsems", ssd.sem_nsems, 1);
	check("GETVAL", semctl(s, 0, GETVAL), 0);
	struct timespec t = { 0, 1000000 };
	fail("semtimedop times out", semtimedop(s, &down, 1, &t), EAGAIN);
	int st;
	waitpid(c, &st, 0);
	check("child", WEXITSTATUS(st), 0);
	shmdt(p);
	check("msgctl rmid", msgctl(q, IPC_RMID, 0), 0);
	check("semctl rmid", semctl(s, 0, IPC_RMID), 0);
	check("shmctl rmid", shmctl(m, IPC_RMID, 0), 0);
	fail("msgsnd removed", msgsnd(q, &r, 4, 0), EINVAL);
	fail("semop removed", semop(s, &down, 1), EINVAL);
	fail("shmat removed", (long)shmat(m, 0, 0), EINVAL);
	fail("semget too many", semget(IPC_PRIVATE, 70000, IPC_CREAT), EINVAL);
	fail("msgget missing", msgget(0x7eadbeef, 0), ENOENT);
}

static volatile sig_atomic_t got_signal;
static void on_signal(int sig)
{
	(void)sig;
	got_signal = 1;
}

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static int thread_value;
static int other_thread;
static pthread_t main_thread;

static void on_message(union sigval v)
{
	pthread_mutex_lock(&lock);
	thread_value = v.sival_int;
	other_thread = !pthread_equal(pthread_self(), main_thread);
	pthread_cond_signal(&cond);
	pthread_mutex_unlock(&lock);
}

static void posix_queues(void)
{
	char name[64];
	snprintf(name, sizeof name, "/limpet-ipc-%d", getpid());
	struct mq_attr a = { .mq_maxmsg = 4, .mq_msgsize = 32 };
	mqd_t q = mq_open(name, O_CREAT | O_EXCL | O_RDWR, 0600, &a);
	check("mq_open", q >= 0, 1);
	fail("mq_open exists", mq_open(name, O_CREAT | O_EXCL | O_RDWR, 0600, &a), EEXIST);
	struct mq_attr bad = { .mq_maxmsg = 0, .mq_msgsize = 32 };
	char other[80];
	snprintf(other, sizeof other, "%s-bad", name);
	fail("mq_open bad attr", mq_open(other, O_CREAT | O_RDWR, 0600, &bad), EINVAL);
	fflush(stdout);
	pid_t c = fork();
	if (c == 0) {
		mqd_t cq = mq_open(name, O_WRONLY);
		mq_send(cq, "low", 4, 1);
		mq_send(cq, "urgent", 7, 30);
		mq_send(cq, "middle", 7, 10);
		_exit(0);
	}
	int st;
	waitpid(c, &st, 0);
	struct mq_attr now;
	check("mq_getattr", mq_getattr(q, &now), 0);
	check("curmsgs", now.mq_curmsgs, 3);
	char buf[32];
	unsigned prio;
	check("receive urgent", mq_receive(q, buf, sizeof buf, &prio), 7);
	check("prio 30", prio, 30);
	check("text", strcmp(buf, "urgent"), 0);
	check("receive middle", mq_receive(q, buf, sizeof buf, &prio), 7);
	check("receive low", mq_receive(q, buf, sizeof buf, &prio), 4);
	fail("buffer too small", mq_receive(q, buf, 8, &prio), EMSGSIZE);
	struct timespec past = { 1, 0 };
	fail("timed receive", mq_timedreceive(q, buf, sizeof buf, &prio, &past), ETIMEDOUT);
	struct mq_attr nb = { .mq_flags = O_NONBLOCK }, old;
	check("mq_setattr", mq_setattr(q, &nb, &old), 0);
	check("old flags", old.mq_flags, 0);
	fail("nonblocking empty", mq_receive(q, buf, sizeof buf, &prio), EAGAIN);
	fail("message too long", mq_send(q, buf, 33, 0), EMSGSIZE);

	/* Notification by signal. */
	signal(SIGUSR1, on_signal);
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGUSR1 };
	check("mq_notify signal", mq_notify(q, &sev), 0);
	fail("mq_notify busy", mq_notify(q, &sev), EBUSY);
	mq_send(q, "ping", 5, 0);
	for (int k = 0; k < 1000 && !got_signal; k++)
		usleep(1000);
	check("signal came", got_signal, 1);
	mq_receive(q, buf, sizeof buf, &prio);

	/* Notification by thread. */
	main_thread = pthread_self();
	struct sigevent tev = { .sigev_notify = SIGEV_THREAD, .sigev_notify_function = on_message,
				.sigev_value.sival_int = 77 };
	check("mq_notify thread", mq_notify(q, &tev), 0);
	mq_send(q, "pong", 5, 0);
	pthread_mutex_lock(&lock);
	struct timespec until;
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += 5;
	while (!thread_value && pthread_cond_timedwait(&cond, &lock, &until) == 0)
		;
	pthread_mutex_unlock(&lock);
	check("thread ran with the value", thread_value, 77);
	check("on another thread", other_thread, 1);
	check("mq_notify remove", mq_notify(q, 0), 0);

	check("mq_close", mq_close(q), 0);
	fail("closed", mq_send(q, "x", 1, 0), EBADF);
	check("mq_unlink", mq_unlink(name), 0);
	fail("mq_unlink again", mq_unlink(name), ENOENT);
	fail("mq_open missing", mq_open(name, O_RDONLY), ENOENT);
}

int main(void)
{
	sysv();
	posix_queues();
	printf("fails %d\n", fails);
	return fails != 0;
}

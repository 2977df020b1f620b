/* Asynchronous I/O on a real file and a pipe: writes and reads with aio_suspend,
 * aio_error/aio_return, aio_fsync, ordered O_APPEND writes, lio_listio waiting and not, a
 * signal and a thread as notifications, cancellation of a read blocked on an empty pipe, and
 * the errors. Where musl is looser than POSIX (no EBADF from aio_cancel, no EINVAL for a bad
 * lio_listio mode or a negative offset at submission) the checks are the Rust tests'. */
#define _GNU_SOURCE
#include <aio.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
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

static long finish(struct aiocb *cb)
{
	const struct aiocb *list[1] = { cb };
	while (aio_error(cb) == EINPROGRESS)
		aio_suspend(list, 1, 0);
	return aio_return(cb);
}

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static int notified;

static void on_done(union sigval v)
{
	pthread_mutex_lock(&lock);
	notified = v.sival_int;
	pthread_cond_signal(&cond);
	pthread_mutex_unlock(&lock);
}

static void await_notified(void)
{
	struct timespec until;
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += 5;
	pthread_mutex_lock(&lock);
	while (!notified && pthread_cond_timedwait(&cond, &lock, &until) == 0)
		;
	pthread_mutex_unlock(&lock);
}

int main(void)
{
	char path[64];
	snprintf(path, sizeof path, "/tmp/limpet-aio-%d", getpid());
	int fd = open(path, O_CREAT | O_RDWR | O_TRUNC, 0600);
	char text[] = "asynchronous io";
	struct aiocb w = { .aio_fildes = fd, .aio_buf = text, .aio_nbytes = 15, .aio_offset = 10 };
	check("aio_write", aio_write(&w), 0);
	check("written", finish(&w), 15);
	check("aio_error", aio_error(&w), 0);
	char back[16] = "";
	struct aiocb r = { .aio_fildes = fd, .aio_buf = back, .aio_nbytes = 15, .aio_offset = 10 };
	check("aio_read", aio_read(&r), 0);
	check("read", finish(&r), 15);
	check("contents", strcmp(back, "asynchronous io"), 0);
	struct aiocb eof = { .aio_fildes = fd, .aio_buf = back, .aio_nbytes = 4, .aio_offset = 1000 };
	aio_read(&eof);
	check("read at end", finish(&eof), 0);
	struct aiocb s = { .aio_fildes = fd };
	check("aio_fsync", aio_fsync(O_SYNC, &s), 0);
	check("synced", finish(&s), 0);
	fail("aio_fsync bad op", aio_fsync(12345, &s), EINVAL);

	/* A signal as the notification, with the value and SI_ASYNCIO. */
	sigset_t usr1;
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	sigprocmask(SIG_BLOCK, &usr1, 0);
	struct aiocb n1 = { .aio_fildes = fd, .aio_buf = back, .aio_nbytes = 5, .aio_offset = 10,
			    .aio_sigevent = { .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGUSR1,
					      .sigev_value.sival_int = 99 } };
	aio_read(&n1);
	siginfo_t si;
	struct timespec five = { 5, 0 };
	check("signal", sigtimedwait(&usr1, &si, &five), SIGUSR1);
	check("si_code SI_ASYNCIO", si.si_code, SI_ASYNCIO);
	check("si_value", si.si_value.sival_int, 99);
	check("si_pid", si.si_pid == getpid(), 1);
	check("done before the signal", aio_error(&n1), 0);

	/* A thread as the notification. */
	struct aiocb n2 = { .aio_fildes = fd, .aio_buf = back, .aio_nbytes = 5, .aio_offset = 10,
			    .aio_sigevent = { .sigev_notify = SIGEV_THREAD, .sigev_notify_function = on_done,
					      .sigev_value.sival_int = 7 } };
	aio_read(&n2);
	await_notified();
	check("thread notified", notified, 7);

	/* lio_listio: wait for all, then one in the background with a signal. */
	char a[] = "AAAA", b[] = "BBBB";
	struct aiocb la = { .aio_fildes = fd, .aio_lio_opcode = LIO_WRITE, .aio_buf = a, .aio_nbytes = 4, .aio_offset = 0 };
	struct aiocb lb = { .aio_fildes = fd, .aio_lio_opcode = LIO_WRITE, .aio_buf = b, .aio_nbytes = 4, .aio_offset = 4 };
	struct aiocb nop = { .aio_lio_opcode = LIO_NOP };
	struct aiocb *list[] = { &la, 0, &nop, &lb };
	check("lio_listio wait", lio_listio(LIO_WAIT, list, 4, 0), 0);
	check("la", aio_return(&la), 4);
	check("lb", aio_return(&lb), 4);
	struct aiocb lr = { .aio_fildes = fd, .aio_lio_opcode = LIO_READ, .aio_buf = back, .aio_nbytes = 8, .aio_offset = 0 };
	struct aiocb *one[] = { &lr };
	struct sigevent all_done = { .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGUSR1 };
	check("lio_listio nowait", lio_listio(LIO_NOWAIT, one, 1, &all_done), 0);
	check("list signal", sigtimedwait(&usr1, &si, &five), SIGUSR1);
	check("list read", aio_return(&lr), 8);
	back[8] = 0;
	check("list contents", strcmp(back, "AAAABBBB"), 0);
	struct aiocb badfd = { .aio_fildes = -1, .aio_lio_opcode = LIO_READ, .aio_buf = back, .aio_nbytes = 1 };
	struct aiocb *bads[] = { &badfd };
	check("lio_listio with a bad fd", lio_listio(LIO_WAIT, bads, 1, 0), -1);
	check("its error", aio_error(&badfd), EBADF);

	/* Appending writes land in the order asked. */
	int ap = open(path, O_RDWR | O_APPEND);
	ftruncate(ap, 0);
	char chunks[20][3];
	struct aiocb acb[20];
	for (int k = 0; k < 20; k++) {
		snprintf(chunks[k], 3, "%02d", k);
		acb[k] = (struct aiocb){ .aio_fildes = ap, .aio_buf = chunks[k], .aio_nbytes = 2 };
		aio_write(&acb[k]);
	}
	for (int k = 0; k < 20; k++)
		finish(&acb[k]);
	char whole[41] = "";
	pread(ap, whole, 40, 0);
	check("append order", strcmp(whole, "0001020304050607080910111213141516171819"), 0);
	close(ap);

	/* Cancelling a read that blocks on an empty pipe. */
	int p[2];
	pipe(p);
	char pb[8];
	struct aiocb pr = { .aio_fildes = p[0], .aio_buf = pb, .aio_nbytes = 8 };
	check("aio_read pipe", aio_read(&pr), 0);
	struct timespec tiny = { 0, 20000000 };
	const struct aiocb *pl[] = { &pr };
	fail("aio_suspend times out", aio_suspend(pl, 1, &tiny), EAGAIN);
	check("still in progress", aio_error(&pr), EINPROGRESS);
	check("aio_cancel", aio_cancel(p[0], &pr), AIO_CANCELED);
	check("return -1", finish(&pr), -1);
	check("ECANCELED", aio_error(&pr), ECANCELED);
	check("cancel again: all done", aio_cancel(p[0], 0), AIO_ALLDONE);
	fail("aio_cancel other fd", aio_cancel(fd, &pr), EINVAL);
	close(p[0]);
	close(p[1]);

	fail("aio_read bad fd", aio_read(&badfd), EBADF);
	close(fd);
	unlink(path);
	printf("fails %d\n", fails);
	return fails != 0;
}

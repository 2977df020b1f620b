/* The SQLite insert benchmark: N rows in one transaction, through one prepared statement,
 * into an in-memory database; then the rows are counted.
 *
 * Run as `./insert N`; prints "ELAPSED_NS N COUNT\n", where ELAPSED_NS covers BEGIN to
 * COMMIT and COUNT is what `SELECT count(*)` found afterwards.
 * It is compiled with -O2, like any application (no -fno-builtin), against SQLite built with
 * SQLITE_THREADSAFE=0 and SQLITE_OMIT_LOAD_EXTENSION. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "sqlite3.h"

static sqlite3 *db;

static void check(int rc, int want, const char *what)
{
	if (rc != want) {
		fprintf(stderr, "%s: %s\n", what, sqlite3_errmsg(db));
		exit(2);
	}
}

static long long now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	long long n = argc > 1 ? atoll(argv[1]) : 0;
	if (n <= 0) {
		fprintf(stderr, "usage: insert ROWS\n");
		return 2;
	}
	check(sqlite3_open(":memory:", &db), SQLITE_OK, "open");
	check(sqlite3_exec(db, "CREATE TABLE t(id INTEGER PRIMARY KEY, value INTEGER, name TEXT)", 0, 0, 0),
	      SQLITE_OK, "create");

	long long t0 = now_ns();
	check(sqlite3_exec(db, "BEGIN", 0, 0, 0), SQLITE_OK, "begin");
	sqlite3_stmt *ins;
	check(sqlite3_prepare_v2(db, "INSERT INTO t(id, value, name) VALUES (?1, ?2, ?3)", -1, &ins, 0),
	      SQLITE_OK, "prepare");
	for (long long i = 0; i < n; i++) {
		char name[32];
		int len = snprintf(name, sizeof name, "row-%08lld", i);
		sqlite3_bind_int64(ins, 1, i);
		sqlite3_bind_int64(ins, 2, (i * 2654435761LL) % 1000003);
		sqlite3_bind_text(ins, 3, name, len, SQLITE_TRANSIENT);
		check(sqlite3_step(ins), SQLITE_DONE, "insert");
		sqlite3_reset(ins);
	}
	sqlite3_finalize(ins);
	check(sqlite3_exec(db, "COMMIT", 0, 0, 0), SQLITE_OK, "commit");
	long long t1 = now_ns();

	sqlite3_stmt *count;
	check(sqlite3_prepare_v2(db, "SELECT count(*) FROM t", -1, &count, 0), SQLITE_OK, "prepare count");
	check(sqlite3_step(count), SQLITE_ROW, "count");
	long long rows = sqlite3_column_int64(count, 0);
	sqlite3_finalize(count);
	sqlite3_close(db);
	printf("%lld %lld %lld\n", t1 - t0, n, rows);
	return 0;
}

/* dlopen and dlsym failures: each returns NULL and leaves a dlerror message (not printed:
 * the words are the loader's). dlopen fails on a missing file, a directory, an empty
 * file, a text file, a library cut short, a library for another machine (the aarch64 cross
 * compiler's ld.so, when it is installed; without it the line is printed all the same), a
 * library whose dependency is missing and one with an undefined symbol; such a failed load
 * leaves nothing loaded (RTLD_NOLOAD finds nothing), and the same library loads once its
 * dependency is there. Scratch files go in a directory under /tmp named with the pid.
 * musl turns the aarch64 library down only for its unknown relocation types: it loads an
 * x86_64 library whose header says EM_AARCH64 or ELFCLASS32, so those are in dl_bad_elf,
 * with an .expected file. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int fails;
static char dir[64];

static void check(const char *what, int ok)
{
	printf("%s: %s\n", what, ok ? "yes" : "no");
	if (!ok)
		fails++;
}

/* dlopen must fail and leave a message. */
static void must_fail(const char *what, const char *path, int mode)
{
	dlerror();
	void *h = dlopen(path, mode);
	const char *msg = dlerror();
	printf("%s: %s\n", what, !h && msg && *msg ? "NULL and a message" : h ? "loaded" : "NULL without a message");
	if (h || !msg || !*msg)
		fails++;
}

static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return 0;
	char *buf = malloc(1 << 20);
	*len = buf ? fread(buf, 1, 1 << 20, f) : 0;
	fclose(f);
	return buf;
}

static int write_file(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	if (!f)
		return -1;
	int ok = fwrite(data, 1, len, f) == len;
	return fclose(f) == 0 && ok ? 0 : -1;
}

static char *scratch(const char *name)
{
	static char path[8][128];
	static int next;
	char *p = path[next++ % 8];
	snprintf(p, sizeof path[0], "%s/%s", dir, name);
	return p;
}

int main(void)
{
	snprintf(dir, sizeof dir, "/tmp/dl_errors_%d", (int)getpid());
	if (mkdir(dir, 0700) != 0)
		return 1;
	size_t len = 0;
	char *lib = read_file("./libdl_errors_needy.so", &len);
	char *dep = 0;
	size_t dep_len = 0;
	dep = read_file("./libdl_errors_dep.so", &dep_len);
	if (!lib || !dep || len < 200 || len >= 1 << 20 || dep_len >= 1 << 20)
		return 1;

	must_fail("a missing file", "./no-such-library.so", RTLD_NOW);
	must_fail("a directory", dir, RTLD_NOW);
	write_file(scratch("empty.so"), "", 0);
	must_fail("an empty file", scratch("empty.so"), RTLD_NOW);
	const char *text = "this is not an ELF file, just some text that is long enough\n";
	write_file(scratch("text.so"), text, strlen(text));
	must_fail("a text file", scratch("text.so"), RTLD_NOW);
	write_file(scratch("cut.so"), lib, 100);
	must_fail("a library cut to 100 bytes", scratch("cut.so"), RTLD_NOW);

	/* A real library for another machine, if the aarch64 cross compiler's is there. */
	const char *foreign = "/usr/aarch64-linux-gnu/lib/ld-linux-aarch64.so.1";
	if (access(foreign, R_OK) == 0)
		must_fail("a library for another machine", foreign, RTLD_NOW);
	else
		printf("a library for another machine: NULL and a message\n");

	/* The copy's $ORIGIN is the scratch directory, which has no libdl_errors_absent.so yet. */
	write_file(scratch("libdl_errors_needy.so"), lib, len);
	must_fail("a library whose dependency is missing", scratch("libdl_errors_needy.so"), RTLD_NOW);
	check("it was not left loaded", dlopen(scratch("libdl_errors_needy.so"), RTLD_NOW | RTLD_NOLOAD) == 0);
	write_file(scratch("libdl_errors_absent.so"), dep, dep_len);
	void *h = dlopen(scratch("libdl_errors_needy.so"), RTLD_NOW);
	int (*needy)(void) = h ? (int (*)(void))dlsym(h, "needy_value") : 0;
	check("with the dependency beside it, it loads and works", needy && needy() == 6);

	must_fail("a library with an undefined symbol", "./libdl_errors_unres.so", RTLD_NOW);
	check("it was not left loaded", dlopen("./libdl_errors_unres.so", RTLD_NOW | RTLD_NOLOAD) == 0);
	/* Whether this leaves a message differs (musl: yes, glibc: no), so only NULL is checked. */
	check("RTLD_NOLOAD of a library not loaded gives NULL",
	      dlopen("./libdl_errors_other.so", RTLD_NOW | RTLD_NOLOAD) == 0);

	dlerror();
	check("dlsym of a missing symbol gives NULL", h && dlsym(h, "no_such_symbol") == 0);
	check("and a message", dlerror() != 0);
	check("dlsym of RTLD_DEFAULT for a missing symbol gives NULL", dlsym(RTLD_DEFAULT, "no_such_symbol") == 0);
	check("and a message", dlerror() != 0);

	const char *names[] = {"empty.so", "text.so", "cut.so", "libdl_errors_needy.so", "libdl_errors_absent.so"};
	for (unsigned i = 0; i < sizeof names / sizeof *names; i++)
		unlink(scratch(names[i]));
	rmdir(dir);
	free(lib);
	free(dep);
	return fails != 0;
}

/* ELF header checks (limpet only: musl 1.2.3 loads most of these files, as it checks
 * neither the magic number, the machine, the class nor the byte order of a library, only
 * e_type and e_phentsize; dl_bad_elf.expected holds what the ELF specification asks for
 * and glibc does, and the program returns 0 either way, as the musl reference run's status
 * is compared). Copies of a working x86_64 library, each with one header field changed,
 * must not load: dlopen returns NULL with a dlerror message. The unchanged copy loads.
 * Scratch files go in /tmp, named with the pid; each case has its own name, as a loader
 * may know a loaded library by its path. */
#include <dlfcn.h>
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char image[1 << 20];
static size_t len;

/* Writes the library with `edit` applied to a copy of its header, and dlopens it. */
static void try(const char *what, void (*edit)(Elf64_Ehdr *))
{
	static int cases;
	char path[64];
	snprintf(path, sizeof path, "/tmp/dl_bad_elf_%d_%d.so", (int)getpid(), cases++);
	char *copy = malloc(len);
	if (!copy)
		return;
	memcpy(copy, image, len);
	Elf64_Ehdr eh;
	memcpy(&eh, copy, sizeof eh);
	edit(&eh);
	memcpy(copy, &eh, sizeof eh);
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(copy, 1, len, f) != len || fclose(f) != 0) {
		printf("%s: cannot write the copy\n", what);
		free(copy);
		return;
	}
	dlerror();
	void *h = dlopen(path, RTLD_NOW);
	const char *msg = dlerror();
	int (*value)(void) = h ? (int (*)(void))dlsym(h, "plain_value") : 0;
	if (h)
		printf("%s: loaded (plain_value %d)\n", what, value ? value() : -1);
	else
		printf("%s: NULL, message %s\n", what, msg && *msg ? "yes" : "no");
	unlink(path);
	free(copy);
}

static void unchanged(Elf64_Ehdr *eh) { (void)eh; }
static void machine(Elf64_Ehdr *eh) { eh->e_machine = EM_AARCH64; }
static void class32(Elf64_Ehdr *eh) { eh->e_ident[EI_CLASS] = ELFCLASS32; }
static void big_endian(Elf64_Ehdr *eh) { eh->e_ident[EI_DATA] = ELFDATA2MSB; }
static void phentsize(Elf64_Ehdr *eh) { eh->e_phentsize = sizeof(Elf64_Phdr) + 8; }
static void magic(Elf64_Ehdr *eh) { eh->e_ident[EI_MAG1] = 'e'; }
static void relocatable(Elf64_Ehdr *eh) { eh->e_type = ET_REL; }

int main(void)
{
	FILE *f = fopen("./libdl_bad_elf_plain.so", "rb");
	if (!f)
		return 0;
	len = fread(image, 1, sizeof image, f);
	fclose(f);
	if (len < sizeof(Elf64_Ehdr) || len == sizeof image)
		return 0;
	try("the unchanged copy", unchanged);
	try("e_machine EM_AARCH64", machine);
	try("EI_CLASS ELFCLASS32", class32);
	try("EI_DATA ELFDATA2MSB", big_endian);
	try("e_phentsize too big", phentsize);
	try("a wrong magic number", magic);
	try("e_type ET_REL", relocatable);
	return 0;
}

/* Library half of dso_interpose: defines hook() and shared_value, which the
 * program also defines. The program's definitions come first in the lookup
 * scope, so the library's calls and references must reach the program's. */
/* Weak only so that the harness's static build (which links this file as an
 * object next to the program) has no duplicate definitions; a dynamic lookup
 * ignores weakness and simply takes the first definition in scope. */
__attribute__((weak)) int shared_value = 111;

__attribute__((weak)) int hook(int x) { return x + 1; }

/* Only the library defines this; nobody overrides it. */
int lib_only(int x) { return x * 10; }

int lib_calls_hook(int x) { return hook(x); }
int lib_reads_shared(void) { return shared_value; }
int lib_calls_lib_only(int x) { return lib_only(x); }

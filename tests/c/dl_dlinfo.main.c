/* dl_dlinfo's library: it tells the program where its own dynamic section is. */
#include <link.h>
extern ElfW(Dyn) _DYNAMIC[];
int dep_value(void);
void *info_dynamic(void) { return _DYNAMIC; }
int info_value(void) { return dep_value() + 1; }

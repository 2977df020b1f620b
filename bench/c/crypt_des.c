/* crypt with traditional DES (a 2-character salt, 25 encryptions). */
#define METHOD "DES"
#define SETTING "ab"
#define WANT "abhfCpXqd4GrI"
#include "crypt_row.h"

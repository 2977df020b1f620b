/* crypt with `$1$` (MD5-crypt, 1,000 rounds of MD5), an 8-character salt. */
#define METHOD "$1$"
#define SETTING "$1$Dq7vqGRx"
#define WANT "$1$Dq7vqGRx$W664codqjhDYfezevA/zC0"
#include "crypt_row.h"

/* crypt with bcrypt `$2b$` at cost 6 (2^6 rounds of Blowfish's key schedule; hashes in use
 * take 10 to 12, each step doubling the time). */
#define METHOD "$2b$"
#define SETTING "$2b$06$DCq7YPn5Rq63x1Lad4cll."
#define WANT "$2b$06$DCq7YPn5Rq63x1Lad4cll.Yc223knJwpNXstmdXiA3yHMkAkyZ.0q"
#include "crypt_row.h"

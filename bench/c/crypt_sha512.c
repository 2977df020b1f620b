/* crypt with `$6$` (SHA-512, Drepper's SHA-crypt) at the default 5,000 rounds, the hash
 * Debian wrote into /etc/shadow before yescrypt: a 13-byte password and a 16-character
 * salt, as `passwd` makes them. */
#define METHOD "$6$"
#define SETTING "$6$Dq7vqGRx4xqsQe2Z"
#define WANT "$6$Dq7vqGRx4xqsQe2Z$rsIt23sDiKTOfqr4RTVtJkZtKjfJ5nrNh9jm0rnFKqflDo.4Cuq.wCaPRJd7OmZhAEIwCr7D0qsIqNDysoFma1"
#include "crypt_row.h"

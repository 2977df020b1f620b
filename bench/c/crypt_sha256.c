/* crypt with `$5$` (SHA-256, Drepper's SHA-crypt) at the default 5,000 rounds. */
#define METHOD "$5$"
#define SETTING "$5$Dq7vqGRx4xqsQe2Z"
#define WANT "$5$Dq7vqGRx4xqsQe2Z$hk5upHUCSWwr6i695deqWy6rwLqenb1DDUd/BAMkJ83"
#include "crypt_row.h"

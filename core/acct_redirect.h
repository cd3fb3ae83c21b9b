/* acct_redirect.h: forced into every library source (-include) so that
 * plain malloc/free calls are accounted (core/acct.h).  The system headers
 * that declare these are included first, so their declarations are read
 * before the macros exist. */
#ifndef VSH_CORE_ACCT_REDIRECT_H
#define VSH_CORE_ACCT_REDIRECT_H
#include <stdlib.h>
#include <string.h>

#include "core/acct.h"

#define malloc(n) vsh__acct_malloc(n)
#define calloc(n, m) vsh__acct_calloc(n, m)
#define realloc(p, n) vsh__acct_realloc(p, n)
#define free(p) vsh__acct_free(p)
#define strdup(s) vsh__acct_strdup(s)
#define strndup(s, n) vsh__acct_strndup(s, n)
#endif /* VSH_CORE_ACCT_REDIRECT_H */

/* acct.h: memory accounting per exec.  Every allocation vsh makes goes
 * through vsh__acct_* (the library's sources are compiled with
 * core/acct_redirect.h forced in, which maps malloc, calloc, realloc,
 * free, strdup and strndup onto them).  A thread that works for an exec
 * points at the exec's account (vsh__acct_enter); allocations then charge
 * it by their usable size and fail (NULL) once the ceiling would be
 * passed, setting `exceeded` so the exec stops with "memory limit
 * exceeded".  Sizes come from malloc_usable_size, so memory allocated by
 * another path (libc, a thread without an account) may be freed here
 * safely: the counter is the net growth during the exec. */
#ifndef VSH_CORE_ACCT_H
#define VSH_CORE_ACCT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct vsh__acct {
  _Atomic int64_t used; /* net bytes allocated while entered */
  _Atomic int64_t peak; /* highest `used` seen */
  int64_t limit;        /* 0: no ceiling */
  atomic_bool exceeded; /* an allocation was refused */
  volatile size_t over; /* the same, as tree-sitter's cancellation flag
                            (ts_parser_set_cancellation_flag) */
  int64_t deadline_ns;  /* the exec's deadline (CLOCK_MONOTONIC), 0: none:
                            what a parser may not run past */
} vsh__acct;

/* Makes a the calling thread's account (NULL: none); returns the one it
 * replaces, to restore when the work is done. */
vsh__acct *vsh__acct_enter(vsh__acct *a);
vsh__acct *vsh__acct_current(void);

void *vsh__acct_malloc(size_t n);
void *vsh__acct_calloc(size_t n, size_t m);
void *vsh__acct_realloc(void *p, size_t n);
void vsh__acct_free(void *p);
char *vsh__acct_strdup(const char *s);
char *vsh__acct_strndup(const char *s, size_t n);

/* Routes tree-sitter's allocations through the account (once per process;
 * plain malloc on threads without an account).  tree-sitter cannot take a
 * NULL, so past the ceiling its allocations still succeed (marking the
 * account); a parser given the account's `over` flag as its cancellation
 * flag then gives up within a few hundred steps. */
void vsh__acct_hook_libraries(void);

#endif /* VSH_CORE_ACCT_H */

/* acct.c: the accounting allocator (see acct.h).  The only file of the
 * library that calls the C library's allocator directly. */
#include "core/acct.h"

/* the forced core/acct_redirect.h maps these names onto this file's
 * functions: here they must be the C library's */
#undef malloc
#undef calloc
#undef realloc
#undef free
#undef strdup
#undef strndup

#include <malloc.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <tree_sitter/api.h>

static _Thread_local vsh__acct *current;

vsh__acct *vsh__acct_enter(vsh__acct *a) {
  vsh__acct *prev = current;
  current = a;
  return prev;
}

vsh__acct *vsh__acct_current(void) { return current; }

/* Would `extra` more bytes pass the ceiling?  Marks the account. */
static bool over(vsh__acct *a, size_t extra) {
  if (!a->limit) return false;
  int64_t used = atomic_load_explicit(&a->used, memory_order_relaxed);
  if (extra > (size_t)INT64_MAX || used + (int64_t)extra > a->limit) {
    atomic_store(&a->exceeded, true);
    a->over = 1;
    return true;
  }
  return false;
}

static void add(vsh__acct *a, int64_t d) {
  int64_t now =
      atomic_fetch_add_explicit(&a->used, d, memory_order_relaxed) + d;
  if (d > 0) {
    int64_t pk = atomic_load_explicit(&a->peak, memory_order_relaxed);
    while (now > pk && !atomic_compare_exchange_weak_explicit(
                           &a->peak, &pk, now, memory_order_relaxed,
                           memory_order_relaxed)) {}
  }
}

void *vsh__acct_malloc(size_t n) {
  vsh__acct *a = current;
  if (a && over(a, n)) return NULL;
  void *p = malloc(n);
  if (p && a) add(a, (int64_t)malloc_usable_size(p));
  return p;
}

void *vsh__acct_calloc(size_t n, size_t m) {
  vsh__acct *a = current;
  size_t total;
  if (__builtin_mul_overflow(n, m, &total)) return NULL;
  if (a && over(a, total)) return NULL;
  void *p = calloc(n, m);
  if (p && a) add(a, (int64_t)malloc_usable_size(p));
  return p;
}

void *vsh__acct_realloc(void *p, size_t n) {
  vsh__acct *a = current;
  if (!a) return realloc(p, n);
  size_t old = p ? malloc_usable_size(p) : 0;
  if (n > old && over(a, n - old)) return NULL;
  void *q = realloc(p, n);
  if (!q) { /* glibc's realloc(p, 0) frees p and gives NULL */
    if (!n && p) add(a, -(int64_t)old);
    return NULL;
  }
  add(a, (int64_t)malloc_usable_size(q) - (int64_t)old);
  return q;
}

void vsh__acct_free(void *p) {
  if (!p) return;
  vsh__acct *a = current;
  if (a) add(a, -(int64_t)malloc_usable_size(p));
  free(p);
}

char *vsh__acct_strdup(const char *s) { return vsh__acct_strndup(s, SIZE_MAX); }

char *vsh__acct_strndup(const char *s, size_t n) {
  size_t len = strnlen(s, n);
  char *d = vsh__acct_malloc(len + 1);
  if (!d) return NULL;
  memcpy(d, s, len);
  d[len] = 0;
  return d;
}

/* tree-sitter aborts the process on a NULL: past the ceiling these take
 * the memory unaccounted (the parse is cancelled right after, see acct.h);
 * only a real allocation failure is fatal, as tree-sitter's own are. */
static void *ts_malloc(size_t n) {
  void *p = vsh__acct_malloc(n);
  if (!p) p = malloc(n);
  if (!p) abort();
  return p;
}

static void *ts_calloc(size_t n, size_t m) {
  void *p = vsh__acct_calloc(n, m);
  if (!p) p = calloc(n, m);
  if (!p) abort();
  return p;
}

static void *ts_realloc(void *p, size_t n) {
  void *q = vsh__acct_realloc(p, n);
  if (!q && n) q = realloc(p, n);
  if (!q && n) abort();
  return q;
}

static void hook_once(void) {
  ts_set_allocator(ts_malloc, ts_calloc, ts_realloc, vsh__acct_free);
}

void vsh__acct_hook_libraries(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, hook_once);
}

/* alloc.c: the default allocator (malloc/realloc/free behind the lua_Alloc
 * shaped vsh_alloc_fn) and the NULL-safe wrappers every module calls, so an
 * application hook sees every long-lived allocation vsh makes.  Public
 * buffers handed to the application (vsh_buf, vsh_result) do not come
 * through here: they are always malloc'd (see buf.c). */
#include "core/core.h"

#include <stdlib.h>
#include <string.h>

static void *default_fn(void *ud, void *ptr, size_t osize, size_t nsize) {
  (void)ud;
  (void)osize;
  if (nsize == 0) {
    free(ptr);
    return NULL;
  }
  return realloc(ptr, nsize);
}

static const vsh_allocator default_alloc = {default_fn, NULL};

const vsh_allocator *vsh__default_alloc(void) { return &default_alloc; }

static const vsh_allocator *pick(const vsh_allocator *al) {
  return (al && al->fn) ? al : &default_alloc;
}

void *vsh__malloc(const vsh_allocator *al, size_t n) {
  al = pick(al);
  /* A zero-size request must still give a unique pointer: nsize 0 means
   * "free" in the hook protocol. */
  return al->fn(al->ud, NULL, 0, n ? n : 1);
}

void *vsh__calloc(const vsh_allocator *al, size_t n) {
  void *p = vsh__malloc(al, n);
  if (p) memset(p, 0, n);
  return p;
}

void *vsh__realloc(const vsh_allocator *al, void *p, size_t osize,
                   size_t nsize) {
  al = pick(al);
  if (!p) osize = 0;
  return al->fn(al->ud, p, osize, nsize ? nsize : 1);
}

void vsh__free(const vsh_allocator *al, void *p, size_t size) {
  if (!p) return;
  al = pick(al);
  al->fn(al->ud, p, size, 0);
}

/* strndup semantics: copies up to n bytes, stopping at a NUL, so callers
 * may pass SIZE_MAX for a plain string.  The copy is always terminated. */
char *vsh__strndup(const vsh_allocator *al, const char *s, size_t n) {
  size_t len = s ? strnlen(s, n) : 0;
  size_t total;
  if (!vsh__add_size(len, 1, &total)) return NULL;
  char *d = vsh__malloc(al, total);
  if (!d) return NULL;
  if (len) memcpy(d, s, len);
  d[len] = '\0';
  return d;
}

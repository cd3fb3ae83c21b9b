/* core.h: what every other folder uses from core/: the allocator hook,
 * error filling, growable buffers, the arena with marks, POSIX path
 * normalisation and UTF-8 helpers.  Nothing here longjmps; every
 * fallible call returns 0 or a negative vsh_err. */
#ifndef VSH_CORE_H
#define VSH_CORE_H

#include "vsh.h"

#include <stdarg.h>
#include <stdatomic.h>

/* ---- allocation ---------------------------------------------------- */

/* The default allocator (malloc/realloc/free). */
const vsh_allocator *vsh__default_alloc(void);
/* NULL-safe wrappers; al NULL means the default. */
void *vsh__malloc(const vsh_allocator *al, size_t n);
void *vsh__calloc(const vsh_allocator *al, size_t n);
void *vsh__realloc(const vsh_allocator *al, void *p, size_t osize,
                   size_t nsize);
void vsh__free(const vsh_allocator *al, void *p, size_t size);
char *vsh__strndup(const vsh_allocator *al, const char *s, size_t n);

/* Overflow-checked size arithmetic: false on overflow. */
static inline bool vsh__add_size(size_t a, size_t b, size_t *out) {
  return !__builtin_add_overflow(a, b, out);
}
static inline bool vsh__mul_size(size_t a, size_t b, size_t *out) {
  return !__builtin_mul_overflow(a, b, out);
}

/* ---- errors -------------------------------------------------------- */

/* Fills err (if non-NULL) and returns code.  type defaults by code. */
int vsh__error_set(vsh_error *err, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int vsh__error_setv(vsh_error *err, int code, const char *fmt, va_list ap);
void vsh__error_meta(vsh_error *err, const char *operation,
                     const char *provider, const char *options);
void vsh__error_clear(vsh_error *err);
/* The type string for a code ("error", "abort", ...). */
const char *vsh__error_type(int code);
/* The version check of a public options struct or vtable (vsh.h's
 * "Versions"): 0 reads as 1, 1..known is fine, anything newer fails with
 * VSH_EINVAL and a message naming what (e.g. "vsh_shell_opts"). */
int vsh__check_version(unsigned version, unsigned known, const char *what,
                       vsh_error *err);

/* ---- growable byte buffers (vsh_buf, malloc-backed) ---------------- */

void vsh__buf_init(vsh_buf *b);
int vsh__buf_reserve(vsh_buf *b, size_t extra);
int vsh__buf_append(vsh_buf *b, const void *data, size_t n);
int vsh__buf_puts(vsh_buf *b, const char *s);
int vsh__buf_putc(vsh_buf *b, char c);
int vsh__buf_printf(vsh_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void vsh__buf_clear(vsh_buf *b); /* len = 0, keeps memory */
/* Hands the bytes over: returns data (NUL-terminated), b is reset. */
char *vsh__buf_steal(vsh_buf *b, size_t *len);

int vsh__strv_push(vsh_strv *v, const char *s, size_t n);

/* ---- arena with marks ---------------------------------------------- */

/* Bump allocator in chunks.  A mark records the position; pop frees all
 * allocated since, so a loop body runs in flat memory. */
typedef struct vsh_arena_chunk vsh_arena_chunk;
typedef struct vsh_arena {
  const vsh_allocator *al;
  vsh_arena_chunk *head;
  size_t chunk_size;
  size_t total; /* bytes in live chunks */
  size_t limit; /* 0: unlimited; alloc fails past it */
} vsh_arena;
typedef struct vsh_arena_mark {
  vsh_arena_chunk *chunk;
  size_t used;
} vsh_arena_mark;

void vsh__arena_init(vsh_arena *a, const vsh_allocator *al);
void vsh__arena_dispose(vsh_arena *a);
/* 16-byte aligned; NULL when out of memory or past the limit. */
void *vsh__arena_alloc(vsh_arena *a, size_t n);
void *vsh__arena_zalloc(vsh_arena *a, size_t n);
char *vsh__arena_strndup(vsh_arena *a, const char *s, size_t n);
/* Copies exactly n bytes (NULs included) and adds a terminating NUL. */
char *vsh__arena_memdup(vsh_arena *a, const void *s, size_t n);
vsh_arena_mark vsh__arena_mark(vsh_arena *a);
void vsh__arena_pop(vsh_arena *a, vsh_arena_mark m);

/* ---- paths --------------------------------------------------------- */

#define VSH_PATH_MAX 4096
#define VSH_NAME_MAX 255

/* Lexical POSIX normalisation of p joined to base (used when p is
 * relative; base must be absolute): collapses "//", ".", "..", drops a
 * trailing slash; ".." at "/" stays at "/".  The result is absolute and
 * canonical.  Fails with VSH_EINVAL on an empty path or embedded NUL
 * (len given), VSH_ENAMETOOLONG past VSH_PATH_MAX. */
int vsh__path_resolve(vsh_buf *out, const char *base, const char *p,
                      size_t plen);
/* Parent directory of a canonical absolute path ("/" for "/a"). */
int vsh__path_dirname(vsh_buf *out, const char *path);
/* Last component of a canonical path (pointer into path). */
const char *vsh__path_basename(const char *path);

/* ---- UTF-8 --------------------------------------------------------- */

/* Decodes one code point at s[0..n); returns its length (1..4) and sets
 * *cp, or returns 1 with *cp = -1 for an invalid/truncated byte. */
int vsh__utf8_decode(const char *s, size_t n, int32_t *cp);
/* Encodes cp into out (>= 4 bytes); returns the length or 0 if invalid. */
int vsh__utf8_encode(int32_t cp, char *out);
/* Number of characters (invalid bytes count one each). */
size_t vsh__utf8_count(const char *s, size_t n);
bool vsh__utf8_valid(const char *s, size_t n);
/* Display columns of cp (0, 1 or 2; -1 for control). */
int vsh__utf8_width(int32_t cp);
/* Simple case mapping for ASCII, Latin-1, Latin Extended-A, Greek,
 * Cyrillic and Armenian (others map to themselves). */
int32_t vsh__cp_upper(int32_t cp);
int32_t vsh__cp_lower(int32_t cp);

/* ---- refcounts ----------------------------------------------------- */

typedef atomic_uint_fast32_t vsh_refcount;

#endif /* VSH_CORE_H */

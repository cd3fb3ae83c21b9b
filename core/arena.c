/* arena.c: a bump allocator in chunks with marks.  Chunks form a stack
 * (head newest); a mark is (head, head->used) and pop frees every chunk
 * above the marked one and rewinds it, so a loop that marks and pops runs
 * in flat memory.  A request bigger than a quarter chunk gets a chunk of
 * its own, pushed full, so it never strands most of a normal chunk. */
#include "core/core.h"

#include <stdint.h>
#include <string.h>

#define ARENA_ALIGN 16
#define ARENA_DEFAULT_CHUNK (16 * 1024)

struct vsh_arena_chunk {
  vsh_arena_chunk *prev;
  size_t alloc_size; /* what the allocator gave, for vsh__free */
  size_t size;       /* usable bytes from base */
  size_t used;
  unsigned char *base; /* 16-byte aligned start of the usable bytes */
};

static size_t align_up(size_t n) {
  return (n + (ARENA_ALIGN - 1)) & ~(size_t)(ARENA_ALIGN - 1);
}

void vsh__arena_init(vsh_arena *a, const vsh_allocator *al) {
  a->al = al;
  a->head = NULL;
  a->chunk_size = ARENA_DEFAULT_CHUNK;
  a->total = 0;
  a->limit = 0;
}

static void chunk_free(vsh_arena *a, vsh_arena_chunk *c) {
  a->total -= c->alloc_size;
  vsh__free(a->al, c, c->alloc_size);
}

void vsh__arena_dispose(vsh_arena *a) {
  while (a->head) {
    vsh_arena_chunk *prev = a->head->prev;
    chunk_free(a, a->head);
    a->head = prev;
  }
  a->total = 0;
}

/* A chunk with at least size usable bytes, pushed as the new head. */
static vsh_arena_chunk *chunk_push(vsh_arena *a, size_t size) {
  size_t bytes;
  /* The allocator may align to less than 16: reserve slack to realign. */
  if (!vsh__add_size(sizeof(vsh_arena_chunk) + ARENA_ALIGN, size, &bytes))
    return NULL;
  if (a->limit && (a->total > a->limit || bytes > a->limit - a->total))
    return NULL;
  vsh_arena_chunk *c = vsh__malloc(a->al, bytes);
  if (!c) return NULL;
  uintptr_t start = (uintptr_t)(c + 1);
  start = (start + (ARENA_ALIGN - 1)) & ~(uintptr_t)(ARENA_ALIGN - 1);
  c->base = (unsigned char *)start;
  c->alloc_size = bytes;
  c->size = bytes - (size_t)(c->base - (unsigned char *)c);
  c->used = 0;
  c->prev = a->head;
  a->head = c;
  a->total += bytes;
  return c;
}

void *vsh__arena_alloc(vsh_arena *a, size_t n) {
  if (n == 0) n = 1; /* distinct pointers for distinct requests */
  if (n > SIZE_MAX - ARENA_ALIGN) return NULL;
  n = align_up(n);
  vsh_arena_chunk *c = a->head;
  if (c && c->size - c->used >= n) {
    void *p = c->base + c->used;
    c->used += n;
    return p;
  }
  size_t chunk = a->chunk_size ? a->chunk_size : ARENA_DEFAULT_CHUNK;
  if (n > chunk / 4) {
    c = chunk_push(a, n);
    if (!c) return NULL;
    c->used = c->size; /* nothing else goes here */
    return c->base;
  }
  c = chunk_push(a, chunk);
  if (!c) return NULL;
  c->used = n;
  return c->base;
}

void *vsh__arena_zalloc(vsh_arena *a, size_t n) {
  void *p = vsh__arena_alloc(a, n);
  if (p) memset(p, 0, n);
  return p;
}

/* strndup semantics: stops at a NUL within n; always terminated. */
char *vsh__arena_strndup(vsh_arena *a, const char *s, size_t n) {
  size_t len = s ? strnlen(s, n) : 0;
  if (len == SIZE_MAX) return NULL;
  char *d = vsh__arena_alloc(a, len + 1);
  if (!d) return NULL;
  if (len) memcpy(d, s, len);
  d[len] = '\0';
  return d;
}

vsh_arena_mark vsh__arena_mark(vsh_arena *a) {
  vsh_arena_mark m = {a->head, a->head ? a->head->used : 0};
  return m;
}

void vsh__arena_pop(vsh_arena *a, vsh_arena_mark m) {
  while (a->head && a->head != m.chunk) {
    vsh_arena_chunk *prev = a->head->prev;
    chunk_free(a, a->head);
    a->head = prev;
  }
  if (a->head) a->head->used = m.used;
}

char *vsh__arena_memdup(vsh_arena *a, const void *s, size_t n) {
  size_t sz;
  if (!vsh__add_size(n, 1, &sz)) return NULL;
  char *d = vsh__arena_alloc(a, sz);
  if (!d) return NULL;
  if (n) memcpy(d, s, n);
  d[n] = 0;
  return d;
}

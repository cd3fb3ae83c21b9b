/* buf.c: growable byte buffers and string vectors.  These are the types
 * handed to the application, so they always use malloc/free (never the
 * allocator hook) and stay NUL-terminated after every call; a vsh_buf may
 * still hold NUL bytes inside [0, len). */
#include "core/core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void vsh__buf_init(vsh_buf *b) {
  b->data = NULL;
  b->len = 0;
  b->cap = 0;
}

void vsh_buf_dispose(vsh_buf *b) {
  if (!b) return;
  free(b->data);
  vsh__buf_init(b);
}

/* cap counts the terminating NUL, so room for extra means
 * len + extra + 1 <= cap. */
int vsh__buf_reserve(vsh_buf *b, size_t extra) {
  size_t need;
  if (!vsh__add_size(b->len, extra, &need) || !vsh__add_size(need, 1, &need))
    return VSH_ENOMEM;
  if (need <= b->cap) return 0;
  size_t cap = b->cap < 64 ? 64 : b->cap;
  while (cap < need) {
    /* Doubling keeps appends amortised O(1); past half of SIZE_MAX take
     * exactly what is needed. */
    if (cap > SIZE_MAX / 2) {
      cap = need;
      break;
    }
    cap *= 2;
  }
  char *d = realloc(b->data, cap);
  if (!d) return VSH_ENOMEM;
  if (!b->data) d[0] = '\0';
  b->data = d;
  b->cap = cap;
  return 0;
}

int vsh__buf_append(vsh_buf *b, const void *data, size_t n) {
  /* data may point into b itself: re-find it after a realloc. */
  const char *src = data;
  bool inside = b->data && src >= b->data && src < b->data + b->cap;
  size_t off = inside ? (size_t)(src - b->data) : 0;
  int rc = vsh__buf_reserve(b, n);
  if (rc) return rc;
  if (inside) src = b->data + off;
  if (n) memmove(b->data + b->len, src, n);
  b->len += n;
  b->data[b->len] = '\0';
  return 0;
}

int vsh__buf_puts(vsh_buf *b, const char *s) {
  return vsh__buf_append(b, s, strlen(s));
}

int vsh__buf_putc(vsh_buf *b, char c) { return vsh__buf_append(b, &c, 1); }

int vsh__buf_printf(vsh_buf *b, const char *fmt, ...) {
  va_list ap;
  char small[256];
  va_start(ap, fmt);
  int n = vsnprintf(small, sizeof small, fmt, ap);
  va_end(ap);
  if (n < 0) return VSH_EINVAL;
  if ((size_t)n < sizeof small) return vsh__buf_append(b, small, (size_t)n);
  /* Too long for the stack copy: format straight into the buffer. */
  int rc = vsh__buf_reserve(b, (size_t)n);
  if (rc) return rc;
  va_start(ap, fmt);
  vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
  return 0;
}

void vsh__buf_clear(vsh_buf *b) {
  b->len = 0;
  if (b->data) b->data[0] = '\0';
}

char *vsh__buf_steal(vsh_buf *b, size_t *len) {
  if (!b->data && vsh__buf_reserve(b, 0))
    return NULL; /* even an empty result is a real string */
  char *d = b->data;
  if (len) *len = b->len;
  vsh__buf_init(b);
  return d;
}

void vsh_result_dispose(vsh_result *r) {
  if (!r) return;
  free(r->out);
  free(r->err);
  free(r->cwd);
  if (r->env) {
    for (size_t i = 0; r->env[i]; i++) free(r->env[i]);
    free(r->env);
  }
  if (r->vars) {
    for (size_t i = 0; r->vars[i]; i++) free(r->vars[i]);
    free(r->vars);
  }
  memset(r, 0, sizeof *r);
}

void vsh_strv_dispose(vsh_strv *v) {
  if (!v) return;
  for (size_t i = 0; i < v->len; i++) free(v->items[i]);
  free(v->items);
  v->items = NULL;
  v->len = 0;
}

/* vsh_strv has no capacity field, so the capacity is a function of len:
 * the smallest power of two >= max(len + 1, 8) slots (one spare keeps
 * items[len] == NULL).  A vector must therefore be built by pushes only
 * (or start empty); then growth is amortised O(1). */
static size_t strv_slots(size_t len) {
  size_t c = 8;
  while (c < len + 1) c *= 2;
  return c;
}

int vsh__strv_push(vsh_strv *v, const char *s, size_t n) {
  if (v->len >= SIZE_MAX / sizeof(char *) / 4) return VSH_ENOMEM;
  size_t have = v->items ? strv_slots(v->len) : 0;
  size_t want = strv_slots(v->len + 1);
  if (want != have) {
    char **items = realloc(v->items, want * sizeof *items);
    if (!items) return VSH_ENOMEM;
    v->items = items;
  }
  if (n == SIZE_MAX) return VSH_ENOMEM;
  char *copy = malloc(n + 1);
  if (!copy) return VSH_ENOMEM;
  if (n) memcpy(copy, s, n);
  copy[n] = '\0';
  v->items[v->len++] = copy;
  v->items[v->len] = NULL;
  return 0;
}

/* text.c: how names and bytes appear in messages: GNU's shell-escape
 * quoting ('a b', "it's"), its curly quotes, and C escapes.  Results
 * live on the exec's arena. */
#include "builtins/lib/text.h"

#include "builtins/builtins.h"

#include <string.h>

const char *bi_quote(bi_ctx *b, const char *s) {
  bool has_sq = strchr(s, '\'') != NULL;
  vsh_buf o = {0};
  if (has_sq) {
    /* "it's" unless it also holds characters special inside "..." */
    bool dq_ok = !strpbrk(s, "\"$`\\");
    if (dq_ok) {
      vsh__buf_printf(&o, "\"%s\"", s);
    } else {
      vsh__buf_putc(&o, '\'');
      for (const char *p = s; *p; p++) {
        if (*p == '\'') vsh__buf_puts(&o, "'\\''");
        else vsh__buf_putc(&o, *p);
      }
      vsh__buf_putc(&o, '\'');
    }
  } else {
    vsh__buf_printf(&o, "'%s'", s);
  }
  char *r = vsh__arena_strndup(b->arena, o.data ? o.data : "", o.len);
  vsh_buf_dispose(&o);
  return r ? r : s;
}

const char *bi_cquote(bi_ctx *b, const char *s) {
  size_t n = strlen(s);
  char *r = vsh__arena_alloc(b->arena, n + 7);
  if (!r) return s;
  memcpy(r, "\xe2\x80\x98", 3);
  memcpy(r + 3, s, n);
  memcpy(r + 3 + n, "\xe2\x80\x99", 4);
  return r;
}

const char *bi_c_escape(int c) {
  switch (c) {
  case '\a': return "\\a";
  case '\b': return "\\b";
  case '\f': return "\\f";
  case '\n': return "\\n";
  case '\r': return "\\r";
  case '\t': return "\\t";
  case '\v': return "\\v";
  default: return NULL;
  }
}

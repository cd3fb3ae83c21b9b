/* text.c: how names and bytes appear in messages: GNU's shell-escape
 * quoting ('a b', "it's"), its curly quotes, and C escapes.  Results
 * live on the exec's arena. */
#include "builtins/lib/text.h"

#include "builtins/builtins.h"

#include <string.h>

/* Length of the valid UTF-8 sequence at p (1 for ASCII), 0 when the
 * byte starts no valid sequence. */
static size_t utf8_len(const unsigned char *p) {
  size_t n;
  if (*p < 0x80) return 1;
  if (*p >= 0xc2 && *p <= 0xdf) n = 2;
  else if (*p >= 0xe0 && *p <= 0xef) n = 3;
  else if (*p >= 0xf0 && *p <= 0xf4) n = 4;
  else return 0;
  for (size_t i = 1; i < n; i++)
    if ((p[i] & 0xc0) != 0x80) return 0;
  return n;
}

/* A byte GNU's quoting shows as an escape: a control character, DEL, or
 * a byte outside a valid UTF-8 sequence. */
static bool needs_escape(const unsigned char *p) {
  return *p < 0x20 || *p == 0x7f || !utf8_len(p);
}

/* Appends the escape of the byte c (\t or \ooo). */
static void put_escape(vsh_buf *o, unsigned char c) {
  const char *e = bi_c_escape(c);
  if (e) vsh__buf_puts(o, e);
  else vsh__buf_printf(o, "\\%03o", c);
}

static char *arena_copy(bi_ctx *b, vsh_buf *o) {
  char *r = vsh__arena_strndup(b->arena, o->data ? o->data : "", o->len);
  vsh_buf_dispose(o);
  return r;
}

/* A byte the shell would read as syntax somewhere in a word ('#' and '~'
 * only at its start): GNU's shell styles quote the word then. */
static bool shell_special(const unsigned char *s, const unsigned char *p) {
  if (*p == '#' || *p == '~') return p == s;
  return *p && strchr(" \t\n!\"$&'()*;<=>?[\\^`|", *p);
}

/* GNU's shell quoting of s into o: 'a b', "it's", 'a'\''b"c'; escapes
 * as $'\t' segments (shell-escape) or raw bytes ('?' when hide).
 * always: quoted even when nothing needs it. */
static void shell_quote(vsh_buf *o, const char *s, bool always, bool escapes,
                        bool hide) {
  const unsigned char *u = (const unsigned char *)s;
  bool need = always || !*s, esc = false;
  for (const unsigned char *p = u; *p; p += utf8_len(p) ? utf8_len(p) : 1) {
    if (shell_special(u, p)) need = true;
    else if (needs_escape(p)) esc = true, need |= escapes;
  }
  if (!need) {
    for (const unsigned char *p = u; *p;) {
      size_t n = utf8_len(p) ? utf8_len(p) : 1;
      if (hide && needs_escape(p)) vsh__buf_putc(o, '?');
      else vsh__buf_append(o, p, n);
      p += n;
    }
    return;
  }
  if ((!esc || !escapes) && strchr(s, '\'') && !strpbrk(s, "\"$`\\")) {
    vsh__buf_putc(o, '"'); /* "it's" */
    for (const unsigned char *p = u; *p;) {
      size_t n = utf8_len(p) ? utf8_len(p) : 1;
      if (hide && needs_escape(p)) vsh__buf_putc(o, '?');
      else vsh__buf_append(o, p, n);
      p += n;
    }
    vsh__buf_putc(o, '"');
    return;
  }
  /* 'a'\''b', and $'\t' for what cannot be shown: 'a'$'\t''b' */
  bool open = true;
  vsh__buf_putc(o, '\'');
  const unsigned char *p = u;
  while (*p) {
    if (needs_escape(p) && escapes) {
      if (open) vsh__buf_putc(o, '\'');
      vsh__buf_puts(o, "$'");
      while (*p && needs_escape(p)) put_escape(o, *p++);
      vsh__buf_putc(o, '\'');
      open = false;
      continue;
    }
    if (!open) vsh__buf_putc(o, '\'');
    open = true;
    size_t n = utf8_len(p);
    if (*p == '\'') vsh__buf_puts(o, "'\\''");
    else if (!n) vsh__buf_putc(o, hide ? '?' : (char)*p);
    else if (hide && needs_escape(p)) vsh__buf_putc(o, '?');
    else vsh__buf_append(o, p, n);
    p += n ? n : 1;
  }
  if (open) vsh__buf_putc(o, '\'');
}

const char *bi_quotef(bi_ctx *b, const char *s) {
  return bi_quote_as(b, s, BI_QS_SHELL_ESCAPE, false);
}

const char *bi_quote(bi_ctx *b, const char *s) {
  vsh_buf o = {0};
  shell_quote(&o, s, true, true, false);
  char *r = arena_copy(b, &o);
  return r ? r : s;
}

/* C-like escapes for c, escape and locale styles. */
static void c_escapes(vsh_buf *o, const char *s, int style) {
  for (const unsigned char *p = (const unsigned char *)s; *p;) {
    size_t n = utf8_len(p);
    if (*p == '\\') vsh__buf_puts(o, "\\\\");
    else if (*p == '"' && style == BI_QS_C) vsh__buf_puts(o, "\\\"");
    else if (*p == ' ' && style == BI_QS_ESCAPE) vsh__buf_puts(o, "\\ ");
    else if (needs_escape(p)) put_escape(o, *p);
    else vsh__buf_append(o, p, n);
    p += n ? n : 1;
  }
}

const char *bi_quote_as(bi_ctx *b, const char *s, int style, bool hide) {
  vsh_buf o = {0};
  switch (style) {
  case BI_QS_LITERAL:
    if (!hide) return s;
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
      size_t n = utf8_len(p);
      if (needs_escape(p)) vsh__buf_putc(&o, '?');
      else vsh__buf_append(&o, p, n);
      p += n ? n : 1;
    }
    break;
  case BI_QS_SHELL:
  case BI_QS_SHELL_ALWAYS:
    shell_quote(&o, s, style == BI_QS_SHELL_ALWAYS, false, hide);
    break;
  case BI_QS_SHELL_ESCAPE:
  case BI_QS_SHELL_ESCAPE_ALWAYS:
    shell_quote(&o, s, style == BI_QS_SHELL_ESCAPE_ALWAYS, true, false);
    break;
  case BI_QS_C:
    vsh__buf_putc(&o, '"');
    c_escapes(&o, s, style);
    vsh__buf_putc(&o, '"');
    break;
  case BI_QS_ESCAPE: c_escapes(&o, s, style); break;
  default:
    vsh__buf_puts(&o, "\xe2\x80\x98");
    c_escapes(&o, s, style);
    vsh__buf_puts(&o, "\xe2\x80\x99");
  }
  if (!o.data) vsh__buf_puts(&o, "");
  char *r = arena_copy(b, &o);
  return r ? r : s;
}

const char *bi_cquote(bi_ctx *b, const char *s) {
  vsh_buf o = {0};
  vsh__buf_puts(&o, "\xe2\x80\x98");
  for (const unsigned char *p = (const unsigned char *)s; *p;) {
    size_t n = utf8_len(p);
    if (*p == '\\') vsh__buf_puts(&o, "\\\\");
    else if (needs_escape(p)) put_escape(&o, *p);
    else vsh__buf_append(&o, p, n);
    p += n ? n : 1;
  }
  vsh__buf_puts(&o, "\xe2\x80\x99");
  char *r = arena_copy(b, &o);
  return r ? r : s;
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

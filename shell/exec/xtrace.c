/* xtrace.c: set -x output: the PS4 prefix (its first character repeated
 * per nesting level), words quoted as bash shows them, assignments, and
 * the line written to the trace stream (BASH_XTRACEFD or stderr). */
#include "shell/exec/exec_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- xtrace ------------------------------------------------------------------ */

/* PS4, expanded as a prompt string when it has something to expand
 * (commands run by that expansion are not traced), its first character
 * repeated once more for each nesting level; "" when PS4 is unset or
 * empty, as bash then prints the bare command. */
const char *sh__xtrace_prefix(sh_ctx *c) {
  const char *ps4 = sh_var_get(c, "PS4");
  if (ps4 && strpbrk(ps4, "\\$`")) {
    c->where.in_ps4 = true;
    int st = c->proc.status;
    sh_unwind uw = c->flow.unwind;
    ps4 = sh_expand_prompt(c, ps4);
    if (c->flow.unwind == SH_UW_ABORT &&
        uw != SH_UW_ABORT) /* the command goes on */
      c->flow.unwind = uw;
    c->proc.status = st;
    c->where.in_ps4 = false;
  }
  if (!ps4 || !*ps4) return "";
  /* a copy: the traced command may assign PS4 */
  if (!c->where.xtrace_level)
    return vsh__arena_strndup(&c->arena, ps4, strlen(ps4));
  size_t first = 1; /* one character, however many bytes */
  while (((unsigned char)ps4[first] & 0xc0) == 0x80) first++;
  unsigned level = c->where.xtrace_level < 99 ? c->where.xtrace_level : 99;
  size_t len = strlen(ps4);
  char *out = vsh__arena_alloc(&c->arena, len + level * first + 1);
  if (!out) return ps4;
  char *o = out;
  for (unsigned i = 0; i < level; i++, o += first) memcpy(o, ps4, first);
  memcpy(o, ps4, len + 1);
  return out;
}

/* Appends a word quoted as bash's xtrace does ('...' when needed). */
static void xtrace_word(vsh_buf *b, const char *a) {
  /* control characters other than tab and newline: $'...' as bash */
  for (const unsigned char *p = (const unsigned char *)a; *p; p++)
    if ((*p < 0x20 && *p != '\t' && *p != '\n') || *p == 0x7f) {
      sh_quote_ansi(b, a);
      return;
    }
  /* bash's shell metacharacters; # only first, ~ first or after = : */
  bool plain = *a != 0;
  for (const char *p = a; *p; p++) {
    if (strchr(" \t\n'\"\\$`*?[]{}()<>|&;!^", *p)) plain = false;
    if (*p == '#' && p == a) plain = false;
    if (*p == '~' && (p == a || p[-1] == '=' || p[-1] == ':')) plain = false;
  }
  if (plain) {
    vsh__buf_puts(b, a);
    return;
  }
  vsh__buf_putc(b, '\'');
  for (const char *p = a; *p; p++) {
    if (*p == '\'') vsh__buf_puts(b, "'\\''");
    else vsh__buf_putc(b, *p);
  }
  vsh__buf_putc(b, '\'');
}

void sh__xtrace_emit(sh_ctx *c, vsh_buf *b) {
  vsh__buf_putc(b, '\n');
  sh_stream *err = c->io.xtrace_to ? c->io.xtrace_to : sh__xtrace_stream(c);
  if (err) sh_stream_write(err, b->data, b->len, c->ex);
  vsh_buf_dispose(b);
}

/* A trace line written out as given (the compound commands' forms:
 * `for x in ...`, `[[ a == b ]]`, `(( i++ ))`). */
void sh_xtrace_text(sh_ctx *c, const char *text, size_t len) {
  if (c->where.in_ps4) return;
  vsh_buf b = {0};
  vsh__buf_puts(&b, sh__xtrace_prefix(c));
  vsh__buf_append(&b, text, len);
  sh__xtrace_emit(c, &b);
}

int sh_xtrace(sh_ctx *c, int argc, char **argv) {
  if (c->where.in_ps4) return 0;
  vsh_buf b = {0};
  vsh__buf_puts(&b, sh__xtrace_prefix(c));
  for (int i = 0; i < argc; i++) {
    if (i) vsh__buf_putc(&b, ' ');
    xtrace_word(&b, argv[i]);
  }
  sh__xtrace_emit(c, &b);
  return 0;
}

/* An assignment's trace: NAME=VALUE (or +=) with only VALUE quoted. */
void sh__xtrace_assign_to(sh_ctx *c, const char *prefix, const char *name,
                          bool append, const char *val) {
  if (c->where.in_ps4) return;
  vsh_buf b = {0};
  vsh__buf_puts(&b, prefix);
  vsh__buf_puts(&b, name);
  vsh__buf_puts(&b, append ? "+=" : "=");
  if (*val) xtrace_word(&b, val);
  sh__xtrace_emit(c, &b);
}

/* export NAME=VALUE and readonly NAME=VALUE: bash traces the assignment
 * on a line of its own after the command. */
void sh_xtrace_assign(sh_ctx *c, const char *name, bool append,
                      const char *val) {
  if (!c->opt.opts[SH_OPT_XTRACE] || c->where.in_ps4) return;
  sh__xtrace_assign_to(c, sh__xtrace_prefix(c), name, append, val);
}

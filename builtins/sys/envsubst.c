/* envsubst.c: gettext's envsubst: copies stdin to stdout replacing $NAME
 * and ${NAME} by the variable's value (empty when unset).  With a
 * SHELL-FORMAT operand only the variables it references are replaced;
 * -v lists them instead.  No other shell syntax: ${A:-x}, \$A and $1
 * pass through as they are.  A name never holds a newline, so the input
 * is scanned a line at a time. */
#include "builtins/builtins.h"

#include <string.h>

static bool name_start(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}

static bool name_char(char c) {
  return name_start(c) || (c >= '0' && c <= '9');
}

/* Calls fn for each $NAME or ${NAME} of s (a NUL-terminated format). */
static void each_variable(const char *s,
                          void (*fn)(const char *, size_t, void *), void *ud) {
  while (*s) {
    if (*s++ != '$') continue;
    bool brace = *s == '{';
    if (brace) s++;
    if (!name_start(*s)) continue;
    const char *start = s;
    while (name_char(*s)) s++;
    size_t n = (size_t)(s - start);
    if (brace) {
      if (*s != '}') continue;
      s++;
    }
    fn(start, n, ud);
  }
}

static void print_name(const char *name, size_t n, void *ud) {
  vsh_buf *o = ud;
  vsh__buf_append(o, name, n);
  vsh__buf_putc(o, '\n');
}

typedef struct es_state {
  bi_ctx *b;
  const char *format; /* NULL: every variable */
} es_state;

typedef struct es_find {
  const char *name;
  bool found;
} es_find;

static void find_name(const char *name, size_t n, void *ud) {
  es_find *f = ud;
  if (strlen(f->name) == n && !memcmp(f->name, name, n)) f->found = true;
}

static bool wanted(const es_state *s, const char *name) {
  if (!s->format) return true;
  es_find f = {name, false};
  each_variable(s->format, find_name, &f);
  return f.found;
}

/* One line (or the last piece of input) into o. */
static void subst(const es_state *s, const char *p, size_t len, vsh_buf *o) {
  const char *end = p + len;
  while (p < end) {
    const char *d = memchr(p, '$', (size_t)(end - p));
    if (!d) {
      vsh__buf_append(o, p, (size_t)(end - p));
      return;
    }
    vsh__buf_append(o, p, (size_t)(d - p));
    p = d + 1;
    bool brace = p < end && *p == '{';
    if (brace) p++;
    const char *start = p;
    while (p < end && (p == start ? name_start(*p) : name_char(*p))) p++;
    size_t n = (size_t)(p - start);
    bool closed = brace && n && p < end && *p == '}';
    if (closed) p++;
    char *name = vsh__arena_strndup(s->b->arena, start, n);
    if (n && (!brace || closed) && wanted(s, name)) {
      const char *v = bi_getenv(s->b, name);
      if (v) vsh__buf_puts(o, v);
      continue;
    }
    vsh__buf_putc(o, '$');
    if (brace) vsh__buf_putc(o, '{');
    vsh__buf_append(o, start, n);
    if (closed) vsh__buf_putc(o, '}');
  }
}

static const bi_option envsubst_options[] = {
    {"variables", BI_ARG_NONE, 'v', NULL}, {0}};

static const bi_cmd envsubst_cmd = {
    .name = "envsubst",
    .usage = "Usage: envsubst [OPTION] [SHELL-FORMAT]\n",
    .about =
        "\nSubstitutes the values of environment variables.\n\n"
        "Operation mode:\n"
        "  -v, --variables             output the variables occurring in "
        "SHELL-FORMAT\n\n"
        "Informative output:\n"
        "  -h, --help                  display this help and exit\n"
        "  -V, --version               output version information and "
        "exit\n\n"
        "In normal operation mode, standard input is copied to standard "
        "output,\n"
        "with references to environment variables of the form $VARIABLE or "
        "${VARIABLE}\n"
        "being replaced with the corresponding values.  If a SHELL-FORMAT "
        "is given,\n"
        "only those environment variables that are referenced in "
        "SHELL-FORMAT are\n"
        "substituted; otherwise all environment variables references "
        "occurring in\n"
        "standard input are substituted.\n\n"
        "When --variables is used, standard input is ignored, and the "
        "output consists\n"
        "of the environment variables that are referenced in SHELL-FORMAT, "
        "one per line.\n\n"
        "Report bugs in the bug tracker at "
        "<https://savannah.gnu.org/projects/gettext>\n"
        "or by email to <bug-gettext@gnu.org>.\n",
    .shortopts = "hvV",
    .longopts = envsubst_options,
    .version = "envsubst (GNU gettext-runtime) 0.21\n"
               "Copyright (C) 2003-2020 Free Software Foundation, Inc.\n"
               "License GPLv3+: GNU GPL version 3 or later "
               "<https://gnu.org/licenses/gpl.html>\n"
               "This is free software: you are free to change and redistribute "
               "it.\n"
               "There is NO WARRANTY, to the extent permitted by law.\n"
               "Written by Bruno Haible.\n",
};

static int copy_input(bi_ctx *b, const es_state *s) {
  bi_reader r;
  bi_reader_init(&r, b, b->in);
  vsh_buf o = {0};
  const char *line;
  size_t len;
  int rc;
  vsh_arena_mark m = vsh__arena_mark(b->arena);
  while ((rc = bi_read_line(&r, '\n', &line, &len)) > 0) {
    subst(s, line, len, &o);
    vsh__arena_pop(b->arena, m);
    if (o.len >= 65536) {
      if ((rc = bi_write(b, o.data, o.len))) break;
      vsh__buf_clear(&o);
    }
  }
  if (rc == 0 && o.len) rc = bi_write(b, o.data, o.len);
  vsh_buf_dispose(&o);
  bi_reader_dispose(&r);
  if (rc == VSH_EPIPE) return 141;
  return rc < 0 ? 1 : 0;
}

int bi_envsubst_main(bi_ctx *b) {
  bi_opts g = {0};
  bool list = false;
  int c;
  while ((c = bi_opt(b, &g, &envsubst_cmd)) != -1) {
    switch (c) {
    case 'h': return bi_cmd_help(b, &envsubst_cmd);
    case 'V': return bi_cmd_version(b, &envsubst_cmd);
    case 'v': list = true; break;
    default: return g.status;
    }
  }
  if (g.noperands > 1 || (list && !g.noperands)) {
    bi_err(b, "%s",
           g.noperands > 1 ? "too many arguments" : "missing arguments");
    return 1;
  }
  if (list) {
    vsh_buf o = {0};
    each_variable(g.operands[0], print_name, &o);
    int rc = o.len ? bi_write(b, o.data, o.len) : 0;
    vsh_buf_dispose(&o);
    return rc == VSH_EPIPE ? 141 : 0;
  }
  es_state s = {b, g.noperands ? g.operands[0] : NULL};
  return copy_input(b, &s);
}

/* cat.c: concatenate files to stdout.  GNU flags -n -b -s -A -v -E -T;
 * streams in 64 KiB chunks; stops quietly when the reader is gone. */
#include "builtins/builtins.h"

#include <string.h>

typedef struct cat_opts {
  bool number, number_nonblank, squeeze, show_ends, show_tabs, show_np;
} cat_opts;

typedef struct cat_state {
  long line;
  bool at_bol;
  int blank_run;
} cat_state;

static int emit_plain(bi_ctx *b, const char *buf, size_t n) {
  return bi_write(b, buf, n);
}

static int emit_fancy(bi_ctx *b, const cat_opts *o, cat_state *s,
                      const char *buf, size_t n) {
  vsh_buf out = {0};
  for (size_t i = 0; i < n; i++) {
    unsigned char ch = (unsigned char)buf[i];
    if (s->at_bol) {
      bool blank = ch == '\n';
      if (blank) s->blank_run++;
      else s->blank_run = 0;
      if (o->squeeze && blank && s->blank_run > 1) continue;
      if (o->number_nonblank ? !blank : o->number)
        vsh__buf_printf(&out, "%6ld\t", ++s->line);
      s->at_bol = false;
    }
    if (ch == '\n') {
      if (o->show_ends) vsh__buf_putc(&out, '$');
      vsh__buf_putc(&out, '\n');
      s->at_bol = true;
      continue;
    }
    if (ch == '\t' && o->show_tabs) {
      vsh__buf_puts(&out, "^I");
      continue;
    }
    if (o->show_np && ch != '\t') {
      if (ch >= 128) {
        vsh__buf_puts(&out, "M-");
        ch -= 128;
      }
      if (ch < 32) {
        vsh__buf_putc(&out, '^');
        vsh__buf_putc(&out, (char)(ch + 64));
        continue;
      }
      if (ch == 127) {
        vsh__buf_puts(&out, "^?");
        continue;
      }
    }
    vsh__buf_putc(&out, (char)ch);
  }
  int rc = bi_write(b, out.data ? out.data : "", out.len);
  vsh_buf_dispose(&out);
  return rc;
}

static int cat_stream(bi_ctx *b, sh_stream *in, const cat_opts *o, cat_state *s,
                      bool fancy) {
  char buf[65536];
  for (;;) {
    if (bi_cancelled(b)) return VSH_EABORTED;
    int64_t r = bi_read(b, in, buf, sizeof(buf));
    if (r < 0) return (int)r;
    if (r == 0) return 0;
    int rc = fancy ? emit_fancy(b, o, s, buf, (size_t)r)
                   : emit_plain(b, buf, (size_t)r);
    if (rc) return rc;
  }
}

/* In GNU's order, which an ambiguous prefix lists; the help text is
 * spelled out because it sorts the options by letter. */
static const bi_option cat_longopts[] = {
    {"number-nonblank", BI_ARG_NONE, 'b', NULL},
    {"number", BI_ARG_NONE, 'n', NULL},
    {"squeeze-blank", BI_ARG_NONE, 's', NULL},
    {"show-nonprinting", BI_ARG_NONE, 'v', NULL},
    {"show-ends", BI_ARG_NONE, 'E', NULL},
    {"show-tabs", BI_ARG_NONE, 'T', NULL},
    {"show-all", BI_ARG_NONE, 'A', NULL},
    {0}};

static const bi_cmd cat_cmd = {
    .name = "cat",
    .usage = "Usage: cat [OPTION]... [FILE]...\n",
    .about =
        "Concatenate FILE(s) to standard output.\n"
        "\n"
        "With no FILE, or when FILE is -, read standard input.\n"
        "\n"
        "  -A, --show-all           equivalent to -vET\n"
        "  -b, --number-nonblank    number nonempty output lines, overrides "
        "-n\n"
        "  -e                       equivalent to -vE\n"
        "  -E, --show-ends          display $ at end of each line\n"
        "  -n, --number             number all output lines\n"
        "  -s, --squeeze-blank      suppress repeated empty output lines\n"
        "  -t                       equivalent to -vT\n"
        "  -T, --show-tabs          display TAB characters as ^I\n"
        "  -u                       (ignored)\n"
        "  -v, --show-nonprinting   use ^ and M- notation, except for LFD "
        "and TAB\n"
        "      --help        display this help and exit\n"
        "      --version     output version information and exit\n",
    .shortopts = "nbsETvAetu",
    .longopts = cat_longopts,
};

int bi_cat_main(bi_ctx *b) {
  cat_opts o = {0};
  int nfiles = 0;
  char **files = vsh__arena_alloc(b->arena, (size_t)b->argc * sizeof(char *));
  if (!files) return 1;
  bi_opts g = {0};
  int c;
  while ((c = bi_opt(b, &g, &cat_cmd)) != -1) {
    switch (c) {
    case 'n': o.number = true; break;
    case 'b': o.number_nonblank = true; break;
    case 's': o.squeeze = true; break;
    case 'E': o.show_ends = true; break;
    case 'T': o.show_tabs = true; break;
    case 'v': o.show_np = true; break;
    case 'A': o.show_np = o.show_ends = o.show_tabs = true; break;
    case 'e': o.show_np = o.show_ends = true; break;
    case 't': o.show_np = o.show_tabs = true; break;
    case 'u': break;
    default: return g.status;
    }
  }
  for (int k = 0; k < g.noperands; k++) files[nfiles++] = g.operands[k];
  bool fancy = o.number || o.number_nonblank || o.squeeze || o.show_ends ||
               o.show_tabs || o.show_np;
  cat_state s = {.line = 0, .at_bol = true, .blank_run = 0};
  int st = 0;
  if (nfiles == 0) files[nfiles++] = (char *)"-";
  for (int k = 0; k < nfiles; k++) {
    const char *f = files[k];
    int rc;
    if (!strcmp(f, "-")) {
      rc = cat_stream(b, b->in, &o, &s, fancy);
      if (rc == VSH_EBADF) /* a closed standard input */
        bi_err(b, "-: %s", vsh_strerror(rc));
    } else {
      sh_stream *in = NULL;
      rc = bi_open_input(b, f, &in);
      if (!rc) {
        rc = cat_stream(b, in, &o, &s, fancy);
        sh_stream_unref(in);
      }
      if (rc && rc != VSH_EPIPE && rc != VSH_EABORTED) {
        bi_err(b, "%s: %s", bi_quotef(b, f), vsh_strerror(rc));
        st = 1;
        continue;
      }
    }
    if (rc == VSH_EPIPE) return 141;
    if (rc == VSH_EABORTED) return 1;
    if (rc) st = 1;
  }
  return st;
}

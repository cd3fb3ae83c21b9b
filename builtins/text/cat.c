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

static int cat_stream(bi_ctx *b, sh_stream *in, const cat_opts *o,
                      cat_state *s, bool fancy) {
  char buf[65536];
  for (;;) {
    if (bi_cancelled(b)) return VSH_EABORTED;
    int64_t r = sh_stream_read(in, buf, sizeof(buf), b->sh->ex);
    if (r < 0) return (int)r;
    if (r == 0) return 0;
    int rc = fancy ? emit_fancy(b, o, s, buf, (size_t)r)
                   : emit_plain(b, buf, (size_t)r);
    if (rc) return rc;
  }
}

int bi_cat_main(bi_ctx *b) {
  cat_opts o = {0};
  int i = 1;
  bool more_opts = true;
  int nfiles = 0;
  char **files = vsh__arena_alloc(b->arena, (size_t)b->argc * sizeof(char *));
  if (!files) return 1;
  for (; i < b->argc; i++) {
    const char *a = b->argv[i];
    if (more_opts && !strcmp(a, "--")) {
      more_opts = false;
      continue;
    }
    if (more_opts && a[0] == '-' && a[1]) {
      if (!strcmp(a, "--number")) { o.number = true; continue; }
      if (!strcmp(a, "--number-nonblank")) { o.number_nonblank = true; continue; }
      if (!strcmp(a, "--squeeze-blank")) { o.squeeze = true; continue; }
      if (!strcmp(a, "--show-all")) { o.show_np = o.show_ends = o.show_tabs = true; continue; }
      if (!strcmp(a, "--help")) {
        bi_puts(b, "Usage: cat [OPTION]... [FILE]...\nConcatenate FILE(s) to standard output.\n");
        return 0;
      }
      if (!strcmp(a, "--version")) {
        bi_puts(b, "cat (vsh) " VSH_VERSION_STRING "\n");
        return 0;
      }
      for (const char *p = a + 1; *p; p++) {
        switch (*p) {
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
        default:
          bi_err(b, "invalid option -- '%c'", *p);
          bi_err(b, "Try 'cat --help' for more information.");
          return 1;
        }
      }
      continue;
    }
    files[nfiles++] = (char *)a;
  }
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
    } else {
      sh_stream *in = NULL;
      rc = bi_open_input(b, f, &in);
      if (!rc) {
        rc = cat_stream(b, in, &o, &s, fancy);
        sh_stream_unref(in);
      }
      if (rc && rc != VSH_EPIPE && rc != VSH_EABORTED) {
        bi_err(b, "%s: %s", f, vsh_strerror(rc));
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

/* uniq.c: report or omit repeated adjacent lines.  GNU flags -c -d -D
 * (--all-repeated=none|prepend|separate) --group[=separate|prepend|append|
 * both] -u -i -f N -s N -w N -z and the
 * INPUT [OUTPUT] operands.  Streams: only the previous line is held. */
#include "builtins/builtins.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

typedef struct uniq_opts {
  bool count, dups, all_dups, uniques, icase;
  int all_mode; /* 0 none, 1 prepend, 2 separate */
  int group;    /* --group: 0 off, 1 separate, 2 prepend, 3 append, 4 both */
  uint64_t skip_fields, skip_chars, check_chars;
  bool has_check;
  char delim;
} uniq_opts;

/* The part of a line that is compared. */
static void cmp_span(const uniq_opts *o, const char *p, size_t n,
                     const char **out, size_t *olen) {
  if (n && p[n - 1] == o->delim) n--;
  size_t i = 0;
  for (uint64_t f = 0; f < o->skip_fields && i < n; f++) {
    while (i < n && (p[i] == ' ' || p[i] == '\t')) i++;
    while (i < n && p[i] != ' ' && p[i] != '\t') i++;
  }
  i = n - i < o->skip_chars ? n : i + (size_t)o->skip_chars;
  size_t len = n - i;
  if (o->has_check && len > o->check_chars) len = (size_t)o->check_chars;
  *out = p + i;
  *olen = len;
}

static bool same(const uniq_opts *o, const char *a, size_t an, const char *b,
                 size_t bn) {
  const char *pa, *pb;
  size_t la, lb;
  cmp_span(o, a, an, &pa, &la);
  cmp_span(o, b, bn, &pb, &lb);
  if (la != lb) return false;
  if (!o->icase) return !memcmp(pa, pb, la);
  for (size_t i = 0; i < la; i++)
    if (tolower((unsigned char)pa[i]) != tolower((unsigned char)pb[i]))
      return false;
  return true;
}

typedef struct uniq_out {
  bi_ctx *b;
  vfs_file *fh;
  vsh_buf buf;
} uniq_out;

static int out_flush(uniq_out *u) {
  int rc = 0;
  if (!u->buf.len) return 0;
  if (u->fh) {
    int64_t w = vfs_file_write(u->fh, u->buf.data, u->buf.len);
    rc = w < 0 ? (int)w : 0;
  } else {
    rc = bi_write(u->b, u->buf.data, u->buf.len);
  }
  u->buf.len = 0;
  return rc;
}

static int out_line(uniq_out *u, const uniq_opts *o, const char *l, size_t n,
                    uint64_t count) {
  if (o->count) vsh__buf_printf(&u->buf, "%7llu ", (unsigned long long)count);
  if (vsh__buf_reserve(&u->buf, n + 1)) return VSH_ENOMEM;
  memcpy(u->buf.data + u->buf.len, l, n);
  u->buf.len += n;
  if (!n || l[n - 1] != o->delim) u->buf.data[u->buf.len++] = o->delim;
  return u->buf.len >= 65536 ? out_flush(u) : 0;
}

enum { OPT_GROUP = BI_OPT_FIRST };

static const bi_option uniq_longopts[] = {
    {"count", BI_ARG_NONE, 'c', NULL},
    {"repeated", BI_ARG_NONE, 'd', NULL},
    {"all-repeated", BI_ARG_OPTIONAL, 'D', NULL},
    {"group", BI_ARG_OPTIONAL, OPT_GROUP, NULL},
    {"unique", BI_ARG_NONE, 'u', NULL},
    {"ignore-case", BI_ARG_NONE, 'i', NULL},
    {"skip-fields", BI_ARG_REQUIRED, 'f', NULL},
    {"skip-chars", BI_ARG_REQUIRED, 's', NULL},
    {"check-chars", BI_ARG_REQUIRED, 'w', NULL},
    {"zero-terminated", BI_ARG_NONE, 'z', NULL},
    {0}};

static const bi_cmd uniq_cmd = {
    .name = "uniq",
    .usage = "Usage: uniq [OPTION]... [INPUT [OUTPUT]]\n",
    .about =
        "Filter adjacent matching lines from INPUT (or standard input),\n"
        "writing to OUTPUT (or standard output).\n"
        "\n"
        "  -c, --count           prefix lines by the number of occurrences\n"
        "  -d, --repeated        only print duplicate lines, one for each "
        "group\n"
        "  -D                    print all duplicate lines\n"
        "  -f, --skip-fields=N   avoid comparing the first N fields\n"
        "  -i, --ignore-case     ignore differences in case when comparing\n"
        "  -s, --skip-chars=N    avoid comparing the first N characters\n"
        "  -u, --unique          only print unique lines\n"
        "      --group[=METHOD]  show all items, separating groups with an "
        "empty line;\n"
        "                          "
        "METHOD={separate(default),prepend,append,both}\n"
        "  -z, --zero-terminated     line delimiter is NUL, not newline\n"
        "  -w, --check-chars=N   compare no more than N characters in lines\n",
    .shortopts = "cdDuif:s:w:z",
    .longopts = uniq_longopts,
};

static bool num_arg(bi_ctx *b, const char *s, uint64_t *out, const char *what) {
  char *end;
  if (!*s || !isdigit((unsigned char)*s)) goto bad;
  unsigned long long v = strtoull(s, &end, 10);
  if (*end) goto bad;
  *out = v;
  return true;
bad:
  bi_err(b, "%s: %s", s, what);
  return false;
}

/* The option loop and its checks: -1 to go on, else the exit status. */
static int uniq_options(bi_ctx *b, bi_opts *g, uniq_opts *o) {
  int ch;
  while ((ch = bi_opt(b, g, &uniq_cmd)) != -1) {
    switch (ch) {
    case 'c': o->count = true; break;
    case 'd': o->dups = true; break;
    case 'D':
      o->all_dups = true;
      if (g->arg) {
        static const char *const modes[] = {"none", "prepend", "separate",
                                            NULL};
        o->all_mode = bi_argmatch(b, "--all-repeated", g->arg, modes);
        if (o->all_mode < 0) return bi_usage_error(b, &uniq_cmd, NULL);
      }
      break;
    case OPT_GROUP: {
      static const char *const modes[] = {"prepend", "append", "separate",
                                          "both", NULL};
      static const int as[] = {2, 3, 1, 4};
      int m = g->arg ? bi_argmatch(b, "--group", g->arg, modes) : 2;
      if (m < 0) return bi_usage_error(b, &uniq_cmd, NULL);
      o->group = as[m];
      break;
    }
    case 'u': o->uniques = true; break;
    case 'i': o->icase = true; break;
    case 'f':
      if (!num_arg(b, g->arg, &o->skip_fields,
                   "invalid number of fields to skip"))
        return 1;
      break;
    case 's':
      if (!num_arg(b, g->arg, &o->skip_chars,
                   "invalid number of bytes to skip"))
        return 1;
      break;
    case 'w':
      if (!num_arg(b, g->arg, &o->check_chars,
                   "invalid number of bytes to compare"))
        return 1;
      o->has_check = true;
      break;
    case 'z': o->delim = 0; break;
    default: return g->status;
    }
  }
  if (o->group && (o->count || o->dups || o->all_dups || o->uniques))
    return bi_usage_error(b, &uniq_cmd,
                          "--group is mutually exclusive with -c/-d/-D/-u");
  if (o->all_dups && o->count)
    return bi_usage_error(b, &uniq_cmd,
                          "printing all duplicated lines and "
                          "repeat counts is meaningless");
  if (g->noperands > 2)
    return bi_usage_error(b, &uniq_cmd, "extra operand " BI_LQ "%s" BI_RQ,
                          g->operands[2]);
  return -1;
}

int bi_uniq_main(bi_ctx *b) {
  uniq_opts o = {.delim = '\n'};
  bi_opts g = {0};
  int st = uniq_options(b, &g, &o);
  if (st >= 0) return st;
  const char *inname = g.noperands ? g.operands[0] : "-";
  sh_stream *in = NULL;
  int orc = bi_open_input(b, inname, &in);
  if (orc == VSH_EISDIR) {
    bi_err(b, "error reading '%s'", inname);
    return 1;
  }
  if (orc) {
    bi_err(b, "%s: %s", bi_quotef(b, inname), vsh_strerror(orc));
    return 1;
  }
  uniq_out u = {.b = b};
  if (g.noperands == 2 && strcmp(g.operands[1], "-")) {
    const char *p = bi_path(b, g.operands[1]);
    int rc = p ? vfs_open(b->fs, p, VFS_O_WRITE | VFS_O_CREAT | VFS_O_TRUNC,
                          bi_create_mode(b, 0666), &u.fh)
               : bi_path_error(g.operands[1]);
    if (rc) {
      bi_err(b, "%s: %s", bi_quotef(b, g.operands[1]), vsh_strerror(rc));
      sh_stream_unref(in);
      return 1;
    }
  }
  bi_reader *r = malloc(sizeof(*r));
  if (r) bi_reader_init(r, b, in);
  vsh_buf prev = {0};
  uint64_t count = 0;
  bool have = false, first_group = true;
  int rc = r ? 0 : VSH_ENOMEM;
  while (!rc) {
    const char *cur = NULL;
    size_t curn = 0;
    int got = bi_read_line(r, o.delim, &cur, &curn);
    if (got < 0) {
      rc = got;
      break;
    }
    bool match = got && have && same(&o, prev.data, prev.len, cur, curn);
    if (o.group) { /* every line, a delimiter line between groups */
      if (!got) {
        if (have && o.group >= 3) vsh__buf_putc(&u.buf, o.delim);
        break;
      }
      if (!match && (have || o.group == 2 || o.group == 4))
        vsh__buf_putc(&u.buf, o.delim);
      rc = out_line(&u, &o, cur, curn, 0);
      /* as GNU, the next line is compared with this one */
      prev.len = 0;
      if (!rc && vsh__buf_append(&prev, cur, curn)) rc = VSH_ENOMEM;
      have = true;
      continue;
    }
    if (match) {
      count++;
      if (o.all_dups) {
        if (count == 2) {
          if (o.all_mode == 1 || (o.all_mode == 2 && !first_group))
            vsh__buf_putc(&u.buf, o.delim);
          first_group = false;
          if (!o.uniques) /* -u drops the first line of each group */
            rc = out_line(&u, &o, prev.data, prev.len, 0);
        }
        if (!rc) rc = out_line(&u, &o, cur, curn, 0);
      }
      continue; /* keep the first line of the group */
    }
    if (have && !o.all_dups) {
      bool dup = count > 1;
      /* as GNU: -d drops the lines without a repeat, -u the repeated */
      if (dup ? !o.uniques : !o.dups)
        rc = out_line(&u, &o, prev.data, prev.len, count);
    }
    if (rc || !got) break;
    prev.len = 0;
    if (vsh__buf_append(&prev, cur, curn)) rc = VSH_ENOMEM;
    have = true;
    count = 1;
  }
  if (!rc) rc = out_flush(&u);
  if (u.fh) vfs_file_close(u.fh);
  vsh_buf_dispose(&u.buf);
  vsh_buf_dispose(&prev);
  if (r) bi_reader_dispose(r);
  free(r);
  sh_stream_unref(in);
  if (rc == VSH_EPIPE) return 141;
  if (rc == VSH_EABORTED) return 1;
  if (rc) {
    bi_err(b, "%s: %s", bi_quotef(b, inname), vsh_strerror(rc));
    return 1;
  }
  return 0;
}

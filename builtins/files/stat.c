/* stat.c: display file status (-L, -c/--format, --printf, -t terse).
 * Directives %a %A %b %B %d %D %f %F %g %G %h %i %m %n %N %o %s %t %T %u
 * %U %w %W %x %X %y %Y %z %Z with flags and widths.  Deviations: no
 * birth time (%w is "-"), one device (0,0), no -f (file system) mode. */
#include "builtins/builtins.h"

#include <stdio.h>
#include <string.h>

static const char usage[] =
    "Usage: stat [OPTION]... FILE...\n"
    "Display file or file system status.\n\n"
    "  -L, --dereference     follow links\n"
    "  -c  --format=FORMAT   use the specified FORMAT instead of the "
    "default;\n"
    "                          output a newline after each use of FORMAT\n"
    "      --printf=FORMAT   like --format, but interpret backslash "
    "escapes,\n"
    "                          and do not output a mandatory trailing "
    "newline\n"
    "  -t, --terse           print the information in terse form\n"
    "      --help     display this help and exit\n"
    "      --version  output version information and exit\n";

enum { OPT_PRINTF = BI_OPT_FIRST };

static const bi_option stat_options[] = {
    {"dereference", BI_ARG_NONE, 'L', NULL},
    {"format", BI_ARG_REQUIRED, 'c', NULL},
    {"printf", BI_ARG_REQUIRED, OPT_PRINTF, NULL},
    {"terse", BI_ARG_NONE, 't', NULL},
    {"file-system", BI_ARG_NONE, 'f', NULL},
    {0}};

static const bi_cmd stat_cmd = {
    .name = "stat",
    .usage = usage,
    .shortopts = "Lc:tf",
    .longopts = stat_options,
};

static const char *type_name(const vfs_info *st) {
  switch (st->type) {
  case VFS_DIR: return "directory";
  case VFS_LNK: return "symbolic link";
  case VFS_CHR: return "character special file";
  case VFS_FIFO: return "fifo";
  default: return st->size ? "regular file" : "regular empty file";
  }
}

static unsigned raw_mode(const vfs_info *st) {
  unsigned t = st->type == VFS_DIR    ? 0040000u
               : st->type == VFS_LNK  ? 0120000u
               : st->type == VFS_CHR  ? 0020000u
               : st->type == VFS_FIFO ? 0010000u
                                      : 0100000u;
  return t | (st->mode & 07777);
}

static void dev_numbers(const vfs_info *st, unsigned *maj, unsigned *min) {
  *maj = 0;
  *min = 0;
  if (st->type != VFS_CHR) return;
  *maj = st->dev == VFS_DEV_FD ? 136 : 1;
  *min = st->dev == VFS_DEV_NULL      ? 3
         : st->dev == VFS_DEV_ZERO    ? 5
         : st->dev == VFS_DEV_URANDOM ? 9
                                      : 0;
}

/* Shell-escape quoting only when the name needs it (GNU's %N style). */
static void quote_if_needed(vsh_buf *o, const char *s) {
  bool plain = *s != 0;
  for (const char *p = s; *p; p++) {
    unsigned char c = (unsigned char)*p;
    if (!(c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
          (c >= '0' && c <= '9') || strchr("-_./+,:@%^=", c)))
      plain = false;
  }
  if (plain) {
    vsh__buf_puts(o, s);
    return;
  }
  vsh__buf_putc(o, '\'');
  for (const char *p = s; *p; p++) {
    if (*p == '\'') vsh__buf_puts(o, "'\\''");
    else vsh__buf_putc(o, *p);
  }
  vsh__buf_putc(o, '\'');
}

typedef struct stat_item {
  bi_ctx *b;
  const char *name, *path;
  vfs_info st;
  bool follow;
} stat_item;

static void put_padded(vsh_buf *o, const char *flags, int width, int prec,
                       const char *val, bool numeric) {
  bool left = strchr(flags, '-') != NULL;
  bool zero = numeric && strchr(flags, '0') != NULL && !left;
  char digits[320];
  size_t n = strlen(val);
  if (numeric && prec > 0 && n < sizeof(digits) - 2) {
    /* a number's precision is its least count of digits, as printf's */
    bool neg = *val == '-';
    size_t nd = n - neg, k = 0;
    if (neg) digits[k++] = '-';
    for (; nd < (size_t)prec && k < sizeof(digits) - n - 1; nd++)
      digits[k++] = '0';
    memcpy(digits + k, val + neg, n - neg + 1);
    val = digits;
    n = strlen(val);
    zero = false;
  }
  if (prec >= 0 && !numeric && (size_t)prec < n) n = (size_t)prec;
  int pad = width > (int)n ? width - (int)n : 0;
  if (!left && !zero)
    for (int i = 0; i < pad; i++) vsh__buf_putc(o, ' ');
  if (zero) {
    const char *v = val;
    if (*v == '-') {
      vsh__buf_putc(o, '-');
      v++;
      n--;
    }
    for (int i = 0; i < pad; i++) vsh__buf_putc(o, '0');
    vsh__buf_append(o, v, n);
  } else {
    vsh__buf_append(o, val, n);
  }
  if (left)
    for (int i = 0; i < pad; i++) vsh__buf_putc(o, ' ');
}

/* %X %Y %Z: seconds, and with a precision (%.Y: 9) that many digits of
 * the fraction, GNU's way: -0.750 for a quarter second past -1. */
static void epoch(char *v, size_t cap, struct timespec t, int prec) {
  if (prec == -1 || prec == 0) {
    snprintf(v, cap, "%lld", (long long)t.tv_sec);
    return;
  }
  if (prec == -2) prec = 9;
  long long sec = t.tv_sec;
  long ns = t.tv_nsec;
  const char *sign = "";
  if (sec < 0 && ns) {
    sign = "-";
    sec = -(sec + 1);
    ns = 1000000000L - ns;
  } else if (sec < 0) {
    sign = "-";
    sec = -sec;
  }
  char frac[16];
  snprintf(frac, sizeof frac, "%09ld", ns);
  int n = snprintf(v, cap, "%s%lld.%.*s", sign, sec, prec < 9 ? prec : 9, frac);
  for (int k = 9; k < prec && n > 0 && (size_t)n + 1 < cap; k++) v[n++] = '0';
  if (n > 0 && (size_t)n < cap) v[n] = 0;
}

static void directive(stat_item *it, char d, const char *flags, int width,
                      int prec, vsh_buf *o) {
  char v[256];
  bool numeric = true;
  const vfs_info *st = &it->st;
  unsigned maj, min;
  dev_numbers(st, &maj, &min);
  v[0] = 0;
  switch (d) {
  case 'a': snprintf(v, sizeof v, "%o", st->mode & 07777); break;
  case 'A':
    bi_mode_string(st, v);
    numeric = false;
    break;
  case 'b':
    snprintf(v, sizeof v, "%llu", (unsigned long long)bi_blocks(st));
    break;
  case 'B': snprintf(v, sizeof v, "512"); break;
  case 'd': snprintf(v, sizeof v, "0"); break;
  case 'D': snprintf(v, sizeof v, "0"); break;
  case 'f': snprintf(v, sizeof v, "%x", raw_mode(st)); break;
  case 'F':
    snprintf(v, sizeof v, "%s", type_name(st));
    numeric = false;
    break;
  case 'g': snprintf(v, sizeof v, "%u", st->gid); break;
  case 'G': {
    const char *g = bi_group_name(st->gid);
    if (g) snprintf(v, sizeof v, "%s", g);
    else snprintf(v, sizeof v, "UNKNOWN");
    numeric = false;
    break;
  }
  case 'h': snprintf(v, sizeof v, "%u", st->nlink); break;
  case 'i': snprintf(v, sizeof v, "%llu", (unsigned long long)st->ino); break;
  case 'm':
    snprintf(v, sizeof v, "/");
    numeric = false;
    break;
  case 'n':
    snprintf(v, sizeof v, "%s", it->name);
    numeric = false;
    break;
  case 'N': {
    vsh_buf q = {0};
    vsh__buf_puts(&q, bi_quote(it->b, it->name));
    if (st->type == VFS_LNK) {
      vsh_buf t = {0};
      if (!vfs_readlink(it->b->fs, it->path, &t)) {
        vsh__buf_puts(&q, " -> ");
        vsh__buf_puts(&q, bi_quote(it->b, t.data ? t.data : ""));
      }
      vsh_buf_dispose(&t);
    }
    put_padded(o, flags, width, prec, q.data, false);
    vsh_buf_dispose(&q);
    return;
  }
  case 'o': snprintf(v, sizeof v, "4096"); break;
  case 's': snprintf(v, sizeof v, "%llu", (unsigned long long)st->size); break;
  case 't': snprintf(v, sizeof v, "%x", maj); break;
  case 'T': snprintf(v, sizeof v, "%x", min); break;
  case 'u': snprintf(v, sizeof v, "%u", st->uid); break;
  case 'U': {
    const char *u = bi_user_name(st->uid);
    if (u) snprintf(v, sizeof v, "%s", u);
    else snprintf(v, sizeof v, "UNKNOWN");
    numeric = false;
    break;
  }
  case 'w':
    snprintf(v, sizeof v, "-");
    numeric = false;
    break;
  case 'W': snprintf(v, sizeof v, "0"); break;
  case 'x':
    bi_fmt_full(it->b, st->atime, v, sizeof v);
    numeric = false;
    break;
  case 'y':
    bi_fmt_full(it->b, st->mtime, v, sizeof v);
    numeric = false;
    break;
  case 'z':
    bi_fmt_full(it->b, st->ctime, v, sizeof v);
    numeric = false;
    break;
  case 'X':
  case 'Y':
  case 'Z':
    epoch(v, sizeof v,
          d == 'X'   ? st->atime
          : d == 'Y' ? st->mtime
                     : st->ctime,
          prec);
    prec = -1;
    break;
  default: /* coreutils 9: an unknown directive is a bare "?" */
    vsh__buf_putc(o, '?');
    return;
  }
  put_padded(o, flags, width, prec == -2 ? 0 : prec, v, numeric);
}

static int escape(const char *p, vsh_buf *o) {
  /* p points after the backslash; returns characters consumed */
  switch (*p) {
  case 'n': vsh__buf_putc(o, '\n'); return 1;
  case 't': vsh__buf_putc(o, '\t'); return 1;
  case '\\': vsh__buf_putc(o, '\\'); return 1;
  case 'a': vsh__buf_putc(o, '\a'); return 1;
  case 'b': vsh__buf_putc(o, '\b'); return 1;
  case 'f': vsh__buf_putc(o, '\f'); return 1;
  case 'r': vsh__buf_putc(o, '\r'); return 1;
  case 'v': vsh__buf_putc(o, '\v'); return 1;
  case '"': vsh__buf_putc(o, '"'); return 1;
  case 'e': vsh__buf_putc(o, 27); return 1;
  case 0: vsh__buf_putc(o, '\\'); return 0;
  default:
    if (*p >= '0' && *p <= '7') {
      int v = 0, k = 0;
      while (k < 3 && p[k] >= '0' && p[k] <= '7') v = v * 8 + (p[k++] - '0');
      vsh__buf_putc(o, (char)v);
      return k;
    }
    vsh__buf_putc(o, '\\');
    vsh__buf_putc(o, *p);
    return 1;
  }
}

static void format(stat_item *it, const char *fmt, bool escapes, vsh_buf *o) {
  for (const char *p = fmt; *p; p++) {
    if (escapes && *p == '\\') {
      p += escape(p + 1, o);
      continue;
    }
    if (*p != '%') {
      vsh__buf_putc(o, *p);
      continue;
    }
    p++;
    if (*p == '%') {
      vsh__buf_putc(o, '%');
      continue;
    }
    if (!*p) {
      vsh__buf_putc(o, '%');
      break;
    }
    char flags[8] = {0};
    int nf = 0;
    while (*p && strchr("-+ #0'", *p) && nf < 7) flags[nf++] = *p++;
    int width = 0, prec = -1;
    while (*p >= '0' && *p <= '9') width = width * 10 + (*p++ - '0');
    if (*p == '.') {
      p++;
      prec = *p >= '0' && *p <= '9' ? 0 : -2; /* -2: a bare '.' */
      while (*p >= '0' && *p <= '9') prec = prec * 10 + (*p++ - '0');
    }
    if (*p == 'H' || *p == 'L') {
      /* %Hd %Ld %Hr %Lr: major/minor numbers, all 0 here but devices */
      char which = *p++;
      unsigned maj, min;
      dev_numbers(&it->st, &maj, &min);
      char v[32];
      if (*p == 'd') snprintf(v, sizeof v, "0");
      else snprintf(v, sizeof v, "%u", which == 'H' ? maj : min);
      put_padded(o, flags, width, prec, v, true);
      if (!*p) break;
      continue;
    }
    if (!*p) break;
    directive(it, *p, flags, width, prec, o);
  }
}

static void default_format(stat_item *it, bool terse, vsh_buf *o) {
  if (terse) {
    format(it, "%n %s %b %f %u %g %D %i %h %t %T %X %Y %Z %W %o\n", false, o);
    return;
  }
  vsh__buf_puts(o, "  File: ");
  quote_if_needed(o, it->name);
  if (it->st.type == VFS_LNK && !it->follow) {
    vsh_buf t = {0};
    if (!vfs_readlink(it->b->fs, it->path, &t)) {
      vsh__buf_puts(o, " -> ");
      quote_if_needed(o, t.data ? t.data : "");
    }
    vsh_buf_dispose(&t);
  }
  vsh__buf_putc(o, '\n');
  if (it->st.type == VFS_CHR)
    format(it,
           "  Size: %-10s\tBlocks: %-10b IO Block: %-6o %F\n"
           "Device: 0,5\tInode: %-11i Links: %-5h Device type: %Hr,%Lr\n",
           false, o);
  else
    format(it,
           "  Size: %-10s\tBlocks: %-10b IO Block: %-6o %F\n"
           "Device: 0,27\tInode: %-11i Links: %h\n",
           false, o);
  format(it,
         "Access: (%04a/%10.10A)  Uid: (%5u/%8U)   Gid: (%5g/%8G)\n"
         "Access: %x\nModify: %y\nChange: %z\n Birth: %w\n",
         false, o);
}

int bi_stat_main(bi_ctx *b) {
  bi_opts g = {0};
  bool follow = false, terse = false, escapes = false;
  const char *fmt = NULL;
  int c;
  while ((c = bi_opt(b, &g, &stat_cmd)) != -1) {
    switch (c) {
    case 'L': follow = true; break;
    case 'c':
      fmt = g.arg;
      escapes = false;
      break;
    case OPT_PRINTF:
      fmt = g.arg;
      escapes = true;
      break;
    case 't': terse = true; break;
    case 'f': bi_err(b, "-f (file system status) is not supported"); return 1;
    default: return g.status;
    }
  }
  if (!g.noperands) return bi_usage_error(b, &stat_cmd, "missing operand");
  int st = 0;
  vsh_buf o = {0};
  for (int i = 0; i < g.noperands; i++) {
    if (bi_cancelled(b)) break;
    vsh_arena_mark m = vsh__arena_mark(b->arena);
    stat_item it = {.b = b, .name = g.operands[i], .follow = follow};
    it.path = bi_path(b, it.name);
    int rc = it.path ? vfs_stat(b->fs, it.path, follow, &it.st)
                     : bi_path_error(it.name);
    if (rc) {
      bi_err(b, "cannot statx %s: %s", bi_quote(b, it.name), vsh_strerror(rc));
      st = 1;
      vsh__arena_pop(b->arena, m);
      continue;
    }
    vsh__buf_clear(&o);
    if (fmt) {
      format(&it, fmt, escapes, &o);
      if (!escapes) vsh__buf_putc(&o, '\n');
    } else {
      default_format(&it, terse, &o);
    }
    rc = o.len ? bi_write(b, o.data, o.len) : 0;
    vsh__arena_pop(b->arena, m);
    if (rc == VSH_EPIPE) {
      st = 141;
      break;
    }
  }
  vsh_buf_dispose(&o);
  return st;
}

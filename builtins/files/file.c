/* file.c: determine file type from a small magic table (empty, text
 * flavours and line terminators, scripts by #!, JSON, XML, HTML, PNG,
 * JPEG, GIF, gzip, zip, ELF, PDF, directories, links, devices).
 * Deviation: a handful of types, not libmagic's database; only the first
 * 64 KiB are examined. */
#include "builtins/builtins.h"

#include <stdio.h>
#include <string.h>

static const char usage[] =
    "Usage: file [-bhLz] [--] FILE...\n"
    "Determine type of FILEs.\n\n"
    "  -b, --brief                do not prepend filenames to output lines\n"
    "  -h, --no-dereference       don't follow symlinks (default)\n"
    "  -L, --dereference          follow symlinks\n"
    "  -i, --mime                 output MIME type strings\n"
    "      --help                 display this help and exit\n"
    "  -v, --version              output version information and exit\n";

static const char no_file_usage[] =
    "Usage: file [-bcCdEhikLlNnprsSvzZ0] [--apple] [--extension] "
    "[--mime-encoding]\n"
    "            [--mime-type] [-e <testname>] [-F <separator>]  "
    "[-f <namefile>]\n"
    "            [-m <magicfiles>] [-P <parameter=value>] [--exclude-quiet]\n"
    "            <file> ...\n"
    "       file -C [-m <magicfiles>]\n"
    "       file [--help]";

enum { OPT_MIME_TYPE = BI_OPT_FIRST };

static const bi_option file_options[] = {
    {"brief", BI_ARG_NONE, 'b', NULL},
    {"no-dereference", BI_ARG_NONE, 'h', NULL},
    {"dereference", BI_ARG_NONE, 'L', NULL},
    {"mime", BI_ARG_NONE, 'i', NULL},
    {"mime-type", BI_ARG_NONE, OPT_MIME_TYPE, NULL},
    {0}};

static const bi_cmd file_cmd = {
    .name = "file",
    .usage = usage,
    .shortopts = "bhLivz",
    .longopts = file_options,
    .version = "file-5.44 (vsh " VSH_VERSION_STRING ")\n",
};

#define FILE_PEEK 65536

static bool starts(const unsigned char *d, size_t n, const char *m, size_t ml) {
  return n >= ml && !memcmp(d, m, ml);
}

static uint32_t be32(const unsigned char *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 |
         p[3];
}

/* text classification: 0 binary, 1 ASCII, 2 UTF-8 */
static int text_kind(const unsigned char *d, size_t n) {
  bool ascii = true;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = d[i];
    if (c >= 0x80) {
      ascii = false;
      continue;
    }
    if (c < 32 && !strchr("\n\r\t\f\b\x1b", c)) return 0;
    if (c == 127) return 0;
  }
  if (ascii) return 1;
  /* a cut-off final sequence is fine */
  size_t m = n;
  if (n == FILE_PEEK)
    while (m > 0 && n - m < 4 && (d[m - 1] & 0xc0) == 0x80) m--;
  if (n == FILE_PEEK && m > 0 && d[m - 1] >= 0xc0) m--;
  return vsh__utf8_valid((const char *)d, m) ? 2 : 0;
}

/* libmagic's CSV test: at least three complete records, each with the
 * same number (two or more) of comma-separated fields; quoted fields may
 * hold commas and newlines; a final unterminated record is ignored. */
static bool is_csv(const unsigned char *d, size_t n) {
  size_t fields = 1, want = 0, records = 0;
  bool q = false;
  for (size_t k = 0; k < n; k++) {
    unsigned char c = d[k];
    if (q) {
      if (c == '"') {
        if (k + 1 < n && d[k + 1] == '"') k++;
        else q = false;
      }
      continue;
    }
    if (c == '"') {
      q = true;
    } else if (c == ',') {
      fields++;
    } else if (c == '\n') {
      if (!want) want = fields;
      if (fields != want || want < 2) return false;
      records++;
      fields = 1;
    }
  }
  return !q && records >= 3;
}

static void describe_text(const unsigned char *d, size_t n, int kind, bool exec,
                          vsh_buf *o) {
  const char *enc = kind == 1 ? "ASCII text" : "Unicode text, UTF-8 text";
  size_t i = 0;
  while (i < n && (d[i] == ' ' || d[i] == '\t' || d[i] == '\n' || d[i] == '\r'))
    i++;
  if (starts(d, n, "#!", 2)) {
    size_t e = 2;
    while (e < n && d[e] != '\n') e++;
    char line[256];
    size_t ll = e - 2 < sizeof line - 1 ? e - 2 : sizeof line - 1;
    memcpy(line, d + 2, ll);
    line[ll] = 0;
    const char *interp = line;
    while (*interp == ' ') interp++;
    const char *base = strrchr(interp, '/');
    char prog[64] = {0};
    const char *p0 = base ? base + 1 : interp;
    size_t pl = strcspn(p0, " \t");
    if (pl >= sizeof prog) pl = sizeof prog - 1;
    memcpy(prog, p0, pl);
    if (!strcmp(prog, "env")) {
      const char *arg = p0 + pl;
      while (*arg == ' ') arg++;
      size_t al = strcspn(arg, " \t");
      if (al >= sizeof prog) al = sizeof prog - 1;
      memcpy(prog, arg, al);
      prog[al] = 0;
    }
    const char *what = NULL;
    if (!strcmp(prog, "sh")) what = "POSIX shell script";
    else if (!strcmp(prog, "bash")) what = "Bourne-Again shell script";
    else if (!strncmp(prog, "python", 6)) what = "Python script";
    else if (!strcmp(prog, "perl")) what = "Perl script";
    else if (!strcmp(prog, "node")) what = "Node.js script";
    else if (!strcmp(prog, "ruby")) what = "Ruby script";
    else if (!strcmp(prog, "zsh")) what = "Paul Falstad's zsh script";
    else if (!strcmp(prog, "awk")) what = "awk script";
    if (what) vsh__buf_printf(o, "%s, %s executable", what, enc);
    else vsh__buf_printf(o, "a %s script, %s executable", prog, enc);
    return;
  }
  if (n - i >= 5 && !memcmp(d + i, "<?xml", 5)) {
    vsh__buf_printf(o, "XML 1.0 document, %s", enc);
    return;
  }
  if ((n - i >= 9 && !strncasecmp((const char *)d + i, "<!DOCTYPE", 9)) ||
      (n - i >= 5 && !strncasecmp((const char *)d + i, "<html", 5))) {
    vsh__buf_printf(o, "HTML document, %s", enc);
    return;
  }
  if (i < n && (d[i] == '{' || d[i] == '[')) {
    /* JSON if it balances and ends with the matching bracket */
    size_t e = n;
    while (e > i && (d[e - 1] == '\n' || d[e - 1] == ' ' || d[e - 1] == '\r' ||
                     d[e - 1] == '\t'))
      e--;
    char close = d[i] == '{' ? '}' : ']';
    if (e > i + 1 && d[e - 1] == close) {
      int depth = 0;
      bool instr = false, ok = true;
      for (size_t k = i; k < e; k++) {
        unsigned char c = d[k];
        if (instr) {
          if (c == '\\') k++;
          else if (c == '"') instr = false;
          continue;
        }
        if (c == '"') instr = true;
        else if (c == '{' || c == '[') depth++;
        else if (c == '}' || c == ']') {
          if (--depth < 0) ok = false;
        }
      }
      if (ok && depth == 0 && !instr) {
        vsh__buf_puts(o, "JSON text data");
        return;
      }
    }
  }
  if (is_csv(d, n)) {
    vsh__buf_puts(o, "CSV text");
    return;
  }
  vsh__buf_puts(o, enc);
  bool crlf = false, lf = false, cr = false, esc = false;
  size_t longest = 0, cur = 0;
  for (size_t k = 0; k < n; k++) {
    if (d[k] == '\n') {
      if (k > 0 && d[k - 1] == '\r') crlf = true;
      else lf = true;
      cur = 0;
    } else if (d[k] == '\r' && (k + 1 >= n || d[k + 1] != '\n')) {
      cr = true;
    } else {
      if (d[k] == 0x1b) esc = true;
      if (++cur > longest) longest = cur;
    }
  }
  if (longest > 300)
    vsh__buf_printf(o, ", with very long lines (%zu)", longest);
  if (crlf && !lf) vsh__buf_puts(o, ", with CRLF line terminators");
  else if (crlf && lf) vsh__buf_puts(o, ", with CRLF, LF line terminators");
  else if (cr && !lf) vsh__buf_puts(o, ", with CR line terminators");
  else if (!lf && !crlf) vsh__buf_puts(o, ", with no line terminators");
  if (esc) vsh__buf_puts(o, ", with escape sequences");
  (void)exec;
}

static void describe_data(const unsigned char *d, size_t n, bool exec,
                          vsh_buf *o) {
  if (starts(d, n, "\x89PNG\r\n\x1a\n", 8)) {
    if (n >= 26 && !memcmp(d + 12, "IHDR", 4)) {
      static const char *ct[] = {"grayscale",  "?", "RGB", "colormap",
                                 "gray+alpha", "?", "RGBA"};
      unsigned t = d[25] <= 6 ? d[25] : 1;
      vsh__buf_printf(o, "PNG image data, %u x %u, %u-bit%s%s, %s",
                      be32(d + 16), be32(d + 20), d[24],
                      t == 3 ? " " : "/color ", ct[t],
                      n > 28 && d[28] ? "interlaced" : "non-interlaced");
    } else {
      vsh__buf_puts(o, "PNG image data");
    }
    return;
  }
  if (starts(d, n, "\xff\xd8\xff", 3)) {
    vsh__buf_puts(o, "JPEG image data");
    if (n >= 11 && !memcmp(d + 6, "JFIF", 4))
      vsh__buf_puts(o, ", JFIF standard");
    return;
  }
  if (starts(d, n, "GIF87a", 6) || starts(d, n, "GIF89a", 6)) {
    vsh__buf_printf(o, "GIF image data, version %.3s", d + 3);
    if (n >= 10)
      vsh__buf_printf(o, ", %u x %u", d[6] | d[7] << 8, d[8] | d[9] << 8);
    return;
  }
  if (starts(d, n, "\x1f\x8b", 2)) {
    vsh__buf_puts(o, "gzip compressed data");
    return;
  }
  if (starts(d, n, "PK\x03\x04", 4)) {
    vsh__buf_puts(o, "Zip archive data");
    return;
  }
  if (starts(d, n, "BZh", 3)) {
    vsh__buf_puts(o, "bzip2 compressed data");
    return;
  }
  if (starts(d, n,
             "\xfd"
             "7zXZ",
             5)) {
    vsh__buf_puts(o, "XZ compressed data");
    return;
  }
  if (starts(d, n, "%PDF-", 5)) {
    vsh__buf_printf(o, "PDF document, version %.3s",
                    n >= 8 ? (const char *)d + 5 : "?");
    return;
  }
  if (starts(d, n,
             "\x7f"
             "ELF",
             4)) {
    vsh__buf_printf(o, "ELF %s-bit %s", n > 4 && d[4] == 2 ? "64" : "32",
                    n > 5 && d[5] == 2 ? "MSB" : "LSB");
    return;
  }
  if (n > 262 && !memcmp(d + 257, "ustar", 5)) {
    vsh__buf_puts(o, !memcmp(d + 257, "ustar  ", 8) ? "POSIX tar archive (GNU)"
                                                    : "POSIX tar archive");
    return;
  }
  int k = text_kind(d, n);
  if (k) describe_text(d, n, k, exec, o);
  else vsh__buf_puts(o, "data");
}

/* A MIME answer: -i adds the charset, --mime-type (mime 2) does not. */
static void put_mime(vsh_buf *o, int mime, const char *type,
                     const char *charset) {
  vsh__buf_puts(o, type);
  if (mime == 1) vsh__buf_printf(o, "; charset=%s", charset);
}

/* The first FILE_PEEK bytes of p, or of stdin for "-"; 0 or a vsh_err. */
static int peek(bi_ctx *b, const char *p, unsigned char *buf, size_t *n) {
  vfs_file *fh = NULL;
  int rc = p ? vfs_open(b->fs, p, VFS_O_READ, 0, &fh) : 0;
  if (rc) return rc;
  *n = 0;
  while (*n < FILE_PEEK) {
    int64_t r = fh ? vfs_file_read(fh, buf + *n, FILE_PEEK - *n)
                   : bi_read(b, b->in, buf + *n, FILE_PEEK - *n);
    if (r <= 0) break;
    *n += (size_t)r;
  }
  if (fh) vfs_file_close(fh);
  return 0;
}

static void describe_bytes(const unsigned char *buf, size_t n, int mime,
                           bool exec, vsh_buf *o) {
  if (!n) {
    if (mime) put_mime(o, mime, "inode/x-empty", "binary");
    else vsh__buf_puts(o, "empty");
  } else if (mime) {
    int k = text_kind(buf, n);
    put_mime(o, mime, k ? "text/plain" : "application/octet-stream",
             k == 1   ? "us-ascii"
             : k == 2 ? "utf-8"
                      : "binary");
  } else {
    describe_data(buf, n, exec, o);
  }
}

/* What op is ("-": standard input), appended to o. */
static void describe_one(bi_ctx *b, const char *op, int mime, bool follow,
                         unsigned char *buf, vsh_buf *o) {
  size_t n = 0;
  if (!strcmp(op, "-")) {
    peek(b, NULL, buf, &n);
    describe_bytes(buf, n, mime, false, o);
    return;
  }
  const char *p = bi_path(b, op);
  vfs_info info;
  int rc = p ? vfs_stat(b->fs, p, follow, &info) : bi_path_error(op);
  if (rc) {
    vsh__buf_printf(o, "cannot open `%s' (%s)", op, vsh_strerror(rc));
  } else if (info.type == VFS_DIR) {
    if (mime) put_mime(o, mime, "inode/directory", "binary");
    else vsh__buf_puts(o, "directory");
  } else if (info.type == VFS_LNK) {
    vsh_buf t = {0};
    vfs_readlink(b->fs, p, &t);
    vfs_info ti;
    bool ok = !vfs_stat(b->fs, p, true, &ti);
    if (mime) put_mime(o, mime, "inode/symlink", "binary");
    else
      vsh__buf_printf(o, "%ssymbolic link to %.*s", ok ? "" : "broken ",
                      (int)t.len, t.data ? t.data : "");
    vsh_buf_dispose(&t);
  } else if (info.type == VFS_CHR) {
    unsigned minor = info.dev == VFS_DEV_NULL      ? 3
                     : info.dev == VFS_DEV_ZERO    ? 5
                     : info.dev == VFS_DEV_URANDOM ? 9
                                                   : 0;
    vsh__buf_printf(o, "character special (%u/%u)",
                    info.dev == VFS_DEV_FD ? 136 : 1, minor);
  } else if (info.type == VFS_FIFO) {
    if (mime) put_mime(o, mime, "inode/fifo", "binary");
    else vsh__buf_puts(o, "fifo (named pipe)");
  } else if (!info.size) {
    describe_bytes(buf, 0, mime, false, o);
  } else if ((rc = peek(b, p, buf, &n))) {
    vsh__buf_printf(o, "cannot open `%s' (%s)", op, vsh_strerror(rc));
  } else {
    describe_bytes(buf, n, mime, (info.mode & 0111) != 0, o);
  }
}

int bi_file_main(bi_ctx *b) {
  bi_opts g = {0};
  bool brief = false, follow = false;
  int mime = 0, c;
  while ((c = bi_opt(b, &g, &file_cmd)) != -1) {
    switch (c) {
    case 'b': brief = true; break;
    case 'h': follow = false; break;
    case 'L': follow = true; break;
    case 'i': mime = 1; break;
    case OPT_MIME_TYPE: mime = 2; break;
    case 'z': break;
    case 'v': return bi_cmd_version(b, &file_cmd);
    default: return g.status;
    }
  }
  if (!g.noperands) { /* file 5.44's synopsis, on stderr */
    bi_errline(b, "%s", no_file_usage);
    return 1;
  }
  size_t width = 0;
  for (int i = 0; i < g.noperands; i++)
    if (strlen(g.operands[i]) > width) width = strlen(g.operands[i]);
  unsigned char *buf = malloc(FILE_PEEK);
  if (!buf) return 1;
  vsh_buf o = {0};
  int st = 0;
  for (int i = 0; i < g.noperands && !st; i++) {
    if (bi_cancelled(b)) {
      st = 1;
      break;
    }
    const char *op = g.operands[i];
    /* "-" is shown as /dev/stdin, padded as GNU does for "-" */
    const char *shown = strcmp(op, "-") ? op : "/dev/stdin";
    vsh__buf_clear(&o);
    if (!brief)
      vsh__buf_printf(&o, "%s:%*s", shown, (int)(width - strlen(op) + 1), "");
    describe_one(b, op, mime, follow, buf, &o);
    vsh__buf_putc(&o, '\n');
    if (bi_write(b, o.data, o.len) == VSH_EPIPE) st = 141;
  }
  free(buf);
  vsh_buf_dispose(&o);
  return st;
}

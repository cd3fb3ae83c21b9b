/* unzip.c: list, test and extract .zip archives (Info-ZIP unzip 6.0's
 * options -l -v -t -p -c -o -n -q -j -d -x -D -Z1, its messages, listing
 * formats and exit statuses: 1 warning, 2 bad member data, 3 a broken
 * directory, 9 no archive, 10 bad options, 11 no member matched, 50 disk
 * full).  Methods: stored and deflate.  Without -o/-n an existing file
 * is asked about on stdin; at end of input the answer is "[N]one", as
 * unzip answers when stdin is empty.  Member names lose a leading "/"
 * and ".." components, with unzip's warnings.  The archive is read
 * whole (bounded by the exec's memory); see zipfmt.c for the checks. */
#include "builtins/archive/zip_int.h"
#include "builtins/builtins.h"

#include <fnmatch.h>
#include <stdio.h>
#include <string.h>

typedef struct uz_link {
  char *shown, *target;
} uz_link;

typedef struct uz_dir {
  char *path;
  unsigned mode;
  int64_t mtime;
} uz_dir;

typedef struct uz {
  bi_ctx *b;
  int quiet;
  char mode; /* 'x' extract, 'l', 'v', 't', 'p' (-p), 'c', 'Z' (-Z1) */
  bool over, never, junk, no_times;
  bool fresh, update; /* -f: only files that exist; -u: also new ones;
                         both only when the member is newer */
  const char *exdir;
  char **incl, **excl;
  int nincl, nexcl;
  bool *hit, *xhit;
  int status;
  char answer; /* 0 ask, 'A' all, 'N' none */
  bi_reader *rd;
  const char *zipname;
  const zf_entry *ents; /* the archive's members (for their numbers) */
  uz_link *links;
  size_t nlinks, caplinks;
  uz_dir *dirs;
  size_t ndirs, capdirs;
} uz;

static void worst(uz *u, int st) {
  if (st > u->status) u->status = st;
}

static const char usage_text[] =
    "UnZip 6.00 of 20 April 2009, by Debian. Original by Info-ZIP.\n"
    "\n"
    "Usage: unzip [-Z] [-opts[modifiers]] file[.zip] [list] [-x xlist] "
    "[-d exdir]\n"
    "  Default action is to extract files in list, except those in xlist, "
    "to exdir;\n"
    "  file[.zip] may be a wildcard.  -Z => ZipInfo mode (\"unzip -Z\" for "
    "usage).\n"
    "\n"
    "  -p  extract files to pipe, no messages     -l  list files (short "
    "format)\n"
    "  -f  freshen existing files, create none    -t  test compressed "
    "archive data\n"
    "  -u  update files, create if necessary      -z  display archive "
    "comment only\n"
    "  -v  list verbosely/show version info       -T  timestamp archive to "
    "latest\n"
    "  -x  exclude files that follow (in xlist)   -d  extract files into "
    "exdir\n"
    "modifiers:\n"
    "  -n  never overwrite existing files         -q  quiet mode (-qq => "
    "quieter)\n"
    "  -o  overwrite files WITHOUT prompting      -a  auto-convert any text "
    "files\n"
    "  -j  junk paths (do not make directories)   -aa treat ALL files as "
    "text\n"
    "  -U  use escapes for all non-ASCII Unicode  -UU ignore any Unicode "
    "fields\n"
    "  -C  match filenames case-insensitively     -L  make (some) names "
    "lowercase\n"
    "  -X  restore UID/GID info                   -V  retain VMS version "
    "numbers\n"
    "  -K  keep setuid/setgid/tacky permissions   -M  pipe through \"more\" "
    "pager\n"
    "See \"unzip -hh\" or unzip.txt for more help.  Examples:\n"
    "  unzip data1 -x joe   => extract all files except joe from zipfile "
    "data1.zip\n"
    "  unzip -p foo | more  => send contents of foo.zip via pipe into "
    "program more\n"
    "  unzip -fo foo ReadMe => quietly replace existing ReadMe if archive "
    "file newer\n";

/* Text on stderr with no newline added (the replace prompt). */
static void err_raw(bi_ctx *b, const char *s) {
  bi_write_to(b, b->err, s, strlen(s));
}

static bool wanted(uz *u, const char *name) {
  bool in = !u->nincl;
  for (int i = 0; i < u->nincl; i++)
    if (!fnmatch(u->incl[i], name, 0)) {
      u->hit[i] = true;
      in = true;
    }
  if (!in) return false;
  for (int i = 0; i < u->nexcl; i++)
    if (!fnmatch(u->excl[i], name, 0)) {
      u->xhit[i] = true;
      return false;
    }
  return true;
}

static void date_of(uz *u, const zf_entry *e, char *out, size_t n) {
  bi_tm tm;
  bi_time_at(e->mtime, bi_tz_offset_at(u->b, e->mtime), &tm);
  snprintf(out, n, "%04d-%02d-%02d %02d:%02d", (int)tm.year, tm.mon + 1,
           tm.mday, tm.hour, tm.min);
}

static const char *method_name(const zf_entry *e, char *buf, size_t n) {
  if (e->method == 0) return "Stored";
  if (e->method == 8) {
    snprintf(buf, n, "Defl:%c", "NXFS"[(e->flags >> 1) & 3]);
    return buf;
  }
  snprintf(buf, n, "Unk:%03u", e->method);
  return buf;
}

static int list(uz *u, const zf_archive *a) {
  bi_ctx *b = u->b;
  bool v = u->mode == 'v';
  uint64_t tu = 0, tc = 0, nf = 0;
  if (u->quiet < 2 &&
      bi_puts(b, v ? " Length   Method    Size  Cmpr    Date    Time   "
                     "CRC-32   Name\n--------  ------  ------- ---- "
                     "---------- ----- --------  ----\n"
                   : "  Length      Date    Time    Name\n---------  "
                     "---------- -----   ----\n"))
    return 141;
  for (size_t i = 0; i < a->n; i++) {
    const zf_entry *e = &a->ents[i];
    if (bi_charge(b, 1)) return 1;
    if (!wanted(u, e->name)) continue;
    char d[32], m[16];
    date_of(u, e, d, sizeof d);
    /* an encrypted member's 12-byte header is not its data */
    uint64_t cs = e->flags & 1 && e->csize >= 12 ? e->csize - 12 : e->csize;
    int rc = v ? bi_printf(b, "%8llu  %-6s %8llu %3d%% %s %08x  %s\n",
                           (unsigned long long)e->usize,
                           method_name(e, m, sizeof m), (unsigned long long)cs,
                           zf_ratio(e->usize, cs), d, e->crc, e->name)
               : bi_printf(b, "%9llu  %s   %s\n", (unsigned long long)e->usize,
                           d, e->name);
    if (rc) return 141;
    tu += e->usize;
    tc += cs;
    nf++;
  }
  if (u->quiet >= 2) return 0;
  const char *s = nf == 1 ? "" : "s";
  int rc = v ? bi_printf(b,
                         "--------          -------  ---                 "
                         "           -------\n%8llu         %8llu %3d%%      "
                         "                      %llu file%s\n",
                         (unsigned long long)tu, (unsigned long long)tc,
                         zf_ratio(tu, tc), (unsigned long long)nf, s)
             : bi_printf(b,
                         "---------                     -------\n%9llu       "
                         "              %llu file%s\n",
                         (unsigned long long)tu, (unsigned long long)nf, s);
  return rc ? 141 : 0;
}

/* ---- extraction --------------------------------------------------- */

typedef struct uz_out {
  bi_ctx *b;
  vfs_file *f;  /* a file, or */
  vsh_buf *buf; /* a symlink's target, or stdout */
  int err;
} uz_out;

static int sink_out(void *ud, const void *d, size_t n) {
  uz_out *o = ud;
  if (o->buf) {
    if (o->buf->len + n > 4096) return o->err = VSH_ENAMETOOLONG;
    return vsh__buf_append(o->buf, d, n);
  }
  if (!o->f) return o->err = bi_write(o->b, d, n);
  int64_t w = vfs_file_write(o->f, d, n);
  if (w < 0) return o->err = (int)w;
  return 0;
}

/* The member name made safe: no leading '/', no "." or ".." parts
 * (warned about as unzip does); -j keeps the last part. */
static char *safe_name(uz *u, const char *name) {
  bi_ctx *b = u->b;
  vsh_buf o = {0};
  bool dotdot = false;
  if (name[0] == '/' && u->quiet < 2 && u->mode != 'p')
    bi_errline(b, "warning:  stripped absolute path spec from %s", name);
  if (name[0] == '/') worst(u, 1);
  const char *p = name;
  while (*p) {
    while (*p == '/') p++;
    const char *q = p;
    while (*q && *q != '/') q++;
    size_t n = (size_t)(q - p);
    if (n == 2 && p[0] == '.' && p[1] == '.') dotdot = true;
    else if (n && !(n == 1 && *p == '.')) {
      if (u->junk && *q) {
        p = q;
        continue;
      }
      if (o.len) vsh__buf_putc(&o, '/');
      vsh__buf_append(&o, p, n);
    }
    p = q;
  }
  if (dotdot) {
    if (u->quiet < 2 && u->mode != 'p')
      bi_printf(b, "warning:  skipped \"../\" path component(s) in %s\n", name);
    worst(u, 1);
  }
  char *r = vsh__arena_strndup(b->arena, o.data ? o.data : "", o.len);
  vsh_buf_dispose(&o);
  return r;
}

/* Asks before replacing; true to go on.  *shown may change (rename). */
static bool ask_replace(uz *u, const char **shown, const char **abs) {
  bi_ctx *b = u->b;
  if (u->never || u->answer == 'N') return false;
  if (u->over || u->answer == 'A') return true;
  if (!u->rd) {
    u->rd = calloc(1, sizeof *u->rd);
    if (!u->rd) return false;
    bi_reader_init(u->rd, b, b->in);
  }
  for (;;) {
    err_raw(b, "replace ");
    err_raw(b, *shown);
    err_raw(b, "? [y]es, [n]o, [A]ll, [N]one, [r]ename: ");
    const char *l;
    size_t n;
    if (bi_read_line(u->rd, '\n', &l, &n) != 1) {
      bi_errline(b, " NULL\n(EOF or read error, treating as \"[N]one\" ...)");
      u->answer = 'N';
      worst(u, 1);
      return false;
    }
    if (n && l[n - 1] == '\n') n--;
    char c = n ? l[0] : 0;
    if (c == 'y') return true;
    if (c == 'n') return false;
    if (c == 'A' || c == 'N') {
      u->answer = c;
      return c == 'A';
    }
    if (c == 'r') {
      err_raw(b, "new name: ");
      if (bi_read_line(u->rd, '\n', &l, &n) != 1) return false;
      if (n && l[n - 1] == '\n') n--;
      *shown = vsh__arena_strndup(b->arena, l, n);
      *abs = bi_path(b, *shown);
      return true;
    }
    bi_errline(b, "error:  invalid response [%.*s]", (int)n, l);
  }
}

static void push_dir(uz *u, const char *abs, unsigned mode, int64_t mtime) {
  if (u->ndirs == u->capdirs) {
    size_t cap = u->capdirs ? u->capdirs * 2 : 16;
    uz_dir *d = realloc(u->dirs, cap * sizeof *d);
    if (!d) return;
    u->dirs = d;
    u->capdirs = cap;
  }
  u->dirs[u->ndirs].path = vsh__arena_strndup(u->b->arena, abs, strlen(abs));
  u->dirs[u->ndirs].mode = mode;
  u->dirs[u->ndirs++].mtime = mtime;
}

static void make_parent(bi_ctx *b, const char *abs) {
  vsh_buf d = {0};
  if (!vsh__path_dirname(&d, abs)) vfs_mkdir_p(b->fs, d.data, 0755);
  vsh_buf_dispose(&d);
}

/* Reports a member that failed to decompress. */
static void data_error(uz *u, const zf_entry *e, int rc, uint32_t crc) {
  bi_ctx *b = u->b;
  if (rc == ZF_E_OFFSET) {
    bi_errline(b, "file #%zu:  bad zipfile offset (lseek):  %llu",
               (size_t)(e - u->ents) + 1,
               (unsigned long long)(e->lho & ~(uint64_t)8191));
    worst(u, 3);
    return;
  }
  if (rc == ZF_E_CRC) {
    if (u->quiet >= 1 || u->mode == 'p')
      bi_errline(b, "%-22s  bad CRC %08x  (should be %08x)", e->name, crc,
                 e->crc);
    else bi_errline(b, " bad CRC %08x  (should be %08x)", crc, e->crc);
    worst(u, 2);
    return;
  }
  /* the "extracting:" line is still open on stdout */
  const char *nl = u->quiet < 1 && u->mode == 'x' ? "\n" : "";
  if (rc == VSH_ENOSPC || rc == VSH_EDQUOT || rc == VSH_EFBIG) {
    bi_errline(b, "%serror:  write error (disk full?)", nl);
    worst(u, 50);
  } else if (rc == ZF_E_TRUNC || rc == ZF_E_FORMAT) {
    bi_errline(b,
               "%serror:  %s: unexpected end of file (member data cut "
               "short)",
               nl, e->name);
    worst(u, 51);
  } else if (rc < 0) {
    bi_errline(b, "%serror:  %s: %s", nl, e->name, vsh_strerror(rc));
    worst(u, 2);
  } else {
    bi_errline(b, "%s  error:  invalid compressed data to inflate%s%s", nl,
               u->mode == 'p' ? " " : "", u->mode == 'p' ? e->name : "");
    worst(u, 2);
  }
}

static bool skip_unsupported(uz *u, const zf_entry *e) {
  if (e->flags & 1) {
    /* no password can be asked for: unzip's answer at end of input */
    if (u->mode == 't')
      bi_printf(u->b, "   skipping: %-22s  unable to get password\n", e->name);
    else
      bi_errline(u->b, "   skipping: %-22s  unable to get password", e->name);
    worst(u, 5);
    return true;
  } else if (e->method != 0 && e->method != 8) {
    bi_errline(u->b, "   skipping: %-22s  unsupported compression method %u",
               e->name, e->method);
  } else {
    return false;
  }
  worst(u, 1);
  return true;
}

static void extract_link(uz *u, const zf_archive *a, const zf_entry *e,
                         const char *shown, const char *abs) {
  bi_ctx *b = u->b;
  vsh_buf t = {0};
  uz_out o = {.b = b, .buf = &t};
  uint32_t crc;
  int rc = zf_extract(b, a, e, sink_out, &o, &crc);
  if (rc) {
    data_error(u, e, rc, crc);
  } else {
    vfs_unlink(b->fs, abs);
    rc = vfs_symlink(b->fs, t.data ? t.data : "", abs);
    if (rc) {
      bi_errline(b, "error:  cannot create %s\n        %s", shown,
                 vsh_strerror(rc));
      worst(u, 1);
    } else {
      if (u->quiet < 1)
        bi_printf(b, "    linking: %-22s  -> %s \n", shown,
                  t.data ? t.data : "");
      if (u->nlinks == u->caplinks) {
        size_t cap = u->caplinks ? u->caplinks * 2 : 8;
        uz_link *l = realloc(u->links, cap * sizeof *l);
        if (l) u->links = l, u->caplinks = cap;
      }
      if (u->nlinks < u->caplinks) {
        u->links[u->nlinks].shown =
            vsh__arena_strndup(b->arena, shown, strlen(shown));
        u->links[u->nlinks++].target =
            vsh__arena_strndup(b->arena, t.data ? t.data : "", t.len);
      }
    }
  }
  vsh_buf_dispose(&t);
}

static void extract_file(uz *u, const zf_archive *a, const zf_entry *e,
                         const char *shown, const char *abs) {
  bi_ctx *b = u->b;
  unsigned um = zf_unix_mode(e);
  vfs_info st;
  bool exists = !vfs_stat(b->fs, abs, false, &st);
  if (!exists && u->fresh) return;
  if (exists && (u->fresh || u->update) && e->mtime <= st.mtime.tv_sec) return;
  if (exists) {
    if (!ask_replace(u, &shown, &abs)) return;
    if (!vfs_stat(b->fs, abs, false, &st) && st.type == VFS_LNK)
      vfs_unlink(b->fs, abs);
  }
  if ((um & 0170000) == 0120000) {
    extract_link(u, a, e, shown, abs);
    return;
  }
  if (u->quiet < 1)
    bi_printf(b, "%11s: %-22s  ", e->method ? "inflating" : "extracting",
              shown);
  make_parent(b, abs);
  uz_out o = {.b = b};
  int rc =
      vfs_open(b->fs, abs, VFS_O_WRITE | VFS_O_CREAT | VFS_O_TRUNC, 0600, &o.f);
  if (rc) {
    if (u->quiet < 1) bi_puts(b, "\n");
    bi_errline(b, "error:  cannot create %s\n        %s", shown,
               vsh_strerror(rc));
    worst(u, rc == VSH_ENOSPC ? 50 : 1);
    return;
  }
  uint32_t crc;
  rc = zf_extract(b, a, e, sink_out, &o, &crc);
  vfs_file_close(o.f);
  if (rc) {
    data_error(u, e, o.err ? o.err : rc, crc);
    return;
  }
  if (u->quiet < 1) bi_puts(b, "\n");
  vfs_chmod(b->fs, abs, um & 0777 ? um & 01777 : bi_create_mode(b, 0666));
  struct timespec mt = {.tv_sec = e->mtime};
  if (!u->no_times) vfs_utimens(b->fs, abs, &mt, &mt, true);
}

static void extract_one(uz *u, const zf_archive *a, const zf_entry *e) {
  bi_ctx *b = u->b;
  bool dir = zf_is_dir(e);
  if (dir && u->junk) return;
  if (skip_unsupported(u, e)) return;
  char *rel = safe_name(u, e->name);
  if (!*rel) return;
  const char *shown = rel;
  if (u->exdir) {
    size_t el = strlen(u->exdir);
    while (el > 0 && u->exdir[el - 1] == '/') el--;
    size_t n = el + strlen(rel) + 2;
    char *s = vsh__arena_alloc(b->arena, n);
    if (!s) return;
    snprintf(s, n, "%.*s/%s", (int)el, u->exdir, rel);
    shown = s;
  }
  const char *abs = bi_path(b, shown);
  if (dir) {
    vfs_info st;
    if (vfs_stat(b->fs, abs, true, &st)) {
      int rc = vfs_mkdir_p(b->fs, abs, 0755);
      if (rc) {
        bi_errline(b,
                   "checkdir error:  cannot create %s\n                 "
                   "%s\n                 unable to process %s.",
                   shown, vsh_strerror(rc), e->name);
        worst(u, 1);
        return;
      }
      if (u->quiet < 1) bi_printf(b, "   creating: %s/\n", shown);
    }
    unsigned um = zf_unix_mode(e);
    push_dir(u, abs, um & 0777 ? um & 07777 : 0, e->mtime);
    return;
  }
  extract_file(u, a, e, shown, abs);
}

static int pipe_one(uz *u, const zf_archive *a, const zf_entry *e) {
  bi_ctx *b = u->b;
  if (zf_is_dir(e) || skip_unsupported(u, e)) return 0;
  if (u->mode == 'c' && u->quiet < 1 &&
      bi_printf(b, "%11s: %-22s  \n", e->method ? "inflating" : "extracting",
                e->name))
    return 141;
  uz_out o = {.b = b};
  uint32_t crc;
  int rc = zf_extract(b, a, e, sink_out, &o, &crc);
  if (o.err == VSH_EPIPE) return 141;
  if (rc) data_error(u, e, rc, crc);
  if (u->mode == 'c' && u->quiet < 1 && bi_puts(b, "\n")) return 141;
  return 0;
}

static void test_one(uz *u, const zf_archive *a, const zf_entry *e, int *bad) {
  bi_ctx *b = u->b;
  if (skip_unsupported(u, e)) {
    ++*bad;
    return;
  }
  uint32_t crc;
  int rc = zf_extract(b, a, e, NULL, NULL, &crc);
  if (rc) ++*bad;
  if (rc == ZF_E_OFFSET) {
    bi_printf(b, "file #%zu:  bad zipfile offset (lseek):  %llu\n",
              (size_t)(e - u->ents) + 1,
              (unsigned long long)(e->lho & ~(uint64_t)8191));
    worst(u, 3);
    return;
  }
  if (rc < 0) {
    data_error(u, e, rc, crc);
    return;
  }
  if (u->quiet < 1 || rc == ZF_E_CRC)
    bi_printf(b, "    testing: %-22s  ", e->name);
  if (!rc) {
    if (u->quiet < 1) bi_puts(b, " OK\n");
    return;
  }
  worst(u, 2);
  if (rc == ZF_E_CRC) {
    bi_printf(b, " bad CRC %08x  (should be %08x)\n", crc, e->crc);
  } else {
    if (u->quiet < 1)
      bi_puts(b, "\n  error:  invalid compressed data to inflate\n");
    else
      bi_printf(b, "  error:  invalid compressed data to inflate %s\n",
                e->name);
  }
}

/* Directory modes and times last, deepest first (their files are in). */
static void finish(uz *u) {
  bi_ctx *b = u->b;
  for (size_t i = u->ndirs; i-- > 0;) {
    if (u->dirs[i].mode) vfs_chmod(b->fs, u->dirs[i].path, u->dirs[i].mode);
    struct timespec mt = {.tv_sec = u->dirs[i].mtime};
    if (!u->no_times) vfs_utimens(b->fs, u->dirs[i].path, &mt, &mt, true);
  }
  if (u->nlinks && u->quiet < 1) {
    bi_puts(b, "finishing deferred symbolic links:\n");
    for (size_t i = 0; i < u->nlinks; i++)
      bi_printf(b, "  %-22s -> %s\n", u->links[i].shown, u->links[i].target);
  }
}

static int run_members(uz *u, const zf_archive *a) {
  bi_ctx *b = u->b;
  int bad = 0;
  if (u->exdir && u->mode == 'x') {
    const char *abs = bi_path(b, u->exdir);
    if (!vfs_exists(b->fs, abs)) vfs_mkdir_p(b->fs, abs, 0755);
  }
  for (size_t i = 0; i < a->n; i++) {
    const zf_entry *e = &a->ents[i];
    if (bi_charge(b, 1)) return 1;
    if (!wanted(u, e->name)) continue;
    vsh_arena_mark m = vsh__arena_mark(b->arena);
    if (u->mode == 'Z') {
      if (bi_printf(b, "%s\n", e->name)) return 141;
    } else if (u->mode == 't') {
      test_one(u, a, e, &bad);
    } else if (u->mode == 'p' || u->mode == 'c') {
      if (pipe_one(u, a, e)) return 141;
    } else {
      extract_one(u, a, e);
    }
    if (u->mode != 'x') vsh__arena_pop(b->arena, m);
    if (b->epipe) return 141;
  }
  if (u->mode == 'x') finish(u);
  if (u->mode == 't' && u->quiet < 2) {
    if (bad)
      bi_printf(b, "At least one error was detected in %s.\n", u->zipname);
    else
      bi_printf(b, "No errors detected in compressed data of %s.\n",
                u->zipname);
  }
  return 0;
}

/* Options before the archive (bundled letters; -d takes a value);
 * after it, members, then -x patterns, and -d anywhere.  Returns the
 * archive's operand index, -1 after an error (status in *st). */
static int parse_args(uz *u, int *st) {
  bi_ctx *b = u->b;
  int i = 1, zi = -1;
  for (; i < b->argc; i++) {
    char *a = b->argv[i];
    if (zi < 0 && a[0] == '-' && a[1]) {
      for (char *p = a + 1; *p; p++) {
        switch (*p) {
        case 'l': u->mode = 'l'; break;
        case 'v': u->mode = 'v'; break;
        case 't': u->mode = 't'; break;
        case 'p': u->mode = 'p'; break;
        case 'c': u->mode = 'c'; break;
        case 'o': u->over = true, u->never = false; break;
        case 'n': u->never = true, u->over = false; break;
        case 'q': u->quiet++; break;
        case 'j': u->junk = true; break;
        case 'D': u->no_times = true; break;
        case 'f': u->fresh = true; break;
        case 'u': u->update = true; break;
        case 'Z': u->mode = 'Z'; break;
        case 'z': u->mode = 'z'; break;
        case '1': break;
        case 'a':
        case 'b':
        case 'C':
        case 'K':
        case 'L':
        case 'X':
        case 'U': break;
        case 'd':
          if (p[1]) u->exdir = p + 1;
          else if (i + 1 < b->argc) u->exdir = b->argv[++i];
          else goto missing;
          p += strlen(p) - 1;
          break;
        default:
          err_raw(b, usage_text);
          *st = 10;
          return -1;
        }
      }
      continue;
    }
    if (zi < 0) {
      zi = i;
      continue;
    }
    if (!strcmp(a, "-d")) {
      if (i + 1 >= b->argc) goto missing;
      u->exdir = b->argv[++i];
    } else if (!strcmp(a, "-x")) {
      u->excl = b->argv + i + 1;
      for (; i + 1 < b->argc && strcmp(b->argv[i + 1], "-d"); i++) u->nexcl++;
    }
  }
  return zi;
missing:
  bi_errline(b, "error:  must specify directory to which to extract with "
                "-d option");
  *st = 10;
  return -1;
}

/* The member list: operands after the archive that are not options. */
static void collect_members(uz *u, int zi) {
  bi_ctx *b = u->b;
  int n = 0;
  char **v = vsh__arena_alloc(b->arena, sizeof *v * (size_t)b->argc);
  if (!v) return;
  for (int i = zi + 1; i < b->argc; i++) {
    if (!strcmp(b->argv[i], "-d")) {
      i++;
      continue;
    }
    if (!strcmp(b->argv[i], "-x")) {
      while (i + 1 < b->argc && strcmp(b->argv[i + 1], "-d")) i++;
      continue;
    }
    v[n++] = b->argv[i];
  }
  u->incl = v;
  u->nincl = n;
}

static int open_archive(uz *u, const char *name, vsh_buf *data) {
  bi_ctx *b = u->b;
  static const char *const sfx[] = {"", ".zip", ".ZIP"};
  for (int k = 0; k < 3; k++) {
    size_t n = strlen(name) + 5;
    char *p = vsh__arena_alloc(b->arena, n);
    if (!p) return 9;
    snprintf(p, n, "%s%s", name, sfx[k]);
    vfs_info st;
    const char *abs = bi_path(b, p);
    if (vfs_stat(b->fs, abs, true, &st) || st.type == VFS_DIR) continue;
    u->zipname = p;
    int rc = vfs_read_file(b->fs, abs, data);
    if (!rc) return 0;
    break;
  }
  bi_errline(b, "unzip:  cannot find or open %s, %s.zip or %s.ZIP.", name, name,
             name);
  return 9;
}

static int report_bad(uz *u, int rc, const char *name) {
  bi_ctx *b = u->b;
  if (rc == ZF_E_NOEOCD) {
    bi_errline(b,
               "  End-of-central-directory signature not found.  Either this "
               "file is not\n  a zipfile, or it constitutes one disk of a "
               "multi-part archive.  In the\n  latter case the central "
               "directory and zipfile comment will be found on\n  the last "
               "disk(s) of this archive.");
    if (u->mode != 'p')
      bi_errline(b,
                 "unzip:  cannot find zipfile directory in one of %s or\n"
                 "        %s.zip, and cannot find %s.ZIP, period.",
                 name, name, name);
    return 9;
  }
  bi_errline(b,
             "error [%s]:  start of central directory not found;\n"
             "  zipfile corrupt.\n"
             "  (please check that you have transferred or created the "
             "zipfile in the\n  appropriate BINARY mode and that you have "
             "compiled UnZip properly)",
             u->zipname);
  return 3;
}

static int unzip_run(uz *u) {
  bi_ctx *b = u->b;
  zf_archive a = {0};
  int st = 0;
  int zi = parse_args(u, &st);
  if (zi < 0 && st) return st;
  if (zi < 0) {
    if (b->argc > 1) {
      err_raw(b, usage_text);
      return 10;
    }
    return bi_puts(b, usage_text) ? 141 : 0;
  }
  collect_members(u, zi);
  vsh_buf data = {0};
  st = open_archive(u, b->argv[zi], &data);
  if (st) return st;
  bool quiet_head = u->quiet > 0 || u->mode == 'p' || u->mode == 'Z';
  if (!quiet_head) bi_printf(b, "Archive:  %s\n", u->zipname);
  int rc = zf_read(b, &a, (const unsigned char *)data.data, data.len);
  if (!rc && a.extra) {
    bi_errline(b,
               "warning [%s]:  %llu extra bytes at beginning or within "
               "zipfile\n  (attempting to process anyway)",
               u->zipname, (unsigned long long)a.extra);
    worst(u, 1);
  }
  if (!rc && !quiet_head && a.comment_len) {
    bi_write(b, a.comment, a.comment_len);
    bi_puts(b, "\n");
  }
  if (rc) {
    if (quiet_head) bi_errline(b, "[%s]", u->zipname);
    st = report_bad(u, rc, b->argv[zi]);
    goto done;
  }
  if (u->mode == 'z') goto done; /* -z: the comment only */
  if (!a.n) {
    bi_errline(b, "warning [%s]:  zipfile is empty", u->zipname);
    st = 1;
    goto done;
  }
  u->hit = calloc((size_t)u->nincl + 1, 1);
  u->xhit = calloc((size_t)u->nexcl + 1, 1);
  if (!u->hit || !u->xhit) {
    st = 1;
    goto done;
  }
  u->ents = a.ents;
  if (u->mode == 'l' || u->mode == 'v') rc = list(u, &a);
  else rc = run_members(u, &a);
  if (rc) {
    st = rc;
    goto done;
  }
  /* listings name no missing member; a listing fails only when it
   * showed nothing */
  bool lv = u->mode == 'l' || u->mode == 'v';
  bool listing = lv || u->mode == 'Z';
  for (int i = 0; i < u->nincl; i++)
    if (!u->hit[i] && !lv)
      bi_errline(b, "caution: filename not matched:  %s", u->incl[i]);
  for (int i = 0; i < u->nexcl; i++)
    if (!u->xhit[i])
      bi_errline(b, "caution: excluded filename not matched:  %s", u->excl[i]);
  bool listed = false;
  for (int i = 0; i < u->nincl; i++) listed |= u->hit[i];
  for (int i = 0; i < u->nincl; i++)
    if (!u->hit[i] && u->status < 2 && !(listed && listing)) u->status = 11;
  st = u->status;
done:
  zf_dispose(&a);
  vsh_buf_dispose(&data);
  return st;
}

int bi_unzip_main(bi_ctx *b) {
  uz u = {.b = b, .mode = 'x'};
  int st = unzip_run(&u);
  free(u.hit);
  free(u.xhit);
  free(u.links);
  free(u.dirs);
  if (u.rd) {
    bi_reader_dispose(u.rd);
    free(u.rd);
  }
  return b->epipe ? 141 : st;
}

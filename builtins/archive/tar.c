/* tar.c: create, append to, extract and list tar archives (GNU tar flags
 * c r x t, -f FILE or -, -C, -v, -z -j -J -a, -O, -k, -m, -p, -h,
 * --strip-components, --exclude, --owner/--group, --numeric-owner,
 * --mtime, --mode, --full-time;
 * old-style "tar czf x.tgz"; -r on an uncompressed archive file only).
 * Writes GNU-format headers (long names as ././@LongLink entries) padded
 * to 10 KiB records; reads ustar, GNU and pax.  Deviations: one -C for
 * the whole command, directory members in sorted order (GNU: readdir
 * order, --sort=name is accepted),
 * modes are kept as root's tar keeps them. */
#include "builtins/archive/compress_int.h"
#include "builtins/builtins.h"

#include <fnmatch.h>
#include <stdio.h>
#include <string.h>

static const char usage[] =
    "Usage: tar [OPTION...] [FILE]...\n"
    "GNU 'tar' saves many files together into a single tape or disk archive,\n"
    "and can restore individual files from the archive.\n"
    "\n"
    "  -c, --create               create a new archive\n"
    "  -r, --append               append files to the end of an archive\n"
    "  -t, --list                 list the contents of an archive\n"
    "  -x, --extract, --get       extract files from an archive\n"
    "  -f, --file=ARCHIVE         use archive file ARCHIVE (- : stdin/stdout)\n"
    "  -C, --directory=DIR        change to directory DIR\n"
    "  -v, --verbose              verbosely list files processed\n"
    "  -z, --gzip                 filter the archive through gzip\n"
    "  -j, --bzip2                filter the archive through bzip2\n"
    "  -J, --xz                   filter the archive through xz\n"
    "  -a, --auto-compress        use archive suffix to determine the "
    "compression\n"
    "  -O, --to-stdout            extract files to standard output\n"
    "  -k, --keep-old-files       don't replace existing files when "
    "extracting\n"
    "  -m, --touch                don't extract file modified time\n"
    "  -p, --preserve-permissions extract information about file permissions\n"
    "  -h, --dereference          follow symlinks; archive the files they "
    "point to\n"
    "      --strip-components=NUMBER  strip NUMBER leading components\n"
    "      --exclude=PATTERN      exclude files, given as a PATTERN\n"
    "      --owner=NAME, --group=NAME  force NAME as owner/group\n"
    "      --numeric-owner        always use numbers for user/group names\n"
    "      --mtime=DATE-OR-FILE   set mtime for added files from DATE-OR-FILE\n"
    "      --mode=CHANGES         force (symbolic) mode CHANGES for added "
    "files\n"
    "      --full-time            print file time to its full resolution\n";

#define BLK 512

typedef struct tar_ctx {
  bi_ctx *b;
  char mode; /* 'c', 'r', 'x', 't' */
  const char *file, *dir;
  int verbose;
  cz_format comp;
  bool autocomp, to_stdout, keep_old, no_mtime, deref, numeric;
  unsigned keep_mode;            /* mode bits extraction keeps: -p all, else the
                         permissions less the umask (the user is not root) */
  unsigned dev_major, dev_minor; /* for the next type 3 header */
  int strip;
  const char **excl;
  int nexcl;
  const char *owner, *group;
  long owner_id, group_id;
  const char *mode_spec; /* --mode: applied to every member created */
  bool full_time;        /* -tv --full-time: seconds too */
  bool has_mtime;        /* --mtime: one time for every member */
  int64_t mtime;
  struct tar_link { /* create: files with several links, by inode */
    uint64_t ino;
    const char *name;
  } * links;
  size_t nlinks, caplinks;
  int status;   /* 2 after a non-fatal error */
  int ugswidth; /* GNU's growing column for user/group/size */
  /* create */
  vfs_file *af;
  cz_enc *enc;
  uint64_t written;
  const char *archive_abs;
  bool vout_err; /* -v names go to stderr (the archive is stdout) */
  bool warned_slash;
  /* extract: directories whose times and modes are set at the end */
  struct tar_dir {
    char *path;
    unsigned mode;
    int64_t mtime;
  } * dirs;
  size_t ndirs, capdirs;
} tar_ctx;

static void fail(tar_ctx *t, const char *fmt, const char *a, const char *b2) {
  bi_errline(t->b, fmt, a, b2);
  t->status = 2;
}

static bool excluded(tar_ctx *t, const char *name) {
  const char *base = vsh__path_basename(name);
  for (int i = 0; i < t->nexcl; i++)
    if (!fnmatch(t->excl[i], name, 0) || !fnmatch(t->excl[i], base, 0))
      return true;
  return false;
}

/* ---- writing ----------------------------------------------------------- */

static int raw_out(void *ud, const void *data, size_t n) {
  tar_ctx *t = ud;
  if (bi_cancelled(t->b)) return VSH_EABORTED;
  if (!t->af) return bi_write(t->b, data, n);
  int64_t w = vfs_file_write(t->af, data, n);
  return w < 0 ? (int)w : 0;
}

static int out(tar_ctx *t, const void *data, size_t n) {
  t->written += n;
  if (t->enc) {
    int rc = cz_enc_write(t->enc, data, n, false, raw_out, t);
    return rc > 0 ? VSH_EIO : rc;
  }
  return raw_out(t, data, n);
}

static void octal(char *f, size_t w, uint64_t v) {
  /* w-1 digits and a NUL, as GNU tar writes */
  char tmp[32];
  snprintf(tmp, sizeof tmp, "%0*llo", (int)(w - 1), (unsigned long long)v);
  size_t n = strlen(tmp);
  if (n > w - 1) {
    /* too big for octal: GNU's base-256 form */
    memset(f, 0, w);
    f[0] = (char)0x80;
    for (size_t i = w - 1; i > 0 && v; i--, v >>= 8) f[i] = (char)(v & 0xff);
    return;
  }
  memcpy(f, tmp, n + 1);
}

static int header(tar_ctx *t, const char *name, char type, unsigned mode,
                  uint64_t size, int64_t mtime, const char *link);

static int long_entry(tar_ctx *t, char type, const char *s) {
  size_t n = strlen(s) + 1;
  int rc = header(t, "././@LongLink", type, 0644, n, 0, NULL);
  if (rc) return rc;
  char blk[BLK];
  for (size_t off = 0; off < n; off += BLK) {
    memset(blk, 0, BLK);
    memcpy(blk, s + off, n - off < BLK ? n - off : BLK);
    if ((rc = out(t, blk, BLK))) return rc;
  }
  return 0;
}

static int header(tar_ctx *t, const char *name, char type, unsigned mode,
                  uint64_t size, int64_t mtime, const char *link) {
  int rc;
  bool meta = type == 'L' || type == 'K';
  if (!meta && link && strlen(link) > 100 && (rc = long_entry(t, 'K', link)))
    return rc;
  if (!meta && strlen(name) > 100 && (rc = long_entry(t, 'L', name))) return rc;
  unsigned char h[BLK] = {0};
  memcpy(h, name, strlen(name) > 100 ? 100 : strlen(name));
  const char *un = meta ? "root" : t->owner ? t->owner : "user";
  const char *gn = meta ? "root" : t->group ? t->group : "user";
  long uid = meta ? 0 : t->owner ? t->owner_id : VFS_UID;
  long gid = meta ? 0 : t->group ? t->group_id : VFS_GID;
  if (!meta && t->has_mtime) mtime = t->mtime;
  if (!meta && t->mode_spec && type != '2')
    bi_parse_mode(t->mode_spec, mode, type == '5', 0, &mode);
  octal((char *)h + 100, 8, mode & 07777);
  octal((char *)h + 108, 8, (uint64_t)uid);
  octal((char *)h + 116, 8, (uint64_t)gid);
  octal((char *)h + 124, 12, size);
  octal((char *)h + 136, 12, (uint64_t)(mtime < 0 ? 0 : mtime));
  h[156] = (unsigned char)type;
  if (type == '3' || type == '4') {
    octal((char *)h + 329, 8, t->dev_major);
    octal((char *)h + 337, 8, t->dev_minor);
  }
  if (link) memcpy(h + 157, link, strlen(link) > 100 ? 100 : strlen(link));
  memcpy(h + 257, "ustar  ", 8); /* GNU magic + version */
  snprintf((char *)h + 265, 32, "%s", un);
  snprintf((char *)h + 297, 32, "%s", gn);
  memset(h + 148, ' ', 8);
  unsigned sum = 0;
  for (int i = 0; i < BLK; i++) sum += h[i];
  snprintf((char *)h + 148, 8, "%06o", sum);
  h[155] = ' ';
  return out(t, h, BLK);
}

static int vname(tar_ctx *t, const char *name) {
  if (!t->verbose) return 0;
  if (t->vout_err) {
    bi_errline(t->b, "%s", name);
    return 0;
  }
  return bi_printf(t->b, "%s\n", name);
}

/* A file with several links already archived under another name: a
 * type 1 member naming it, as GNU tar writes; 1 when not seen before
 * (remembered), else 0 or a vsh_err. */
static int add_hardlink(tar_ctx *t, const char *name, const vfs_info *st) {
  for (size_t i = 0; i < t->nlinks; i++)
    if (t->links[i].ino == st->ino) {
      int rc =
          header(t, name, '1', st->mode, 0, st->mtime.tv_sec, t->links[i].name);
      return rc ? rc : vname(t, name);
    }
  if (t->nlinks == t->caplinks) {
    size_t cap = t->caplinks ? t->caplinks * 2 : 16;
    struct tar_link *n = vsh__arena_alloc(t->b->arena, cap * sizeof *n);
    if (!n) return VSH_ENOMEM;
    if (t->nlinks) memcpy(n, t->links, t->nlinks * sizeof *n);
    t->links = n;
    t->caplinks = cap;
  }
  t->links[t->nlinks].ino = st->ino;
  t->links[t->nlinks++].name =
      vsh__arena_strndup(t->b->arena, name, strlen(name));
  return 1;
}

static int add_file(tar_ctx *t, const char *abs, const char *name,
                    const vfs_info *st) {
  vfs_file *f = NULL;
  int rc;
  if (st->nlink > 1 && (rc = add_hardlink(t, name, st)) != 1) return rc;
  rc = vfs_open(t->b->fs, abs, VFS_O_READ, 0, &f);
  if (rc) {
    fail(t, "tar: %s: Cannot open: %s", name, vsh_strerror(rc));
    return 0;
  }
  if ((rc = header(t, name, '0', st->mode, st->size, st->mtime.tv_sec, NULL)) ||
      (rc = vname(t, name))) {
    vfs_file_close(f);
    return rc;
  }
  char *buf = malloc(65536);
  uint64_t left = st->size;
  while (!rc && left) {
    if (!buf) {
      rc = VSH_ENOMEM;
      break;
    }
    size_t want = left < 65536 ? (size_t)left : 65536;
    int64_t r = vfs_file_read(f, buf, want);
    if (r < 0) {
      rc = (int)r;
      break;
    }
    if (r == 0) {
      /* shrank while reading: pad with zeros as GNU does */
      memset(buf, 0, want);
      r = (int64_t)want;
    }
    rc = out(t, buf, (size_t)r);
    left -= (uint64_t)r;
  }
  if (!rc && st->size % BLK) {
    memset(buf, 0, BLK);
    rc = out(t, buf, BLK - st->size % BLK);
  }
  free(buf);
  vfs_file_close(f);
  return rc;
}

static int add_tree(tar_ctx *t, const char *operand) {
  bi_ctx *b = t->b;
  /* member names lose leading slashes and trailing ones */
  const char *nm = operand;
  if (*nm == '/') {
    while (*nm == '/') nm++;
    if (!t->warned_slash) {
      bi_errline(b, "tar: Removing leading `/' from member names");
      t->warned_slash = true;
    }
  }
  size_t nl = strlen(nm);
  while (nl > 1 && nm[nl - 1] == '/') nl--;
  char *shown = vsh__arena_strndup(b->arena, nm, nl);
  if (!*shown) shown = (char *)".";
  const char *rel = operand;
  if (t->dir && *operand != '/') rel = bi_path_join(b, t->dir, operand);
  const char *abs = bi_path(b, rel);
  bi_walk *w = NULL;
  int rc = abs ? bi_walk_new(&w, b, abs, shown, t->deref, t->deref, false)
               : bi_path_error(rel);
  if (rc) return rc;
  bi_went *e;
  while ((rc = bi_walk_next(w, &e)) == 1) {
    if (e->err) {
      fail(t,
           e->dir_err ? "tar: %s: Cannot open: %s" : "tar: %s: Cannot stat: %s",
           e->shown, vsh_strerror(e->err));
      continue;
    }
    if (excluded(t, e->shown)) {
      if (e->st.type == VFS_DIR) bi_walk_skip(w);
      continue;
    }
    if (t->archive_abs && !strcmp(e->path, t->archive_abs)) {
      bi_errline(b, "tar: %s: file is the archive; not dumped", e->shown);
      continue;
    }
    if (e->st.type == VFS_DIR) {
      size_t n = strlen(e->shown);
      char *dn = vsh__arena_alloc(b->arena, n + 2);
      if (!dn) {
        rc = VSH_ENOMEM;
        break;
      }
      memcpy(dn, e->shown, n);
      strcpy(dn + n, n && e->shown[n - 1] == '/' ? "" : "/");
      if ((rc = header(t, dn, '5', e->st.mode, 0, e->st.mtime.tv_sec, NULL)) ||
          (rc = vname(t, dn)))
        break;
    } else if (e->st.type == VFS_LNK) {
      vsh_buf tgt = {0};
      rc = vfs_readlink(b->fs, e->path, &tgt);
      if (!rc) {
        vsh__buf_putc(&tgt, 0);
        rc = header(t, e->shown, '2', 0777, 0, e->st.mtime.tv_sec, tgt.data);
        if (!rc) rc = vname(t, e->shown);
      }
      vsh_buf_dispose(&tgt);
      if (rc) break;
    } else if (e->st.type == VFS_REG) {
      if ((rc = add_file(t, e->path, e->shown, &e->st))) break;
    } else if (e->st.type == VFS_FIFO) { /* ustar type 6, no data */
      if ((rc = header(t, e->shown, '6', e->st.mode, 0, e->st.mtime.tv_sec,
                       NULL)) ||
          (rc = vname(t, e->shown)))
        break;
    } else if (e->st.type == VFS_CHR && e->st.dev != VFS_DEV_FD &&
               e->st.dev != VFS_DEV_NONE) {
      /* a device node: ustar type 3 with Linux's numbers, no data */
      t->dev_major = 1;
      t->dev_minor = e->st.dev == VFS_DEV_NULL   ? 3
                     : e->st.dev == VFS_DEV_ZERO ? 5
                                                 : 9;
      if ((rc = header(t, e->shown, '3', e->st.mode, 0, e->st.mtime.tv_sec,
                       NULL)) ||
          (rc = vname(t, e->shown)))
        break;
    } else {
      bi_errline(b, "tar: %s: socket ignored", e->shown);
    }
  }
  bi_walk_free(w);
  return rc < 0 ? rc : 0;
}

static int open_append(tar_ctx *t, const char *ap);

/* tar -c, and -r (the archive's members kept, new ones after them). */
/* The archive cannot be opened: 2 after GNU's messages.  With a
 * compression filter GNU tar opens it in a child (gzip's side of the
 * pipe), whose failure it reports in two voices. */
static int archive_open_failed(tar_ctx *t, const char *name, int rc) {
  const char *who = t->comp != CZ_NONE ? "tar (child)" : "tar";
  bi_errline(t->b, "%s: %s: Cannot open: %s", who, name, vsh_strerror(rc));
  if (t->comp != CZ_NONE) {
    bi_errline(t->b, "tar (child): Error is not recoverable: exiting now");
    bi_errline(t->b, "tar: Child returned status 2");
  }
  bi_errline(t->b, "tar: Error is not recoverable: exiting now");
  return 2;
}

static int do_create(tar_ctx *t, char **ops, int nops) {
  bi_ctx *b = t->b;
  if (!nops && t->mode == 'c') {
    bi_errline(b, "tar: Cowardly refusing to create an empty archive");
    bi_errline(b, "Try 'tar --help' or 'tar --usage' for more information.");
    return 2;
  }
  int rc = 0;
  if (t->file && strcmp(t->file, "-")) {
    const char *ap = bi_path(b, t->file);
    rc = !ap ? bi_path_error(t->file)
         : t->mode == 'r'
             ? open_append(t, ap)
             : vfs_open(b->fs, ap, VFS_O_WRITE | VFS_O_CREAT | VFS_O_TRUNC,
                        bi_create_mode(b, 0666), &t->af);
    if (rc) return archive_open_failed(t, t->file, rc);
    t->archive_abs = ap;
  } else {
    t->vout_err = true;
  }
  if (t->comp != CZ_NONE && (rc = cz_enc_new(&t->enc, t->comp, -1, NULL))) {
    bi_errline(b, "tar: compression not available in this build");
    if (t->af) vfs_file_close(t->af);
    return 2;
  }
  for (int i = 0; i < nops && !rc; i++) {
    if (bi_cancelled(b)) {
      rc = VSH_EABORTED;
      break;
    }
    rc = add_tree(t, ops[i]);
  }
  if (!rc) {
    /* two zero blocks, then pad to a 10 KiB record */
    char z[BLK] = {0};
    rc = out(t, z, BLK);
    if (!rc) rc = out(t, z, BLK);
    while (!rc && t->written % 10240) rc = out(t, z, BLK);
  }
  if (!rc && t->enc) {
    rc = cz_enc_write(t->enc, NULL, 0, true, raw_out, t);
    if (rc > 0) rc = VSH_EIO;
  }
  cz_enc_free(t->enc);
  t->enc = NULL;
  if (t->af) vfs_file_close(t->af);
  if (rc == VSH_EPIPE) return 141;
  if (rc == VSH_EABORTED) return 2;
  if (rc) {
    bi_errline(b, "tar: %s: Cannot write: %s", t->file ? t->file : "-",
               vsh_strerror(rc));
    return 2;
  }
  if (t->status)
    bi_errline(b, "tar: Exiting with failure status due to previous errors");
  return t->status;
}

/* ---- reading ------------------------------------------------------------ */

typedef struct tar_entry {
  char *name, *link;
  char type;
  unsigned mode;
  uint64_t size;
  int64_t mtime;
  long uid, gid;
  char uname[33], gname[33];
  unsigned major, minor; /* type 3 and 4 */
} tar_entry;

/* tar -r: opens the archive file anew with its members up to the end
 * blocks written back (a missing archive is created); t->written counts
 * them, so the new end is padded to a record from the archive's start. */
static uint64_t num(const unsigned char *f, size_t w);

static int open_append(tar_ctx *t, const char *ap) {
  vsh_buf old = {0};
  int rc = vfs_read_file(t->b->fs, ap, &old);
  if (rc && rc != VSH_ENOENT) return rc;
  size_t end = 0;
  while (end + BLK <= old.len) {
    const unsigned char *h = (const unsigned char *)old.data + end;
    size_t i = 0;
    while (i < BLK && !h[i]) i++;
    if (i == BLK) break; /* the end blocks */
    uint64_t size = num(h + 124, 12);
    uint64_t skip = BLK + (size + BLK - 1) / BLK * BLK;
    end = skip > old.len - end ? old.len : end + (size_t)skip;
  }
  rc = vfs_open(t->b->fs, ap, VFS_O_WRITE | VFS_O_CREAT | VFS_O_TRUNC,
                bi_create_mode(t->b, 0666), &t->af);
  if (!rc && end) rc = raw_out(t, old.data, end);
  t->written = end;
  vsh_buf_dispose(&old);
  return rc;
}

/* Reads exactly n bytes; 0 ok, 1 at a clean end, else an error. */
static int read_full(tar_ctx *t, cz_reader *r, void *buf, size_t n) {
  size_t got = 0;
  while (got < n) {
    if (bi_cancelled(t->b)) return VSH_EABORTED;
    int64_t k = cz_reader_read(r, (char *)buf + got, n - got);
    if (k < 0) return (int)(k <= -1000 ? VSH_EIO : k);
    if (k == 0) return got ? VSH_EIO : 1;
    got += (size_t)k;
  }
  return 0;
}

static uint64_t num(const unsigned char *f, size_t w) {
  uint64_t v = 0;
  if (f[0] & 0x80) {
    for (size_t i = 1; i < w; i++) v = v << 8 | f[i];
    return v;
  }
  size_t i = 0;
  while (i < w && (f[i] == ' ' || f[i] == 0)) i++;
  for (; i < w && f[i] >= '0' && f[i] <= '7'; i++) v = v * 8 + (f[i] - '0');
  return v;
}

static bool checksum_ok(const unsigned char *h) {
  unsigned long u = 0;
  long s = 0;
  for (int i = 0; i < BLK; i++) {
    unsigned char c = i >= 148 && i < 156 ? ' ' : h[i];
    u += c;
    s += (signed char)c;
  }
  uint64_t want = num(h + 148, 8);
  return want == u || (long)want == s;
}

static char *field(bi_ctx *b, const unsigned char *f, size_t w) {
  size_t n = 0;
  while (n < w && f[n]) n++;
  return vsh__arena_strndup(b->arena, (const char *)f, n);
}

/* Reads a long name / pax body of size n into the arena. */
static int read_body(tar_ctx *t, cz_reader *r, uint64_t n, char **outp) {
  if (n > (1u << 24)) return VSH_EINVAL;
  size_t padded = (size_t)((n + BLK - 1) / BLK * BLK);
  char *s = vsh__arena_alloc(t->b->arena, padded + 1);
  if (!s) return VSH_ENOMEM;
  int rc = read_full(t, r, s, padded);
  if (rc) return rc == 1 ? VSH_EIO : rc;
  s[n] = 0;
  *outp = s;
  return 0;
}

static void pax_apply(bi_ctx *b, char *s, tar_entry *e, bool *has_size) {
  while (*s) {
    char *sp = strchr(s, ' ');
    long len = strtol(s, NULL, 10);
    if (!sp || len <= 0) return;
    char *rec_end = s + len;
    char *kv = sp + 1, *eq = strchr(kv, '=');
    if (!eq || eq > rec_end) return;
    size_t vlen = (size_t)(rec_end - 1 - (eq + 1));
    char *val = vsh__arena_strndup(b->arena, eq + 1, vlen);
    size_t klen = (size_t)(eq - kv);
    if (klen == 4 && !memcmp(kv, "path", 4)) e->name = val;
    else if (klen == 8 && !memcmp(kv, "linkpath", 8)) e->link = val;
    else if (klen == 4 && !memcmp(kv, "size", 4)) {
      e->size = strtoull(val, NULL, 10);
      *has_size = true;
    } else if (klen == 5 && !memcmp(kv, "mtime", 5))
      e->mtime = strtoll(val, NULL, 10);
    else if (klen == 5 && !memcmp(kv, "uname", 5))
      snprintf(e->uname, sizeof e->uname, "%s", val);
    else if (klen == 5 && !memcmp(kv, "gname", 5))
      snprintf(e->gname, sizeof e->gname, "%s", val);
    s = rec_end;
  }
}

/* Next entry: 0 with *e filled, 1 at the end, 2 not a tar, <0 error. */
static int next_entry(tar_ctx *t, cz_reader *r, tar_entry *e, bool first) {
  bi_ctx *b = t->b;
  char *lname = NULL, *llink = NULL;
  tar_entry pax = {0};
  bool pax_size = false, have_pax = false;
  unsigned char h[BLK];
  for (;;) {
    int rc = read_full(t, r, h, BLK);
    if (rc == 1 || (rc == VSH_EIO && first)) return first ? 2 : 1;
    if (rc) return rc;
    bool zero = true;
    for (int i = 0; i < BLK && zero; i++) zero = !h[i];
    if (zero) return 1; /* end of archive (all zeros first: an empty one) */
    if (!checksum_ok(h)) return first ? 2 : VSH_EIO;
    first = false;
    char type = (char)h[156];
    uint64_t size = num(h + 124, 12);
    if (type == 'L' || type == 'K' || type == 'x' || type == 'g') {
      char *body;
      if ((rc = read_body(t, r, size, &body))) return rc;
      if (type == 'L') lname = body;
      else if (type == 'K') llink = body;
      else if (type == 'x') {
        pax_apply(b, body, &pax, &pax_size);
        have_pax = true;
      }
      continue;
    }
    memset(e, 0, sizeof *e);
    e->type = type ? type : '0';
    e->mode = (unsigned)num(h + 100, 8) & 07777;
    e->major = (unsigned)num(h + 329, 8);
    e->minor = (unsigned)num(h + 337, 8);
    e->uid = (long)num(h + 108, 8);
    e->gid = (long)num(h + 116, 8);
    e->size = size;
    e->mtime = (int64_t)num(h + 136, 12);
    snprintf(e->uname, sizeof e->uname, "%.32s", (const char *)h + 265);
    snprintf(e->gname, sizeof e->gname, "%.32s", (const char *)h + 297);
    e->name = field(b, h, 100);
    /* POSIX ustar splits long names into prefix/name */
    if (!memcmp(h + 257, "ustar\0", 6) && h[345]) {
      char *pre = field(b, h + 345, 155);
      e->name = bi_path_join(b, pre, e->name);
    }
    e->link = field(b, h + 157, 100);
    if (lname) e->name = lname;
    if (llink) e->link = llink;
    if (have_pax) {
      if (pax.name) e->name = pax.name;
      if (pax.link) e->link = pax.link;
      if (pax_size) e->size = pax.size;
      if (pax.mtime) e->mtime = pax.mtime;
      if (pax.uname[0]) memcpy(e->uname, pax.uname, sizeof e->uname);
      if (pax.gname[0]) memcpy(e->gname, pax.gname, sizeof e->gname);
    }
    if (e->type == '5' || e->type == '6' || e->type == '3' || e->type == '4')
      e->size = 0;
    if (!e->name || !e->link) return VSH_ENOMEM;
    return 0;
  }
}

/* Streams (or skips, when sink is NULL) an entry's data and padding. */
static int copy_data(tar_ctx *t, cz_reader *r, uint64_t size, vfs_file *f,
                     bool to_stdout) {
  char buf[16384];
  uint64_t padded = (size + BLK - 1) / BLK * BLK;
  uint64_t left = padded;
  while (left) {
    size_t want = left < sizeof buf ? (size_t)left : sizeof buf;
    int rc = read_full(t, r, buf, want);
    if (rc) return rc == 1 ? VSH_EIO : rc;
    uint64_t done = padded - left;
    size_t use = 0;
    if (done < size) use = size - done < want ? (size_t)(size - done) : want;
    if (use && to_stdout && (rc = bi_write(t->b, buf, use))) return rc;
    if (use && f) {
      int64_t w = vfs_file_write(f, buf, use);
      if (w < 0) return (int)w;
    }
    left -= want;
  }
  return 0;
}

static bool member_wanted(const char *name, char **ops, int nops, bool *hit) {
  if (!nops) return true;
  size_t nl = strlen(name);
  while (nl > 1 && name[nl - 1] == '/') nl--;
  for (int i = 0; i < nops; i++) {
    size_t ol = strlen(ops[i]);
    while (ol > 1 && ops[i][ol - 1] == '/') ol--;
    if (nl >= ol && !strncmp(name, ops[i], ol) &&
        (nl == ol || name[ol] == '/')) {
      hit[i] = true;
      return true;
    }
  }
  return false;
}

static int list_long(tar_ctx *t, const tar_entry *e) {
  vfs_info st = {0};
  st.mode = e->mode;
  st.type = e->type == '5'   ? VFS_DIR
            : e->type == '2' ? VFS_LNK
            : e->type == '6' ? VFS_FIFO
            : e->type == '3' ? VFS_CHR
                             : VFS_REG;
  char ms[11];
  bi_mode_string(&st, ms);
  if (e->type == '1') ms[0] = 'h';
  if (e->type == '4') ms[0] = 'b';
  char u[48], g[48], sz[32];
  if (t->numeric || !e->uname[0]) snprintf(u, sizeof u, "%ld", e->uid);
  else snprintf(u, sizeof u, "%s", e->uname);
  if (t->numeric || !e->gname[0]) snprintf(g, sizeof g, "%ld", e->gid);
  else snprintf(g, sizeof g, "%s", e->gname);
  if (e->type == '3' || e->type == '4') /* a device shows its numbers */
    snprintf(sz, sizeof sz, "%u,%u", e->major, e->minor);
  else snprintf(sz, sizeof sz, "%llu", (unsigned long long)e->size);
  int pad = (int)(strlen(u) + 1 + strlen(g) + 1 + strlen(sz));
  if (pad > t->ugswidth) t->ugswidth = pad;
  bi_tm tm;
  bi_time_at(e->mtime, bi_tz_offset_at(t->b, e->mtime), &tm);
  char secs[4] = "";
  if (t->full_time) snprintf(secs, sizeof secs, ":%02d", tm.sec);
  int rc =
      bi_printf(t->b, "%s %s/%s %*s %04lld-%02d-%02d %02d:%02d%s %s", ms, u, g,
                t->ugswidth - pad + (int)strlen(sz), sz, (long long)tm.year,
                tm.mon + 1, tm.mday, tm.hour, tm.min, secs, e->name);
  if (!rc && e->type == '2') rc = bi_printf(t->b, " -> %s", e->link);
  if (!rc && e->type == '1') rc = bi_printf(t->b, " link to %s", e->link);
  if (!rc) rc = bi_puts(t->b, "\n");
  return rc;
}

/* The name after --strip-components and safety checks, or NULL to skip. */
static const char *target_name(tar_ctx *t, const char *name) {
  const char *p = name;
  for (int i = 0; i < t->strip; i++) {
    const char *s = strchr(p, '/');
    if (!s) return NULL;
    p = s + 1;
    while (*p == '/') p++;
  }
  if (!*p) return NULL;
  if (*p == '/') {
    while (*p == '/') p++;
    if (!t->warned_slash) {
      bi_errline(t->b, "tar: Removing leading `/' from member names");
      t->warned_slash = true;
    }
    if (!*p) return NULL;
  }
  /* ".." would escape the target directory */
  for (const char *c = p; c; c = strchr(c, '/')) {
    if (*c == '/') c++;
    if (c[0] == '.' && c[1] == '.' && (c[2] == '/' || !c[2])) {
      bi_errline(t->b, "tar: %s: Member name contains '..'", name);
      t->status = 2;
      return NULL;
    }
  }
  return p;
}

static const char *dest_path(tar_ctx *t, const char *rel) {
  return bi_path(t->b, t->dir ? bi_path_join(t->b, t->dir, rel) : rel);
}

static void make_parent(tar_ctx *t, const char *abs) {
  vsh_buf d = {0};
  if (!vsh__path_dirname(&d, abs)) vfs_mkdir_p(t->b->fs, d.data, 0755);
  vsh_buf_dispose(&d);
}

static int extract_one(tar_ctx *t, cz_reader *r, tar_entry *e,
                       const char *rel) {
  bi_ctx *b = t->b;
  const char *abs = dest_path(t, rel);
  if (!abs) return copy_data(t, r, e->size, NULL, false);
  struct timespec mt = {.tv_sec = e->mtime};
  vfs_info old;
  bool exists = !vfs_stat(b->fs, abs, false, &old);
  int rc = 0;
  if (e->type == '5') {
    if (exists && old.type != VFS_DIR) vfs_unlink(b->fs, abs);
    rc = vfs_mkdir_p(b->fs, abs, 0700);
    if (rc) {
      fail(t, "tar: %s: Cannot mkdir: %s", rel, vsh_strerror(rc));
      return 0;
    }
    if (t->ndirs == t->capdirs) {
      size_t nc = t->capdirs ? t->capdirs * 2 : 16;
      void *p = realloc(t->dirs, nc * sizeof *t->dirs);
      if (!p) return VSH_ENOMEM;
      t->dirs = p;
      t->capdirs = nc;
    }
    t->dirs[t->ndirs].path = strdup(abs);
    t->dirs[t->ndirs].mode = e->mode;
    t->dirs[t->ndirs].mtime = e->mtime;
    if (t->dirs[t->ndirs].path) t->ndirs++;
    return 0;
  }
  if (exists && t->keep_old) {
    fail(t, "tar: %s: Cannot open: %s", rel, vsh_strerror(VSH_EEXIST));
    return copy_data(t, r, e->size, NULL, false);
  }
  make_parent(t, abs);
  /* GNU unlinks what is there, so a symlink is replaced, not followed */
  if (exists && old.type != VFS_DIR) vfs_unlink(b->fs, abs);
  if (e->type == '2') {
    rc = vfs_symlink(b->fs, e->link, abs);
    if (rc)
      fail(t, "tar: %s: Cannot create symlink: %s", rel, vsh_strerror(rc));
    else if (!t->no_mtime) vfs_utimens(b->fs, abs, NULL, &mt, false);
    return copy_data(t, r, e->size, NULL, false);
  }
  if (e->type == '6') {
    rc = vfs_mkfifo(b->fs, abs, e->mode & t->keep_mode);
    if (rc) fail(t, "tar: %s: Cannot mkfifo: %s", rel, vsh_strerror(rc));
    else if (!t->no_mtime) vfs_utimens(b->fs, abs, NULL, &mt, true);
    return 0;
  }
  if (e->type == '3' || e->type == '4') { /* the user is not root */
    fail(t, "tar: %s: Cannot mknod: %s", rel, vsh_strerror(VSH_EPERM));
    return 0;
  }
  if (e->type == '1') {
    const char *lt = target_name(t, e->link);
    const char *la = lt ? dest_path(t, lt) : NULL;
    rc = la ? vfs_link(b->fs, la, abs) : VSH_ENOENT;
    if (rc) fail(t, "tar: %s: Cannot hard link: %s", rel, vsh_strerror(rc));
    return copy_data(t, r, e->size, NULL, false);
  }
  vfs_file *f = NULL;
  rc = vfs_open(b->fs, abs, VFS_O_WRITE | VFS_O_CREAT | VFS_O_TRUNC, 0600, &f);
  if (rc) {
    fail(t, "tar: %s: Cannot open: %s", rel, vsh_strerror(rc));
    return copy_data(t, r, e->size, NULL, false);
  }
  rc = copy_data(t, r, e->size, f, false);
  vfs_file_close(f);
  if (rc) return rc;
  vfs_chmod(b->fs, abs, e->mode & t->keep_mode);
  if (!t->no_mtime) vfs_utimens(b->fs, abs, NULL, &mt, true);
  return 0;
}

static int do_read(tar_ctx *t, char **ops, int nops) {
  bi_ctx *b = t->b;
  sh_stream *in = NULL;
  int rc;
  const char *fname = t->file ? t->file : "-";
  if ((rc = bi_open_input(b, fname, &in)))
    return archive_open_failed(t, fname, rc);
  cz_reader *r = NULL;
  if ((rc = cz_reader_new(&r, b, in, t->comp))) {
    sh_stream_unref(in);
    return 2;
  }
  bool *hit = vsh__arena_zalloc(b->arena, (size_t)nops + 1);
  bool first = true;
  tar_entry e;
  while (hit) {
    if (bi_cancelled(b)) {
      rc = VSH_EABORTED;
      break;
    }
    rc = next_entry(t, r, &e, first);
    first = false;
    if (rc == 1) {
      rc = 0;
      break;
    }
    if (rc == 2) {
      bi_errline(b, "tar: This does not look like a tar archive");
      t->status = 2;
      rc = 0;
      break;
    }
    if (rc) break;
    bool want = member_wanted(e.name, ops, nops, hit) && !excluded(t, e.name);
    const char *rel = want && t->mode == 'x' ? target_name(t, e.name) : NULL;
    if (t->mode == 'x' && !rel) want = false;
    if (!want) {
      if ((rc = copy_data(t, r, e.type == '5' ? 0 : e.size, NULL, false)))
        break;
      continue;
    }
    if (t->mode == 't') {
      rc = t->verbose ? list_long(t, &e) : bi_printf(b, "%s\n", e.name);
      if (!rc) rc = copy_data(t, r, e.type == '5' ? 0 : e.size, NULL, false);
    } else if (t->to_stdout) {
      if (t->verbose) rc = bi_printf(b, "%s\n", e.name);
      if (!rc)
        rc = copy_data(t, r, e.size, NULL, e.type == '0' || e.type == '7');
    } else {
      if (t->verbose) {
        if (t->verbose > 1) rc = list_long(t, &e);
        else rc = bi_printf(b, "%s\n", e.name);
      }
      if (!rc) rc = extract_one(t, r, &e, rel);
    }
    if (rc) break;
  }
  /* directories last, so extracting their files did not change times */
  for (size_t i = t->ndirs; i-- > 0;) {
    struct timespec mt = {.tv_sec = t->dirs[i].mtime};
    vfs_chmod(b->fs, t->dirs[i].path, t->dirs[i].mode & t->keep_mode);
    if (!t->no_mtime) vfs_utimens(b->fs, t->dirs[i].path, NULL, &mt, true);
    free(t->dirs[i].path);
  }
  free(t->dirs);
  cz_reader_free(r);
  sh_stream_unref(in);
  if (rc == VSH_EPIPE) return 141;
  if (rc == VSH_EABORTED) return 2;
  if (rc) {
    bi_errline(b, "tar: Unexpected EOF in archive");
    bi_errline(b, "tar: Error is not recoverable: exiting now");
    return 2;
  }
  for (int i = 0; hit && i < nops; i++)
    if (!hit[i]) fail(t, "tar: %s: Not found in archive", ops[i], NULL);
  if (t->status)
    bi_errline(b, "tar: Exiting with failure status due to previous errors");
  return t->status;
}

/* "tar czf x.tgz d": the first word is a bundle of letters whose
 * arguments follow in order.  Rewritten to "-c -z -f x.tgz d". */
static int old_style(bi_ctx *b) {
  if (b->argc < 2 || b->argv[1][0] == '-' || !b->argv[1][0]) return 0;
  const char *letters = b->argv[1];
  size_t n = strlen(letters);
  char **nv =
      vsh__arena_alloc(b->arena, ((size_t)b->argc + n + 1) * sizeof(char *));
  if (!nv) return 2;
  int k = 0, next = 2;
  nv[k++] = b->argv[0];
  for (size_t i = 0; i < n; i++) {
    char *o = vsh__arena_alloc(b->arena, 3);
    if (!o) return 2;
    o[0] = '-';
    o[1] = letters[i];
    o[2] = 0;
    nv[k++] = o;
    if (!strchr("fCTXbKNg", letters[i])) continue;
    if (next >= b->argc) {
      bi_errline(b, "tar: Old option '%c' requires an argument.", letters[i]);
      bi_errline(b, "Try 'tar --help' or 'tar --usage' for more "
                    "information.");
      return 2;
    }
    nv[k++] = b->argv[next++];
  }
  while (next < b->argc) nv[k++] = b->argv[next++];
  nv[k] = NULL;
  b->argv = nv;
  b->argc = k;
  return 0;
}

/* --owner=NAME[:ID]: a name alone maps like ours (root 0, else 1000). */
static void owner_arg(const char *a, const char **name, long *id) {
  const char *c = strchr(a, ':');
  if (c) {
    *id = strtol(c + 1, NULL, 10);
    *name = a; /* the ":ID" part is cut off later */
  } else if (a[0] >= '0' && a[0] <= '9') {
    *id = strtol(a, NULL, 10);
    *name = "";
  } else {
    *id = !strcmp(a, "root") ? 0 : VFS_UID;
    *name = a;
  }
}

enum {
  OPT_STRIP_COMPONENTS = BI_OPT_FIRST,
  OPT_EXCLUDE,
  OPT_OWNER,
  OPT_GROUP,
  OPT_NUMERIC_OWNER,
  OPT_SORT,
  OPT_OVERWRITE,
  OPT_MTIME,
  OPT_MODE,
  OPT_FULL_TIME
};

static const bi_option tar_options[] = {
    {"create", BI_ARG_NONE, 'c', NULL},
    {"extract", BI_ARG_NONE, 'x', NULL},
    {"get", BI_ARG_NONE, 'x', NULL},
    {"list", BI_ARG_NONE, 't', NULL},
    {"append", BI_ARG_NONE, 'r', NULL},
    {"file", BI_ARG_REQUIRED, 'f', NULL},
    {"directory", BI_ARG_REQUIRED, 'C', NULL},
    {"verbose", BI_ARG_NONE, 'v', NULL},
    {"gzip", BI_ARG_NONE, 'z', NULL},
    {"gunzip", BI_ARG_NONE, 'z', NULL},
    {"ungzip", BI_ARG_NONE, 'z', NULL},
    {"bzip2", BI_ARG_NONE, 'j', NULL},
    {"xz", BI_ARG_NONE, 'J', NULL},
    {"auto-compress", BI_ARG_NONE, 'a', NULL},
    {"to-stdout", BI_ARG_NONE, 'O', NULL},
    {"keep-old-files", BI_ARG_NONE, 'k', NULL},
    {"touch", BI_ARG_NONE, 'm', NULL},
    {"preserve-permissions", BI_ARG_NONE, 'p', NULL},
    {"same-permissions", BI_ARG_NONE, 'p', NULL},
    {"dereference", BI_ARG_NONE, 'h', NULL},
    {"strip-components", BI_ARG_REQUIRED, OPT_STRIP_COMPONENTS, NULL},
    {"exclude", BI_ARG_REQUIRED, OPT_EXCLUDE, NULL},
    {"owner", BI_ARG_REQUIRED, OPT_OWNER, NULL},
    {"group", BI_ARG_REQUIRED, OPT_GROUP, NULL},
    {"numeric-owner", BI_ARG_NONE, OPT_NUMERIC_OWNER, NULL},
    {"sort", BI_ARG_REQUIRED, OPT_SORT, NULL},
    {"overwrite", BI_ARG_NONE, OPT_OVERWRITE, NULL},
    {"no-same-owner", BI_ARG_NONE, OPT_OVERWRITE, NULL},
    {"same-owner", BI_ARG_NONE, OPT_OVERWRITE, NULL},
    {"no-same-permissions", BI_ARG_NONE, OPT_OVERWRITE, NULL},
    {"mtime", BI_ARG_REQUIRED, OPT_MTIME, NULL},
    {"mode", BI_ARG_REQUIRED, OPT_MODE, NULL},
    {"full-time", BI_ARG_NONE, OPT_FULL_TIME, NULL},
    {0}};

/* The long-only options; nonzero after an error (already reported). */
static int long_opt(tar_ctx *t, int c, const char *arg) {
  bi_ctx *b = t->b;
  switch (c) {
  case OPT_STRIP_COMPONENTS: {
    char *end;
    long v = strtol(arg, &end, 10);
    if (*end || v < 0 || !*arg) {
      bi_errline(b, "tar: %s: Invalid number of elements", arg);
      bi_errline(b, "Try 'tar --help' or 'tar --usage' for more "
                    "information.");
      return 2;
    }
    t->strip = (int)v;
    break;
  }
  case OPT_EXCLUDE: t->excl[t->nexcl++] = arg; break;
  case OPT_OWNER: owner_arg(arg, &t->owner, &t->owner_id); break;
  case OPT_GROUP: owner_arg(arg, &t->group, &t->group_id); break;
  case OPT_NUMERIC_OWNER: t->numeric = true; break;
  case OPT_FULL_TIME: t->full_time = true; break;
  case OPT_MODE: {
    unsigned m;
    if (!bi_parse_mode(arg, 0644, false, 0, &m)) {
      bi_errline(b, "tar: Invalid mode given on option");
      return 2;
    }
    t->mode_spec = arg;
    break;
  }
  case OPT_MTIME: {
    /* a date, or (starting with / or .) a file whose mtime is used */
    struct timespec ts;
    vfs_info st;
    if (arg[0] == '/' || arg[0] == '.') {
      if (!bi_stat_reference(b, arg, &st)) return 2;
      ts = st.mtime;
    } else if (!bi_parse_date(b, arg, &ts)) {
      bi_errline(b, "tar: Invalid date format '%s'", arg);
      return 2;
    }
    t->has_mtime = true;
    t->mtime = ts.tv_sec;
    break;
  }
  default: break; /* --sort and the accepted no-ops */
  }
  return 0;
}

static const bi_cmd tar_cmd = {
    .name = "tar",
    .usage = usage,
    .shortopts = "crxtf:C:vzjJaOkmphoP",
    .longopts = tar_options,
    .bad_status = 64, /* an unknown option; other usage errors are 2 */
    .try_text = "Try 'tar --help' or 'tar --usage' for more information.\n",
};

int bi_tar_main(bi_ctx *b) {
  tar_ctx t = {.b = b, .ugswidth = 19, .keep_mode = 0777 & ~bi_umask(b)};
  if (old_style(b)) return 2;
  t.excl = vsh__arena_alloc(b->arena, (size_t)b->argc * sizeof(char *));
  if (!t.excl) return 2;
  bi_opts g = {0};
  int c;
  while ((c = bi_opt(b, &g, &tar_cmd)) != -1) {
    switch (c) {
    case 'c':
    case 'r':
    case 'x':
    case 't':
      if (t.mode && t.mode != c) {
        bi_errline(b, "tar: You may not specify more than one '-Acdtrux', "
                      "'--delete' or  '--test-label' option");
        bi_errline(b, "Try 'tar --help' or 'tar --usage' for more "
                      "information.");
        return 2;
      }
      t.mode = (char)c;
      break;
    case 'f': t.file = g.arg; break;
    case 'C': t.dir = g.arg; break;
    case 'v': t.verbose++; break;
    case 'z': t.comp = CZ_GZIP; break;
    case 'j': t.comp = CZ_BZIP2; break;
    case 'J': t.comp = CZ_XZ; break;
    case 'a': t.autocomp = true; break;
    case 'O': t.to_stdout = true; break;
    case 'k': t.keep_old = true; break;
    case 'm': t.no_mtime = true; break;
    case 'h': t.deref = true; break;
    case 'p': t.keep_mode = 07777; break;
    case 'o':
    case 'P': break;
    default:
      if (c < BI_OPT_FIRST) return g.status;
      if (long_opt(&t, c, g.arg)) return 2;
    }
  }
  /* --owner=name:id keeps only the name part in the header */
  if (t.owner && strchr(t.owner, ':'))
    t.owner = vsh__arena_strndup(b->arena, t.owner,
                                 (size_t)(strchr(t.owner, ':') - t.owner));
  if (t.group && strchr(t.group, ':'))
    t.group = vsh__arena_strndup(b->arena, t.group,
                                 (size_t)(strchr(t.group, ':') - t.group));
  if (!t.mode) {
    bi_errline(b, "tar: You must specify one of the '-Acdtrux', '--delete' "
                  "or '--test-label' options");
    bi_errline(b, "Try 'tar --help' or 'tar --usage' for more information.");
    return 2;
  }
  if (t.mode == 'c' && t.autocomp && t.file && t.comp == CZ_NONE) {
    static const struct {
      const char *suf;
      cz_format f;
    } m[] = {{".tar.gz", CZ_GZIP},   {".tgz", CZ_GZIP},   {".taz", CZ_GZIP},
             {".tar.bz2", CZ_BZIP2}, {".tbz2", CZ_BZIP2}, {".tbz", CZ_BZIP2},
             {".tar.xz", CZ_XZ},     {".txz", CZ_XZ}};
    size_t fl = strlen(t.file);
    for (size_t i = 0; i < sizeof m / sizeof m[0]; i++) {
      size_t sl = strlen(m[i].suf);
      if (fl > sl && !strcmp(t.file + fl - sl, m[i].suf)) t.comp = m[i].f;
    }
  }
  if (t.mode == 'r' && (!t.file || !strcmp(t.file, "-") || t.comp)) {
    bi_errline(b, t.comp ? "tar: Cannot update compressed archives"
                         : "tar: Options '-Aru' are incompatible with '-f -'");
    bi_errline(b, "Try 'tar --help' or 'tar --usage' for more information.");
    return 2;
  }
  if (t.mode != 'x' && t.mode != 't')
    return do_create(&t, g.operands, g.noperands);
  return do_read(&t, g.operands, g.noperands);
}

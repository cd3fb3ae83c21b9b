/* zip.c: create and update .zip archives (Info-ZIP zip 3.0's options
 * -r -q -j -0..-9 -m -d -u -f -x -i -D -y -T and "-" for stdin, its
 * "adding:"/"updating:"/"deleting:" lines, warnings and exit statuses:
 * 3 a broken archive, 4 out of memory, 12 nothing to do, 15 the archive
 * cannot be written, 18 a file cannot be read).  ZIPFILE gets ".zip" when its
 * name has no suffix.  The new archive is built in memory and written
 * at once; members it keeps are copied as they are.  Deflate comes from
 * zlib, so compressed sizes may differ a little from Info-ZIP's; a
 * member that does not shrink is stored.  Directories are walked in
 * name order (zip: directory order). */
#include "builtins/archive/zip_int.h"
#include "builtins/builtins.h"
#include "core/hash.h"

#include <fnmatch.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct zp_item {
  char *name; /* as stored */
  char *abs;  /* source (NULL: stdin) */
  vfs_info st;
  bool top; /* an operand (not found by the walk) */
} zp_item;

/* items by stored name (one member per name; update matches by name) */
typedef struct zp_key {
  const char *name;
  size_t i; /* in items */
  UT_hash_handle hh;
} zp_key;

typedef struct zp {
  bi_ctx *b;
  bool recurse, quiet, junk, move, del, update, fresh, nodirs, links, test;
  int level;
  char **files, **incl, **excl;
  int nfiles, nincl, nexcl;
  const char *zipname, *zipabs;
  zp_item *items;
  size_t nitems, capitems;
  zp_key *index;
  bool oom; /* an item could not be recorded */
  int status;
} zp;

/* zip's messages go to stdout, unless the archive does. */
static void say(zp *z, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void say(zp *z, const char *fmt, ...) {
  char buf[4400];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf - 1, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if ((size_t)n > sizeof buf - 2) n = (int)sizeof buf - 2;
  buf[n++] = '\n';
  if (z->zipabs) bi_write(z->b, buf, (size_t)n);
  else bi_write_to(z->b, z->b->err, buf, (size_t)n);
}

static void warn(zp *z, const char *fmt, const char *arg) {
  if (z->quiet) return;
  char buf[4200];
  snprintf(buf, sizeof buf, fmt, arg);
  say(z, "\tzip warning: %s", buf);
}

static int nothing(zp *z) {
  say(z, "\nzip error: Nothing to do! (%s)", z->zipname);
  return 12;
}

/* Options may come anywhere; -x and -i take the words up to the next
 * option.  Returns 0, or an exit status. */
static int parse_args(zp *z) {
  bi_ctx *b = z->b;
  char **ops = vsh__arena_alloc(b->arena, sizeof *ops * (size_t)b->argc);
  if (!ops) return 16;
  int nops = 0;
  for (int i = 1; i < b->argc; i++) {
    char *a = b->argv[i];
    if (a[0] != '-' || !a[1]) {
      ops[nops++] = a;
      continue;
    }
    for (char *p = a + 1; *p; p++) {
      switch (*p) {
      case 'r': z->recurse = true; break;
      case 'q': z->quiet = true; break;
      case 'j': z->junk = true; break;
      case 'm': z->move = true; break;
      case 'd': z->del = true; break;
      case 'u': z->update = true; break;
      case 'f': z->fresh = true; break;
      case 'D': z->nodirs = true; break;
      case 'y': z->links = true; break;
      case 'T': z->test = true; break;
      case 'v':
      case 'X':
      case 'l':
      case 'o':
      case 'k':
      case 'F': break;
      case 'x':
      case 'i': {
        char **v = b->argv + i + 1;
        int n = 0;
        while (i + 1 < b->argc && b->argv[i + 1][0] != '-') i++, n++;
        if (!n) {
          bi_printf(b,
                    "\nzip error: Invalid command arguments (option '%c' "
                    "(%s files matching patterns) requires a value)\n",
                    *p, *p == 'x' ? "exclude" : "include only");
          return 16;
        }
        if (*p == 'x') z->excl = v, z->nexcl = n;
        else z->incl = v, z->nincl = n;
        p += strlen(p) - 1;
        break;
      }
      default:
        if (*p >= '0' && *p <= '9') {
          z->level = *p - '0';
          break;
        }
        bi_printf(b,
                  "\nzip error: Invalid command arguments (short option "
                  "'%c' not supported)\n",
                  *p);
        return 16;
      }
    }
  }
  if (!nops) {
    bi_printf(b, "\nzip error: Invalid command arguments (nothing to "
                 "select from)\n");
    return 16;
  }
  const char *zn = ops[0];
  const char *base = strrchr(zn, '/');
  base = base ? base + 1 : zn;
  if (strcmp(zn, "-") && !strchr(base, '.')) {
    size_t n = strlen(zn) + 5;
    char *s = vsh__arena_alloc(b->arena, n);
    if (!s) return 16;
    snprintf(s, n, "%s.zip", zn);
    zn = s;
  }
  z->zipname = zn;
  z->zipabs = strcmp(zn, "-") ? bi_path(b, zn) : NULL;
  z->files = ops + 1;
  z->nfiles = nops - 1;
  return 0;
}

static bool selected(zp *z, const char *name) {
  for (int i = 0; i < z->nexcl; i++)
    if (!fnmatch(z->excl[i], name, 0)) return false;
  if (!z->nincl) return true;
  for (int i = 0; i < z->nincl; i++)
    if (!fnmatch(z->incl[i], name, 0)) return true;
  return false;
}

/* The stored name: no leading "/" or "./" parts; directories end in
 * '/'; -j keeps the last part. */
static char *stored_name(zp *z, const char *path, bool dir) {
  while (*path == '/' || (path[0] == '.' && path[1] == '/')) path++;
  if (z->junk) {
    const char *s = strrchr(path, '/');
    if (s) path = s + 1;
  }
  size_t n = strlen(path);
  while (n && path[n - 1] == '/') n--;
  if (n == 1 && path[0] == '.') n = 0; /* "." itself is not stored */
  char *r = vsh__arena_alloc(z->b->arena, n + 2);
  if (!r) return NULL;
  memcpy(r, path, n);
  if (dir) r[n++] = '/';
  r[n] = 0;
  return r;
}

/* The index of the item stored as name, or -1. */
static ptrdiff_t find_item(const zp *z, const char *name) {
  const vsh_allocator *vsh_hash_al = NULL;
  (void)vsh_hash_al;
  zp_key *k;
  HASH_FIND(hh, z->index, name, strlen(name), k);
  return k ? (ptrdiff_t)k->i : -1;
}

static void push(zp *z, const char *name, const char *abs, const vfs_info *st,
                 bool top) {
  bi_ctx *b = z->b;
  if (!name || !*name || !strcmp(name, "/") ||
      (st->type == VFS_DIR && (z->nodirs || z->junk)))
    return;
  if (!selected(z, name)) return;
  if (abs && z->zipabs && !strcmp(abs, z->zipabs)) return;
  if (find_item(z, name) >= 0) return;
  if (z->nitems == z->capitems) {
    size_t cap = z->capitems ? z->capitems * 2 : 32;
    zp_item *v = realloc(z->items, cap * sizeof *v);
    if (!v) {
      z->oom = true;
      return;
    }
    z->items = v;
    z->capitems = cap;
  }
  const vsh_allocator *vsh_hash_al = NULL;
  zp_key *k = vsh__arena_alloc(b->arena, sizeof *k);
  if (k) {
    *k = (zp_key){.name = name, .i = z->nitems};
    HASH_ADD_KEYPTR(hh, z->index, k->name, strlen(name), k);
  }
  if (!k || !VSH_HASH_ADDED(k)) {
    z->oom = true;
    return;
  }
  zp_item *it = &z->items[z->nitems++];
  it->name = (char *)name;
  it->abs = abs ? vsh__arena_strndup(b->arena, abs, strlen(abs)) : NULL;
  it->st = *st;
  it->top = top;
}

static int walk_dir(zp *z, const char *abs, const char *shown) {
  bi_walk *w;
  int rc = bi_walk_new(&w, z->b, abs, shown, !z->links, false, false);
  if (rc) return rc;
  bi_went *e;
  while ((rc = bi_walk_next(w, &e)) == 1) {
    if (e->err || e->link_err) {
      warn(z, "name not matched: %s", e->shown);
      continue;
    }
    if (e->st.type != VFS_REG && e->st.type != VFS_DIR &&
        !(e->st.type == VFS_LNK && z->links))
      continue;
    push(z, stored_name(z, e->shown, e->st.type == VFS_DIR), e->path, &e->st,
         e->depth == 0);
  }
  bi_walk_free(w);
  return rc;
}

/* The operands, as members to add. */
static int collect(zp *z) {
  bi_ctx *b = z->b;
  for (int i = 0; i < z->nfiles; i++) {
    const char *f = z->files[i];
    if (!strcmp(f, "-")) {
      vfs_info st = {.type = VFS_REG, .mode = 0600};
      st.mtime = bi_now();
      push(z, "-", NULL, &st, true);
      continue;
    }
    const char *abs = bi_path(b, f);
    vfs_info st;
    int rc = vfs_stat(b->fs, abs, !z->links, &st);
    if (rc && !z->links && !vfs_stat(b->fs, abs, false, &st)) rc = VSH_ENOENT;
    if (rc) {
      warn(z, "name not matched: %s", f);
      continue;
    }
    if (st.type == VFS_DIR && z->recurse) {
      rc = walk_dir(z, abs, f);
      if (rc < 0) return rc;
      continue;
    }
    push(z, stored_name(z, f, st.type == VFS_DIR), abs, &st, true);
  }
  return 0;
}

/* Reads the member's bytes and compresses them into m (cdata in *keep). */
static int load_member(zp *z, const zp_item *it, zf_new *m, vsh_buf *raw,
                       vsh_buf *packed) {
  bi_ctx *b = z->b;
  int rc = 0;
  if (it->st.type == VFS_LNK) rc = vfs_readlink(b->fs, it->abs, raw);
  else if (!it->abs) rc = bi_read_all(b, b->in, raw);
  else if (it->st.type == VFS_REG) rc = vfs_read_file(b->fs, it->abs, raw);
  if (rc) return rc;
  m->usize = raw->len;
  /* zip looks for text only in what it deflates */
  m->text = z->level && raw->len && it->st.type == VFS_REG;
  for (size_t i = 0; i < raw->len && m->text; i++) {
    unsigned char c = (unsigned char)raw->data[i];
    if (c < 7 || (c > 13 && c < 32 && c != 27)) m->text = false;
  }
  m->crc = zf_crc32(0, raw->data, raw->len);
  m->method = 0;
  m->cdata = raw->data;
  m->csize = raw->len;
  if (z->level && raw->len && it->st.type == VFS_REG) {
    rc = zf_deflate(b, raw->data, raw->len, z->level, packed);
    if (rc) return rc;
    if (packed->len < raw->len) {
      m->method = 8;
      m->cdata = packed->data;
      m->csize = packed->len;
      m->flags = z->level >= 8 ? 2 : z->level <= 2 ? 4 : 0;
    }
  }
  return 0;
}

static int add_item(zp *z, zf_writer *w, const zp_item *it, bool update) {
  bi_ctx *b = z->b;
  vsh_buf raw = {0}, packed = {0};
  zf_new m = {.name = it->name};
  m.mode = it->st.mode & 07777;
  m.mode |= it->st.type == VFS_DIR   ? 040000
            : it->st.type == VFS_LNK ? 0120000
                                     : 0100000;
  m.mtime = it->st.mtime.tv_sec;
  m.atime = it->st.atime.tv_sec ? it->st.atime.tv_sec : m.mtime;
  int rc = load_member(z, it, &m, &raw, &packed);
  if (rc) {
    if (rc == VSH_ELIMIT || rc == VSH_EABORTED) goto done;
    say(z, "\tzip warning: could not open for reading: %s", it->name);
    z->status = 18;
    rc = 0;
    goto done;
  }
  rc = zf_write_new(b, w, &m);
  if (!rc && !z->quiet)
    bi_printf(b, "%s %s (%s %d%%)\n",
              !update    ? "  adding:"
              : z->fresh ? "freshening:"
                         : "updating:",
              it->name, m.method ? "deflated" : "stored",
              m.method ? zf_ratio(m.usize, m.csize) : 0);
done:
  vsh_buf_dispose(&raw);
  vsh_buf_dispose(&packed);
  return rc;
}

/* True when the file is newer than the member (DOS time precision). */
static bool newer(zp *z, const zp_item *it, const zf_entry *e) {
  uint16_t d, t;
  zf_time_to_dos(z->b, it->st.mtime.tv_sec, &d, &t);
  return ((uint32_t)d << 16 | t) > ((uint32_t)e->ddate << 16 | e->dtime);
}

/* Members of the old archive in place (replaced when an item has the
 * same name), then the new items; *changes counts what was done. */
static int build(zp *z, const zf_archive *a, zf_writer *w, bool *del_hit,
                 int *changes) {
  bi_ctx *b = z->b;
  bool *used = calloc(z->nitems + 1, 1);
  if (!used) return VSH_ENOMEM;
  int rc = 0;
  for (size_t i = 0; i < a->n && !rc; i++) {
    const zf_entry *e = &a->ents[i];
    if (bi_charge(b, 1)) rc = VSH_EABORTED;
    bool gone = false;
    for (int k = 0; z->del && k < z->nfiles; k++)
      if (!fnmatch(z->files[k], e->name, 0)) del_hit[k] = gone = true;
    if (gone) {
      if (!z->quiet) bi_printf(b, "deleting: %s\n", e->name);
      ++*changes;
      continue;
    }
    ptrdiff_t j = find_item(z, e->name);
    if (j >= 0) {
      used[j] = true;
      if (!(z->update || z->fresh) || newer(z, &z->items[j], e)) {
        rc = add_item(z, w, &z->items[j], true);
        ++*changes;
        continue;
      }
    }
    if (!rc && (rc = zf_write_copy(w, a, e)) > 0) {
      warn(z, "Did not find entry for %s", e->name);
      say(z, "\nzip error: Zip file structure invalid (was copying %s)",
          e->name);
    }
  }
  for (size_t j = 0; j < z->nitems && !rc; j++) {
    if (used[j] || z->fresh) continue;
    rc = add_item(z, w, &z->items[j], false);
    ++*changes;
  }
  free(used);
  return rc;
}

/* -m: the sources go once the archive is written (directories last). */
static void remove_sources(zp *z) {
  for (size_t i = z->nitems; i-- > 0;) {
    const zp_item *it = &z->items[i];
    if (!it->abs) continue;
    if (it->st.type == VFS_DIR) vfs_rmdir(z->b->fs, it->abs);
    else vfs_unlink(z->b->fs, it->abs);
  }
}

static int test_archive(zp *z, const vsh_buf *out) {
  bi_ctx *b = z->b;
  zf_archive a;
  int rc = zf_read(b, &a, (const unsigned char *)out->data, out->len);
  for (size_t i = 0; !rc && i < a.n; i++) {
    uint32_t crc;
    rc = zf_extract(b, &a, &a.ents[i], NULL, NULL, &crc);
  }
  zf_dispose(&a);
  if (rc) {
    bi_printf(b, "test of %s FAILED\n", z->zipname);
    say(z, "\nzip error: Zip file invalid, could not spawn unzip, or "
           "wrong unzip (original files unmodified)");
    return 8;
  }
  if (!z->quiet) bi_printf(b, "test of %s OK\n", z->zipname);
  return 0;
}

static int load_old(zp *z, vsh_buf *data, zf_archive *a, bool *exists) {
  bi_ctx *b = z->b;
  if (!z->zipabs || vfs_stat(b->fs, z->zipabs, true, &(vfs_info){0})) {
    *exists = false;
    return 0;
  }
  *exists = true;
  int rc = vfs_read_file(b->fs, z->zipabs, data);
  if (!rc) rc = zf_read(b, a, (const unsigned char *)data->data, data->len);
  if (!rc) return 0;
  if (rc == ZF_E_NOEOCD)
    say(z, "\tzip warning: missing end signature--probably not a zip "
           "file (did you\n\tzip warning: remember to use binary mode "
           "when you transferred it?)\n\tzip warning: (if you are "
           "trying to read a damaged archive try -F)");
  say(z, "\nzip error: Zip file structure invalid (%s)", z->zipname);
  return 3;
}

static int zip_run(zp *z, vsh_buf *old, zf_archive *a, zf_writer *w) {
  bi_ctx *b = z->b;
  int st = parse_args(z);
  if (st) return st;
  bool exists;
  st = load_old(z, old, a, &exists);
  if (st) return st;
  if (z->del && !exists) {
    warn(z, "%s not found or empty", z->zipname);
    return nothing(z);
  }
  if (!z->del && collect(z) < 0) return 1;
  if (z->oom) {
    say(z, "\nzip error: Out of memory (%s)", z->zipname);
    return 4;
  }
  bool *del_hit = calloc((size_t)z->nfiles + 1, 1);
  if (!del_hit) return 16;
  int changes = 0;
  /* zip names the patterns that match nothing before it deletes */
  for (int k = 0; z->del && k < z->nfiles; k++) {
    for (size_t i = 0; i < a->n && !del_hit[k]; i++)
      del_hit[k] = !fnmatch(z->files[k], a->ents[i].name, 0);
    if (!del_hit[k]) warn(z, "name not matched: %s", z->files[k]);
  }
  int rc = build(z, a, w, del_hit, &changes);
  free(del_hit);
  if (rc > 0) return 3; /* a member of the old archive is broken */
  if (rc) {
    if (rc != VSH_EABORTED && rc != VSH_ELIMIT)
      say(z, "\nzip error: %s (%s)", vsh_strerror(rc), z->zipname);
    return 1;
  }
  if (!changes) {
    if ((z->update || z->fresh) && exists) return 12;
    return nothing(z);
  }
  if (!w->nent) warn(z, "zip file empty%s", "");
  rc = zf_write_end(w);
  if (!rc && !z->zipabs) rc = bi_write(b, w->out.data, w->out.len);
  else if (!rc)
    rc = vfs_write_file(b->fs, z->zipabs, w->out.data, w->out.len, VFS_W_TRUNC,
                        bi_create_mode(b, 0666));
  if (rc) {
    if (rc == VSH_EPIPE) return 141;
    say(z, "zip I/O error: %s", vsh_strerror(rc));
    say(z, "zip error: Could not create output file (%s)", z->zipname);
    return 15;
  }
  if (z->test && (st = test_archive(z, &w->out))) return st;
  if (z->move) remove_sources(z);
  return z->status;
}

int bi_zip_main(bi_ctx *b) {
  zp z = {.b = b, .level = 6};
  vsh_buf old = {0};
  zf_archive a = {0};
  zf_writer w;
  zf_writer_init(&w);
  int st = zip_run(&z, &old, &a, &w);
  zf_writer_dispose(&w);
  zf_dispose(&a);
  vsh_buf_dispose(&old);
  const vsh_allocator *vsh_hash_al = NULL;
  HASH_CLEAR(hh, z.index);
  free(z.items);
  return st;
}

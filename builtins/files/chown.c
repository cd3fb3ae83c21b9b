/* chown.c: chown and chgrp (GNU coreutils) for the sandbox user, who is
 * not root: names are "root" (0) and "user" (1000, group 1000), any
 * number is an id.  As the kernel rules for an ordinary user, an owner
 * may keep its files' owner and give them a group it belongs to (its
 * own: the sandbox user's files already have it), so nothing here ever
 * changes a node; anything else is "Operation not permitted".  -R visits
 * a directory after its contents and never follows a link (GNU's -P). */
#include "builtins/builtins.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CO_NONE UINT32_MAX

typedef struct co_opts {
  bool chgrp, recursive, deref, quiet, verbose, changes;
  uint32_t uid, gid;           /* what is asked (CO_NONE: unchanged) */
  const char *uname, *gname;   /* their names in -v messages */
  uint32_t from_uid, from_gid; /* --from */
} co_opts;

/* A user or group: a known name, else a number below 2^32-1. */
static bool lookup_id(const char *s, bool group, uint32_t *out) {
  if (!strcmp(s, "root")) *out = 0;
  else if (!strcmp(s, "user")) *out = group ? VFS_GID : VFS_UID;
  else {
    char *end;
    if (*s < '0' || *s > '9') return false;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end || v >= UINT32_MAX) return false;
    *out = (uint32_t)v;
  }
  return true;
}

static const char *id_name(bi_ctx *b, uint32_t id, bool group) {
  const char *n = group ? bi_group_name(id) : bi_user_name(id);
  if (n) return n;
  char *s = vsh__arena_alloc(b->arena, 12);
  if (s) snprintf(s, 12, "%u", (unsigned)id);
  return s ? s : "?";
}

/* OWNER[:GROUP] (also OWNER. and OWNER.GROUP, with GNU's warning);
 * "OWNER:" means the owner's login group.  Returns the error text or
 * NULL. */
static const char *parse_spec(bi_ctx *b, const char *spec, uint32_t *uid,
                              uint32_t *gid, const char **un, const char **gn) {
  *uid = *gid = CO_NONE;
  *un = *gn = NULL;
  const char *colon = strchr(spec, ':');
  bool dot = false;
  if (!colon && strchr(spec, '.') && !lookup_id(spec, false, uid)) {
    colon = strchr(spec, '.');
    dot = true;
  }
  size_t ul = colon ? (size_t)(colon - spec) : strlen(spec);
  char *u = vsh__arena_alloc(b->arena, ul + 1);
  if (!u) return "invalid user";
  memcpy(u, spec, ul);
  u[ul] = 0;
  if (ul) {
    if (!lookup_id(u, false, uid)) return "invalid user";
    *un = u;
  }
  if (colon && colon[1]) {
    if (!lookup_id(colon + 1, true, gid)) return "invalid group";
    *gn = colon + 1;
    if (!ul) *un = ""; /* GNU then says "ownership", not "group" */
  } else if (colon && ul) {
    /* the login group of a named user; a number names no one */
    if (!bi_user_name(*uid) || (*u >= '0' && *u <= '9')) return "invalid spec";
    *gid = *uid ? VFS_GID : 0;
    *gn = bi_group_name(*gid);
  }
  if (dot) bi_err(b, "warning: '.' should be ':': %s", bi_cquote(b, spec));
  return NULL;
}

/* "OLD to NEW" parts of -v: user, user:group, or group (chgrp). */
static const char *spec_str(bi_ctx *b, const char *u, const char *g) {
  if (!u && !g) return NULL;
  size_t n = (u ? strlen(u) : 0) + (g ? strlen(g) : 0) + 2;
  char *s = vsh__arena_alloc(b->arena, n);
  if (!s) return "";
  snprintf(s, n, "%s%s%s", u ? u : "", u && g ? ":" : "", g ? g : "");
  return s;
}

/* Changes (or not) one file.  failed: it could not be looked up (the
 * message is out), which -v still reports: st NULL, or for a dangling
 * link all zeros (GNU's stat buffer is then not filled in). */
static int apply(bi_ctx *b, const co_opts *o, const char *shown,
                 const vfs_info *st, bool failed) {
  if (!st) {
    if (!o->verbose) return 1;
    const char *spec = spec_str(b, o->uname, o->gname);
    const char *q = bi_quote(b, shown);
    int w = spec ? bi_printf(b, "failed to change %s of %s to %s\n",
                             o->uname ? "ownership" : "group", q, spec)
                 : bi_printf(b, "failed to change ownership of %s\n", q);
    return w == VSH_EPIPE ? 141 : 1;
  }
  bool match = (o->from_uid == CO_NONE || o->from_uid == st->uid) &&
               (o->from_gid == CO_NONE || o->from_gid == st->gid);
  bool ok = !failed;
  if (match && ok) {
    /* what the kernel lets an ordinary user do */
    bool own = st->uid == VFS_UID;
    if (o->uid != CO_NONE && (!own || o->uid != st->uid)) ok = false;
    if (o->gid != CO_NONE && (!own || (o->gid != VFS_GID && o->gid != st->gid)))
      ok = false;
  }
  if (!ok && !failed && !o->quiet)
    bi_err(b, "changing %s of %s: %s",
           o->uid == CO_NONE ? "group" : "ownership", bi_quote(b, shown),
           vsh_strerror(VSH_EPERM));
  if (!o->verbose) return ok ? 0 : 1; /* -c: nothing ever changes */
  const char *u = o->uname, *g = o->gname;
  const char *spec = spec_str(b, u, g);
  const char *old = spec_str(b, u ? id_name(b, st->uid, false) : NULL,
                             g ? id_name(b, st->gid, true) : NULL);
  const char *what = u ? "ownership" : g ? "group" : NULL;
  const char *q = bi_quote(b, shown);
  int w;
  if (ok && what) w = bi_printf(b, "%s of %s retained as %s\n", what, q, old);
  else if (ok) w = bi_printf(b, "ownership of %s retained\n", q);
  else if (what)
    w = bi_printf(b, "failed to change %s of %s from %s to %s\n", what, q, old,
                  spec);
  else w = bi_printf(b, "failed to change ownership of %s\n", q);
  if (w == VSH_EPIPE) return 141;
  return ok ? 0 : 1;
}

static int one(bi_ctx *b, const co_opts *o, const char *op) {
  const char *p = bi_path(b, op);
  vfs_info st;
  bool deref = o->deref && !o->recursive;
  int rc = p ? vfs_stat(b->fs, p, deref, &st) : bi_path_error(op);
  if (rc == VSH_ENOENT && deref && p && !vfs_stat(b->fs, p, false, &st)) {
    if (!o->quiet)
      bi_err(b, "cannot dereference %s: %s", bi_quote(b, op), vsh_strerror(rc));
    st = (vfs_info){0};
    return apply(b, o, op, &st, true);
  }
  if (rc) {
    if (!o->quiet)
      bi_err(b, "cannot access %s: %s", bi_quote(b, op), vsh_strerror(rc));
    return apply(b, o, op, NULL, true);
  }
  if (!o->recursive || st.type != VFS_DIR) return apply(b, o, op, &st, false);
  bi_walk *w;
  if (bi_walk_new(&w, b, p, op, false, false, true)) return 1;
  bi_went *e;
  int res = 0;
  while ((rc = bi_walk_next(w, &e)) == 1) {
    vsh_arena_mark m = vsh__arena_mark(b->arena);
    int r = 0;
    if (e->dir_err) {
      if (!o->quiet)
        bi_err(b, "cannot read directory %s: %s", bi_quote(b, e->shown),
               vsh_strerror(e->err));
      r = 1;
    } else if (e->err) {
      r = 1;
    } else if (e->post || e->st.type != VFS_DIR) {
      r = apply(b, o, e->shown, &e->st, false);
    }
    vsh__arena_pop(b->arena, m);
    if (r == 141) {
      res = 141;
      break;
    }
    if (r) res = 1;
  }
  bi_walk_free(w);
  if (rc < 0 && !res) res = 1;
  return res;
}

enum {
  CO_DEREF = BI_OPT_FIRST,
  CO_FROM,
  CO_REFERENCE,
  CO_PRESERVE_ROOT,
};

/* chgrp's table is this one less its first entry */
static const bi_option co_options[] = {
    {"from", BI_ARG_REQUIRED, CO_FROM,
     "=CURRENT_OWNER:CURRENT_GROUP change only files owned so"},
    {"changes", BI_ARG_NONE, 'c',
     "like verbose but report only when a change is made"},
    {"silent", BI_ARG_NONE, 'f', "suppress most error messages"},
    {"quiet", BI_ARG_NONE, 'f', NULL},
    {"verbose", BI_ARG_NONE, 'v',
     "output a diagnostic for every file processed"},
    {"dereference", BI_ARG_NONE, CO_DEREF,
     "affect the referent of each symbolic link (the default)"},
    {"no-dereference", BI_ARG_NONE, 'h',
     "affect symbolic links instead of what they point to"},
    {"no-preserve-root", BI_ARG_NONE, CO_PRESERVE_ROOT,
     "do not treat '/' specially (the default)"},
    {"preserve-root", BI_ARG_NONE, CO_PRESERVE_ROOT,
     "fail to operate recursively on '/'"},
    {"reference", BI_ARG_REQUIRED, CO_REFERENCE,
     "=RFILE use RFILE's owner and group"},
    {"recursive", BI_ARG_NONE, 'R',
     "operate on files and directories recursively"},
    {NULL, BI_ARG_NONE, 'H', "with -R, traverse a link to a directory named"},
    {NULL, BI_ARG_NONE, 'L', "with -R, traverse every link to a directory"},
    {NULL, BI_ARG_NONE, 'P', "with -R, traverse no link (the default)"},
    {0}};

static const bi_cmd chown_cmd = {
    .name = "chown",
    .usage = "Usage: chown [OPTION]... [OWNER][:[GROUP]] FILE...\n"
             "  or:  chown [OPTION]... --reference=RFILE FILE...\n",
    .about = "Change the owner and/or group of each FILE to OWNER and/or "
             "GROUP.\n\n",
    .shortopts = "cfvhRHLP",
    .longopts = co_options,
};

static const bi_cmd chgrp_cmd = {
    .name = "chgrp",
    .usage = "Usage: chgrp [OPTION]... GROUP FILE...\n"
             "  or:  chgrp [OPTION]... --reference=RFILE FILE...\n",
    .about = "Change the group of each FILE to GROUP.\n\n",
    .shortopts = "cfvhRHLP",
    .longopts = co_options + 1,
};

/* The owner (chown) or group (chgrp) operand, or --reference's. */
static int target(bi_ctx *b, const bi_cmd *cmd, co_opts *o, const char *ref,
                  const char *spec) {
  if (ref) {
    vfs_info st;
    if (!bi_stat_reference(b, ref, &st)) return 1;
    o->gid = st.gid;
    o->gname = id_name(b, st.gid, true);
    if (!o->chgrp) {
      o->uid = st.uid;
      o->uname = id_name(b, st.uid, false);
    }
    return -1;
  }
  if (o->chgrp) {
    if (!lookup_id(spec, true, &o->gid)) {
      bi_err(b, "invalid group: %s", bi_cquote(b, spec));
      return 1;
    }
    o->gname = spec;
    return -1;
  }
  const char *err = parse_spec(b, spec, &o->uid, &o->gid, &o->uname, &o->gname);
  if (err) {
    bi_err(b, "%s: %s", err, bi_cquote(b, spec));
    return 1;
  }
  (void)cmd;
  return -1;
}

static int co_main(bi_ctx *b, const bi_cmd *cmd, bool chgrp) {
  co_opts o = {.chgrp = chgrp,
               .deref = true,
               .uid = CO_NONE,
               .gid = CO_NONE,
               .from_uid = CO_NONE,
               .from_gid = CO_NONE};
  const char *ref = NULL;
  bi_opts g = {0};
  int c;
  while ((c = bi_opt(b, &g, cmd)) != -1) {
    switch (c) {
    case 'c': o.changes = true; break;
    case 'f': o.quiet = true; break;
    case 'v': o.verbose = true; break;
    case 'h': o.deref = false; break;
    case 'R': o.recursive = true; break;
    case CO_DEREF: o.deref = true; break;
    case CO_REFERENCE: ref = g.arg; break;
    case CO_FROM: {
      const char *un, *gn;
      if (parse_spec(b, g.arg, &o.from_uid, &o.from_gid, &un, &gn)) {
        bi_err(b, "invalid user: %s", bi_cquote(b, g.arg));
        return 1;
      }
      break;
    }
    case 'H':
    case 'L':
    case 'P':
    case CO_PRESERVE_ROOT: break;
    default: return g.status;
    }
  }
  int first = ref ? 0 : 1;
  if (g.noperands <= first) {
    if (!g.noperands) return bi_usage_error(b, cmd, "missing operand");
    return bi_usage_error(b, cmd, "missing operand after %s",
                          bi_cquote(b, g.operands[0]));
  }
  int r = target(b, cmd, &o, ref, ref ? NULL : g.operands[0]);
  if (r >= 0) return r;
  int st = 0;
  for (int i = first; i < g.noperands; i++) {
    if (bi_cancelled(b)) return 1;
    r = one(b, &o, g.operands[i]);
    if (r == 141) return 141;
    if (r) st = 1;
  }
  return st;
}

int bi_chown_main(bi_ctx *b) { return co_main(b, &chown_cmd, false); }

int bi_chgrp_main(bi_ctx *b) { return co_main(b, &chgrp_cmd, true); }

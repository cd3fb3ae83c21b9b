/* io.c: records and fields, input, output.  $0 is one string; fields
 * are split from it on first use into slices (offset, length) and become
 * values only when read, so `{s += $2}` allocates nothing per field.
 * Assigning a field marks $0 stale; it is rebuilt with OFS when next
 * read.  Readers stream (a buffer grows to the longest record only);
 * output files are vfs files, `print | cmd` collects the command's input
 * and runs it inside the sandbox's shell when closed, `cmd | getline`
 * runs the command and reads what it printed. */
#include "builtins/awk/awk_int.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void awk_run_kind(awk_rt *rt, int kind);

/* ---- records and fields ---------------------------------------------- */

static void fields_reset(awk_rt *rt) {
  for (size_t i = 1; i <= rt->nf && i < rt->capf; i++)
    if (rt->f[i].mat) {
      awk_val_free(&rt->f[i].v);
      rt->f[i].mat = false;
    }
  rt->nf = 0;
  rt->split_done = false;
  rt->rec_dirty = false;
}

void awk_rec_set_str(awk_rt *rt, awk_str *s) {
  fields_reset(rt);
  awk_str_unref(rt->rec);
  rt->rec = s;
  rt->rec_cap = s ? s->len : 0;
}

void awk_rec_set(awk_rt *rt, const char *s, size_t n) {
  /* reuse the record's string when nothing else holds it */
  awk_str *r = rt->rec;
  if (r && r->ref == 1 && n <= rt->rec_cap) {
    fields_reset(rt);
    memcpy(r->s, s, n);
    r->s[n] = 0;
    r->len = n;
    r->ascii = 0;
    return;
  }
  size_t cap = n < 256 ? 256 : n;
  if (n > rt->max_string) {
    awk_fatal(rt, "record of %zu bytes exceeds the string limit", n);
    return;
  }
  r = malloc(sizeof(*r) + cap + 1);
  if (!r) {
    awk_nomem(rt);
    return;
  }
  r->len = n;
  r->cap = cap;
  r->ref = 1;
  r->ascii = 0;
  memcpy(r->s, s, n);
  r->s[n] = 0;
  awk_rec_set_str(rt, r);
  rt->rec_cap = cap;
}

static bool fields_grow(awk_rt *rt, size_t n) {
  if (n < rt->capf) return true;
  if (n > 10000000) {
    awk_fatal(rt, "too many fields (%zu)", n);
    return false;
  }
  size_t nc = rt->capf ? rt->capf : 64;
  while (nc <= n) nc *= 2;
  awk_field *nf = realloc(rt->f, nc * sizeof(*nf));
  if (!nf) {
    awk_nomem(rt);
    return false;
  }
  memset(nf + rt->capf, 0, (nc - rt->capf) * sizeof(*nf));
  rt->f = nf;
  rt->capf = nc;
  return true;
}

static bool add_field(awk_rt *rt, size_t off, size_t len) {
  if (rt->nf + 1 >= rt->capf && !fields_grow(rt, rt->nf + 1)) return false;
  awk_field *f = &rt->f[++rt->nf];
  f->off = (uint32_t)off;
  f->len = (uint32_t)len;
  f->mat = false;
  return true;
}

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n'; }

void awk_fs_update(awk_rt *rt) {
  rt->fs_dirty = false;
  awk_str *fs = awk_to_str(rt, &rt->g[V_FS].v);
  if (rt->fs_re) {
    awk_regex_free(rt->fs_re);
    rt->fs_re = NULL;
  }
  if (fs->len == 1 && fs->s[0] == ' ') {
    rt->fs_mode = 0; /* blanks (and newlines, also in paragraph mode) */
    return;
  }
  if (fs->len == 0) {
    rt->fs_mode = 3;
    return;
  }
  bool single = fs->len == 1 && fs->s[0] != '\\';
  if (fs->len == 2 && fs->s[0] == '\\' && fs->s[1] != '\\') single = false;
  if (single && !rt->paragraph_nl) {
    rt->fs_mode = fs->s[0] == '\t' ? 4 : 1;
    rt->fs_char = fs->s[0];
    return;
  }
  vsh_buf pat = {0};
  if (single) {
    /* one character, literal (even a regex metacharacter) */
    vsh__buf_putc(&pat, '[');
    vsh__buf_putc(&pat, fs->s[0]);
    if (rt->paragraph_nl) vsh__buf_putc(&pat, '\n');
    vsh__buf_putc(&pat, ']');
  } else if (rt->paragraph_nl) {
    vsh__buf_putc(&pat, '(');
    vsh__buf_append(&pat, fs->s, fs->len);
    vsh__buf_puts(&pat, ")|\n");
  } else {
    vsh__buf_append(&pat, fs->s, fs->len);
  }
  rt->fs_re = awk_regex_new(rt, pat.data, pat.len, true);
  vsh_buf_dispose(&pat);
  rt->fs_mode = 2;
  if (!rt->fs_re) rt->fs_mode = 0;
}

/* Splits s into slices by the current FS, calling add for each. */
static bool split_by_fs(awk_rt *rt, const char *s, size_t n,
                        bool (*add)(awk_rt *, size_t, size_t, void *), void *ud,
                        int mode, char ch, awk_regex *re) {
  size_t i = 0;
  switch (mode) {
  case 0: /* runs of blanks; leading and trailing ignored */
    for (;;) {
      while (i < n && is_space(s[i])) i++;
      if (i >= n) break;
      size_t st = i;
      while (i < n && !is_space(s[i])) i++;
      if (!add(rt, st, i - st, ud)) return false;
    }
    return true;
  case 1:
  case 4: {
    if (!n) return true;
    size_t st = 0;
    for (;;) {
      const char *p = memchr(s + st, ch, n - st);
      if (!p) break;
      if (!add(rt, st, (size_t)(p - s) - st, ud)) return false;
      st = (size_t)(p - s) + 1;
    }
    return add(rt, st, n - st, ud);
  }
  case 3: /* each character */
    while (i < n) {
      size_t k = 1;
      if (rt->utf8) {
        int32_t cp;
        int l = vsh__utf8_decode(s + i, n - i, &cp);
        k = l > 0 ? (size_t)l : 1;
      }
      if (!add(rt, i, k, ud)) return false;
      i += k;
    }
    return true;
  default: {
    if (!n) return true;
    size_t st = 0, pos = 0;
    /* gawk: leading blanks are not stripped for a regex FS, but a regex
     * that matches the empty string never splits there */
    while (pos <= n) {
      vsh_regmatch m[1];
      int rc = awk_re_exec(rt, re, s, n, pos, 0, m, 1);
      if (rc <= 0) {
        if (rc < 0) return false;
        break;
      }
      if (m[0].eo == m[0].so) {
        pos = (size_t)m[0].so + 1;
        if (pos > n) break;
        continue;
      }
      if (!add(rt, st, (size_t)m[0].so - st, ud)) return false;
      st = pos = (size_t)m[0].eo;
    }
    return add(rt, st, n - st, ud);
  }
  }
}

static bool add_rec_field(awk_rt *rt, size_t off, size_t len, void *ud) {
  (void)ud;
  return add_field(rt, off, len);
}

static bool split_fieldwidths(awk_rt *rt, const char *s, size_t n) {
  awk_str *fw = awk_to_str(rt, &rt->g[V_FIELDWIDTHS].v);
  const char *p = fw->s;
  (void)s;
  size_t pos = 0;
  while (*p) {
    while (*p == ' ' || *p == '\t') p++;
    if (!*p) break;
    size_t skip = 0;
    char *end;
    if (strchr(p, ':') && (size_t)(strchr(p, ':') - p) < 12) {
      long sk = strtol(p, &end, 10);
      if (*end == ':') {
        skip = sk > 0 ? (size_t)sk : 0;
        p = end + 1;
      }
    }
    size_t w;
    if (*p == '*') {
      w = n > pos + skip ? n - pos - skip : 0;
      p++;
    } else {
      long v = strtol(p, &end, 10);
      if (end == p) break;
      w = v > 0 ? (size_t)v : 0;
      p = end;
    }
    pos += skip;
    if (pos > n) break;
    if (pos + w > n) w = n - pos;
    if (!add_field(rt, pos, w)) return false;
    pos += w;
    if (pos >= n) break;
  }
  return true;
}

static bool split_fpat(awk_rt *rt, const char *s, size_t n) {
  awk_regex *re = awk_dyn_regex(rt, &rt->g[V_FPAT].v);
  if (!re) return false;
  size_t pos = 0;
  bool prev_empty_at = false;
  size_t last_end = (size_t)-1;
  while (pos <= n) {
    vsh_regmatch m[1];
    int rc = awk_re_exec(rt, re, s, n, pos, 0, m, 1);
    if (rc <= 0) break;
    size_t so = (size_t)m[0].so, eo = (size_t)m[0].eo;
    if (so == eo && so == last_end) {
      pos = so + 1;
      continue;
    }
    if (!add_field(rt, so, eo - so)) return false;
    last_end = eo;
    pos = eo > so ? eo : eo + 1;
    (void)prev_empty_at;
  }
  return true;
}

bool awk_split_rec(awk_rt *rt) {
  if (rt->split_done) return true;
  rt->split_done = true;
  rt->nf = 0;
  if (rt->fs_dirty) awk_fs_update(rt);
  const char *s = rt->rec ? rt->rec->s : "";
  size_t n = rt->rec ? rt->rec->len : 0;
  bool ok;
  if (rt->g[V_FIELDWIDTHS].kind == CELL_SCALAR &&
      rt->g[V_FIELDWIDTHS].v.type != AV_UNINIT)
    ok = split_fieldwidths(rt, s, n);
  else if (rt->g[V_FPAT].kind == CELL_SCALAR &&
           rt->g[V_FPAT].v.type != AV_UNINIT)
    ok = split_fpat(rt, s, n);
  else
    ok = split_by_fs(rt, s, n, add_rec_field, NULL, rt->fs_mode, rt->fs_char,
                     rt->fs_re);
  awk_val_free(&rt->g[V_NF].v);
  rt->g[V_NF].v = awk_num((double)rt->nf);
  return ok;
}

static void materialize(awk_rt *rt, size_t i) {
  awk_field *f = &rt->f[i];
  if (f->mat) return;
  awk_str *s = awk_str_new(rt, rt->rec->s + f->off, f->len);
  f->v = s ? (awk_val){.type = AV_MAYBE, .str = s} : (awk_val){0};
  f->mat = true;
}

double awk_field_num(awk_rt *rt, size_t i) {
  awk_field *f = &rt->f[i];
  if (f->mat) return awk_to_num(rt, &f->v);
  return awk_atof(rt->rec->s + f->off, f->len, NULL);
}

/* Rebuilds $0 from the fields with OFS. */
static void rebuild(awk_rt *rt) {
  rt->rec_dirty = false;
  awk_str *ofs = awk_to_str(rt, &rt->g[V_OFS].v);
  size_t total = 0;
  for (size_t i = 1; i <= rt->nf; i++) {
    awk_field *f = &rt->f[i];
    if (f->mat) {
      awk_str *s = awk_to_str(rt, &f->v);
      total += s->len;
    } else {
      total += f->len;
    }
    if (i > 1) total += ofs->len;
  }
  if (total > rt->max_string) {
    awk_fatal(rt, "record of %zu bytes exceeds the string limit", total);
    return;
  }
  awk_str *r = malloc(sizeof(*r) + total + 1);
  if (!r) {
    awk_nomem(rt);
    return;
  }
  r->len = total;
  r->cap = total;
  r->ref = 1;
  r->ascii = 0;
  size_t pos = 0;
  for (size_t i = 1; i <= rt->nf; i++) {
    if (i > 1) {
      memcpy(r->s + pos, ofs->s, ofs->len);
      pos += ofs->len;
    }
    awk_field *f = &rt->f[i];
    if (f->mat) {
      awk_str *s = awk_to_str(rt, &f->v);
      memcpy(r->s + pos, s->s, s->len);
      pos += s->len;
    } else {
      memcpy(r->s + pos, rt->rec->s + f->off, f->len);
      f->off = (uint32_t)pos;
      pos += f->len;
    }
  }
  r->s[total] = 0;
  awk_str_unref(rt->rec);
  rt->rec = r;
  rt->rec_cap = total;
}

awk_str *awk_rec_get(awk_rt *rt) {
  if (rt->rec_dirty) rebuild(rt);
  if (!rt->rec) { rt->rec = awk_str_new(rt, "", 0); }
  return rt->rec;
}

awk_val *awk_field_ref(awk_rt *rt, double idx, int for_write) {
  if (idx < 1) {
    /* $0: a value standing for the record (a fresh copy each time) */
    awk_str *r = awk_rec_get(rt);
    if (!fields_grow(rt, 1)) return NULL;
    awk_field *f0 = &rt->f[0];
    awk_val_free(&f0->v);
    f0->v = (awk_val){.type = AV_MAYBE, .str = awk_str_ref(r)};
    f0->mat = true;
    (void)for_write;
    return &f0->v;
  }
  if (idx > 10000000) {
    awk_fatal(rt, "field index %.0f is too large", idx);
    return NULL;
  }
  size_t i = (size_t)idx;
  if (!awk_split_rec(rt)) return NULL;
  if (i > rt->nf) {
    if (!for_write) {
      if (!fields_grow(rt, i)) return NULL;
      /* a missing field is the null string (not a strnum) */
      awk_field *f = &rt->f[i];
      if (f->mat) awk_val_free(&f->v);
      f->mat = false;
      f->v = awk_strv(awk_str_ref(rt->empty));
      return &rt->f[i].v;
    }
    if (!fields_grow(rt, i)) return NULL;
    for (size_t k = rt->nf + 1; k <= i; k++) {
      if (rt->f[k].mat) awk_val_free(&rt->f[k].v);
      rt->f[k].v = (awk_val){0};
      rt->f[k].mat = true;
    }
    rt->nf = i;
    awk_val_free(&rt->g[V_NF].v);
    rt->g[V_NF].v = awk_num((double)i);
  }
  if (for_write == 2 && !rt->f[i].mat) {
    rt->f[i].v = (awk_val){0};
    rt->f[i].mat = true;
  } else {
    materialize(rt, i);
  }
  return &rt->f[i].v;
}

void awk_field_assigned(awk_rt *rt, size_t idx) {
  if (idx == 0) {
    awk_field *f0 = &rt->f[0];
    awk_str *s = awk_to_str(rt, &f0->v);
    awk_str_ref(s);
    awk_val_free(&f0->v);
    f0->mat = false;
    awk_rec_set_str(rt, s);
    return;
  }
  awk_val *v = &rt->f[idx].v;
  if (v->type == AV_MAYBE) awk_classify(v);
  rt->rec_dirty = true;
}

void awk_set_nf(awk_rt *rt, double d) {
  awk_split_rec(rt);
  if (d < 0) {
    awk_fatal(rt, "NF set to negative value");
    return;
  }
  size_t n = (size_t)d;
  if (n > 10000000) {
    awk_fatal(rt, "NF set to too large a value");
    return;
  }
  if (!fields_grow(rt, n + 1)) return;
  if (n > rt->nf) {
    for (size_t k = rt->nf + 1; k <= n; k++) {
      if (rt->f[k].mat) awk_val_free(&rt->f[k].v);
      rt->f[k].v = (awk_val){0};
      rt->f[k].mat = true;
    }
  } else {
    for (size_t k = n + 1; k <= rt->nf; k++)
      if (rt->f[k].mat) {
        awk_val_free(&rt->f[k].v);
        rt->f[k].mat = false;
      }
  }
  rt->nf = n;
  awk_val_free(&rt->g[V_NF].v);
  rt->g[V_NF].v = awk_num((double)n);
  rt->rec_dirty = true;
}

/* ---- readers -------------------------------------------------------------- */

void awk_reader_dispose(awk_reader *r) {
  free(r->buf);
  if (r->s) sh_stream_unref(r->s);
  memset(r, 0, sizeof(*r));
}

static int fill(awk_rt *rt, awk_reader *r) {
  if (r->eof) return 0;
  if (r->start > 0 && r->start == r->end) r->start = r->end = 0;
  if (r->end == r->cap) {
    if (r->start > 0) {
      memmove(r->buf, r->buf + r->start, r->end - r->start);
      r->end -= r->start;
      r->start = 0;
    } else {
      size_t nc = r->cap ? r->cap * 2 : 65536;
      if (nc > rt->max_string + 65536) {
        awk_fatal(rt, "record exceeds the string limit");
        return -1;
      }
      char *nb = realloc(r->buf, nc);
      if (!nb) {
        awk_nomem(rt);
        return -1;
      }
      r->buf = nb;
      r->cap = nc;
    }
  }
  int64_t k =
      sh_stream_read(r->s, r->buf + r->end, r->cap - r->end, bi_exec(rt->b));
  if (k < 0) {
    if (k == VSH_EABORTED || bi_cancelled(rt->b)) {
      rt->jump = J_FATAL;
      rt->exit_status = 2;
      return -1;
    }
    r->eof = true;
    r->err = true;
    return 0;
  }
  if (k == 0) {
    r->eof = true;
    return 0;
  }
  r->end += (size_t)k;
  return 1;
}

static void set_rt(awk_rt *rt, const char *s, size_t n) {
  awk_str *v = awk_str_new(rt, s, n);
  if (!v) return;
  awk_val_free(&rt->g[V_RT].v);
  rt->g[V_RT].kind = CELL_SCALAR;
  rt->g[V_RT].v = awk_strv(v);
}

static void rs_update(awk_rt *rt) {
  rt->rs_dirty = false;
  if (rt->rs_re) {
    awk_regex_free(rt->rs_re);
    rt->rs_re = NULL;
  }
  awk_str *rs = awk_to_str(rt, &rt->g[V_RS].v);
  bool was_para = rt->paragraph_nl;
  if (rs->len == 0) {
    rt->rs_mode = 1;
    rt->paragraph_nl = true;
  } else if (rs->len == 1) {
    rt->rs_mode = 0;
    rt->rs_char = rs->s[0];
    rt->paragraph_nl = false;
    if (rt->icase && ((rs->s[0] | 0x20) >= 'a' && (rs->s[0] | 0x20) <= 'z')) {
      rt->rs_re = awk_regex_new(rt, rs->s, 1, true);
      rt->rs_mode = 2;
    }
  } else {
    rt->rs_mode = 2;
    rt->paragraph_nl = false;
    rt->rs_re = awk_regex_new(rt, rs->s, rs->len, true);
    if (!rt->rs_re) rt->rs_mode = 0, rt->rs_char = '\n';
  }
  if (was_para != rt->paragraph_nl) rt->fs_dirty = true;
}

/* Reads one record from r into s and n (valid until the next read).
 * 1 a record, 0 the end, -1 an error. */
static int read_record(awk_rt *rt, awk_reader *r, const char **s, size_t *n) {
  if (rt->rs_dirty) rs_update(rt);
  if (rt->rs_mode == 0) {
    size_t scan = r->start;
    for (;;) {
      char *p = r->end > scan
                    ? memchr(r->buf + scan, rt->rs_char, r->end - scan)
                    : NULL;
      if (p) {
        *s = r->buf + r->start;
        *n = (size_t)(p - *s);
        r->start = (size_t)(p - r->buf) + 1;
        if (rt->g[V_RT].v.type != AV_STR || rt->g[V_RT].v.str->len != 1 ||
            rt->g[V_RT].v.str->s[0] != rt->rs_char)
          set_rt(rt, &rt->rs_char, 1);
        return 1;
      }
      size_t have = r->end - r->start;
      int k = fill(rt, r);
      if (k < 0) return -1;
      scan = r->start + have;
      if (k == 0) {
        if (r->end == r->start) return 0;
        *s = r->buf + r->start;
        *n = r->end - r->start;
        r->start = r->end;
        set_rt(rt, "", 0);
        return 1;
      }
    }
  }
  if (rt->rs_mode == 1) {
    /* paragraph mode: skip leading newlines, end at \n\n+ */
    for (;;) {
      while (r->start < r->end && r->buf[r->start] == '\n') r->start++;
      if (r->start < r->end) break;
      int k = fill(rt, r);
      if (k < 0) return -1;
      if (k == 0) return 0;
    }
    size_t scan = r->start;
    for (;;) {
      char *p = NULL;
      size_t i = scan;
      while (i + 1 < r->end) {
        char *q = memchr(r->buf + i, '\n', r->end - i - 1);
        if (!q) break;
        if (q[1] == '\n') {
          p = q;
          break;
        }
        i = (size_t)(q - r->buf) + 1;
      }
      if (p) {
        size_t e = (size_t)(p - r->buf);
        size_t j = e;
        while (j < r->end && r->buf[j] == '\n') j++;
        if (j == r->end && !r->eof) {
          /* more newlines may follow: read on */
          size_t off_p = e - r->start, have = r->end - r->start;
          int k = fill(rt, r);
          if (k < 0) return -1;
          (void)off_p;
          scan = r->start + (have > 0 ? have - 1 : 0);
          if (k > 0) continue;
        }
        *s = r->buf + r->start;
        *n = e - r->start;
        set_rt(rt, r->buf + e, j - e);
        r->start = j;
        return 1;
      }
      size_t have = r->end - r->start;
      int k = fill(rt, r);
      if (k < 0) return -1;
      scan = r->start + (have > 0 ? have - 1 : 0);
      if (k == 0) {
        if (r->end == r->start) return 0;
        size_t e = r->end;
        size_t j = e;
        while (e > r->start && r->buf[e - 1] == '\n') e--;
        *s = r->buf + r->start;
        *n = e - r->start;
        set_rt(rt, r->buf + e, j - e);
        r->start = r->end;
        return 1;
      }
    }
  }
  /* regex RS */
  for (;;) {
    vsh_regmatch m[1];
    int rc = 0;
    if (r->end > r->start)
      rc = awk_re_exec(rt, rt->rs_re, r->buf + r->start, r->end - r->start, 0,
                       0, m, 1);
    if (rc < 0) return -1;
    if (rc > 0 && m[0].eo > m[0].so &&
        (r->eof || (size_t)m[0].eo < r->end - r->start)) {
      *s = r->buf + r->start;
      *n = (size_t)m[0].so;
      set_rt(rt, r->buf + r->start + m[0].so, (size_t)(m[0].eo - m[0].so));
      r->start += (size_t)m[0].eo;
      return 1;
    }
    int k = fill(rt, r);
    if (k < 0) return -1;
    if (k == 0) {
      if (r->end == r->start) return 0;
      if (rc > 0 && m[0].eo > m[0].so) continue;
      *s = r->buf + r->start;
      *n = r->end - r->start;
      r->start = r->end;
      set_rt(rt, "", 0);
      return 1;
    }
  }
}

/* ---- main input ------------------------------------------------------------ */

static void set_num(awk_rt *rt, int slot, double d) {
  awk_val *v = &rt->g[slot].v;
  if (v->str) awk_str_unref(v->str);
  *v = awk_num(d);
}

/* A command-line assignment var=value; true when arg is one. */
bool awk_cmdline_assign(awk_rt *rt, const char *arg);

static void close_main(awk_rt *rt) {
  if (!rt->main_open) return;
  rt->main_open = false;
  if (rt->main_stdin) return; /* stdin_rd stays */
  awk_reader_dispose(&rt->main_rd);
}

void awk_skip_file(awk_rt *rt) {
  bool had = rt->main_open;
  close_main(rt);
  if (had) awk_run_kind(rt, 4);
}

static bool open_next_main(awk_rt *rt) {
  for (;;) {
    if (rt->jump) return false;
    double argc = awk_to_num(rt, &rt->g[V_ARGC].v);
    awk_array *argv =
        rt->g[V_ARGV].kind == CELL_ARRAY ? rt->g[V_ARGV].arr : NULL;
    if (rt->argi >= (int)argc) {
      if (rt->no_more_input) return false;
      rt->no_more_input = true;
      if (rt->stdin_used) return false;
      /* no file operand: stdin, named "-" as gawk does */
      awk_str *dash = awk_str_new(rt, "-", 1);
      if (dash) {
        awk_val_free(&rt->g[V_FILENAME].v);
        rt->g[V_FILENAME].v = awk_strv(dash);
      }
      rt->main_open = true;
      rt->main_stdin = true;
      rt->stdin_used = true;
      rt->fnr = 0;
      set_num(rt, V_FNR, 0);
      awk_run_kind(rt, 3);
      return !rt->jump;
    }
    int i = rt->argi++;
    char key[32];
    snprintf(key, sizeof(key), "%d", i);
    awk_val *v =
        argv ? awk_array_getn(rt, argv, key, strlen(key), false) : NULL;
    if (!v) continue;
    awk_str *s = awk_to_str(rt, v);
    if (s->len == 0) continue;
    if (memchr(s->s, '=', s->len) && awk_cmdline_assign(rt, s->s)) continue;
    rt->stdin_used = true; /* a file operand: stdin is not read by default */
    awk_str *name = awk_str_ref(s);
    awk_val_free(&rt->g[V_FILENAME].v);
    rt->g[V_FILENAME].kind = CELL_SCALAR;
    rt->g[V_FILENAME].v = awk_strv(awk_str_ref(name));
    if (!strcmp(name->s, "-") || !strcmp(name->s, "/dev/stdin")) {
      rt->main_stdin = true;
      rt->main_open = true;
    } else {
      sh_stream *st = NULL;
      int rc = bi_open_input(rt->b, name->s, &st);
      if (rc == VSH_EISDIR) {
        bi_errline(rt->b,
                   "awk: warning: command line argument `%s' is a "
                   "directory: skipped",
                   name->s);
        awk_str_unref(name);
        continue;
      }
      if (rc && rt->line) {
        /* once a rule has run (a BEGIN that set ARGV, an earlier file),
         * gawk names the line it ran last */
        bi_errline(rt->b,
                   "awk: %s:%d: fatal: cannot open file `%s' for "
                   "reading: %s",
                   rt->srcname ? rt->srcname : "cmd. line", rt->line, name->s,
                   vsh_strerror(rc));
      } else if (rc) {
        bi_errline(rt->b,
                   "awk: fatal: cannot open file `%s' for reading: "
                   "%s",
                   name->s, vsh_strerror(rc));
      }
      if (rc) {
        awk_str_unref(name);
        rt->jump = J_FATAL;
        rt->exit_status = 2;
        return false;
      }
      memset(&rt->main_rd, 0, sizeof(rt->main_rd));
      rt->main_rd.s = st;
      rt->main_stdin = false;
      rt->main_open = true;
    }
    awk_str_unref(name);
    rt->fnr = 0;
    set_num(rt, V_FNR, 0);
    awk_run_kind(rt, 3);
    return !rt->jump;
  }
}

int awk_next_main(awk_rt *rt) {
  for (;;) {
    if (!rt->main_open && !open_next_main(rt)) return 0;
    awk_reader *r = rt->main_stdin ? &rt->stdin_rd : &rt->main_rd;
    if (rt->main_stdin && !r->s) r->s = sh_stream_ref(rt->b->in);
    const char *s;
    size_t n;
    int k = read_record(rt, r, &s, &n);
    if (k < 0) return -1;
    if (k == 0) {
      close_main(rt);
      awk_run_kind(rt, 4);
      if (rt->jump) return 0;
      continue;
    }
    awk_rec_set(rt, s, n);
    if (rt->fs_dirty) awk_fs_update(rt); /* this record's FS */
    rt->nr++;
    rt->fnr++;
    set_num(rt, V_NR, rt->nr);
    set_num(rt, V_FNR, rt->fnr);
    return rt->jump ? -1 : 1;
  }
}

/* ---- output ------------------------------------------------------------------ */

int awk_flush_stdout(awk_rt *rt) {
  if (!rt->obuf.len) return 0;
  int rc = bi_write(rt->b, rt->obuf.data, rt->obuf.len);
  vsh__buf_clear(&rt->obuf);
  if (rc == VSH_EPIPE || rt->b->epipe) {
    rt->jump = J_FATAL;
    rt->exit_status = 141;
    return -1;
  }
  return 0;
}

static int stream_flush(awk_rt *rt, awk_stream *st) {
  if (!st->buf.len || st->kind == RD_PIPE || st->kind == RD_COPROC) return 0;
  int rc = 0;
  if (st->fh) {
    int64_t k = vfs_file_write(st->fh, st->buf.data, st->buf.len);
    if (k < 0) rc = (int)k;
  } else if (st->s) {
    rc = sh_stream_write(st->s, st->buf.data, st->buf.len, bi_exec(rt->b));
  }
  vsh__buf_clear(&st->buf);
  if (rc && !st->dead) {
    st->dead = true;
    if (rc != VSH_EPIPE)
      awk_fatal(rt, "print to \"%s\" failed (%s)", st->name, vsh_strerror(rc));
    return -1;
  }
  return 0;
}

static awk_stream *find_stream(awk_rt *rt, const char *name, bool input) {
  for (awk_stream *s = rt->streams; s; s = s->next)
    if (!strcmp(s->name, name) && ((s->kind >= 10) == input)) return s;
  return NULL;
}

static awk_stream *new_stream(awk_rt *rt, const char *name, int kind) {
  awk_stream *s = calloc(1, sizeof(*s));
  if (!s || !(s->name = strdup(name))) {
    free(s);
    awk_nomem(rt);
    return NULL;
  }
  s->kind = kind;
  s->next = rt->streams;
  rt->streams = s;
  return s;
}

static int run_cmd(awk_rt *rt, const char *cmd, sh_stream *in, sh_stream *out) {
  bi_ctx *b = rt->b;
  if (!bi_has_shell(b)) return 127;
  int st = bi_run_string(b, cmd, strlen(cmd), in, out, b->err);
  if (st == VSH_ENOMEM) {
    awk_nomem(rt);
    return 2;
  }
  if (bi_cancelled(b)) {
    rt->jump = J_FATAL;
    rt->exit_status = 2;
  }
  return st;
}

static int pipe_close(awk_rt *rt, awk_stream *st) {
  awk_flush_stdout(rt);
  sh_stream *in =
      sh_stream_bytes_new(st->buf.data ? st->buf.data : "", st->buf.len);
  if (!in) {
    awk_nomem(rt);
    return -1;
  }
  vsh__buf_clear(&st->buf);
  int s = run_cmd(rt, st->name, in, rt->b->out);
  sh_stream_unref(in);
  return s;
}

static void stream_free(awk_rt *rt, awk_stream *st, int *status) {
  int s = 0;
  if (st->kind < 10) {
    if (st->kind == RD_PIPE || st->kind == RD_COPROC) s = pipe_close(rt, st);
    else if (stream_flush(rt, st)) s = -1;
  } else if (st->kind == 11) {
    s = st->status;
  }
  if (st->fh) vfs_file_close(st->fh);
  if (st->kind >= 10) awk_reader_dispose(&st->rd);
  vsh_buf_dispose(&st->buf);
  free(st->name);
  free(st);
  if (status) *status = s;
}

static awk_stream *open_output(awk_rt *rt, int redir, awk_str *name) {
  awk_stream *st = find_stream(rt, name->s, false);
  if (st) return st;
  st = new_stream(rt, name->s, redir);
  if (!st) return NULL;
  if (redir == RD_PIPE || redir == RD_COPROC) return st;
  if (!strcmp(name->s, "/dev/stdout") || !strcmp(name->s, "-")) {
    st->kind = 20; /* our stdout buffer */
    return st;
  }
  if (!strcmp(name->s, "/dev/stderr")) {
    st->s = rt->b->err;
    return st;
  }
  const char *p = bi_path(rt->b, name->s);
  unsigned fl = VFS_O_WRITE | VFS_O_CREAT |
                (redir == RD_APPEND ? VFS_O_APPEND : VFS_O_TRUNC);
  int rc = p ? vfs_open(rt->b->fs, p, fl, bi_create_mode(rt->b, 0666), &st->fh)
             : bi_path_error(name->s);
  if (rc) {
    awk_fatal(rt, "cannot redirect to `%s': %s", name->s, vsh_strerror(rc));
    rt->streams = st->next;
    stream_free(rt, st, NULL);
    return NULL;
  }
  int fd = vfs_file_devfd(st->fh);
  if (fd >= 0) {
    vfs_file_close(st->fh);
    st->fh = NULL;
    if (fd == 1) st->kind = 20;
    else {
      st->s = bi_fd(rt->b, fd);
      if (!st->s) {
        awk_fatal(rt, "cannot redirect to `%s': %s", name->s,
                  vsh_strerror(VSH_EBADF));
        return NULL;
      }
    }
  }
  return st;
}

int awk_out(awk_rt *rt, int redir, awk_val *target, const char *s, size_t n) {
  if (redir == RD_NONE) {
    if (vsh__buf_append(&rt->obuf, s, n)) {
      awk_nomem(rt);
      return -1;
    }
    if (rt->obuf.len >= 65536) return awk_flush_stdout(rt);
    return 0;
  }
  awk_str *name = awk_to_str(rt, target);
  if (!name->len) { /* gawk: print > "" is fatal */
    awk_fatal(rt, "expression for `%s' redirection has null string value",
              redir == RD_FILE     ? ">"
              : redir == RD_APPEND ? ">>"
              : redir == RD_PIPE   ? "|"
                                   : "|&");
    return -1;
  }
  awk_str_ref(name);
  awk_stream *st = open_output(rt, redir, name);
  awk_str_unref(name);
  if (!st) return -1;
  if (st->kind == 20) return awk_out(rt, RD_NONE, NULL, s, n);
  if (st->dead) return -1;
  if (st->buf.len + n > rt->max_string &&
      (st->kind == RD_PIPE || st->kind == RD_COPROC)) {
    awk_fatal(rt, "output to `%s' exceeds the string limit", st->name);
    return -1;
  }
  if (vsh__buf_append(&st->buf, s, n)) {
    awk_nomem(rt);
    return -1;
  }
  if (st->s == rt->b->err) return stream_flush(rt, st);
  if (st->buf.len >= 65536) return stream_flush(rt, st);
  return 0;
}

int awk_flush_all(awk_rt *rt) {
  int rc = awk_flush_stdout(rt);
  for (awk_stream *s = rt->streams; s; s = s->next)
    if (s->kind < 10 && stream_flush(rt, s)) rc = -1;
  return rc;
}

int awk_close(awk_rt *rt, awk_str *name) {
  awk_stream **pp = &rt->streams;
  while (*pp && strcmp((*pp)->name, name->s)) pp = &(*pp)->next;
  if (!*pp) {
    if (rt->main_open && !rt->main_stdin) {
      /* closing the current input file is allowed; not tracked here */
    }
    return -1;
  }
  awk_stream *st = *pp;
  *pp = st->next;
  int status = 0;
  stream_free(rt, st, &status);
  return status;
}

void awk_close_all(awk_rt *rt) {
  /* in the order they were opened */
  awk_stream *rev = NULL;
  while (rt->streams) {
    awk_stream *s = rt->streams;
    rt->streams = s->next;
    s->next = rev;
    rev = s;
  }
  int saved = rt->jump;
  while (rev) {
    awk_stream *s = rev;
    rev = s->next;
    if (saved == J_FATAL && (bi_cancelled(rt->b) || rt->b->epipe) &&
        s->kind < 10 && (s->kind == RD_PIPE || s->kind == RD_COPROC)) {
      vsh__buf_clear(&s->buf);
      s->kind = RD_FILE; /* cancelled: run nothing more */
    }
    stream_free(rt, s, NULL);
  }
}

int awk_system(awk_rt *rt, awk_str *cmd) {
  if (awk_flush_all(rt)) return -1;
  int st = run_cmd(rt, cmd->s, rt->b->in, rt->b->out);
  return st;
}

/* ---- getline ------------------------------------------------------------------ */

static awk_stream *open_input(awk_rt *rt, int kind, awk_str *name) {
  awk_stream *st = find_stream(rt, name->s, true);
  if (st) return st;
  /* a "coprocess": what was printed to it with |& is its input, and it
   * runs now (vsh runs commands to completion, not side by side) */
  sh_stream *in = NULL;
  if (kind == GL_COPROC) {
    awk_stream **pp = &rt->streams;
    while (*pp && !((*pp)->kind == RD_COPROC && !strcmp((*pp)->name, name->s)))
      pp = &(*pp)->next;
    if (*pp) {
      awk_stream *out = *pp;
      in =
          sh_stream_bytes_new(out->buf.data ? out->buf.data : "", out->buf.len);
      *pp = out->next;
      vsh_buf_dispose(&out->buf);
      free(out->name);
      free(out);
      if (!in) {
        awk_nomem(rt);
        return NULL;
      }
    }
    kind = GL_CMD;
  }
  st = new_stream(rt, name->s, kind == GL_CMD ? 11 : 10);
  if (!st) {
    if (in) sh_stream_unref(in);
    return NULL;
  }
  if (kind == GL_CMD) {
    awk_flush_all(rt);
    sh_stream *cap = sh_stream_buf_new(rt->max_string);
    if (!cap) {
      if (in) sh_stream_unref(in);
      awk_nomem(rt);
      return NULL;
    }
    st->status = run_cmd(rt, name->s, in ? in : sh_stream_null(), cap);
    if (in) sh_stream_unref(in);
    const vsh_buf *d = sh_stream_buf_data(cap);
    st->rd.s = sh_stream_bytes_new(d && d->data ? d->data : "", d ? d->len : 0);
    sh_stream_unref(cap);
    if (!st->rd.s) {
      awk_nomem(rt);
      return NULL;
    }
    return st;
  }
  if (!strcmp(name->s, "-") || !strcmp(name->s, "/dev/stdin")) {
    st->kind = 12; /* shares the stdin reader */
    return st;
  }
  int rc = bi_open_input(rt->b, name->s, &st->rd.s);
  if (rc) {
    st->dead = true;
    st->rd.s = NULL;
    /* ERRNO says why, as gawk's */
    const char *why = vsh_strerror(rc);
    awk_str *e = awk_str_new(rt, why, strlen(why));
    if (e && rt->g[V_ERRNO].kind == CELL_ARRAY) awk_str_unref(e);
    else if (e) {
      awk_val_free(&rt->g[V_ERRNO].v);
      rt->g[V_ERRNO].kind = CELL_SCALAR;
      rt->g[V_ERRNO].v = awk_strv(e);
    }
  }
  return st;
}

int awk_getline(awk_rt *rt, int kind, awk_val *src, awk_node *lv) {
  awk_reader *r;
  bool main_in = false;
  if (kind == GL_PLAIN) {
    for (;;) {
      if (!rt->main_open && !open_next_main(rt)) return 0;
      r = rt->main_stdin ? &rt->stdin_rd : &rt->main_rd;
      if (rt->main_stdin && !r->s) r->s = sh_stream_ref(rt->b->in);
      const char *s;
      size_t n;
      int k = read_record(rt, r, &s, &n);
      if (k < 0) return -1;
      if (k == 0) {
        close_main(rt);
        awk_run_kind(rt, 4);
        if (rt->jump) return 0;
        continue;
      }
      main_in = true;
      awk_str *v = awk_str_new(rt, s, n);
      if (!v) return -1;
      rt->nr++;
      rt->fnr++;
      set_num(rt, V_NR, rt->nr);
      set_num(rt, V_FNR, rt->fnr);
      if (lv) awk_lvalue_set(rt, lv, (awk_val){.type = AV_MAYBE, .str = v});
      else awk_rec_set_str(rt, v);
      return rt->jump ? -1 : 1;
    }
  }
  (void)main_in;
  awk_str *name = awk_to_str(rt, src);
  if (!name->len) { /* gawk: getline < "" is fatal */
    awk_fatal(rt, "expression for `%s' redirection has null string value",
              kind == GL_FILE  ? "<"
              : kind == GL_CMD ? "|"
                               : "|&");
    return -1;
  }
  awk_str_ref(name);
  awk_stream *st = open_input(rt, kind, name);
  awk_str_unref(name);
  if (!st) return -1;
  if (st->dead) return -1;
  r = st->kind == 12 ? &rt->stdin_rd : &st->rd;
  if (st->kind == 12 && !r->s) r->s = sh_stream_ref(rt->b->in);
  const char *s;
  size_t n;
  int k = read_record(rt, r, &s, &n);
  if (k <= 0) return k;
  awk_str *v = awk_str_new(rt, s, n);
  if (!v) return -1;
  /* gawk (and mawk) count neither NR nor FNR for a record read from a
   * file, a command or a coprocess (POSIX would count NR for commands) */
  if (lv) awk_lvalue_set(rt, lv, (awk_val){.type = AV_MAYBE, .str = v});
  else awk_rec_set_str(rt, v);
  return rt->jump ? -1 : 1;
}

/* ---- split() ------------------------------------------------------------------ */

typedef struct split_ud {
  const char *s;
  awk_array *a;
  awk_array *seps;
  size_t n;
  size_t prev_end;
  bool fpat;
} split_ud;

static bool add_elem(awk_rt *rt, size_t off, size_t len, void *ud) {
  split_ud *u = ud;
  if (awk_charge(rt, 1)) return false;
  u->n++;
  char key[32];
  int kl = snprintf(key, sizeof(key), "%zu", u->n);
  awk_val *v = awk_array_getn(rt, u->a, key, (size_t)kl, true);
  if (!v) return false;
  awk_str *s = awk_str_new(rt, u->s + off, len);
  if (!s) return false;
  awk_val_free(v);
  *v = (awk_val){.type = AV_MAYBE, .str = s};
  awk_classify(v);
  if (u->seps && u->n > 1) {
    kl = snprintf(key, sizeof(key), "%zu", u->n - 1);
    awk_val *sv = awk_array_getn(rt, u->seps, key, (size_t)kl, true);
    if (!sv) return false;
    awk_str *ss = awk_str_new(rt, u->s + u->prev_end, off - u->prev_end);
    if (!ss) return false;
    awk_val_free(sv);
    *sv = awk_strv(ss);
  }
  u->prev_end = off + len;
  return true;
}

int awk_split_str(awk_rt *rt, awk_str *s, awk_array *a, awk_val *sep,
                  awk_array *seps, bool fpat) {
  awk_str_ref(s);
  awk_array_clear(a);
  if (seps) awk_array_clear(seps);
  split_ud u = {.s = s->s, .a = a, .seps = seps};
  int mode;
  char ch = 0;
  awk_regex *re = NULL;
  bool ok = true;
  if (fpat) {
    re = awk_dyn_regex(rt, sep);
    if (!re) {
      awk_str_unref(s);
      return 0;
    }
    size_t pos = 0, last_end = (size_t)-1;
    while (pos <= s->len && ok) {
      vsh_regmatch m[1];
      int rc = awk_re_exec(rt, re, s->s, s->len, pos, 0, m, 1);
      if (rc <= 0) break;
      size_t so = (size_t)m[0].so, eo = (size_t)m[0].eo;
      if (so == eo && so == last_end) {
        pos = so + 1;
        continue;
      }
      if (seps && u.n == 0 && so > 0) {
        awk_val *sv = awk_array_getn(rt, seps, "0", 1, true);
        if (sv) {
          awk_val_free(sv);
          *sv = awk_strv(awk_str_new(rt, s->s, so));
        }
      }
      u.prev_end = u.n ? u.prev_end : so;
      ok = add_elem(rt, so, eo - so, &u);
      last_end = eo;
      pos = eo > so ? eo : eo + 1;
    }
    awk_str_unref(s);
    return (int)u.n;
  }
  if (!sep) {
    if (rt->fs_dirty) awk_fs_update(rt);
    mode = rt->fs_mode;
    ch = rt->fs_char;
    re = rt->fs_re;
  } else if (sep->type == AV_STR || sep->type == AV_STRNUM ||
             sep->type == AV_MAYBE || sep->type == AV_NUM ||
             sep->type == AV_UNINIT) {
    awk_str *fs = awk_to_str(rt, sep);
    if (fs->len == 1 && fs->s[0] == ' ') mode = 0;
    else if (fs->len == 0) mode = 3;
    else if (fs->len == 1 && fs->s[0] != '\\') {
      mode = 1;
      ch = fs->s[0];
    } else {
      mode = 2;
      if (fs->len == 1) {
        char pat[4] = {'[', fs->s[0], ']', 0};
        awk_val pv = awk_strv(awk_str_new(rt, pat, 3));
        re = pv.str ? awk_dyn_regex(rt, &pv) : NULL;
        awk_val_free(&pv);
      } else {
        re = awk_dyn_regex(rt, sep);
      }
      if (!re) {
        awk_str_unref(s);
        return 0;
      }
    }
  } else {
    mode = 0;
  }
  if (mode == 0 && seps && s->len) {
    /* leading blanks go to seps[0] */
    size_t i = 0;
    while (i < s->len && is_space(s->s[i])) i++;
    if (i) {
      awk_val *sv = awk_array_getn(rt, seps, "0", 1, true);
      if (sv) {
        awk_val_free(sv);
        *sv = awk_strv(awk_str_new(rt, s->s, i));
      }
    }
  }
  ok = split_by_fs(rt, s->s, s->len, add_elem, &u, mode, ch, re);
  if (mode == 0 && seps && u.n && u.prev_end < s->len) {
    char key[32];
    int kl = snprintf(key, sizeof(key), "%zu", u.n);
    awk_val *sv = awk_array_getn(rt, seps, key, (size_t)kl, true);
    if (sv) {
      awk_val_free(sv);
      *sv = awk_strv(awk_str_new(rt, s->s + u.prev_end, s->len - u.prev_end));
    }
  }
  (void)ok;
  awk_str_unref(s);
  return (int)u.n;
}

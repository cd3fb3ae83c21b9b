/* jq_regex.c: jq's regular expressions (match/test/capture/scan/split/
 * sub/gsub) on core/regex: Oniguruma's flags (g i x n s l p), named
 * groups, code point offsets; every search has a step budget and polls
 * cancellation. */
#include "builtins/jq/jq_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/regex.h"

/* ---- regex ---------------------------------------------------------------------- */

static bool re_cancel(void *ud) { return bi_cancelled(((jq_st *)ud)->b); }

/* The names of the capturing groups of pat, in order (NULL for unnamed). */
static int group_names(const char *p, size_t n, char ***out, size_t *nout) {
  char **names = NULL;
  size_t cnt = 0;
  bool in_class = false;
  for (size_t i = 0; i < n; i++) {
    char c = p[i];
    if (c == '\\') {
      i++;
      continue;
    }
    if (in_class) {
      if (c == ']') in_class = false;
      continue;
    }
    if (c == '[') {
      in_class = true;
      if (i + 1 < n && p[i + 1] == '^') i++;
      if (i + 1 < n && p[i + 1] == ']') i++;
      continue;
    }
    if (c != '(') continue;
    char *name = NULL;
    if (i + 1 < n && p[i + 1] == '?') {
      size_t j = i + 2;
      if (j < n && p[j] == 'P') j++;
      if (j < n && p[j] == '<' && j + 1 < n && p[j + 1] != '=' &&
          p[j + 1] != '!') {
        size_t s = j + 1, e = s;
        while (e < n && p[e] != '>') e++;
        name = strndup(p + s, e - s);
        if (!name) goto fail;
      } else {
        continue;
      }
    }
    char **nn = realloc(names, (cnt + 1) * sizeof *nn);
    if (!nn) {
      free(name);
      goto fail;
    }
    names = nn;
    names[cnt++] = name;
  }
  *out = names;
  *nout = cnt;
  return 0;
fail:
  for (size_t i = 0; i < cnt; i++) free(names[i]);
  free(names);
  return -1;
}

static size_t cp_count(const char *s, size_t n) {
  return vsh__utf8_count(s, n);
}

/* _match_impl(re; flags; test): an array of match objects, or a bool */
jv f_match_impl(jq_st *st, jv in, jv *a) {
  jv re = a[0], flags = a[1], testmode = a[2];
  if (in.kind != JV_STRING) {
    return err_v(st, "%s (%s) cannot be matched, as it is not a string", in);
  }
  if (re.kind != JV_STRING) return err_v(st, "%s (%s) is not a string", re);
  bool global = false, noempty = false;
  unsigned cf = VSH_RE_PERL | VSH_RE_EXTENDED;
  bool extended = false;
  if (flags.kind == JV_STRING) {
    for (const char *f = jv_sv(flags); *f; f++) {
      switch (*f) {
      case 'g': global = true; break;
      case 'i': cf |= VSH_RE_ICASE; break;
      case 'x': extended = true; break;
      case 'n': noempty = true; break;
      case 's':
      case 'l':
      case 'p': break;
      default: {
        char buf[128];
        snprintf(buf, sizeof buf, "%.40s is not a valid modifier string",
                 jv_sv(flags));
        jq_error(st, "%s", buf);
        return jv_invalid();
      }
      }
    }
  } else if (flags.kind != JV_NULL) {
    return err_v(st, "%s (%s) is not a string", flags);
  }
  const char *pat = jv_sv(re);
  size_t plen = jv_slen(re);
  vsh_buf xp;
  vsh__buf_init(&xp);
  if (extended) {
    /* x: whitespace and # comments in the pattern are ignored */
    bool cls = false;
    for (size_t i = 0; i < plen; i++) {
      char c = pat[i];
      if (c == '\\' && i + 1 < plen) {
        vsh__buf_append(&xp, pat + i, 2);
        i++;
        continue;
      }
      if (cls) {
        if (c == ']') cls = false;
        vsh__buf_putc(&xp, c);
        continue;
      }
      if (c == '[') cls = true;
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') continue;
      if (c == '#') {
        while (i < plen && pat[i] != '\n') i++;
        continue;
      }
      vsh__buf_putc(&xp, c);
    }
    pat = xp.data ? xp.data : "";
    plen = xp.len;
  }
  vsh_regex *rx = NULL;
  vsh_buf why;
  vsh__buf_init(&why);
  int rc = vsh__regex_compile(&rx, pat, plen, cf, &why);
  if (rc) {
    jq_error(st, "%.*s (at offset 0) is not a valid regex: %s", (int)plen, pat,
             why.data ? why.data : "invalid");
    vsh_buf_dispose(&why);
    vsh_buf_dispose(&xp);
    return jv_invalid();
  }
  vsh_buf_dispose(&why);
  char **names = NULL;
  size_t nnames = 0;
  if (group_names(pat, plen, &names, &nnames)) {
    vsh__regex_free(rx);
    vsh_buf_dispose(&xp);
    return oom(st);
  }
  vsh_buf_dispose(&xp);
  size_t ng = vsh__regex_nsub(rx);
  vsh_regmatch *m = calloc(ng + 1, sizeof *m);
  const char *s = jv_sv(in);
  size_t n = jv_slen(in);
  jv res = jv_truthy(testmode) ? jv_bool(false) : jv_arr_new(0);
  vsh_re_budget bud = {VSH_RE_DEFAULT_STEPS, re_cancel, st};
  size_t pos = 0;
  size_t cpos = 0, cbase = 0; /* code point offset of pos */
  if (!m) goto oomx;
  while (pos <= n) {
    if (jq_charge(st)) {
      jv_unref(res);
      res = jv_invalid();
      st->fatal_reported = true;
      break;
    }
    int r = vsh__regex_exec(rx, s, n, pos, 0, m, ng + 1, &bud);
    if (r < 0) {
      jv_unref(res);
      res = jv_invalid();
      if (r == VSH_ENOMEM) jq_oom(st);
      else jq_error(st, "regex too complex");
      break;
    }
    if (r == 0) break;
    size_t so = (size_t)m[0].so, eo = (size_t)m[0].eo;
    if (noempty && so == eo) {
      if (so >= n) break;
      int32_t cp;
      size_t np = so + (size_t)vsh__utf8_decode(s + so, n - so, &cp);
      cpos += cp_count(s + pos, np - pos);
      pos = np;
      continue;
    }
    if (jv_truthy(testmode)) {
      jv_unref(res);
      res = jv_bool(true);
      break;
    }
    cbase = cpos + cp_count(s + pos, so - pos);
    jv mo = jv_obj_new();
    mo = jv_obj_set(mo, jv_str_c("offset"), jv_num((double)cbase));
    mo = jv_obj_set(mo, jv_str_c("length"),
                    jv_num((double)cp_count(s + so, eo - so)));
    mo = jv_obj_set(mo, jv_str_c("string"), jv_str_n(s + so, eo - so));
    jv caps = jv_arr_new(ng);
    for (size_t g = 1; g <= ng && jv_ok(caps); g++) {
      jv co = jv_obj_new();
      if (m[g].so < 0) {
        co = jv_obj_set(co, jv_str_c("offset"), jv_num(-1));
        co = jv_obj_set(co, jv_str_c("length"), jv_num(0));
        co = jv_obj_set(co, jv_str_c("string"), jv_null());
      } else {
        size_t gs = (size_t)m[g].so, ge = (size_t)m[g].eo;
        co = jv_obj_set(
            co, jv_str_c("offset"),
            jv_num((double)(cbase + (gs >= so ? cp_count(s + so, gs - so) : 0) -
                            (gs < so ? cp_count(s + gs, so - gs) : 0))));
        co = jv_obj_set(co, jv_str_c("length"),
                        jv_num((double)cp_count(s + gs, ge - gs)));
        co = jv_obj_set(co, jv_str_c("string"), jv_str_n(s + gs, ge - gs));
      }
      co = jv_obj_set(co, jv_str_c("name"),
                      g - 1 < nnames && names[g - 1] ? jv_str_c(names[g - 1])
                                                     : jv_null());
      caps = jv_arr_push(caps, co);
    }
    mo = jv_obj_set(mo, jv_str_c("captures"), caps);
    res = jv_arr_push(res, mo);
    if (!jv_ok(res)) goto oomx;
    if (!global) break;
    cpos = cbase;
    size_t npos = eo;
    if (eo == so) {
      if (so >= n) break;
      int32_t cp;
      npos = so + (size_t)vsh__utf8_decode(s + so, n - so, &cp);
    }
    cpos = cbase + cp_count(s + so, npos - so);
    pos = npos;
  }
  free(m);
  for (size_t i = 0; i < nnames; i++) free(names[i]);
  free(names);
  vsh__regex_free(rx);
  return res;
oomx:
  free(m);
  for (size_t i = 0; i < nnames; i++) free(names[i]);
  free(names);
  vsh__regex_free(rx);
  jv_unref(res);
  return oom(st);
}

/* _sub_join($ms; $reps; $k): the input with match i replaced by
 * $reps[i][$k] (code point offsets), in one pass. */
jv f_sub_join(jq_st *st, jv in, jv *a) {
  jv ms = a[0], reps = a[1];
  if (in.kind != JV_STRING || ms.kind != JV_ARRAY || reps.kind != JV_ARRAY ||
      a[2].kind != JV_NUMBER)
    return err_v(st, "%s (%s) cannot be matched, as it is not a string", in);
  size_t k = (size_t)jv_n(a[2]);
  const char *s = jv_sv(in);
  size_t n = jv_slen(in), bpos = 0, cpos = 0, prev = 0;
  vsh_buf o;
  vsh__buf_init(&o);
  for (size_t i = 0; i < ms.u.a->n; i++) {
    jv m = ms.u.a->v[i];
    jv *off = m.kind == JV_OBJECT ? jv_obj_find_c(m, "offset", 6) : NULL;
    jv *len = m.kind == JV_OBJECT ? jv_obj_find_c(m, "length", 6) : NULL;
    if (!off || !len || off->kind != JV_NUMBER || len->kind != JV_NUMBER)
      continue;
    size_t co = (size_t)jv_n(*off), cl = (size_t)jv_n(*len);
    /* code points -> bytes, moving forward only */
    while (cpos < co && bpos < n) {
      int32_t cp;
      bpos += (size_t)vsh__utf8_decode(s + bpos, n - bpos, &cp);
      cpos++;
    }
    size_t mb = bpos;
    size_t eb = bpos, ec = cpos;
    while (ec < co + cl && eb < n) {
      int32_t cp;
      eb += (size_t)vsh__utf8_decode(s + eb, n - eb, &cp);
      ec++;
    }
    vsh__buf_append(&o, s + prev, mb - prev);
    jv r = i < reps.u.a->n && reps.u.a->v[i].kind == JV_ARRAY &&
                   k < reps.u.a->v[i].u.a->n
               ? reps.u.a->v[i].u.a->v[k]
               : jv_invalid();
    if (jv_ok(r) && r.kind != JV_STRING) {
      vsh_buf_dispose(&o);
      char x[64], y[64];
      jv_dump_trunc(x, sizeof x, in);
      jv_dump_trunc(y, sizeof y, r);
      jq_error(st, "string (%s) and %s (%s) cannot be added", x, kn(r), y);
      return jv_invalid();
    }
    if (jv_ok(r)) vsh__buf_append(&o, jv_sv(r), jv_slen(r));
    prev = eb;
    bpos = eb;
    cpos = ec;
  }
  vsh__buf_append(&o, s + prev, n - prev);
  if (!o.data && !(o.data = calloc(1, 1))) return oom(st);
  return chk(st, jv_str_buf(&o));
}

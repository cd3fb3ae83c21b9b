/* tr.c: translate, squeeze and delete bytes.  GNU sets: escapes (\n \t
 * \\ \NNN octal including \0), ranges a-z, [:class:], [=c=], and in SET2
 * [c*N] / [c*]; flags -c/-C -d -s -t.  Works on bytes like GNU tr (it
 * is not multibyte-aware either).  Streams in 64 KiB blocks. */
#include "builtins/builtins.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

typedef struct tr_set {
  unsigned char *v;
  size_t n, cap;
  long fill_at; /* SET2's [c*]: index where the fill goes, or -1 */
  unsigned char fill_c;
  bool has_class_upper, has_class_lower;
  bool has_equiv; /* [=c=] */
} tr_set;

static bool push(tr_set *s, unsigned char c, size_t count) {
  if (s->n + count > s->cap) {
    size_t nc = (s->cap ? s->cap * 2 : 256) + count;
    unsigned char *nv = realloc(s->v, nc);
    if (!nv) return false;
    s->v = nv;
    s->cap = nc;
  }
  if (count) memset(s->v + s->n, c, count);
  s->n += count;
  return true;
}

/* One possibly escaped character at *p; advances. */
static unsigned char unescape(const char **pp) {
  const char *p = *pp;
  if (*p != '\\' || !p[1]) {
    *pp = p + 1;
    return (unsigned char)*p;
  }
  p++;
  unsigned char c;
  switch (*p) {
  case 'a':
    c = '\a';
    p++;
    break;
  case 'b':
    c = '\b';
    p++;
    break;
  case 'f':
    c = '\f';
    p++;
    break;
  case 'n':
    c = '\n';
    p++;
    break;
  case 'r':
    c = '\r';
    p++;
    break;
  case 't':
    c = '\t';
    p++;
    break;
  case 'v':
    c = '\v';
    p++;
    break;
  default:
    if (*p >= '0' && *p <= '7') {
      unsigned v = 0;
      for (int i = 0; i < 3 && *p >= '0' && *p <= '7'; i++) {
        unsigned nv = v * 8 + (unsigned)(*p - '0');
        if (nv > 255) break; /* \400 is \40 then '0', as GNU */
        v = nv;
        p++;
      }
      c = (unsigned char)v;
    } else {
      c = (unsigned char)*p++;
    }
  }
  *pp = p;
  return c;
}

static bool class_match(const char *name, int c) {
  if (!strcmp(name, "alpha")) return isalpha(c);
  if (!strcmp(name, "digit")) return isdigit(c);
  if (!strcmp(name, "alnum")) return isalnum(c);
  if (!strcmp(name, "upper")) return isupper(c);
  if (!strcmp(name, "lower")) return islower(c);
  if (!strcmp(name, "space")) return isspace(c);
  if (!strcmp(name, "blank")) return c == ' ' || c == '\t';
  if (!strcmp(name, "punct")) return ispunct(c);
  if (!strcmp(name, "print")) return isprint(c);
  if (!strcmp(name, "graph")) return isgraph(c);
  if (!strcmp(name, "cntrl")) return iscntrl(c);
  if (!strcmp(name, "xdigit")) return isxdigit(c);
  return false;
}

static bool valid_class(const char *name) {
  static const char *const names[] = {"alpha", "digit", "alnum", "upper",
                                      "lower", "space", "blank", "punct",
                                      "print", "graph", "cntrl", "xdigit"};
  for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
    if (!strcmp(name, names[i])) return true;
  return false;
}

/* Expands a SET operand; is2 allows [c*] (SET1 takes only [c*n], n > 0,
 * as GNU). */
static bool parse_set(bi_ctx *b, const char *arg, tr_set *s, bool is2) {
  s->fill_at = -1;
  const char *p = arg;
  while (*p) {
    if (p[0] == '[' && p[1] == ':') {
      const char *e = strstr(p + 2, ":]");
      if (e) {
        char name[16];
        size_t l = (size_t)(e - p - 2);
        if (l < sizeof(name)) {
          memcpy(name, p + 2, l);
          name[l] = 0;
          if (!valid_class(name)) {
            bi_err(b, "invalid character class " BI_LQ "%s" BI_RQ, name);
            return false;
          }
          if (!strcmp(name, "upper")) s->has_class_upper = true;
          if (!strcmp(name, "lower")) s->has_class_lower = true;
          for (int c = 0; c < 256; c++)
            if (class_match(name, c) && !push(s, (unsigned char)c, 1))
              return false;
          p = e + 2;
          continue;
        }
      }
    }
    if (p[0] == '[' && p[1] == '=') {
      const char *q = p + 2;
      unsigned char c = unescape(&q);
      if (q[0] == '=' && q[1] == ']') {
        s->has_equiv = true;
        if (!push(s, c, 1)) return false;
        p = q + 2;
        continue;
      }
    }
    if (p[0] == '[' && p[1]) {
      const char *q = p + 1;
      unsigned char c = unescape(&q);
      if (q[0] == '*') {
        const char *r = q + 1;
        size_t digits = strspn(r, "0123456789");
        if (r[digits] == ']') {
          char *end;
          /* a leading 0 means octal, as GNU */
          unsigned long cnt =
              digits ? strtoul(r, &end, r[0] == '0' ? 8 : 10) : 0;
          if (digits && *end != ']') {
            bi_err(b,
                   "invalid repeat count " BI_LQ "%.*s" BI_RQ " in [c*n] "
                   "construct",
                   (int)digits, r);
            return false;
          }
          if (cnt == 0 && !is2) {
            bi_err(b, "the [c*] repeat construct may not appear in string1");
            return false;
          }
          if (cnt == 0) {
            s->fill_at = (long)s->n;
            s->fill_c = c;
          } else if (!push(s, c, cnt)) {
            return false;
          }
          p = r + digits + 1;
          continue;
        }
      }
    }
    unsigned char c = unescape(&p);
    if (p[0] == '-' && p[1]) {
      const char *q = p + 1;
      unsigned char hi = unescape(&q);
      if (hi < c) {
        bi_err(b,
               "range-endpoints of '%c-%c' are in reverse "
               "collating sequence order",
               c, hi);
        return false;
      }
      if (!push(s, c, 0)) return false;
      for (int x = c; x <= hi; x++)
        if (!push(s, (unsigned char)x, 1)) return false;
      p = q;
      continue;
    }
    if (!push(s, c, 1)) return false;
  }
  return true;
}

static const bi_option tr_longopts[] = {
    {"complement", BI_ARG_NONE, 'c', NULL},
    {"delete", BI_ARG_NONE, 'd', NULL},
    {"squeeze-repeats", BI_ARG_NONE, 's', NULL},
    {"truncate-set1", BI_ARG_NONE, 't', NULL},
    {0}};

/* The option list is spelled out: -c has two letters. */
static const bi_cmd tr_cmd = {
    .name = "tr",
    .usage = "Usage: tr [OPTION]... STRING1 [STRING2]\n",
    .about =
        "Translate, squeeze, and/or delete characters from standard input,\n"
        "writing to standard output.  STRING1 and STRING2 specify arrays of\n"
        "characters ARRAY1 and ARRAY2 that control the action.\n"
        "\n"
        "  -c, -C, --complement    use the complement of ARRAY1\n"
        "  -d, --delete            delete characters in ARRAY1, do not "
        "translate\n"
        "  -s, --squeeze-repeats   replace each sequence of a repeated "
        "character\n"
        "                            that is listed in the last specified "
        "ARRAY,\n"
        "                            with a single occurrence of that "
        "character\n"
        "  -t, --truncate-set1     first truncate ARRAY1 to length of "
        "ARRAY2\n",
    .shortopts = "cCdst",
    .longopts = tr_longopts,
};

/* The operand count -d/-s and translation need: -1 when it is right,
 * else the usage error's status. */
static int check_operands(bi_ctx *b, const bi_opts *g, bool del, bool squeeze) {
  int n = g->noperands;
  int need = del && squeeze ? 2 : (del || (squeeze && n < 2)) ? 1 : 2;
  if (n < need) {
    if (n == 0) return bi_usage_error(b, &tr_cmd, "missing operand");
    bi_err(b, "missing operand after " BI_LQ "%s" BI_RQ, g->operands[n - 1]);
    const char *why = del && squeeze
                          ? "Two strings must be given when both deleting "
                            "and squeezing repeats.\n"
                          : "Two strings must be given when translating.\n";
    bi_write_to(b, b->err, why, strlen(why));
    return bi_usage_error(b, &tr_cmd, NULL);
  }
  if (n > need) {
    bi_err(b, "extra operand " BI_LQ "%s" BI_RQ, g->operands[need]);
    if (del && !squeeze && n == 2) {
      const char *why = "Only one string may be given when deleting "
                        "without squeezing repeats.\n";
      bi_write_to(b, b->err, why, strlen(why));
    }
    return bi_usage_error(b, &tr_cmd, NULL);
  }
  return -1;
}

/* [c*] in SET2: c repeated up to SET1's length; false without memory. */
static bool fill_set2(const tr_set *s1, tr_set *s2) {
  size_t fill = s1->n > s2->n ? s1->n - s2->n : 0;
  size_t at = (size_t)s2->fill_at;
  tr_set t = {0};
  if (!push(&t, 0, 0) || (at && !push(&t, 0, at)) ||
      (fill && !push(&t, s2->fill_c, fill)) ||
      (s2->n > at && !push(&t, 0, s2->n - at))) {
    free(t.v);
    return false;
  }
  if (at) memcpy(t.v, s2->v, at);
  if (s2->n > at) memcpy(t.v + at + fill, s2->v + at, s2->n - at);
  free(s2->v);
  s2->v = t.v;
  s2->n = t.n;
  s2->cap = t.cap;
  return true;
}

/* SET1 -> SET2 into map (-t: SET1 truncated to SET2's length); -1, else
 * the exit status. */
static int translation(bi_ctx *b, const tr_set *s1, tr_set *s2, bool trunc,
                       unsigned char map[256]) {
  if (s2->has_equiv) { /* GNU's message names no class of its own */
    bi_err(b, "[=c=] expressions may not appear in string2 when translating");
    return 1;
  }
  if (s2->fill_at >= 0 && !fill_set2(s1, s2)) return 1;
  if (s2->n == 0 && s1->n) {
    bi_err(b, "when not truncating set1, string2 must be non-empty");
    return 1;
  }
  size_t len1 = s1->n;
  if (trunc && s2->n < len1) len1 = s2->n;
  for (size_t i = 0; i < len1; i++)
    map[s1->v[i]] = i < s2->n ? s2->v[i] : s2->v[s2->n - 1];
  return -1;
}

/* Copies stdin to stdout: -d drops del[], map translates, -s squeezes
 * the runs of the sq[] bytes; the exit status. */
static int tr_copy(bi_ctx *b, const bool *del, const unsigned char *map,
                   const bool *sq) {
  size_t cap = 65536;
  char *buf = malloc(cap), *out = malloc(cap);
  int st = buf && out ? 0 : 1;
  int prev = -1;
  while (!st) {
    if (bi_cancelled(b)) {
      st = 1;
      break;
    }
    int64_t r = bi_read(b, b->in, buf, cap);
    if (r < 0) {
      bi_err(b, "read error: %s", vsh_strerror((int)r));
      st = 1;
      break;
    }
    if (r == 0) break;
    size_t k = 0;
    for (size_t i = 0; i < (size_t)r; i++) {
      unsigned char c = (unsigned char)buf[i];
      if (del && del[c]) continue;
      c = map[c];
      if (sq && sq[c] && prev == c) continue;
      prev = c;
      out[k++] = (char)c;
    }
    int rc = k ? bi_write(b, out, k) : 0;
    if (rc == VSH_EPIPE) st = 141;
    else if (rc) st = 1;
  }
  free(buf);
  free(out);
  return st;
}

int bi_tr_main(bi_ctx *b) {
  bool comp = false, del = false, squeeze = false, trunc = false;
  bi_opts g = {0};
  int ch, st = 0;
  tr_set s1 = {0}, s2 = {0};
  while ((ch = bi_opt(b, &g, &tr_cmd)) != -1) {
    switch (ch) {
    case 'c':
    case 'C': comp = true; break;
    case 'd': del = true; break;
    case 's': squeeze = true; break;
    case 't': trunc = true; break;
    default: return g.status;
    }
  }
  int n = g.noperands;
  bool translate = !del && n >= 2;
  st = check_operands(b, &g, del, squeeze);
  if (st >= 0) return st;
  st = 0;
  if (!parse_set(b, g.operands[0], &s1, false) ||
      (n > 1 && !parse_set(b, g.operands[1], &s2, true))) {
    st = 1;
    goto done;
  }
  bool in1[256] = {0};
  for (size_t i = 0; i < s1.n; i++) in1[s1.v[i]] = true;
  if (comp) {
    /* the complement, in increasing byte order */
    tr_set c = {0};
    for (int x = 0; x < 256; x++)
      if (!in1[x] && !push(&c, (unsigned char)x, 1)) {
        free(c.v);
        st = 1;
        goto done;
      }
    free(s1.v);
    s1 = c;
    for (int x = 0; x < 256; x++) in1[x] = !in1[x];
  }
  unsigned char map[256];
  for (int x = 0; x < 256; x++) map[x] = (unsigned char)x;
  if (translate && (st = translation(b, &s1, &s2, trunc, map)) >= 0) goto done;
  bool sq[256] = {0};
  if (squeeze) {
    const tr_set *last = (n >= 2) ? &s2 : &s1;
    if (n >= 2 || !comp)
      for (size_t i = 0; i < last->n; i++) sq[last->v[i]] = true;
    else
      for (int x = 0; x < 256; x++) sq[x] = in1[x];
  }
  st = tr_copy(b, del ? in1 : NULL, map, squeeze ? sq : NULL);
done:
  free(s1.v);
  free(s2.v);
  return st;
}

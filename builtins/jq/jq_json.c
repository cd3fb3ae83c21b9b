/* jq_json.c: JSON text in and out.  The reader is one pass over a buffer
 * (strings without escapes are copied in one block, short integers never
 * reach strtod), nesting capped at JV_MAX_DEPTH; errors carry jq's words
 * and its line/column.  The printer writes jq's layout (-c, indent N,
 * --tab, -S, -a, -C) and its number format: the shortest text that reads
 * back to the same double, in exponent form past 1e17 or below 1e-5. */
#include "builtins/jq/jq_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- numbers ------------------------------------------------------------- */

void jv_dump_num(vsh_buf *out, double d) {
  char buf[64];
  if (d != d) {
    vsh__buf_puts(out, "null");
    return;
  }
  if (isinf(d)) {
    vsh__buf_puts(out, d > 0 ? "1.7976931348623157e+308"
                             : "-1.7976931348623157e+308");
    return;
  }
  if (d == floor(d) && fabs(d) < 1e16) {
    if (d == 0 && signbit(d)) {
      vsh__buf_puts(out, "-0");
      return;
    }
    long long x = (long long)d;
    char *e = buf + sizeof buf, *q = e;
    unsigned long long u =
        x < 0 ? (unsigned long long)-x : (unsigned long long)x;
    do {
      *--q = (char)('0' + u % 10);
      u /= 10;
    } while (u);
    if (x < 0) *--q = '-';
    vsh__buf_append(out, q, (size_t)(e - q));
    return;
  }
  {
    /* short decimals: the fewest fraction digits k whose m / 10^k reads
     * back as d (division of exact doubles rounds as strtod does) */
    static const double p10[] = {1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8};
    double ad = fabs(d);
    if (ad >= 1e-4 && ad < 1e15) {
      for (int k = 1; k <= 8; k++) {
        double sc = ad * p10[k];
        if (sc >= 9e15) break;
        double m = nearbyint(sc);
        if (m / p10[k] != ad) continue;
        unsigned long long u = (unsigned long long)m;
        char *e = buf + sizeof buf, *q = e;
        for (int j = 0; j < k; j++) {
          *--q = (char)('0' + u % 10);
          u /= 10;
        }
        *--q = '.';
        do {
          *--q = (char)('0' + u % 10);
          u /= 10;
        } while (u);
        if (d < 0) *--q = '-';
        vsh__buf_append(out, q, (size_t)(e - q));
        return;
      }
    }
  }
  /* shortest of %.15e .. %.17e that reads back */
  char e[40];
  int prec;
  for (prec = fabs(d) < 2.3e-308 ? 0 : 14; prec <= 16; prec++) {
    snprintf(e, sizeof e, "%.*e", prec, d);
    if (strtod(e, NULL) == d) break;
  }
  if (prec > 16) snprintf(e, sizeof e, "%.16e", d);
  /* e: [-]D.DDDDe[+-]XX -> digits and decimal exponent */
  const char *p = e;
  bool neg = false;
  if (*p == '-') {
    neg = true;
    p++;
  }
  char dig[24];
  int nd = 0;
  while (*p && *p != 'e') {
    if (*p != '.') dig[nd++] = *p;
    p++;
  }
  int ex = atoi(p + 1);
  while (nd > 1 && dig[nd - 1] == '0') nd--;
  int decpt = ex + 1;
  char *o = buf;
  if (neg) *o++ = '-';
  if (decpt <= -4 || decpt > nd + 15) {
    *o++ = dig[0];
    if (nd > 1) {
      *o++ = '.';
      memcpy(o, dig + 1, (size_t)nd - 1);
      o += nd - 1;
    }
    o += sprintf(o, "e%c%02d", decpt - 1 < 0 ? '-' : '+', abs(decpt - 1));
  } else if (decpt <= 0) {
    *o++ = '0';
    *o++ = '.';
    for (int i = 0; i < -decpt; i++) *o++ = '0';
    memcpy(o, dig, (size_t)nd);
    o += nd;
  } else {
    for (int i = 0; i < decpt; i++) *o++ = i < nd ? dig[i] : '0';
    if (nd > decpt) {
      *o++ = '.';
      memcpy(o, dig + decpt, (size_t)(nd - decpt));
      o += nd - decpt;
    }
  }
  vsh__buf_append(out, buf, (size_t)(o - buf));
}

/* ---- strings ---------------------------------------------------------------- */

static const char hexd[] = "0123456789abcdef";

static void put_u(vsh_buf *out, unsigned c) {
  char b[6] = {'\\',
               'u',
               hexd[(c >> 12) & 15],
               hexd[(c >> 8) & 15],
               hexd[(c >> 4) & 15],
               hexd[c & 15]};
  vsh__buf_append(out, b, 6);
}

static void dump_str(vsh_buf *out, const char *s, size_t n, bool ascii) {
  vsh__buf_putc(out, '"');
  size_t i = 0, run = 0;
  while (i < n) {
    unsigned char c = (unsigned char)s[i];
    if (c >= 0x20 && c != '"' && c != '\\' && c < 0x7f) {
      i++;
      run++;
      continue;
    }
    if (run) vsh__buf_append(out, s + i - run, run);
    run = 0;
    if (c < 0x80) {
      switch (c) {
      case '"': vsh__buf_append(out, "\\\"", 2); break;
      case '\\': vsh__buf_append(out, "\\\\", 2); break;
      case '\n': vsh__buf_append(out, "\\n", 2); break;
      case '\t': vsh__buf_append(out, "\\t", 2); break;
      case '\r': vsh__buf_append(out, "\\r", 2); break;
      case '\b': vsh__buf_append(out, "\\b", 2); break;
      case '\f': vsh__buf_append(out, "\\f", 2); break;
      default: put_u(out, c); break;
      }
      i++;
      continue;
    }
    int32_t cp;
    int l = vsh__utf8_decode(s + i, n - i, &cp);
    if (cp < 0 || (cp >= 0xd800 && cp < 0xe000)) {
      if (ascii) put_u(out, 0xfffd);
      else vsh__buf_append(out, "\xef\xbf\xbd", 3);
      i += (size_t)l;
      continue;
    }
    if (ascii) {
      if (cp >= 0x10000) {
        cp -= 0x10000;
        put_u(out, 0xd800 + ((unsigned)cp >> 10));
        put_u(out, 0xdc00 + ((unsigned)cp & 0x3ff));
      } else {
        put_u(out, (unsigned)cp);
      }
    } else {
      vsh__buf_append(out, s + i, (size_t)l);
    }
    i += (size_t)l;
  }
  if (run) vsh__buf_append(out, s + i - run, run);
  vsh__buf_putc(out, '"');
}

/* ---- printer ------------------------------------------------------------------ */

#define COL_NULL "1;30"
#define COL_FALSE "0;39"
#define COL_TRUE "0;39"
#define COL_NUM "0;39"
#define COL_STR "0;32"
#define COL_ARR "1;39"
#define COL_OBJ "1;39"
#define COL_KEY "34;1"

static void indent_to(vsh_buf *out, unsigned flags, int indent, int lvl) {
  vsh__buf_putc(out, '\n');
  if (flags & JV_PRINT_TAB) {
    for (int i = 0; i < lvl; i++) vsh__buf_putc(out, '\t');
  } else {
    size_t n = (size_t)indent * (size_t)lvl;
    if (vsh__buf_reserve(out, n) == 0) {
      memset(out->data + out->len, ' ', n);
      out->len += n;
      out->data[out->len] = 0;
    }
  }
}

static void col(vsh_buf *out, unsigned flags, const char *c) {
  if (!(flags & JV_PRINT_COLOR)) return;
  vsh__buf_append(out, "\x1b[", 2);
  vsh__buf_puts(out, c);
  vsh__buf_putc(out, 'm');
}

static void col_end(vsh_buf *out, unsigned flags) {
  if (flags & JV_PRINT_COLOR) vsh__buf_append(out, "\x1b[0m", 4);
}

typedef struct dump_flush {
  int (*fn)(void *ud, vsh_buf *out);
  void *ud;
} dump_flush;

static int dump_rec2(vsh_buf *out, jv v, unsigned flags, int indent, int lvl,
                     const dump_flush *fl);

static int dump_rec(vsh_buf *out, jv v, unsigned flags, int indent, int lvl) {
  return dump_rec2(out, v, flags, indent, lvl, NULL);
}

static int dump_rec2(vsh_buf *out, jv v, unsigned flags, int indent, int lvl,
                     const dump_flush *fl) {
  if (fl && out->len >= (64u << 10) && fl->fn(fl->ud, out)) return -1;
  bool pretty =
      (flags & JV_PRINT_PRETTY) && (indent > 0 || (flags & JV_PRINT_TAB));
  switch (v.kind) {
  case JV_NULL:
    col(out, flags, COL_NULL);
    vsh__buf_append(out, "null", 4);
    col_end(out, flags);
    break;
  case JV_FALSE:
    col(out, flags, COL_FALSE);
    vsh__buf_append(out, "false", 5);
    col_end(out, flags);
    break;
  case JV_TRUE:
    col(out, flags, COL_TRUE);
    vsh__buf_append(out, "true", 4);
    col_end(out, flags);
    break;
  case JV_NUMBER:
    col(out, flags, COL_NUM);
    if (v.lit) vsh__buf_puts(out, v.u.l->text);
    else jv_dump_num(out, v.u.n);
    col_end(out, flags);
    break;
  case JV_STRING:
    col(out, flags, COL_STR);
    dump_str(out, v.u.s->s, v.u.s->len, flags & JV_PRINT_ASCII);
    col_end(out, flags);
    break;
  case JV_ARRAY:
    /* jq's sequence, colour codes included: the array colour before
     * '[', again after each element and before ']' */
    if (lvl > JV_MAX_DEPTH) {
      vsh__buf_puts(out, "<skipped: too deep>");
      break;
    }
    col(out, flags, COL_ARR);
    if (v.u.a->n == 0) {
      vsh__buf_append(out, "[]", 2);
      col_end(out, flags);
      break;
    }
    vsh__buf_putc(out, '[');
    for (size_t i = 0; i < v.u.a->n; i++) {
      if (i) vsh__buf_putc(out, ',');
      if (pretty) indent_to(out, flags, indent, lvl + 1);
      if (dump_rec2(out, v.u.a->v[i], flags, indent, lvl + 1, fl)) return -1;
      col(out, flags, COL_ARR);
    }
    if (pretty) indent_to(out, flags, indent, lvl);
    col(out, flags, COL_ARR);
    vsh__buf_putc(out, ']');
    col_end(out, flags);
    break;
  case JV_OBJECT: {
    if (lvl > JV_MAX_DEPTH) {
      vsh__buf_puts(out, "<skipped: too deep>");
      break;
    }
    col(out, flags, COL_OBJ);
    if (v.u.o->n == 0) {
      vsh__buf_append(out, "{}", 2);
      col_end(out, flags);
      break;
    }
    vsh__buf_putc(out, '{');
    if (pretty) indent_to(out, flags, indent, lvl + 1);
    jv keys = jv_invalid();
    if (flags & JV_PRINT_SORTED) {
      keys = jv_keys(v, true);
      if (!jv_ok(keys)) return -1;
    }
    for (size_t i = 0; i < v.u.o->n; i++) {
      jv k, val;
      if (jv_ok(keys)) {
        k = keys.u.a->v[i];
        val = *jv_obj_find(v, k);
      } else {
        k = v.u.o->e[i].key;
        val = v.u.o->e[i].val;
      }
      if (i) {
        vsh__buf_putc(out, ',');
        if (pretty) indent_to(out, flags, indent, lvl + 1);
      }
      col_end(out, flags);
      col(out, flags, COL_KEY);
      dump_str(out, k.u.s->s, k.u.s->len, flags & JV_PRINT_ASCII);
      col_end(out, flags);
      col(out, flags, COL_OBJ);
      vsh__buf_putc(out, ':');
      if (pretty) vsh__buf_putc(out, ' ');
      col_end(out, flags);
      if (dump_rec2(out, val, flags, indent, lvl + 1, fl)) {
        jv_unref(keys);
        return -1;
      }
      col(out, flags, COL_OBJ);
    }
    jv_unref(keys);
    if (pretty) indent_to(out, flags, indent, lvl);
    col(out, flags, COL_OBJ);
    vsh__buf_putc(out, '}');
    col_end(out, flags);
    break;
  }
  default: vsh__buf_puts(out, "<invalid>");
  }
  return 0;
}

int jv_dump(vsh_buf *out, jv v, unsigned flags, int indent) {
  if (dump_rec(out, v, flags, indent, 0)) return -1;
  return out->data ? 0 : -1;
}

int jv_dump_flush(vsh_buf *out, jv v, unsigned flags, int indent,
                  int (*fn)(void *ud, vsh_buf *out), void *ud) {
  dump_flush fl = {fn, ud};
  if (dump_rec2(out, v, flags, indent, 0, &fl)) return -1;
  return out->data ? 0 : -1;
}

void jv_dump_trunc(char *buf, size_t bufsize, jv v) {
  /* jq 1.8: at most 29 bytes; a cut string keeps its closing quote */
  vsh_buf b;
  vsh__buf_init(&b);
  jv_dump(&b, v, 0, 0);
  size_t n = b.data ? b.len : 0, max = bufsize < 30 ? bufsize - 1 : 29;
  if (n > max) {
    size_t keep = max - (v.kind == JV_STRING ? 4 : 3);
    /* back to the start of a UTF-8 character */
    while (keep > 0 && ((unsigned char)b.data[keep] & 0xc0) == 0x80) keep--;
    memcpy(buf, b.data, keep);
    memcpy(buf + keep, v.kind == JV_STRING ? "...\"" : "...",
           v.kind == JV_STRING ? 5 : 4);
  } else {
    if (n) memcpy(buf, b.data, n);
    buf[n] = 0;
  }
  vsh_buf_dispose(&b);
}

/* ---- reader ----------------------------------------------------------------------- */

void jv_parser_init(jv_parser *p, const char *s, size_t n) {
  memset(p, 0, sizeof *p);
  p->s = s;
  p->n = n;
}

static void perr(jv_parser *p, size_t at, const char *msg) {
  if (p->err[0]) return;
  size_t line = 1, col = 0;
  if (at > p->n) at = p->n;
  for (size_t i = 0; i < at; i++) {
    if (p->s[i] == '\n') {
      line++;
      col = 0;
    } else {
      col++;
    }
  }
  snprintf(p->err, sizeof p->err, "%s at line %zu, column %zu", msg, line, col);
}

static void skip_ws(jv_parser *p) {
  const char *s = p->s;
  size_t i = p->pos, n = p->n;
  while (i < n && (s[i] == ' ' || s[i] == '\n' || s[i] == '\t' ||
                   s[i] == '\r' || (p->seq && s[i] == 0x1e)))
    i++;
  p->pos = i;
}

static int hexval(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

static bool is_delim(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' ||
         c == ']' || c == '}' || c == ':' || c == '[' || c == '{' || c == '"';
}

static jv parse_string(jv_parser *p) {
  const char *s = p->s;
  size_t i = p->pos + 1, n = p->n, start = i;
  while (i < n && s[i] != '"' && s[i] != '\\' && (unsigned char)s[i] >= 0x20)
    i++;
  /* jq keeps control characters in strings; only " and \ are special */
  while (i < n && s[i] != '"' && s[i] != '\\') i++;
  if (i < n && s[i] == '"') {
    jv v = jv_str_n(s + start, i - start);
    if (!jv_ok(v)) p->oom = true;
    else if (!vsh__utf8_valid(s + start, i - start)) {
      /* invalid UTF-8 becomes U+FFFD as jq does */
      vsh_buf b;
      vsh__buf_init(&b);
      size_t j = start;
      while (j < i) {
        int32_t cp;
        int l = vsh__utf8_decode(s + j, i - j, &cp);
        if (cp < 0) vsh__buf_append(&b, "\xef\xbf\xbd", 3);
        else vsh__buf_append(&b, s + j, (size_t)l);
        j += (size_t)l;
      }
      jv_unref(v);
      v = jv_str_buf(&b);
      if (!jv_ok(v)) p->oom = true;
    }
    p->pos = i + 1;
    return v;
  }
  vsh_buf b;
  vsh__buf_init(&b);
  vsh__buf_append(&b, s + start, i - start);
  while (i < n && s[i] != '"') {
    if (s[i] != '\\') {
      size_t r = i;
      while (i < n && s[i] != '"' && s[i] != '\\') i++;
      vsh__buf_append(&b, s + r, i - r);
      continue;
    }
    if (i + 1 >= n) {
      i = n;
      break;
    }
    char c = s[i + 1];
    i += 2;
    switch (c) {
    case '"': vsh__buf_putc(&b, '"'); break;
    case '\\': vsh__buf_putc(&b, '\\'); break;
    case '/': vsh__buf_putc(&b, '/'); break;
    case 'b': vsh__buf_putc(&b, '\b'); break;
    case 'f': vsh__buf_putc(&b, '\f'); break;
    case 'n': vsh__buf_putc(&b, '\n'); break;
    case 'r': vsh__buf_putc(&b, '\r'); break;
    case 't': vsh__buf_putc(&b, '\t'); break;
    case 'u': {
      int32_t cp = 0;
      if (i + 4 > n) {
        perr(p, n, "Invalid \\uXXXX escape");
        vsh_buf_dispose(&b);
        return jv_invalid();
      }
      for (int k = 0; k < 4; k++) {
        int h = hexval(s[i + k]);
        if (h < 0) {
          perr(p, i + k + 1, "Invalid characters in \\uXXXX escape");
          vsh_buf_dispose(&b);
          return jv_invalid();
        }
        cp = cp * 16 + h;
      }
      i += 4;
      if (cp >= 0xd800 && cp < 0xdc00) {
        int32_t lo = -1;
        if (i + 6 <= n && s[i] == '\\' && s[i + 1] == 'u') {
          lo = 0;
          for (int k = 0; k < 4; k++) {
            int h = hexval(s[i + 2 + k]);
            if (h < 0) {
              lo = -1;
              break;
            }
            lo = lo * 16 + h;
          }
        }
        if (lo >= 0xdc00 && lo < 0xe000) {
          cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
          i += 6;
        } else {
          cp = 0xfffd;
        }
      } else if (cp >= 0xdc00 && cp < 0xe000) {
        cp = 0xfffd;
      }
      char u[4];
      int l = vsh__utf8_encode(cp, u);
      vsh__buf_append(&b, u, (size_t)l);
      break;
    }
    default:
      perr(p, i, "Invalid escape");
      vsh_buf_dispose(&b);
      return jv_invalid();
    }
  }
  if (i >= n) {
    vsh_buf_dispose(&b);
    perr(p, n, "Unfinished string at EOF");
    return jv_invalid();
  }
  p->pos = i + 1;
  if (!b.data && !(b.data = malloc(1))) {
    p->oom = true;
    return jv_invalid();
  }
  jv v;
  if (!vsh__utf8_valid(b.data, b.len)) {
    vsh_buf c;
    vsh__buf_init(&c);
    size_t j = 0;
    while (j < b.len) {
      int32_t cp;
      int l = vsh__utf8_decode(b.data + j, b.len - j, &cp);
      if (cp < 0) vsh__buf_append(&c, "\xef\xbf\xbd", 3);
      else vsh__buf_append(&c, b.data + j, (size_t)l);
      j += (size_t)l;
    }
    vsh_buf_dispose(&b);
    v = jv_str_buf(&c);
  } else {
    v = jv_str_buf(&b);
  }
  if (!jv_ok(v)) p->oom = true;
  return v;
}

/* An object key: keys repeat, so a small cache hands out shared
 * strings instead of a new allocation per key. */
static jv parse_key2(jv_parser *p, size_t maxlen);

static jv parse_key(jv_parser *p) { return parse_key2(p, 32); }

static jv parse_key2(jv_parser *p, size_t maxlen) {
  const char *s = p->s;
  size_t i = p->pos + 1, n = p->n, st = i;
  uint32_t h = 2166136261u;
  while (i < n && s[i] != '"' && s[i] != '\\' && (unsigned char)s[i] < 0x80 &&
         (unsigned char)s[i] >= 0x20) {
    h = (h ^ (unsigned char)s[i]) * 16777619u;
    i++;
  }
  if (i >= n || s[i] != '"' || i - st > maxlen) return parse_string(p);
  if (!h) h = 1;
  size_t len = i - st;
  jv *slot = &p->kcache[h & (JV_KCACHE - 1)];
  if (slot->kind == JV_STRING && slot->u.s->len == len &&
      !memcmp(slot->u.s->s, s + st, len)) {
    p->pos = i + 1;
    return jv_ref(*slot);
  }
  jv v = jv_str_n(s + st, len);
  if (!jv_ok(v)) {
    p->oom = true;
    return v;
  }
  v.u.s->hash = h;
  jv_unref(*slot);
  *slot = jv_ref(v);
  p->pos = i + 1;
  return v;
}

static jv parse_number(jv_parser *p) {
  const char *s = p->s;
  size_t i = p->pos, n = p->n;
  size_t st = i;
  bool neg = false;
  if (s[i] == '-') {
    neg = true;
    i++;
  }
  uint64_t iv = 0;
  size_t ds = i;
  while (i < n && s[i] >= '0' && s[i] <= '9') {
    iv = iv * 10 + (uint64_t)(s[i] - '0');
    i++;
  }
  size_t nd = i - ds;
  bool frac = false;
  if (i < n && (s[i] == '.' || s[i] == 'e' || s[i] == 'E')) {
    frac = true;
    if (s[i] == '.') {
      i++;
      while (i < n && s[i] >= '0' && s[i] <= '9') i++;
    }
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
      i++;
      if (i < n && (s[i] == '+' || s[i] == '-')) i++;
      size_t es = i;
      while (i < n && s[i] >= '0' && s[i] <= '9') i++;
      if (i == es) nd = 0;
    }
  }
  if (nd == 0 && !frac) nd = 0;
  if ((nd == 0 && (!frac || i == st + 1)) || (i < n && !is_delim(s[i]))) {
    while (i < n && !is_delim(s[i])) i++;
    perr(p, i + (i < n), "Invalid numeric literal");
    return jv_invalid();
  }
  p->pos = i;
  if (!frac && nd <= 15) return jv_num(neg ? -(double)iv : (double)iv);
  if (frac && nd <= 15 && s[ds + nd] == '.') {
    /* d.ddd without exponent: exact when the digits fit in 2^53 */
    static const double p10[] = {1,   1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
    size_t fs = ds + nd + 1, fe = fs;
    uint64_t m = iv;
    while (fe < i && s[fe] >= '0' && s[fe] <= '9') {
      m = m * 10 + (uint64_t)(s[fe] - '0');
      fe++;
    }
    size_t k = fe - fs;
    if (fe == i && k > 0 && nd + k <= 15 && s[fe - 1] != '0') {
      double d = (double)m / p10[k];
      if (d >= 1e-4) return jv_num(neg ? -d : d);
    }
  }
  char tmp[64];
  double d;
  size_t len = i - st;
  if (len < sizeof tmp) {
    memcpy(tmp, s + st, len);
    tmp[len] = 0;
    d = strtod(tmp, NULL);
  } else {
    char *t = strndup(s + st, len);
    if (!t) {
      p->oom = true;
      return jv_invalid();
    }
    d = strtod(t, NULL);
    free(t);
  }
  jv v = jv_num_text(s + st, len, d);
  if (!jv_ok(v)) p->oom = true;
  return v;
}

/* jq 1.7 keeps a number's text while the value is unchanged, when the
 * text is not what the double prints as ("1.0", 100000000000000000001) */
/* The text decNumber's to-scientific-string gives for a number written
 * as t (what jq 1.7 prints for an unchanged literal): 1e2 is 1E+2, 1.50
 * stays 1.50, 0.0000001 is 1E-7.  False (nothing written) when the
 * exponent is beyond decNumber's +-999999999: the number is then its
 * double. */
static bool dec_text(const char *t, size_t n, vsh_buf *o) {
  size_t i = 0;
  bool neg = false;
  if (i < n && (t[i] == '-' || t[i] == '+')) neg = t[i++] == '-';
  char dig[4200];
  size_t nd = 0;
  long ex = 0;
  bool frac = false;
  for (; i < n && t[i] != 'e' && t[i] != 'E'; i++) {
    if (t[i] == '.') {
      frac = true;
      continue;
    }
    if (nd == 0 && t[i] == '0') {
      if (frac) ex--;
      continue;
    }
    if (nd < sizeof dig) dig[nd++] = t[i];
    if (frac) ex--;
  }
  if (i < n) {
    long e = strtol(t + i + 1, NULL, 10); /* saturates; the range check
                                             below rejects that too */
    if (e > 999999999L || e < -999999999L) return false;
    ex += e;
  }
  if (nd == 0) { /* zero keeps its exponent: 0.00 */
    dig[nd++] = '0';
  }
  long adj = ex + (long)nd - 1;
  if (neg) vsh__buf_putc(o, '-');
  if (ex <= 0 && adj >= -6) {
    long point = (long)nd + ex; /* digits before the point */
    if (point <= 0) {
      vsh__buf_puts(o, "0.");
      for (long k = 0; k < -point; k++) vsh__buf_putc(o, '0');
      vsh__buf_append(o, dig, nd);
    } else {
      vsh__buf_append(o, dig, (size_t)point);
      if ((size_t)point < nd) {
        vsh__buf_putc(o, '.');
        vsh__buf_append(o, dig + point, nd - (size_t)point);
      }
    }
    return true;
  }
  vsh__buf_putc(o, dig[0]);
  if (nd > 1) {
    vsh__buf_putc(o, '.');
    vsh__buf_append(o, dig + 1, nd - 1);
  }
  vsh__buf_printf(o, "E%c%ld", adj < 0 ? '-' : '+', adj < 0 ? -adj : adj);
  return true;
}

jv jv_num_lit(const char *t, size_t n, double d) {
  if (d != d || n > 4000) return jv_num(d);
  vsh_buf c;
  vsh__buf_init(&c);
  if (!dec_text(t, n, &c)) {
    vsh_buf_dispose(&c);
    return jv_num(d);
  }
  jv r = c.data ? jv_numlit(d, c.data, c.len) : jv_invalid();
  vsh_buf_dispose(&c);
  return r;
}

jv jv_num_text(const char *t, size_t n, double d) {
  if (d != d || n > 4000) return jv_num(d);
  vsh_buf b, c;
  vsh__buf_init(&b);
  vsh__buf_init(&c);
  jv_dump_num(&b, d);
  dec_text(t, n, &c);
  bool same =
      b.data && c.data && b.len == c.len && !memcmp(b.data, c.data, b.len);
  jv r = same || !c.data ? jv_num(d) : jv_numlit(d, c.data, c.len);
  vsh_buf_dispose(&b);
  vsh_buf_dispose(&c);
  return r;
}

static jv parse_value(jv_parser *p, int depth);

static bool stk_push(jv_parser *p, jv v) {
  if (p->nstk == p->capstk) {
    size_t nc = p->capstk ? p->capstk * 2 : 256;
    jv *ns = realloc(p->stk, nc * sizeof *ns);
    if (!ns) {
      jv_unref(v);
      p->oom = true;
      return false;
    }
    p->stk = ns;
    p->capstk = nc;
  }
  p->stk[p->nstk++] = v;
  return true;
}

static void stk_drop(jv_parser *p, size_t base) {
  while (p->nstk > base) jv_unref(p->stk[--p->nstk]);
}

void jv_parser_dispose(jv_parser *p) {
  stk_drop(p, 0);
  free(p->stk);
  p->stk = NULL;
  p->capstk = 0;
}

static jv parse_literal(jv_parser *p) {
  const char *s = p->s;
  size_t i = p->pos, n = p->n;
  size_t st = i;
  while (i < n && !is_delim(s[i])) i++;
  size_t len = i - st;
  if (len == 4 && !memcmp(s + st, "null", 4)) {
    p->pos = i;
    return jv_null();
  }
  if (len == 4 && !memcmp(s + st, "true", 4)) {
    p->pos = i;
    return jv_bool(true);
  }
  if (len == 5 && !memcmp(s + st, "false", 5)) {
    p->pos = i;
    return jv_bool(false);
  }
  if ((len == 3 && (!memcmp(s + st, "nan", 3) || !memcmp(s + st, "NaN", 3))) ||
      (len == 4 &&
       (!memcmp(s + st, "-nan", 4) || !memcmp(s + st, "-NaN", 4)))) {
    p->pos = i;
    return jv_num(NAN);
  }
  if (len == 8 && !memcmp(s + st, "Infinity", 8)) {
    p->pos = i;
    return jv_num(INFINITY);
  }
  if (len == 9 && !memcmp(s + st, "-Infinity", 9)) {
    p->pos = i;
    return jv_num(-INFINITY);
  }
  if (s[st] == '-' || (s[st] >= '0' && s[st] <= '9')) return parse_number(p);
  if (s[st] == '\'') {
    perr(p, i + (i < n), "Invalid string literal; expected \", but got '");
    return jv_invalid();
  }
  if (i >= n)
    perr(p, n,
         (s[st] == 't' || s[st] == 'f' || s[st] == 'n')
             ? "Invalid literal at EOF"
             : "Invalid numeric literal at EOF");
  else
    perr(p, i + 1,
         (s[st] == 't' || s[st] == 'f' || s[st] == 'n')
             ? "Invalid literal"
             : "Invalid numeric literal");
  return jv_invalid();
}

static jv parse_value(jv_parser *p, int depth) {
  skip_ws(p);
  if (p->pos >= p->n) {
    perr(p, p->n, "Unfinished JSON term at EOF");
    return jv_invalid();
  }
  char c = p->s[p->pos];
  /* short values repeat too (enums, tags): shared up to 12 bytes */
  if (c == '"') return p->kcache ? parse_key2(p, 12) : parse_string(p);
  if (c == '[' || c == '{') {
    if (depth >= JV_MAX_DEPTH) {
      perr(p, p->pos + 1, "Exceeds depth limit for parsing");
      return jv_invalid();
    }
  }
  if (c == '[') {
    p->pos++;
    size_t base = p->nstk;
    skip_ws(p);
    if (p->pos < p->n && p->s[p->pos] == ']') {
      p->pos++;
      jv a = jv_arr_new(0);
      if (!jv_ok(a)) p->oom = true;
      return a;
    }
    for (;;) {
      jv x = parse_value(p, depth + 1);
      if (!jv_ok(x)) break;
      if (!stk_push(p, x)) break;
      skip_ws(p);
      if (p->pos >= p->n) {
        perr(p, p->n, "Unfinished JSON term at EOF");
        break;
      }
      c = p->s[p->pos];
      if (c == ',') {
        p->pos++;
        skip_ws(p);
        if (p->pos < p->n && p->s[p->pos] == ']') {
          perr(p, p->pos + 1, "Expected another array element");
          break;
        }
        continue;
      }
      if (c == ']') {
        p->pos++;
        jv a = jv_arr_new(p->nstk - base);
        if (!jv_ok(a)) {
          p->oom = true;
          break;
        }
        memcpy(a.u.a->v, p->stk + base, (p->nstk - base) * sizeof(jv));
        a.u.a->n = p->nstk - base;
        p->nstk = base;
        return a;
      }
      if (c == '}') perr(p, p->pos + 1, "Unmatched '}'");
      else if (c == ':') perr(p, p->pos + 1, "':' not as part of an object");
      else {
        size_t j = p->pos;
        if (c != '"' && c != '[' && c != '{')
          while (j < p->n && !is_delim(p->s[j])) j++;
        else j++;
        perr(p, j + (j < p->n && c != '"' && c != '[' && c != '{'),
             "Expected separator between values");
      }
      break;
    }
    stk_drop(p, base);
    return jv_invalid();
  }
  if (c == '{') {
    p->pos++;
    size_t base = p->nstk;
    skip_ws(p);
    if (p->pos < p->n && p->s[p->pos] == '}') {
      p->pos++;
      jv o = jv_obj_new();
      if (!jv_ok(o)) p->oom = true;
      return o;
    }
    for (;;) {
      skip_ws(p);
      if (p->pos >= p->n) {
        perr(p, p->n, "Unfinished JSON term at EOF");
        break;
      }
      if (p->s[p->pos] != '"') {
        size_t j = p->pos;
        while (j < p->n && !is_delim(p->s[j])) j++;
        if (p->s[p->pos] == '\'')
          perr(p, j + (j < p->n),
               "Invalid string literal; expected \", but got '");
        else if (p->s[p->pos] == '}')
          perr(p, p->pos + 1, "Expected another key-value pair");
        else perr(p, j + (j < p->n), "Object keys must be strings");
        break;
      }
      jv k = p->kcache ? parse_key(p) : parse_string(p);
      if (!jv_ok(k)) break;
      if (!stk_push(p, k)) break;
      skip_ws(p);
      if (p->pos >= p->n) {
        perr(p, p->n, "Unfinished JSON term at EOF");
        break;
      }
      if (p->s[p->pos] != ':') {
        size_t j = p->pos;
        while (j < p->n && !is_delim(p->s[j])) j++;
        perr(p, j + (j < p->n), "Expected separator between values");
        break;
      }
      p->pos++;
      jv x = parse_value(p, depth + 1);
      if (!jv_ok(x)) break;
      if (!stk_push(p, x)) break;
      skip_ws(p);
      if (p->pos >= p->n) {
        perr(p, p->n, "Unfinished JSON term at EOF");
        break;
      }
      c = p->s[p->pos];
      if (c == ',') {
        p->pos++;
        skip_ws(p);
        if (p->pos < p->n && p->s[p->pos] == '}') {
          perr(p, p->pos + 1, "Expected another key-value pair");
          break;
        }
        continue;
      }
      if (c == '}') {
        p->pos++;
        size_t np = (p->nstk - base) / 2;
        jv o = jv_obj_new_cap(np);
        for (size_t i = 0; i < np && jv_ok(o); i++)
          o = jv_obj_set(o, p->stk[base + 2 * i], p->stk[base + 2 * i + 1]);
        p->nstk = base;
        if (!jv_ok(o)) p->oom = true;
        return o;
      }
      if (c == ']') perr(p, p->pos + 1, "Unmatched ']'");
      else perr(p, p->pos + 1, "Expected separator between values");
      break;
    }
    stk_drop(p, base);
    return jv_invalid();
  }
  if (c == ']' || c == '}') {
    perr(p, p->pos + 1, c == ']' ? "Unmatched ']'" : "Unmatched '}'");
    return jv_invalid();
  }
  if (c == ',' || c == ':') {
    perr(p, p->pos + 1,
         c == ',' ? "Expected value before ','"
                  : "':' not as part of an object");
    return jv_invalid();
  }
  return parse_literal(p);
}

int jv_parse_next(jv_parser *p, jv *out) {
  if (p->pos == 0 && p->n >= 3 && !memcmp(p->s, "\xef\xbb\xbf", 3)) p->pos = 3;
  skip_ws(p);
  if (p->pos >= p->n) return 0;
  jv v = parse_value(p, 0);
  if (!jv_ok(v)) {
    if (p->oom && !p->err[0])
      snprintf(p->err, sizeof p->err, "memory exhausted");
    return -1;
  }
  /* a value must be followed by a delimiter */
  if (p->pos < p->n && !is_delim(p->s[p->pos]) && p->s[p->pos] != 0x1e) {
    size_t j = p->pos;
    while (j < p->n && !is_delim(p->s[j])) j++;
    perr(p, j + (j < p->n), "Expected separator between values");
    jv_unref(v);
    return -1;
  }
  *out = v;
  return 1;
}

jv jv_parse_one(const char *s, size_t n, char *err, size_t errn) {
  jv_parser p;
  jv_parser_init(&p, s, n);
  jv v;
  int r = jv_parse_next(&p, &v);
  jv_parser_dispose(&p);
  if (r == 0) {
    /* jq 1.7: fromjson of "" or blanks gives an error */
    snprintf(err, errn, "Expected JSON value");
    return jv_invalid();
  }
  if (r < 0) {
    snprintf(err, errn, "%s", p.err);
    return jv_invalid();
  }
  skip_ws(&p);
  if (p.pos < p.n) {
    jv_unref(v);
    snprintf(err, errn, "Unexpected extra JSON values");
    return jv_invalid();
  }
  return v;
}

/* ---- scanning without values (a top-level array read one element at a
 * time) ------------------------------------------------------------------ */

static bool scan_digits(const char *s, size_t n, size_t *i) {
  size_t st = *i;
  while (*i < n && s[*i] >= '0' && s[*i] <= '9') (*i)++;
  return *i > st;
}

/* One scalar at *i: 1 valid, 0 cut by the end, -1 not plain JSON. */
static int scan_scalar(const char *s, size_t n, size_t *i) {
  size_t j = *i;
  if (s[j] == '"') {
    for (j++; j < n && s[j] != '"'; j++) {
      if (s[j] != '\\') continue;
      if (j + 1 >= n) return 0;
      char c = s[++j];
      if (c == 'u') {
        for (int k = 1; k <= 4; k++) {
          if (j + (size_t)k >= n) return 0;
          if (hexval(s[j + (size_t)k]) < 0) return -1;
        }
        j += 4;
      } else if (!strchr("\"\\/bfnrt", c) || c == 0) {
        return -1;
      }
    }
    if (j >= n) return 0;
    *i = j + 1;
    return 1;
  }
  if (s[j] == '-' || (s[j] >= '0' && s[j] <= '9')) {
    if (s[j] == '-') j++;
    if (!scan_digits(s, n, &j)) return j >= n ? 0 : -1;
    if (j < n && s[j] == '.') {
      j++;
      if (!scan_digits(s, n, &j)) return j >= n ? 0 : -1;
    }
    if (j < n && (s[j] == 'e' || s[j] == 'E')) {
      j++;
      if (j < n && (s[j] == '+' || s[j] == '-')) j++;
      if (!scan_digits(s, n, &j)) return j >= n ? 0 : -1;
    }
  } else {
    static const char *const lits[] = {"null", "true", "false"};
    size_t k = 0;
    for (; k < 3; k++) {
      size_t l = strlen(lits[k]);
      if (n - j < l) {
        if (!memcmp(s + j, lits[k], n - j)) return 0;
        continue;
      }
      if (!memcmp(s + j, lits[k], l)) break;
    }
    if (k == 3) return -1;
    j += strlen(lits[k]);
  }
  if (j >= n) return 0;
  if (!is_delim(s[j])) return -1;
  *i = j;
  return 1;
}

int jv_scan_value(const char *s, size_t n, size_t *end) {
  /* what is open: 'a' array, 'o' object; a container deeper than the
   * parser's limit is left to the parser (its error) */
  char open[JV_MAX_DEPTH];
  size_t depth = 0, i = 0;
  bool key = false; /* inside an object, a key comes next */
  for (;;) {
    while (i < n &&
           (s[i] == ' ' || s[i] == '\n' || s[i] == '\t' || s[i] == '\r'))
      i++;
    if (i >= n) return 0;
    char c = s[i];
    if (key) {
      if (c != '"') return -1;
    }
    if (c == '[' || c == '{') {
      if (depth >= JV_MAX_DEPTH) return -1;
      open[depth++] = c == '[' ? 'a' : 'o';
      i++;
      while (i < n &&
             (s[i] == ' ' || s[i] == '\n' || s[i] == '\t' || s[i] == '\r'))
        i++;
      if (i >= n) return 0;
      if (s[i] == (c == '[' ? ']' : '}')) {
        depth--;
        i++;
      } else {
        key = c == '{';
        continue;
      }
    } else {
      int r = scan_scalar(s, n, &i);
      if (r <= 0) return r;
      if (key) {
        key = false;
        while (i < n &&
               (s[i] == ' ' || s[i] == '\n' || s[i] == '\t' || s[i] == '\r'))
          i++;
        if (i >= n) return 0;
        if (s[i] != ':') return -1;
        i++;
        continue;
      }
    }
    /* after a value: close containers or go on with a comma */
    for (;;) {
      if (depth == 0) {
        if (i < n && !is_delim(s[i])) return -1;
        *end = i;
        return 1;
      }
      while (i < n &&
             (s[i] == ' ' || s[i] == '\n' || s[i] == '\t' || s[i] == '\r'))
        i++;
      if (i >= n) return 0;
      char close = open[depth - 1] == 'a' ? ']' : '}';
      if (s[i] == close) {
        depth--;
        i++;
        continue;
      }
      if (s[i] != ',') return -1;
      i++;
      key = open[depth - 1] == 'o';
      /* "[1,]" and "{"a":1,}" are errors: the next value must come */
      while (i < n &&
             (s[i] == ' ' || s[i] == '\n' || s[i] == '\t' || s[i] == '\r'))
        i++;
      if (i >= n) return 0;
      if (s[i] == ']' || s[i] == '}') return -1;
      break;
    }
  }
}

int jv_parse_elem(jv_parser *p, jv *out) {
  skip_ws(p);
  if (p->pos >= p->n) return -1;
  if (p->s[p->pos] == ',') {
    p->pos++;
    skip_ws(p);
  }
  if (p->pos >= p->n) return -1;
  if (p->s[p->pos] == ']') return 0;
  jv v = parse_value(p, 1);
  if (!jv_ok(v)) return -1;
  *out = v;
  return 1;
}

void jv_dump_indent(vsh_buf *out, unsigned flags, int indent, int lvl) {
  indent_to(out, flags, indent, lvl);
}

int jv_dump_flush_lvl(vsh_buf *out, jv v, unsigned flags, int indent, int lvl,
                      int (*fn)(void *ud, vsh_buf *out), void *ud) {
  dump_flush fl = {fn, ud};
  if (dump_rec2(out, v, flags, indent, lvl, &fl)) return -1;
  return out->data ? 0 : -1;
}

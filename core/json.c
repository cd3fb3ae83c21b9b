/* json.c: the minimal JSON reader/writer of json.h.  Recursive descent
 * with an explicit depth cap (input-controlled nesting must not blow the
 * stack); every allocation is checked and a failed parse frees all. */
#include "core/json.h"

#include <stdlib.h>
#include <string.h>

typedef struct jp {
  const char *s;
  size_t n, i;
  vsh_error *err;
} jp;

static int fail(jp *p, const char *why) {
  return vsh__error_set(p->err, VSH_EINVAL, "invalid JSON at offset %zu: %s",
                        p->i, why);
}

static void skip_ws(jp *p) {
  while (p->i < p->n && (p->s[p->i] == ' ' || p->s[p->i] == '\t' ||
                         p->s[p->i] == '\n' || p->s[p->i] == '\r'))
    p->i++;
}

void vsh__json_free(vsh_json *v) {
  size_t i;

  if (!v) return;
  for (i = 0; i < v->n; i++) {
    vsh__json_free(v->items[i]);
    if (v->keys) free(v->keys[i]);
  }
  free(v->items);
  free(v->keys);
  free(v->str);
  free(v);
}

static int hex4(jp *p, unsigned *out) {
  unsigned v = 0;
  int k;

  if (p->n - p->i < 4) return fail(p, "short \\u escape");
  for (k = 0; k < 4; k++) {
    char c = p->s[p->i++];
    v <<= 4;
    if (c >= '0' && c <= '9') v |= (unsigned)(c - '0');
    else if (c >= 'a' && c <= 'f') v |= (unsigned)(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F') v |= (unsigned)(c - 'A' + 10);
    else return fail(p, "bad hex digit in \\u escape");
  }
  *out = v;
  return 0;
}

/* p->i is just past the opening quote. */
static int parse_string(jp *p, vsh_buf *b) {
  unsigned cp, lo;
  char u[4];
  int rc, k;

  vsh__buf_init(b);
  if ((rc = vsh__buf_reserve(b, 1)) < 0) return rc;
  for (;;) {
    if (p->i >= p->n) return fail(p, "unterminated string");
    unsigned char c = (unsigned char)p->s[p->i++];
    if (c == '"') return 0;
    if (c < 0x20) return fail(p, "control character in string");
    if (c != '\\') {
      if ((rc = vsh__buf_putc(b, (char)c)) < 0) return rc;
      continue;
    }
    if (p->i >= p->n) return fail(p, "unterminated escape");
    c = (unsigned char)p->s[p->i++];
    switch (c) {
    case '"':
    case '\\':
    case '/': rc = vsh__buf_putc(b, (char)c); break;
    case 'b': rc = vsh__buf_putc(b, '\b'); break;
    case 'f': rc = vsh__buf_putc(b, '\f'); break;
    case 'n': rc = vsh__buf_putc(b, '\n'); break;
    case 'r': rc = vsh__buf_putc(b, '\r'); break;
    case 't': rc = vsh__buf_putc(b, '\t'); break;
    case 'u':
      if ((rc = hex4(p, &cp)) < 0) return rc;
      if (cp >= 0xD800 && cp <= 0xDBFF && p->n - p->i >= 6 &&
          p->s[p->i] == '\\' && p->s[p->i + 1] == 'u') {
        size_t save = p->i;
        p->i += 2;
        if ((rc = hex4(p, &lo)) < 0) return rc;
        if (lo >= 0xDC00 && lo <= 0xDFFF)
          cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
        else p->i = save;
      }
      if (cp >= 0xD800 && cp <= 0xDFFF)
        cp = 0xFFFD; /* a lone surrogate has no UTF-8 form */
      k = vsh__utf8_encode((int32_t)cp, u);
      rc = vsh__buf_append(b, u, (size_t)k);
      break;
    default: return fail(p, "unknown escape");
    }
    if (rc < 0) return rc;
  }
}

static int parse_value(jp *p, vsh_json **out, int depth);

static int push(vsh_json *v, vsh_json *item, char *key) {
  vsh_json **items = realloc(v->items, (v->n + 1) * sizeof *items);

  if (!items) return VSH_ENOMEM;
  v->items = items;
  if (v->type == VSH_JSON_OBJECT) {
    char **keys = realloc(v->keys, (v->n + 1) * sizeof *keys);
    if (!keys) return VSH_ENOMEM;
    v->keys = keys;
    v->keys[v->n] = key;
  }
  v->items[v->n++] = item;
  return 0;
}

static int parse_container(jp *p, vsh_json *v, int depth) {
  char close = v->type == VSH_JSON_ARRAY ? ']' : '}';
  vsh_json *item;
  vsh_buf key;
  int rc;

  skip_ws(p);
  if (p->i < p->n && p->s[p->i] == close) {
    p->i++;
    return 0;
  }
  for (;;) {
    char *k = NULL;

    skip_ws(p);
    if (v->type == VSH_JSON_OBJECT) {
      if (p->i >= p->n || p->s[p->i] != '"')
        return fail(p, "expected a string key");
      p->i++;
      if ((rc = parse_string(p, &key)) < 0) {
        vsh_buf_dispose(&key);
        return rc;
      }
      k = vsh__buf_steal(&key, NULL);
      skip_ws(p);
      if (p->i >= p->n || p->s[p->i] != ':') {
        free(k);
        return fail(p, "expected ':'");
      }
      p->i++;
    }
    if ((rc = parse_value(p, &item, depth + 1)) < 0) {
      free(k);
      return rc;
    }
    if ((rc = push(v, item, k)) < 0) {
      free(k);
      vsh__json_free(item);
      return rc;
    }
    skip_ws(p);
    if (p->i < p->n && p->s[p->i] == ',') {
      p->i++;
      continue;
    }
    if (p->i < p->n && p->s[p->i] == close) {
      p->i++;
      return 0;
    }
    return fail(p, v->type == VSH_JSON_ARRAY ? "expected ',' or ']'"
                                             : "expected ',' or '}'");
  }
}

static int parse_number(jp *p, vsh_json *v) {
  size_t start = p->i;
  char tmp[64];

  if (p->i < p->n && p->s[p->i] == '-') p->i++;
  if (p->i >= p->n || p->s[p->i] < '0' || p->s[p->i] > '9')
    return fail(p, "bad number");
  if (p->s[p->i] == '0') p->i++;
  else
    while (p->i < p->n && p->s[p->i] >= '0' && p->s[p->i] <= '9') p->i++;
  if (p->i < p->n && p->s[p->i] == '.') {
    p->i++;
    if (p->i >= p->n || p->s[p->i] < '0' || p->s[p->i] > '9')
      return fail(p, "bad fraction");
    while (p->i < p->n && p->s[p->i] >= '0' && p->s[p->i] <= '9') p->i++;
  }
  if (p->i < p->n && (p->s[p->i] == 'e' || p->s[p->i] == 'E')) {
    p->i++;
    if (p->i < p->n && (p->s[p->i] == '+' || p->s[p->i] == '-')) p->i++;
    if (p->i >= p->n || p->s[p->i] < '0' || p->s[p->i] > '9')
      return fail(p, "bad exponent");
    while (p->i < p->n && p->s[p->i] >= '0' && p->s[p->i] <= '9') p->i++;
  }
  if (p->i - start >= sizeof tmp) return fail(p, "number too long");
  memcpy(tmp, p->s + start, p->i - start);
  tmp[p->i - start] = '\0';
  v->number = strtod(tmp, NULL);
  return 0;
}

static bool word(jp *p, const char *w) {
  size_t n = strlen(w);

  if (p->n - p->i < n || memcmp(p->s + p->i, w, n) != 0) return false;
  p->i += n;
  return true;
}

static int parse_value(jp *p, vsh_json **out, int depth) {
  vsh_json *v;
  vsh_buf b;
  int rc = 0;

  *out = NULL;
  if (depth > VSH_JSON_MAX_DEPTH) return fail(p, "nesting too deep");
  skip_ws(p);
  if (p->i >= p->n) return fail(p, "unexpected end of input");
  if (!(v = calloc(1, sizeof *v))) return VSH_ENOMEM;
  switch (p->s[p->i]) {
  case '{':
  case '[':
    v->type = p->s[p->i] == '{' ? VSH_JSON_OBJECT : VSH_JSON_ARRAY;
    p->i++;
    rc = parse_container(p, v, depth);
    break;
  case '"':
    v->type = VSH_JSON_STRING;
    p->i++;
    rc = parse_string(p, &b);
    v->len = b.len;
    v->str = vsh__buf_steal(&b, NULL);
    if (rc < 0) vsh_buf_dispose(&b);
    break;
  case 't':
  case 'f':
    v->type = VSH_JSON_BOOL;
    v->boolean = p->s[p->i] == 't';
    if (!word(p, v->boolean ? "true" : "false")) rc = fail(p, "bad literal");
    break;
  case 'n':
    if (!word(p, "null")) rc = fail(p, "bad literal");
    break;
  default: v->type = VSH_JSON_NUMBER; rc = parse_number(p, v);
  }
  if (rc < 0) {
    vsh__json_free(v);
    return rc;
  }
  *out = v;
  return 0;
}

int vsh__json_parse(vsh_json **out, const char *text, size_t len,
                    vsh_error *err) {
  jp p = {text, len, 0, err};
  int rc;

  *out = NULL;
  if (!text) return fail(&p, "no input");
  rc = parse_value(&p, out, 1);
  if (rc < 0)
    return rc == VSH_ENOMEM ? vsh__error_set(err, rc, "out of memory") : rc;
  skip_ws(&p);
  if (p.i != p.n) {
    vsh__json_free(*out);
    *out = NULL;
    return fail(&p, "trailing characters");
  }
  return 0;
}

const vsh_json *vsh__json_get(const vsh_json *obj, const char *key) {
  size_t i;

  if (!obj || obj->type != VSH_JSON_OBJECT) return NULL;
  for (i = obj->n; i > 0; i--)
    if (strcmp(obj->keys[i - 1], key) == 0) return obj->items[i - 1];
  return NULL;
}

int vsh__json_put_string(vsh_buf *b, const char *s, size_t n) {
  static const char hex[] = "0123456789abcdef";
  size_t i;
  int rc = vsh__buf_putc(b, '"');

  for (i = 0; rc == 0 && i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    switch (c) {
    case '"': rc = vsh__buf_puts(b, "\\\""); break;
    case '\\': rc = vsh__buf_puts(b, "\\\\"); break;
    case '\n': rc = vsh__buf_puts(b, "\\n"); break;
    case '\r': rc = vsh__buf_puts(b, "\\r"); break;
    case '\t': rc = vsh__buf_puts(b, "\\t"); break;
    default:
      if (c < 0x20) {
        char e[7] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15], 0};
        rc = vsh__buf_puts(b, e);
      } else {
        rc = vsh__buf_putc(b, (char)c);
      }
    }
  }
  return rc < 0 ? rc : vsh__buf_putc(b, '"');
}

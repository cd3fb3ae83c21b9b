/* jq_lib.c: the builtins written in jq itself (parsed before every
 * program; definitions only), and the @format filters. */
#include "builtins/jq/jq_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* one long literal: past ISO C's 4095-byte minimum, fine for gcc and clang */
#pragma GCC diagnostic ignored "-Woverlength-strings"
static const char library[] =
    "def values: select(. != null);"
    "def nulls: select(. == null);"
    "def booleans: select(type == \"boolean\");"
    "def numbers: select(type == \"number\");"
    "def strings: select(type == \"string\");"
    "def arrays: select(type == \"array\");"
    "def objects: select(type == \"object\");"
    "def iterables: select(type|. == \"array\" or . == \"object\");"
    "def scalars: select(type|. != \"array\" and . != \"object\");"
    "def finites: select(isinfinite or isnan | not);"
    "def normals: select(isnormal);"
    "def map(f): [.[] | f];"
    "def map_values(f): .[] |= f;"
    "def recurse: recurse(.[]?);"
    "def recurse(f; cond): def r: ., (f | select(cond) | r); r;"
    "def to_array: if type == \"array\" then . else [.] end;"
    "def in(xs): . as $x | xs | has($x);"
    "def inside(xs): . as $x | xs | contains($x);"
    "def del(f): delpaths([path(f)]);"
    "def paths: path(..) | select(length > 0);"
    "def paths(node_filter): . as $dot | paths | select(. as $p | $dot | "
    "getpath($p) | node_filter);"
    "def leaf_paths: paths(scalars);"
    "def with_entries(f): to_entries | map(f) | from_entries;"
    "def any: reduce .[] as $x (false; . or $x);"
    "def all: reduce .[] as $x (true; . and $x);"
    "def any(f): reduce (.[] | f) as $x (false; . or $x);"
    "def all(f): reduce (.[] | f) as $x (true; . and $x);"
    "def any(g; cond): isempty(first(g | cond or empty)) | not;"
    "def all(g; cond): isempty(first(g | cond and empty));"
    "def nth($n): .[$n];"
    "def skip($n; f): if $n > 0 then foreach f as $x ($n; . - 1; if . < 0 then "
    "$x else empty end) elif $n == 0 then f else error(\"skip doesn't support "
    "negative count\") end;"
    "def nth($n; f): if $n < 0 then error(\"nth doesn't support negative "
    "indices\") else first(skip($n; f)) end;"
    "def INDEX(stream; idx_expr): reduce stream as $row ({}; .[$row | idx_expr "
    "| tostring] |= $row);"
    "def INDEX(idx_expr): INDEX(.[]; idx_expr);"
    "def JOIN($idx; idx_expr): [.[] | [., $idx[idx_expr]]];"
    "def JOIN($idx; stream; idx_expr): stream | [., $idx[idx_expr]];"
    "def JOIN($idx; stream; idx_expr; join_expr): stream | [., $idx[idx_expr]] "
    "| join_expr;"
    "def IN(s): any(s == .; .);"
    "def IN(src; s): any(src == s; .);"
    "def trimstr($val): ltrimstr($val) | rtrimstr($val);"
    "def toboolean: if type == \"boolean\" then . elif . == \"true\" then true "
    "elif . == \"false\" then false else error(\"\\(type) (\\(tojson)) cannot "
    "be parsed as a boolean\") end;"
    "def index($i): indices($i) | .[0];"
    "def rindex($i): indices($i) | .[-1:][0];"
    "def first: .[0];"
    "def last: .[-1];"
    "def combinations: if length == 0 then [] else .[0][] as $x | (.[1:] | "
    "combinations) as $w | [$x] + $w end;"
    "def combinations(n): . as $dot | [range(n)] | map($dot) | combinations;"
    "def walk(f): def w: if type == \"object\" then map_values(w) elif type == "
    "\"array\" then map(w) else . end | f; w;"
    "def transpose: if . == [] then [] else . as $in | (map(length) | max) as "
    "$max | [range(0; $max) as $j | [range(0; $in|length) as $i | "
    "$in[$i][$j]]] end;"
    "def env: $ENV;"
    "def todate: strftime(\"%Y-%m-%dT%H:%M:%SZ\");"
    "def fromdateiso8601: strptime(\"%Y-%m-%dT%H:%M:%SZ\") | mktime;"
    "def todateiso8601: strftime(\"%Y-%m-%dT%H:%M:%SZ\");"
    "def fromdate: fromdateiso8601;"
    "def date: todate;"
    "def dateadd(u; n): . + n;"
    "def datesub(u; n): . - n;"
    "def match(re; mode): _match_impl(re; mode; false) | .[];"
    "def match($val): ($val|type) as $vt | if $vt == \"string\" then "
    "match($val; null)"
    "  elif $vt == \"array\" and ($val | length) > 1 then match($val[0]; "
    "$val[1])"
    "  elif $vt == \"array\" and ($val | length) > 0 then match($val[0]; null)"
    "  else error($vt + \" not a string or array\") end;"
    "def test(re; mode): _match_impl(re; mode; true);"
    "def test($val): ($val|type) as $vt | if $vt == \"string\" then test($val; "
    "null)"
    "  elif $vt == \"array\" and ($val | length) > 1 then test($val[0]; "
    "$val[1])"
    "  elif $vt == \"array\" and ($val | length) > 0 then test($val[0]; null)"
    "  else error($vt + \" not a string or array\") end;"
    "def _capobj: [.captures | .[] | select(.name != null) | {key: .name, "
    "value: .string}] | from_entries;"
    "def capture(re; mods): match(re; mods) | _capobj;"
    "def capture($val): ($val|type) as $vt | if $vt == \"string\" then "
    "capture($val; null)"
    "  elif $vt == \"array\" and ($val | length) > 1 then capture($val[0]; "
    "$val[1])"
    "  elif $vt == \"array\" and ($val | length) > 0 then capture($val[0]; "
    "null)"
    "  else error($vt + \" not a string or array\") end;"
    "def scan($re; $flags): match($re; \"g\" + $flags) | if (.captures | "
    "length > 0) then [.captures | .[] | .string] else .string end;"
    "def scan($re): scan($re; null);"
    "def split($re; flags): . as $s | [match($re; \"g\" + flags) | (.offset, "
    ".offset + .length)] as $ms"
    "  | [0] + $ms + [$s | length] | [range(0; length; 2) as $i | .[$i:$i+2]] "
    "| map($s[.[0]:.[1]]);"
    "def splits($re; flags): split($re; flags) | .[];"
    "def splits($re): splits($re; null);"
    "def sub($re; str; $flags): . as $in"
    "  | [match($re; $flags)] as $ms"
    "  | if ($ms | length) == 0 then $in else"
    "    [$ms[] | [_capobj | str]] as $reps"
    "    | range(0; $reps[0] | length) as $k | _sub_join($ms; $reps; $k) end;"
    "def sub($re; str): sub($re; str; \"\");"
    "def gsub($re; str; $flags): sub($re; str; $flags + \"g\");"
    "def gsub($re; str): sub($re; str; \"g\");"
    "def fromstream(f): {x: null, e: false} as $init"
    "  | foreach f as $i ($init;"
    "      if .e then $init else . end"
    "      | if $i | length == 2"
    "        then setpath([\"e\"]; $i[0] | length == 0) | setpath([\"x\"] + "
    "$i[0]; $i[1])"
    "        else setpath([\"e\"]; $i[0] | length == 1) end;"
    "      if .e then .x else empty end);"
    "def truncate_stream(stream): . as $n | null | stream | . as $input"
    "  | if (.[0] | length) > $n then setpath([0]; .[0][$n:]) else empty end;"
    "def pick(pathexps): . as $top"
    "  | reduce path(pathexps) as $p (null; setpath($p; $top | getpath($p)));"

    "def add(f): reduce f as $x (null; . + $x);"

    ;

const char *jq_library(void) { return library; }

/* ---- @formats ------------------------------------------------------------------------------ */

static const char b64[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
static const char b32[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

static int hexv(unsigned c) {
  if (c >= '0' && c <= '9') return (int)(c - '0');
  if (c >= 'a' && c <= 'f') return (int)(c - 'a' + 10);
  if (c >= 'A' && c <= 'F') return (int)(c - 'A' + 10);
  return -1;
}

static int csv_tsv(jq_st *st, jv v, bool csv, vsh_buf *o) {
  if (v.kind != JV_ARRAY) {
    char buf[30];
    jv_dump_trunc(buf, sizeof buf, v);
    return jq_error(st, "%s (%s) cannot be %s-formatted, only an array can be",
                    jv_kind_name(v.kind), buf, csv ? "csv" : "tsv");
  }
  for (size_t i = 0; i < v.u.a->n; i++) {
    if (i) vsh__buf_putc(o, csv ? ',' : '\t');
    jv x = v.u.a->v[i];
    switch (x.kind) {
    case JV_NULL: break;
    case JV_TRUE: vsh__buf_puts(o, "true"); break;
    case JV_FALSE: vsh__buf_puts(o, "false"); break;
    case JV_NUMBER: jv_dump(o, x, 0, 0); break;
    case JV_STRING: {
      const char *s = jv_sv(x);
      size_t n = jv_slen(x);
      if (csv) {
        vsh__buf_putc(o, '"');
        for (size_t j = 0; j < n; j++) {
          if (s[j] == '"') vsh__buf_putc(o, '"');
          vsh__buf_putc(o, s[j]);
        }
        vsh__buf_putc(o, '"');
      } else {
        for (size_t j = 0; j < n; j++) {
          switch (s[j]) {
          case '\\': vsh__buf_puts(o, "\\\\"); break;
          case '\t': vsh__buf_puts(o, "\\t"); break;
          case '\n': vsh__buf_puts(o, "\\n"); break;
          case '\r': vsh__buf_puts(o, "\\r"); break;
          default: vsh__buf_putc(o, s[j]);
          }
        }
      }
      break;
    }
    default: {
      char buf[30];
      jv_dump_trunc(buf, sizeof buf, x);
      return jq_error(st, "%s (%s) is not valid in a csv row",
                      jv_kind_name(x.kind), buf);
    }
    }
  }
  return 0;
}

int jq_format(jq_st *st, const char *fmt, jv v, jv *out) {
  vsh_buf o;
  vsh__buf_init(&o);
  int r = 0;
  if (!strcmp(fmt, "json")) {
    jv_dump(&o, v, st->dump_flags & JV_PRINT_SORTED, 0);
  } else if (!strcmp(fmt, "text")) {
    jv s = jv_tostring(v);
    if (!jv_ok(s)) return jq_oom(st);
    *out = s;
    return 0;
  } else if (!strcmp(fmt, "csv") || !strcmp(fmt, "tsv")) {
    r = csv_tsv(st, v, fmt[0] == 'c', &o);
  } else {
    jv s = jv_tostring(v);
    if (!jv_ok(s)) return jq_oom(st);
    const unsigned char *p = (const unsigned char *)jv_sv(s);
    size_t n = jv_slen(s);
    if (!strcmp(fmt, "html")) {
      for (size_t i = 0; i < n; i++) {
        switch (p[i]) {
        case '<': vsh__buf_puts(&o, "&lt;"); break;
        case '>': vsh__buf_puts(&o, "&gt;"); break;
        case '&': vsh__buf_puts(&o, "&amp;"); break;
        case '\'': vsh__buf_puts(&o, "&apos;"); break;
        case '"': vsh__buf_puts(&o, "&quot;"); break;
        default: vsh__buf_putc(&o, (char)p[i]);
        }
      }
    } else if (!strcmp(fmt, "uri")) {
      for (size_t i = 0; i < n; i++) {
        unsigned c = p[i];
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
            (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.' ||
            c == '~')
          vsh__buf_putc(&o, (char)c);
        else vsh__buf_printf(&o, "%%%02X", c);
      }
    } else if (!strcmp(fmt, "urid")) {
      bool bad = false;
      for (size_t i = 0; i < n && !bad; i++) {
        if (p[i] != '%') {
          vsh__buf_putc(&o, (char)p[i]);
          continue;
        }
        if (i + 3 > n) {
          bad = true;
          break;
        }
        int a = hexv(p[i + 1]), b = hexv(p[i + 2]);
        if (a < 0 || b < 0) {
          bad = true;
          break;
        }
        vsh__buf_putc(&o, (char)(a * 16 + b));
        i += 2;
      }
      if (!bad && o.data && !vsh__utf8_valid(o.data, o.len)) bad = true;
      if (bad) {
        jv_unref(s);
        vsh_buf_dispose(&o);
        char buf[64];
        jv_dump_trunc(buf, sizeof buf, v);
        return jq_error(st, "%s (%s) is not a valid uri encoding",
                        jv_kind_name(v.kind), buf);
      }
    } else if (!strcmp(fmt, "sh")) {
      if (v.kind == JV_ARRAY) {
        for (size_t i = 0; i < v.u.a->n && !r; i++) {
          jv x = v.u.a->v[i];
          if (i) vsh__buf_putc(&o, ' ');
          if (x.kind == JV_ARRAY || x.kind == JV_OBJECT) {
            char buf[30];
            jv_dump_trunc(buf, sizeof buf, x);
            r = jq_error(st, "%s (%s) can not be escaped for shell",
                         jv_kind_name(x.kind), buf);
            break;
          }
          if (x.kind == JV_STRING) {
            vsh__buf_putc(&o, '\'');
            for (size_t j = 0; j < jv_slen(x); j++) {
              if (jv_sv(x)[j] == '\'') vsh__buf_puts(&o, "'\\''");
              else vsh__buf_putc(&o, jv_sv(x)[j]);
            }
            vsh__buf_putc(&o, '\'');
          } else {
            jv_dump(&o, x, 0, 0);
          }
        }
      } else if (v.kind == JV_OBJECT) {
        char buf[30];
        jv_dump_trunc(buf, sizeof buf, v);
        r = jq_error(st, "object (%s) can not be escaped for shell", buf);
      } else if (v.kind == JV_STRING) {
        vsh__buf_putc(&o, '\'');
        for (size_t j = 0; j < n; j++) {
          if (p[j] == '\'') vsh__buf_puts(&o, "'\\''");
          else vsh__buf_putc(&o, (char)p[j]);
        }
        vsh__buf_putc(&o, '\'');
      } else {
        jv_dump(&o, v, 0, 0);
      }
    } else if (!strcmp(fmt, "base64")) {
      for (size_t i = 0; i < n; i += 3) {
        unsigned x = (unsigned)p[i] << 16;
        if (i + 1 < n) x |= (unsigned)p[i + 1] << 8;
        if (i + 2 < n) x |= p[i + 2];
        char q[4] = {b64[(x >> 18) & 63], b64[(x >> 12) & 63],
                     i + 1 < n ? b64[(x >> 6) & 63] : '=',
                     i + 2 < n ? b64[x & 63] : '='};
        vsh__buf_append(&o, q, 4);
      }
    } else if (!strcmp(fmt, "base64d")) {
      unsigned acc = 0;
      int bits = 0;
      size_t valid = 0;
      for (size_t i = 0; i < n; i++) {
        const char *q = p[i] ? strchr(b64, p[i]) : NULL;
        if (p[i] == '=') break;
        if (!q) {
          jv_unref(s);
          vsh_buf_dispose(&o);
          char buf[30];
          jv_dump_trunc(buf, sizeof buf, v);
          return jq_error(st, "%s (%s) is not valid base64 data",
                          jv_kind_name(v.kind), buf);
        }
        valid++;
        acc = (acc << 6) | (unsigned)(q - b64);
        bits += 6;
        if (bits >= 8) {
          bits -= 8;
          vsh__buf_putc(&o, (char)((acc >> bits) & 0xff));
        }
      }
      if (valid % 4 == 1) {
        jv_unref(s);
        vsh_buf_dispose(&o);
        char buf[30];
        jv_dump_trunc(buf, sizeof buf, v);
        return jq_error(st, "%s (%s) trailing base64 byte found",
                        jv_kind_name(v.kind), buf);
      }
    } else if (!strcmp(fmt, "base32")) {
      for (size_t i = 0; i < n; i += 5) {
        uint64_t x = 0;
        size_t k = n - i < 5 ? n - i : 5;
        for (size_t j = 0; j < 5; j++) x = (x << 8) | (j < k ? p[i + j] : 0);
        static const int outc[] = {0, 2, 4, 5, 7, 8};
        for (int j = 0; j < 8; j++) {
          if (j < outc[k]) vsh__buf_putc(&o, b32[(x >> (35 - 5 * j)) & 31]);
          else vsh__buf_putc(&o, '=');
        }
      }
    } else if (!strcmp(fmt, "base32d")) {
      uint64_t acc = 0;
      int bits = 0;
      for (size_t i = 0; i < n; i++) {
        if (p[i] == '=') break;
        const char *q = p[i] ? strchr(b32, p[i]) : NULL;
        if (!q) continue;
        acc = (acc << 5) | (uint64_t)(q - b32);
        bits += 5;
        if (bits >= 8) {
          bits -= 8;
          vsh__buf_putc(&o, (char)((acc >> bits) & 0xff));
        }
      }
    } else {
      jv_unref(s);
      vsh_buf_dispose(&o);
      return jq_error(st, "%s is not a valid format", fmt);
    }
    jv_unref(s);
  }
  if (r) {
    vsh_buf_dispose(&o);
    return r;
  }
  if (!o.data && !(o.data = calloc(1, 1))) return jq_oom(st);
  /* decoded bytes may not be UTF-8: jq replaces bad sequences */
  if (!strcmp(fmt, "base64d") || !strcmp(fmt, "base32d")) {
    if (!vsh__utf8_valid(o.data, o.len)) {
      vsh_buf c;
      vsh__buf_init(&c);
      size_t j = 0;
      while (j < o.len) {
        int32_t cp;
        int l = vsh__utf8_decode(o.data + j, o.len - j, &cp);
        if (cp < 0) vsh__buf_append(&c, "\xef\xbf\xbd", 3);
        else vsh__buf_append(&c, o.data + j, (size_t)l);
        j += (size_t)l;
      }
      vsh_buf_dispose(&o);
      o = c;
      if (!o.data && !(o.data = calloc(1, 1))) return jq_oom(st);
    }
  }
  *out = jv_str_buf(&o);
  if (!jv_ok(*out)) return jq_oom(st);
  return 0;
}

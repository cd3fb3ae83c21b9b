/* prompt.c: expanding text at run time: bash's prompt strings (${x@P},
 * PS4) and the subscripts of names given as text (unset 'a[$k]').  A
 * prompt string has its backslash escapes (\u \h \w \t \D{fmt} \$ \nnn
 * ...) decoded, then is expanded like an unquoted here-document body
 * (parameters, command substitutions, arithmetic).  \[ and \] vanish,
 * as in a non-interactive bash.  Times are in the exported $TZ. */
#include "shell/shell.h"

#include "core/tz.h"
#include "shell/expand/expand.h"
#include "shell/parse/parse.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

static const char *var_or(sh_ctx *c, const char *name, const char *dflt) {
  const char *v = sh_var_get(c, name);
  return v && *v ? v : dflt;
}

/* $PWD with $HOME replaced by ~ (\w), or its last part (\W). */
static void put_dir(sh_ctx *c, vsh_buf *o, bool base) {
  const char *pwd = var_or(c, "PWD", "/");
  const char *home = sh_var_get(c, "HOME");
  size_t hl = home ? strlen(home) : 0;
  bool under =
      hl > 1 && !strncmp(pwd, home, hl) && (pwd[hl] == 0 || pwd[hl] == '/');
  if (base) {
    if (under && pwd[hl] == 0) {
      vsh__buf_putc(o, '~');
      return;
    }
    const char *sl = strrchr(pwd, '/');
    vsh__buf_puts(o, sl && sl[1] ? sl + 1 : pwd);
    return;
  }
  if (under) {
    vsh__buf_putc(o, '~');
    vsh__buf_puts(o, pwd + hl);
  } else {
    vsh__buf_puts(o, pwd);
  }
}

void sh_localtime(sh_ctx *c, int64_t t, struct tm *out) {
  /* the zone of the exported TZ, as a child process would see it */
  sh_var *v = sh_var_find(c, "TZ");
  const char *tz =
      v && (v->attrs & SH_VAR_EXPORT) &&
              !(v->attrs & (SH_VAR_UNSET | SH_VAR_ARRAY | SH_VAR_ASSOC))
          ? v->val
          : NULL;
  vsh__zone z;
  vsh__zone_parse(&z, tz);
  const char *name;
  long off = vsh__zone_offset(&z, t, &name);
  time_t lt = (time_t)(t + off);
  gmtime_r(&lt, out);
  out->tm_gmtoff = off;
  out->tm_isdst = off != z.off;
  /* name points into z, which dies here: the caller gets a copy */
  char *keep = vsh__arena_strndup(&c->arena, name, strlen(name));
  out->tm_zone = keep ? keep : "";
}

static void put_time(sh_ctx *c, vsh_buf *o, const char *fmt) {
  struct tm tm;
  sh_localtime(c, time(NULL), &tm);
  char t[256];
  size_t n = *fmt ? strftime(t, sizeof t, fmt, &tm) : 0;
  vsh__buf_append(o, t, n);
}

/* Decodes the escapes; a '$' or '`' that an escape produced is quoted
 * for the expansion that follows. */
static void decode(sh_ctx *c, const char *s, vsh_buf *o) {
  for (const char *p = s; *p; p++) {
    if (*p != '\\' || !p[1]) {
      vsh__buf_putc(o, *p);
      continue;
    }
    char e = *++p;
    switch (e) {
    case 'a': vsh__buf_putc(o, '\a'); break;
    case 'e': vsh__buf_putc(o, 033); break;
    case 'n': vsh__buf_putc(o, '\n'); break;
    case 'r': vsh__buf_putc(o, '\r'); break;
    case 'd': put_time(c, o, "%a %b %d"); break;
    case 't': put_time(c, o, "%H:%M:%S"); break;
    case 'T': put_time(c, o, "%I:%M:%S"); break;
    case '@': put_time(c, o, "%I:%M %p"); break;
    case 'A': put_time(c, o, "%H:%M"); break;
    case 'D': {
      const char *close = p[1] == '{' ? strchr(p + 2, '}') : NULL;
      if (!close) {
        vsh__buf_puts(o, "\\D");
        break;
      }
      char f[128];
      size_t n = (size_t)(close - (p + 2));
      if (n >= sizeof f) n = sizeof f - 1;
      memcpy(f, p + 2, n);
      f[n] = 0;
      put_time(c, o, *f ? f : "%X");
      p = close;
      break;
    }
    case 'h':
    case 'H': {
      const char *h = var_or(c, "HOSTNAME", "localhost");
      size_t n = e == 'h' ? strcspn(h, ".") : strlen(h);
      vsh__buf_append(o, h, n);
      break;
    }
    case 'u': vsh__buf_puts(o, var_or(c, "USER", "user")); break;
    case 's': {
      const char *a0 = c->vars.arg0 ? c->vars.arg0 : "vsh";
      const char *sl = strrchr(a0, '/');
      vsh__buf_puts(o, sl ? sl + 1 : a0);
      break;
    }
    case 'v':
    case 'V': {
      const char *v = var_or(c, "BASH_VERSION", "5.2.15");
      size_t n = e == 'V' ? strcspn(v, "(") : 3;
      vsh__buf_append(o, v, n < strlen(v) ? n : strlen(v));
      break;
    }
    case 'w': put_dir(c, o, false); break;
    case 'W': put_dir(c, o, true); break;
    case 'j': vsh__buf_printf(o, "%d", c->shell->xh->jobs_count(c)); break;
    case 'l': vsh__buf_puts(o, "tty"); break;
    case '!': vsh__buf_puts(o, "1"); break;
    case '#': vsh__buf_puts(o, "0"); break;
    case '$': {
      const char *uid = sh_var_get(c, "EUID");
      vsh__buf_puts(o, uid && !strcmp(uid, "0") ? "#" : "\\$");
      break;
    }
    case '\\': vsh__buf_putc(o, '\\'); break;
    case '[':
    case ']': break;
    default:
      if (e >= '0' && e <= '7') {
        int v = 0, k = 0;
        while (k < 3 && p[k] >= '0' && p[k] <= '7') v = v * 8 + (p[k++] - '0');
        p += k - 1;
        if ((char)v == '$' || (char)v == '`' || (char)v == '\\')
          vsh__buf_putc(o, '\\');
        vsh__buf_putc(o, (char)v);
      } else {
        vsh__buf_putc(o, '\\');
        vsh__buf_putc(o, e);
      }
      break;
    }
  }
}

char *sh_expand_prompt(sh_ctx *c, const char *s) {
  vsh_buf d = {0};
  decode(c, s, &d);
  if (!d.data) return vsh__arena_strndup(&c->arena, "", 0);
  char *out = NULL;
  size_t n;
  if (sh_expand_text(c, d.data, d.len, false, &out, &n)) out = NULL;
  if (!out) out = vsh__arena_strndup(&c->arena, d.data, d.len);
  vsh_buf_dispose(&d);
  return out;
}

int sh_expand_text(sh_ctx *c, const char *s, size_t len, bool subscript,
                   char **out, size_t *outlen) {
  sh_parser *p = NULL;
  sh_word *w = NULL;
  sh_parse_opts po = {0};
  /* a subscript is read up to its closing bracket: supply one */
  char *text = vsh__arena_alloc(&c->arena, len + 2);
  if (!text) return VSH_ENOMEM;
  memcpy(text, s, len);
  text[len] = ']';
  text[len + 1] = 0;
  size_t tl = subscript ? len + 1 : len;
  int rc = sh_parser_new(&p, text, tl, &po);
  if (!rc) rc = sh_parse_text(p, text, tl, subscript, &w);
  if (!rc && !w) rc = VSH_EINVAL;
  if (!rc) rc = sh_expand_str(c, w, out, outlen);
  sh_parser_free(p);
  return rc;
}

char *sh_subscript_key(sh_ctx *c, const char *s, size_t len) {
  char *out;
  size_t n;
  if (memchr(s, '$', len) || memchr(s, '"', len) || memchr(s, '\'', len) ||
      memchr(s, '`', len) || memchr(s, '\\', len)) {
    if (!sh_expand_text(c, s, len, true, &out, &n)) return out;
  }
  return vsh__arena_strndup(&c->arena, s, len);
}

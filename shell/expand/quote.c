/* quote.c: quoting values back into shell syntax, as bash prints them:
 * printf %q (backslashes), ${x@Q} and `set` (single quotes), declare -p
 * (double quotes); any of them switches to $'...' when the value has
 * control characters or invalid UTF-8, with octal escapes for raw bytes.
 * Backslash escapes decoded the other way: echo -e, printf, ${x@E}. */
#include "shell/shell.h"

#include <string.h>

bool sh_needs_ansi(const char *s) {
  size_t n = strlen(s);
  for (size_t i = 0; i < n;) {
    unsigned char ch = (unsigned char)s[i];
    if (ch < 32 || ch == 127) return true;
    int32_t cp;
    int l = vsh__utf8_decode(s + i, n - i, &cp);
    if (cp < 0) return true;
    i += (size_t)l;
  }
  return false;
}

void sh_quote_ansi(vsh_buf *o, const char *s) {
  size_t n = strlen(s);
  vsh__buf_puts(o, "$'");
  for (size_t i = 0; i < n;) {
    unsigned char ch = (unsigned char)s[i];
    int32_t cp;
    int l = vsh__utf8_decode(s + i, n - i, &cp);
    if (ch >= 0x80 && cp >= 0) { /* a valid multibyte character */
      vsh__buf_append(o, s + i, (size_t)l);
      i += (size_t)l;
      continue;
    }
    switch (ch) {
    case '\n': vsh__buf_puts(o, "\\n"); break;
    case '\t': vsh__buf_puts(o, "\\t"); break;
    case '\r': vsh__buf_puts(o, "\\r"); break;
    case '\a': vsh__buf_puts(o, "\\a"); break;
    case '\b': vsh__buf_puts(o, "\\b"); break;
    case '\f': vsh__buf_puts(o, "\\f"); break;
    case '\v': vsh__buf_puts(o, "\\v"); break;
    case 27: vsh__buf_puts(o, "\\E"); break;
    case '\'': vsh__buf_puts(o, "\\'"); break;
    case '\\': vsh__buf_puts(o, "\\\\"); break;
    default:
      if (ch < 32 || ch >= 127) vsh__buf_printf(o, "\\%03o", ch);
      else vsh__buf_putc(o, (char)ch);
    }
    i++;
  }
  vsh__buf_putc(o, '\'');
}

void sh_quote_sq(vsh_buf *o, const char *s) {
  if (!strcmp(s, "'")) { /* bash's sh_single_quote writes a lone quote so */
    vsh__buf_puts(o, "\\'");
    return;
  }
  vsh__buf_putc(o, '\'');
  for (const char *p = s; *p; p++) {
    if (*p == '\'') vsh__buf_puts(o, "'\\''");
    else vsh__buf_putc(o, *p);
  }
  vsh__buf_putc(o, '\'');
}

void sh_quote_single(vsh_buf *o, const char *s) {
  if (sh_needs_ansi(s)) {
    sh_quote_ansi(o, s);
    return;
  }
  sh_quote_sq(o, s);
}

void sh_quote_double(vsh_buf *o, const char *s) {
  if (sh_needs_ansi(s)) {
    sh_quote_ansi(o, s);
    return;
  }
  vsh__buf_putc(o, '"');
  for (const char *p = s; *p; p++) {
    if (strchr("\"\\$`", *p)) vsh__buf_putc(o, '\\');
    vsh__buf_putc(o, *p);
  }
  vsh__buf_putc(o, '"');
}

void sh_quote_backslash(vsh_buf *o, const char *s) {
  if (!*s) {
    vsh__buf_puts(o, "''");
    return;
  }
  if (sh_needs_ansi(s)) {
    sh_quote_ansi(o, s);
    return;
  }
  /* bash's sh_backslash_quote: '~' only where tilde expansion would see
   * it (word start, after '=' or ':'), '#' only at the start */
  for (const char *p = s; *p; p++) {
    bool q = strchr(" \t'\"\\$`*?[]{}()<>|&;!,^", *p) != NULL;
    if (*p == '~') q = p == s || p[-1] == '=' || p[-1] == ':';
    if (*p == '#') q = p == s;
    if (q) vsh__buf_putc(o, '\\');
    vsh__buf_putc(o, *p);
  }
}

/* ---- unquoting ---------------------------------------------------------- */

void sh_unescape(vsh_buf *out, const char *s, size_t n, int echo_mode,
                 bool *stop) {
  for (size_t i = 0; i < n; i++) {
    if (s[i] != '\\' || i + 1 >= n) {
      vsh__buf_putc(out, s[i]);
      continue;
    }
    char ch = s[++i];
    switch (ch) {
    case 'a': vsh__buf_putc(out, '\a'); break;
    case 'b': vsh__buf_putc(out, '\b'); break;
    case 'e':
    case 'E': vsh__buf_putc(out, 27); break;
    case 'f': vsh__buf_putc(out, '\f'); break;
    case 'n': vsh__buf_putc(out, '\n'); break;
    case 'r': vsh__buf_putc(out, '\r'); break;
    case 't': vsh__buf_putc(out, '\t'); break;
    case 'v': vsh__buf_putc(out, '\v'); break;
    case '\\': vsh__buf_putc(out, '\\'); break;
    case 'c':
      if (stop) {
        *stop = true;
        return;
      }
      vsh__buf_putc(out, '\\');
      vsh__buf_putc(out, 'c');
      break;
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7': {
      if (ch != '0' && echo_mode == SH_ESC_ECHO) {
        /* echo -e takes octal only after \0 (\0NNN); \1 stays as it
         * is (printf %b does read \NNN) */
        vsh__buf_putc(out, '\\');
        vsh__buf_putc(out, ch);
        break;
      }
      int v = 0, k = 0;
      size_t j = i;
      if (ch == '0' && echo_mode != SH_ESC_PLAIN)
        j++; /* \0NNN: up to 3 more digits */
      while (j < n && k < 3 && s[j] >= '0' && s[j] <= '7') {
        v = v * 8 + (s[j] - '0');
        j++;
        k++;
      }
      vsh__buf_putc(out, (char)v);
      i = j - 1;
      break;
    }
    case 'x': {
      int v = 0, k = 0;
      size_t j = i + 1;
      while (j < n && k < 2 && strchr("0123456789abcdefABCDEF", s[j]) && s[j]) {
        char d = s[j];
        v = v * 16 + (d <= '9' ? d - '0' : (d | 32) - 'a' + 10);
        j++;
        k++;
      }
      if (k == 0) {
        vsh__buf_putc(out, '\\');
        vsh__buf_putc(out, 'x');
      } else {
        vsh__buf_putc(out, (char)v);
        i = j - 1;
      }
      break;
    }
    case 'u':
    case 'U': {
      int32_t v = 0;
      int k = 0, max = ch == 'u' ? 4 : 8;
      size_t j = i + 1;
      while (j < n && k < max && s[j] &&
             strchr("0123456789abcdefABCDEF", s[j])) {
        char d = s[j];
        v = v * 16 + (d <= '9' ? d - '0' : (d | 32) - 'a' + 10);
        j++;
        k++;
      }
      if (k == 0) {
        vsh__buf_putc(out, '\\');
        vsh__buf_putc(out, ch);
      } else {
        char u[4];
        int l = vsh__utf8_encode(v, u);
        vsh__buf_append(out, u, (size_t)l);
        i = j - 1;
      }
      break;
    }
    default: vsh__buf_putc(out, '\\'); vsh__buf_putc(out, ch);
    }
  }
}

char *sh__ansi_unescape(sh_ctx *c, const char *s) {
  vsh_buf b = {0};
  sh_unescape(&b, s, strlen(s), SH_ESC_PLAIN, NULL);
  char *d = vsh__arena_memdup(&c->arena, b.data ? b.data : "", b.len);
  vsh_buf_dispose(&b);
  return d ? d : (char *)s;
}

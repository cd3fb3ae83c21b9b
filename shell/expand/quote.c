/* quote.c: quoting values back into shell syntax, as bash prints them:
 * printf %q (backslashes), ${x@Q} and `set` (single quotes), declare -p
 * (double quotes); any of them switches to $'...' when the value has
 * control characters or invalid UTF-8, with octal escapes for raw bytes. */
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
      if (ch < 32 || ch >= 127)
        vsh__buf_printf(o, "\\%03o", ch);
      else
        vsh__buf_putc(o, (char)ch);
    }
    i++;
  }
  vsh__buf_putc(o, '\'');
}

void sh_quote_single(vsh_buf *o, const char *s) {
  if (sh_needs_ansi(s)) {
    sh_quote_ansi(o, s);
    return;
  }
  vsh__buf_putc(o, '\'');
  for (const char *p = s; *p; p++) {
    if (*p == '\'')
      vsh__buf_puts(o, "'\\''");
    else
      vsh__buf_putc(o, *p);
  }
  vsh__buf_putc(o, '\'');
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
  for (const char *p = s; *p; p++) {
    if (strchr(" \t'\"\\$`*?[]{}()<>|&;#~!=,^", *p) && !(*p == '~' && p != s) &&
        !(*p == '=' || *p == ','))
      vsh__buf_putc(o, '\\');
    vsh__buf_putc(o, *p);
  }
}

/* date.c: print or parse dates (GNU date): -d with "now", "@EPOCH",
 * ISO 8601 dates and times with optional zone, a leading TZ="Zone"
 * (the date read in that zone), "HH:MM", relative items
 * ("3 days ago", "+1 week", "tomorrow", "next monday"), +FORMAT with the
 * common % directives and GNU flags (- _ 0 ^ #, width), -u, -I, -R,
 * --rfc-3339, -r FILE.  Time zones: $TZ as a POSIX rule ("UTC+2",
 * "EST5EDT,M3.2.0,M11.1.0", "<+03>-3") or an IANA name from a built-in
 * table of each zone's current rule (tz_table.h; no tz database in the
 * sandbox): dates before a zone's last rule change use today's rule. */
#include "builtins/builtins.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

typedef struct dt_tm { /* broken-down civil time */
  int64_t year;
  int mon, mday, hour, min, sec; /* mon 1..12 */
  int wday, yday;                /* 0=Sunday; 0-based */
} dt_tm;

/* ---- calendar arithmetic (proleptic Gregorian) ---- */

static bool leap(int64_t y) {
  return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

static void to_tm(int64_t t, long off, dt_tm *out) {
  bi_tm tm;
  bi_time_at(t, off, &tm);
  *out = (dt_tm){tm.year, tm.mon + 1, tm.mday, tm.hour,
                 tm.min,  tm.sec,     tm.wday, tm.yday};
}

/* Normalises month overflow, then the day count carries the rest. */
static int64_t from_fields(int64_t y, int64_t mon, int64_t mday, int64_t h,
                           int64_t mi, int64_t s, long off) {
  y += vsh__floordiv(mon - 1, 12);
  mon = mon - 1 - vsh__floordiv(mon - 1, 12) * 12 + 1;
  int64_t days = bi_days_from_civil(y, (int)mon, 1) + mday - 1;
  return days * 86400 + h * 3600 + mi * 60 + s - off;
}

/* ---- time zones ---- */

/* ---- -d parsing ---- */

typedef struct dt_parse {
  const char *s;
  int64_t now;
  bi_zone zone;
  /* absolute parts */
  bool have_date, have_time, have_zone, have_epoch;
  int64_t year;
  int mon, mday, hour, min, sec;
  long nsec;
  long zoff;
  int64_t epoch;
  /* relative parts */
  int64_t ry, rm, rd, rs;
  int wday; /* -1 none */
  int wday_ord;
} dt_parse;

static const char *const mon_names[12] = {
    "january", "february", "march",     "april",   "may",      "june",
    "july",    "august",   "september", "october", "november", "december"};
static const char *const day_names[7] = {"sunday",    "monday",   "tuesday",
                                         "wednesday", "thursday", "friday",
                                         "saturday"};

static int match_name(const char *w, size_t n, const char *const *names,
                      int count) {
  for (int i = 0; i < count; i++) {
    size_t full = strlen(names[i]);
    if ((n == 3 || n == full ||
         (n == 4 && !strncmp(names[i], "sept", 4) && i == 8) ||
         (n == 4 && i == 2 && !strncmp(w, "tues", 4)) ||
         (n == 5 && i == 3 && !strncmp(w, "wednes", 5))) &&
        n <= full && !strncasecmp(w, names[i], n))
      return i;
    if ((n == 4 && i == 2 && !strncasecmp(w, "tues", 4)) ||
        (n == 5 && i == 4 && !strncasecmp(w, "thurs", 5)))
      return i;
  }
  return -1;
}

static int unit_seconds(const char *w, size_t n, int *kind) {
  /* kind: 0 seconds-based, 1 months, 2 years */
  static const struct {
    const char *name;
    int secs;
    int kind;
  } u[] = {{"year", 0, 2},      {"month", 0, 1},   {"fortnight", 1209600, 0},
           {"week", 604800, 0}, {"day", 86400, 0}, {"hour", 3600, 0},
           {"minute", 60, 0},   {"min", 60, 0},    {"second", 1, 0},
           {"sec", 1, 0},       {NULL, 0, 0}};
  for (int i = 0; u[i].name; i++) {
    size_t l = strlen(u[i].name);
    if ((n == l || (n == l + 1 && (w[l] == 's' || w[l] == 'S'))) &&
        !strncasecmp(w, u[i].name, l)) {
      *kind = u[i].kind;
      return u[i].secs;
    }
  }
  return -1;
}

static void skip_ws(const char **p) {
  while (**p == ' ' || **p == '\t' || **p == ',') (*p)++;
}

static bool parse_num(const char **p, int64_t *v, int *ndig) {
  const char *s = *p;
  if (!isdigit((unsigned char)*s)) return false;
  int64_t x = 0;
  int n = 0;
  while (isdigit((unsigned char)*s)) {
    if (x > (INT64_MAX - 9) / 10) return false;
    x = x * 10 + (*s++ - '0');
    n++;
  }
  *v = x;
  if (ndig) *ndig = n;
  *p = s;
  return true;
}

/* A zone offset after a time or a zone name, as GNU: a sign (blanks may
 * follow it), then hours (1-2 digits), hhmm (3 or more) or hh:mm, at
 * most 24 hours in all.  1 and *off set, 0 not an offset, -1 a bad
 * one (GNU rejects the date). */
static int parse_offset(const char **p, long *off) {
  const char *s = *p;
  int sign = *s == '-' ? -1 : 1;
  if (*s != '+' && *s != '-') return 0;
  s++;
  while (*s == ' ' || *s == '\t') s++;
  int64_t v, h, m = 0;
  int nd;
  if (!parse_num(&s, &v, &nd)) return 0;
  if (*s == ':' && isdigit((unsigned char)s[1])) {
    s++;
    if (nd > 2 || !parse_num(&s, &m, NULL)) return -1;
    h = v;
  } else if (nd <= 2) {
    h = v;
  } else {
    h = v / 100, m = v % 100;
  }
  if (h > 24 || h * 60 + m > 24 * 60) return -1;
  *off = sign * (long)(h * 3600 + m * 60);
  *p = s;
  return 1;
}

static bool parse_time(dt_parse *d, const char **p) {
  const char *s = *p;
  int64_t h, m, sec = 0;
  if (!parse_num(&s, &h, NULL) || *s != ':') return false;
  s++;
  if (!parse_num(&s, &m, NULL)) return false;
  if (*s == ':') {
    s++;
    if (!parse_num(&s, &sec, NULL)) return false;
    if (*s == '.' || *s == ',') {
      s++;
      long ns = 0;
      int k = 0;
      while (isdigit((unsigned char)*s)) {
        if (k < 9) ns = ns * 10 + (*s - '0'), k++;
        s++;
      }
      for (; k < 9; k++) ns *= 10;
      d->nsec = ns;
    }
  }
  if (h > 23 || m > 59 || sec > 60) return false;
  skip_ws(&s);
  const char *q = s;
  if ((*q == 'a' || *q == 'A' || *q == 'p' || *q == 'P') &&
      (q[1] == 'm' || q[1] == 'M') && !isalpha((unsigned char)q[2])) {
    if (h < 1 || h > 12) return false;
    h = h % 12 + ((*q == 'p' || *q == 'P') ? 12 : 0);
    s = q + 2;
  }
  d->hour = (int)h;
  d->min = (int)m;
  d->sec = (int)sec;
  d->have_time = true;
  const char *z = s;
  long off;
  int k = parse_offset(&z, &off);
  if (k < 0) return false;
  if (k) {
    d->zoff = off;
    d->have_zone = true;
    s = z;
  }
  *p = s;
  return true;
}

static bool parse_date_string(dt_parse *d) {
  const char *p = d->s;
  skip_ws(&p);
  if (!strncmp(p, "TZ=\"", 4)) { /* TZ="Zone" first: the date is read there */
    const char *e = strchr(p + 4, '"');
    char name[128];
    if (!e || (size_t)(e - p - 4) >= sizeof name) return false;
    memcpy(name, p + 4, (size_t)(e - p - 4));
    name[e - p - 4] = 0;
    vsh__zone_parse(&d->zone, name);
    p = e + 1;
    skip_ws(&p);
  }
  if (*p == '@') {
    p++;
    int sign = 1;
    if (*p == '-') sign = -1, p++;
    else if (*p == '+') p++;
    int64_t v;
    if (!parse_num(&p, &v, NULL)) return false;
    if (*p == '.' || *p == ',') {
      p++;
      long ns = 0;
      int k = 0;
      while (isdigit((unsigned char)*p)) {
        if (k < 9) ns = ns * 10 + (*p - '0'), k++;
        p++;
      }
      for (; k < 9; k++) ns *= 10;
      d->nsec = ns;
    }
    skip_ws(&p);
    if (*p) return false;
    d->epoch = sign * v;
    if (sign < 0 && d->nsec) d->epoch--, d->nsec = 1000000000 - d->nsec;
    d->have_epoch = true;
    return true;
  }
  while (skip_ws(&p), *p) {
    const char *start = p;
    /* a signed number starts a relative item */
    int64_t num = 1;
    bool have_num = false;
    if (*p == '+' || *p == '-' || isdigit((unsigned char)*p)) {
      int sign = 1;
      const char *q = p;
      if (*q == '+' || *q == '-') {
        sign = *q == '-' ? -1 : 1;
        q++;
        while (*q == ' ') q++;
      }
      int nd;
      int64_t v;
      const char *nstart = q;
      if (!parse_num(&q, &v, &nd)) return false;
      /* absolute forms only for unsigned numbers */
      if (nstart == p) {
        if (*q == '-' && nd >= 1 && isdigit((unsigned char)q[1]) &&
            !d->have_date) {
          /* YYYY-MM-DD */
          const char *r = q + 1;
          int64_t mo, da;
          if (!parse_num(&r, &mo, NULL) || *r != '-') return false;
          r++;
          if (!parse_num(&r, &da, NULL)) return false;
          if (mo < 1 || mo > 12 || da < 1 || da > 31) return false;
          d->year = v, d->mon = (int)mo, d->mday = (int)da;
          d->have_date = true;
          if (*r == 'T' || *r == 't') {
            r++;
            if (!parse_time(d, &r)) return false;
          }
          if (*r == 'Z' || *r == 'z') {
            d->zoff = 0, d->have_zone = true;
            r++;
          }
          p = r;
          continue;
        }
        if (*q == '/' && !d->have_date) {
          /* MM/DD/YYYY */
          const char *r = q + 1;
          int64_t da, yr;
          if (!parse_num(&r, &da, NULL)) return false;
          if (*r == '/') {
            r++;
            if (!parse_num(&r, &yr, &nd)) return false;
            if (nd == 2) yr += yr < 69 ? 2000 : 1900;
          } else {
            dt_tm now;
            to_tm(d->now, bi_zone_offset(&d->zone, d->now, NULL), &now);
            yr = now.year;
          }
          if (v < 1 || v > 12 || da < 1 || da > 31) return false;
          d->year = yr, d->mon = (int)v, d->mday = (int)da;
          d->have_date = true;
          p = r;
          continue;
        }
        const char *r = q;
        while (*r == ' ' || *r == '\t') r++;
        if ((*r == 'a' || *r == 'A' || *r == 'p' || *r == 'P') &&
            (r[1] == 'm' || r[1] == 'M') && !isalpha((unsigned char)r[2])) {
          /* "3pm": an hour alone */
          if (d->have_time || v < 1 || v > 12) return false;
          d->hour = (int)(v % 12 + (*r == 'p' || *r == 'P' ? 12 : 0));
          d->min = d->sec = 0;
          d->have_time = true;
          p = r + 2;
          continue;
        }
        if (*q == ':') {
          const char *r = p;
          if (d->have_time || !parse_time(d, &r)) return false;
          p = r;
          continue;
        }
        if (nd == 8 && !d->have_date && !isalpha((unsigned char)*q)) {
          d->year = v / 10000, d->mon = (int)(v / 100 % 100),
          d->mday = (int)(v % 100);
          if (d->mon < 1 || d->mon > 12 || d->mday < 1 || d->mday > 31)
            return false;
          d->have_date = true;
          p = q;
          continue;
        }
      }
      num = sign * v;
      have_num = true;
      p = q;
      while (*p == ' ' || *p == '\t') p++;
      /* a bare number after a month name and day: the year */
      if (!isalpha((unsigned char)*p)) {
        if (d->have_date && d->year == INT64_MIN && nstart == start) {
          d->year = v;
          continue;
        }
        if (nstart == start && d->have_date && !d->have_time && nd == 4 &&
            !*p) {
          d->hour = (int)(v / 100), d->min = (int)(v % 100);
          d->have_time = true;
          continue;
        }
        return false;
      }
    }
    const char *w = p;
    while (isalpha((unsigned char)*p) || *p == '.') p++;
    size_t wl = (size_t)(p - w);
    if (!wl) return false;
    int kind, secs = unit_seconds(w, wl, &kind);
    if (secs >= 0) {
      const char *q = p;
      skip_ws(&q);
      if (!strncasecmp(q, "ago", 3) && !isalpha((unsigned char)q[3])) {
        num = -num;
        p = q + 3;
      }
      if (kind == 2) d->ry += num;
      else if (kind == 1) d->rm += num;
      else d->rs += num * secs;
      continue;
    }
    if (have_num) {
      /* "5 jan" style: day then month */
      int mo = match_name(w, wl, mon_names, 12);
      if (mo < 0 || d->have_date || num < 1 || num > 31) return false;
      d->mon = mo + 1, d->mday = (int)num, d->have_date = true;
      d->year = INT64_MIN;
      continue;
    }
#define IS(word) (wl == strlen(word) && !strncasecmp(w, word, wl))
    if (IS("now") || IS("today")) continue;
    if (IS("tomorrow")) {
      d->rd += 1;
      continue;
    }
    if (IS("yesterday")) {
      d->rd -= 1;
      continue;
    }
    if (IS("ago")) {
      d->rs = -d->rs, d->rm = -d->rm, d->ry = -d->ry, d->rd = -d->rd;
      continue;
    }
    if (IS("midnight")) {
      d->hour = d->min = d->sec = 0;
      d->have_time = true;
      continue;
    }
    if (IS("noon")) {
      d->hour = 12;
      d->min = d->sec = 0;
      d->have_time = true;
      continue;
    }
    if (IS("utc") || IS("gmt") || IS("z") || IS("ut")) {
      d->zoff = 0;
      d->have_zone = true;
      const char *q = p;
      long off;
      int k = parse_offset(&q, &off);
      if (k < 0) return false;
      if (k) d->zoff = off, p = q;
      continue;
    }
    int ord = 0;
    bool has_ord = false;
    if (IS("next") || IS("last") || IS("this")) {
      ord = IS("next") ? 1 : IS("last") ? -1 : 0;
      has_ord = true;
      skip_ws(&p);
      w = p;
      while (isalpha((unsigned char)*p)) p++;
      wl = (size_t)(p - w);
      secs = unit_seconds(w, wl, &kind);
      if (secs >= 0) {
        if (kind == 2) d->ry += ord;
        else if (kind == 1) d->rm += ord;
        else d->rs += ord * secs;
        continue;
      }
    }
    int wd = match_name(w, wl, day_names, 7);
    if (wd >= 0) {
      if (d->wday >= 0) return false;
      d->wday = wd;
      d->wday_ord = has_ord ? ord : 0;
      if (*p == '.') p++;
      continue;
    }
    int mo = match_name(w, wl, mon_names, 12);
    if (mo >= 0 && !has_ord && !d->have_date) {
      /* "jan 5 [2024]" */
      skip_ws(&p);
      int64_t da, yr = INT64_MIN;
      if (!parse_num(&p, &da, NULL) || da < 1 || da > 31) return false;
      const char *q = p;
      skip_ws(&q);
      if (isdigit((unsigned char)*q) && q[1] != ':' && q[2] != ':') {
        parse_num(&q, &yr, NULL);
        p = q;
      }
      d->mon = mo + 1, d->mday = (int)da, d->year = yr, d->have_date = true;
      continue;
    }
    return false;
#undef IS
  }
  return true;
}

static bool resolve(dt_parse *d, int64_t *out, long *nsec) {
  if (d->have_epoch) {
    *out = d->epoch;
    *nsec = d->nsec;
    return true;
  }
  /* an explicit zone in the string is a fixed offset; else $TZ's rule */
  bi_zone fixed = {.off = d->zoff};
  const bi_zone *zone = d->have_zone ? &fixed : &d->zone;
  dt_tm now;
  to_tm(d->now, bi_zone_offset(zone, d->now, NULL), &now);
  int64_t y = now.year;
  int64_t mo = now.mon, da = now.mday, h = now.hour, mi = now.min, s = now.sec;
  bool timeless = d->have_date || d->wday >= 0;
  if (d->have_date) {
    if (d->year != INT64_MIN) y = d->year;
    mo = d->mon, da = d->mday;
    static const int mdays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int lim = mdays[mo - 1] + (mo == 2 && leap(y));
    if (da > lim) return false;
  }
  if (d->have_time) h = d->hour, mi = d->min, s = d->sec;
  else if (timeless) h = mi = s = 0;
  if (!d->have_time && !timeless) *nsec = d->nsec;
  else *nsec = d->nsec;
  y += d->ry;
  mo += d->rm;
  int64_t local = from_fields(y, mo, da + d->rd, h, mi, s, 0);
  if (d->wday >= 0 && !d->have_date) { /* a calendar date wins */
    dt_tm cur;
    to_tm(local, 0, &cur);
    int delta = (d->wday - cur.wday + 7) % 7;
    if (d->wday_ord > 0 && delta == 0) delta = 7;
    if (d->wday_ord < 0) delta = delta ? delta - 7 : -7;
    local += (int64_t)delta * 86400;
  }
  int64_t t;
  if (!bi_zone_local(zone, local, &t)) return false; /* skipped by the clock */
  *out = t + d->rs;
  return true;
}

/* ---- formatting ---- */

static const char *const day_abbr[7] = {"Sun", "Mon", "Tue", "Wed",
                                        "Thu", "Fri", "Sat"};
static const char *const day_full[7] = {"Sunday",    "Monday",   "Tuesday",
                                        "Wednesday", "Thursday", "Friday",
                                        "Saturday"};
static const char *const mon_abbr[12] = {"Jan", "Feb", "Mar", "Apr",
                                         "May", "Jun", "Jul", "Aug",
                                         "Sep", "Oct", "Nov", "Dec"};
static const char *const mon_full[12] = {
    "January", "February", "March",     "April",   "May",      "June",
    "July",    "August",   "September", "October", "November", "December"};

/* ISO 8601 week-based year and week. */
static void iso_week(const dt_tm *t, int64_t *gy, int *wk) {
  int wday = (t->wday + 6) % 7; /* Monday = 0 */
  int64_t y = t->year;
  int yday = t->yday;
  int w = (yday - wday + 10) / 7;
  if (w < 1) {
    y--;
    int pyd = yday + 365 + leap(y);
    w = (pyd - wday + 10) / 7;
  } else {
    int ylen = 365 + leap(y);
    if (w == 53 && (yday - wday + 3) >= ylen) {
      /* the Thursday of this week lies in next year */
      if (ylen - yday <= 3 - wday + 0 || true) {
        int thursday = yday - wday + 3;
        if (thursday >= ylen) {
          y++;
          w = 1;
        }
      }
    }
  }
  *gy = y;
  *wk = w;
}

static void put_field(vsh_buf *o, const char *s, char flag, int width,
                      char defpad, bool upper, bool swapcase) {
  char tmp[128];
  size_t n = strlen(s);
  if (n >= sizeof(tmp)) n = sizeof(tmp) - 1;
  memcpy(tmp, s, n);
  tmp[n] = 0;
  if (upper || swapcase)
    for (size_t i = 0; i < n; i++)
      tmp[i] = (char)toupper((unsigned char)tmp[i]);
  char pad = flag == '_' ? ' ' : flag == '0' ? '0' : defpad;
  bool num =
      n && (isdigit((unsigned char)tmp[0]) || tmp[0] == '-' || tmp[0] == ' ') &&
      defpad != ' ' + 1;
  (void)num;
  if (flag == '-') width = 0;
  if ((int)n < width) {
    size_t padn = (size_t)width - n;
    if (pad == '0' && (tmp[0] == '-' || tmp[0] == '+')) {
      vsh__buf_putc(o, tmp[0]);
      for (size_t i = 0; i < padn; i++) vsh__buf_putc(o, '0');
      vsh__buf_puts(o, tmp + 1);
      return;
    }
    for (size_t i = 0; i < padn; i++) vsh__buf_putc(o, pad);
  }
  vsh__buf_puts(o, tmp);
}

/* A number with its natural width (GNU pads with '0' or ' '). */
static void put_num(vsh_buf *o, int64_t v, int natural, char natpad, char flag,
                    int width) {
  char s[96];
  if (width > 64) width = 64;
  if (flag == '-') {
    snprintf(s, sizeof(s), "%lld", (long long)v);
    vsh__buf_puts(o, s);
    return;
  }
  char pad = flag == '_' ? ' ' : flag == '0' ? '0' : natpad;
  int w = width ? width : natural;
  if (w < 0) w = 0;
  if (w > 64) w = 64; /* s[] holds 64 columns; GNU caps widths too */
  if (pad == ' ') snprintf(s, sizeof(s), "%*lld", w, (long long)v);
  else if (v < 0)
    snprintf(s, sizeof(s), "-%0*lld", w > 0 ? w - 1 : 0, (long long)-v);
  else snprintf(s, sizeof(s), "%0*lld", w, (long long)v);
  vsh__buf_puts(o, s);
}

static void fmt_zone(vsh_buf *o, long off, int colons) {
  char sign = off < 0 ? '-' : '+';
  long a = off < 0 ? -off : off;
  if (colons == 0)
    vsh__buf_printf(o, "%c%02ld%02ld", sign, a / 3600, a / 60 % 60);
  else if (colons == 1)
    vsh__buf_printf(o, "%c%02ld:%02ld", sign, a / 3600, a / 60 % 60);
  else if (colons == 2)
    vsh__buf_printf(o, "%c%02ld:%02ld:%02ld", sign, a / 3600, a / 60 % 60,
                    a % 60);
  else {
    if (a % 3600 == 0) vsh__buf_printf(o, "%c%02ld", sign, a / 3600);
    else if (a % 60 == 0)
      vsh__buf_printf(o, "%c%02ld:%02ld", sign, a / 3600, a / 60 % 60);
    else
      vsh__buf_printf(o, "%c%02ld:%02ld:%02ld", sign, a / 3600, a / 60 % 60,
                      a % 60);
  }
}

static void format_time(vsh_buf *o, const char *f, int64_t t, long nsec,
                        const bi_zone *z) {
  dt_tm tm;
  const char *zname;
  long zoff = bi_zone_offset(z, t, &zname);
  to_tm(t, zoff, &tm);
  for (const char *p = f; *p; p++) {
    if (*p != '%') {
      vsh__buf_putc(o, *p);
      continue;
    }
    const char *start = p++;
    char flag = 0;
    bool upper = false, swapcase = false;
    for (;; p++) {
      if (*p == '-' || *p == '_' || *p == '0' || *p == '+') flag = *p;
      else if (*p == '^') upper = true;
      else if (*p == '#') swapcase = true;
      else break;
    }
    int width = 0;
    while (isdigit((unsigned char)*p)) width = width * 10 + (*p++ - '0');
    int colons = 0;
    while (*p == ':') colons++, p++;
    if (*p == 'E' || *p == 'O') p++;
    char c = *p;
    char buf[64];
    int h12 = tm.hour % 12 ? tm.hour % 12 : 12;
    switch (c) {
    case '%': vsh__buf_putc(o, '%'); break;
    case 'n': vsh__buf_putc(o, '\n'); break;
    case 't': vsh__buf_putc(o, '\t'); break;
    case 'a':
      put_field(o, day_abbr[tm.wday], flag, width, ' ', upper, swapcase);
      break;
    case 'A':
      put_field(o, day_full[tm.wday], flag, width, ' ', upper, swapcase);
      break;
    case 'b':
    case 'h':
      put_field(o, mon_abbr[tm.mon - 1], flag, width, ' ', upper, swapcase);
      break;
    case 'B':
      put_field(o, mon_full[tm.mon - 1], flag, width, ' ', upper, swapcase);
      break;
    case 'c': {
      vsh_buf s = {0};
      format_time(&s, "%a %b %e %H:%M:%S %Y", t, nsec, z);
      put_field(o, s.data, flag, width, ' ', upper, false);
      vsh_buf_dispose(&s);
      break;
    }
    case 'C':
      put_num(o, vsh__floordiv(tm.year, 100), 2, '0', flag, width);
      break;
    case 'd': put_num(o, tm.mday, 2, '0', flag, width); break;
    case 'e': put_num(o, tm.mday, 2, ' ', flag, width); break;
    case 'D':
    case 'F':
    case 'r':
    case 'R':
    case 'T':
    case 'x':
    case 'X': {
      const char *sub = c == 'D'   ? "%m/%d/%y"
                        : c == 'F' ? "%Y-%m-%d"
                        : c == 'r' ? "%I:%M:%S %p"
                        : c == 'R' ? "%H:%M"
                        : c == 'T' ? "%H:%M:%S"
                        : c == 'x' ? "%m/%d/%y"
                                   : "%H:%M:%S";
      vsh_buf s = {0};
      format_time(&s, sub, t, nsec, z);
      put_field(o, s.data, flag, width, ' ', upper, false);
      vsh_buf_dispose(&s);
      break;
    }
    case 'g':
    case 'G': {
      int64_t gy;
      int wk;
      iso_week(&tm, &gy, &wk);
      if (c == 'g') put_num(o, ((gy % 100) + 100) % 100, 2, '0', flag, width);
      else put_num(o, gy, 4, '0', flag, width);
      break;
    }
    case 'V': {
      int64_t gy;
      int wk;
      iso_week(&tm, &gy, &wk);
      put_num(o, wk, 2, '0', flag, width);
      break;
    }
    case 'H': put_num(o, tm.hour, 2, '0', flag, width); break;
    case 'I': put_num(o, h12, 2, '0', flag, width); break;
    case 'k': put_num(o, tm.hour, 2, ' ', flag, width); break;
    case 'l': put_num(o, h12, 2, ' ', flag, width); break;
    case 'j': put_num(o, tm.yday + 1, 3, '0', flag, width); break;
    case 'm': put_num(o, tm.mon, 2, '0', flag, width); break;
    case 'M': put_num(o, tm.min, 2, '0', flag, width); break;
    case 'S': put_num(o, tm.sec, 2, '0', flag, width); break;
    case 'N': {
      snprintf(buf, sizeof(buf), "%09ld", nsec);
      if (width && width < 9) buf[width] = 0;
      vsh__buf_puts(o, buf);
      break;
    }
    case 'p':
      put_field(o, tm.hour < 12 ? "AM" : "PM", flag, width, ' ', upper, false);
      break;
    case 'P':
      put_field(o, tm.hour < 12 ? "am" : "pm", flag, width, ' ', upper, false);
      break;
    case 's': put_num(o, t, 1, '0', flag, width); break;
    case 'u': put_num(o, tm.wday ? tm.wday : 7, 1, '0', flag, width); break;
    case 'w': put_num(o, tm.wday, 1, '0', flag, width); break;
    case 'U':
      put_num(o, (tm.yday + 7 - tm.wday) / 7, 2, '0', flag, width);
      break;
    case 'W':
      put_num(o, (tm.yday + 7 - (tm.wday + 6) % 7) / 7, 2, '0', flag, width);
      break;
    case 'y':
      put_num(o, ((tm.year % 100) + 100) % 100, 2, '0', flag, width);
      break;
    case 'Y': put_num(o, tm.year, 1, '0', flag, width); break;
    case 'z': fmt_zone(o, zoff, colons); break;
    case 'Z': put_field(o, zname, flag, width, ' ', upper, swapcase); break;
    default:
      /* unknown directive: printed as is */
      vsh__buf_append(o, start, (size_t)(p - start) + (*p ? 1 : 0));
      if (!*p) p--;
      break;
    }
  }
}

void bi_format_time(bi_ctx *b, vsh_buf *o, const char *fmt,
                    struct timespec ts) {
  bi_zone z;
  bi_zone_init(b, false, &z);
  format_time(o, fmt, ts.tv_sec, ts.tv_nsec, &z);
}

void bi_format_mtime(bi_ctx *b, vsh_buf *o, struct timespec ts) {
  bi_format_time(b, o, "%Y-%m-%d %H:%M:%S.%N %z", ts);
}

/* ---- main ---- */

enum { OPT_RFC3339 = BI_OPT_FIRST, OPT_DEBUG };

static const bi_option date_options[] = {
    {"date", BI_ARG_REQUIRED, 'd', NULL},
    {"file", BI_ARG_REQUIRED, 'f', NULL},
    {"iso-8601", BI_ARG_OPTIONAL, 'I', NULL},
    {"reference", BI_ARG_REQUIRED, 'r', NULL},
    {"rfc-email", BI_ARG_NONE, 'R', NULL},
    {"rfc-2822", BI_ARG_NONE, 'R', NULL},
    {"rfc-3339", BI_ARG_REQUIRED, OPT_RFC3339, NULL},
    {"set", BI_ARG_REQUIRED, 's', NULL},
    {"utc", BI_ARG_NONE, 'u', NULL},
    {"universal", BI_ARG_NONE, 'u', NULL},
    {"debug", BI_ARG_NONE, OPT_DEBUG, NULL},
    {0}};

static const bi_cmd date_cmd = {
    .name = "date",
    .usage = "Usage: date [OPTION]... [+FORMAT]\n",
    .about =
        "Display date and time in the given FORMAT.\n\n"
        "  -d, --date=STRING          display time described by STRING, not "
        "'now'\n"
        "  -I[FMT], --iso-8601[=FMT]  output date/time in ISO 8601 format.\n"
        "                               FMT='date' for date only (the "
        "default),\n"
        "                               'hours', 'minutes', 'seconds', or "
        "'ns'\n"
        "  -R, --rfc-email            output date and time in RFC 5322 "
        "format.\n"
        "      --rfc-3339=FMT         output date/time in RFC 3339 format.\n"
        "  -r, --reference=FILE       display the last modification time of "
        "FILE\n"
        "  -u, --utc, --universal     print or set Coordinated Universal Time "
        "(UTC)\n"
        "      --help        display this help and exit\n"
        "      --version     output version information and exit\n\n"
        "Time zones: UTC, or a fixed offset from $TZ (e.g. TZ=UTC+2);\n"
        "other zone names count as UTC.\n",
    .shortopts = "d:f:I::r:Rs:u",
    .longopts = date_options,
};

typedef struct date_opts {
  const char *dstr, *ref, *fmt;
  bool utc;
  int nfmt;
} date_opts;

/* The format of -I[FMT] or --rfc-3339=FMT; NULL after argmatch's
 * message. */
static const char *iso_format(bi_ctx *b, const char *a) {
  static const char *const names[] = {"hours",   "minutes", "date",
                                      "seconds", "ns",      NULL};
  static const char *const fmts[] = {"%Y-%m-%dT%H%:z", "%Y-%m-%dT%H:%M%:z",
                                     "%Y-%m-%d", "%Y-%m-%dT%H:%M:%S%:z",
                                     "%Y-%m-%dT%H:%M:%S,%N%:z"};
  int i = bi_argmatch(b, "--iso-8601", a, names);
  return i < 0 ? NULL : fmts[i];
}

static const char *rfc3339_format(bi_ctx *b, const char *a) {
  static const char *const names[] = {"date", "seconds", "ns", NULL};
  static const char *const fmts[] = {"%Y-%m-%d", "%Y-%m-%d %H:%M:%S%:z",
                                     "%Y-%m-%d %H:%M:%S.%N%:z"};
  int i = bi_argmatch(b, "--rfc-3339", a, names);
  return i < 0 ? NULL : fmts[i];
}

/* The options and operands into *o; -1 to go on, else the exit status. */
static int parse_args(bi_ctx *b, date_opts *o) {
  bi_opts g = {0};
  int c;
  while ((c = bi_opt(b, &g, &date_cmd)) != -1) {
    switch (c) {
    case 'd': o->dstr = g.arg; break;
    case 'f': bi_err(b, "option --file is not supported"); return 1;
    case 'r': o->ref = g.arg; break;
    case 'u': o->utc = true; break;
    case 'R':
      o->fmt = "%a, %d %b %Y %H:%M:%S %z";
      o->nfmt++;
      break;
    case 'I':
    case OPT_RFC3339:
      o->fmt = c == 'I' ? iso_format(b, g.arg ? g.arg : "date")
                        : rfc3339_format(b, g.arg);
      if (!o->fmt) return bi_usage_error(b, &date_cmd, NULL);
      o->nfmt++;
      break;
    case 's': bi_err(b, "cannot set date: Operation not permitted"); return 1;
    case OPT_DEBUG: break;
    default: return g.status;
    }
  }
  for (int i = 0; i < g.noperands; i++) {
    const char *a = g.operands[i];
    if (a[0] == '+' && !o->fmt && o->nfmt == 0 && i == 0) {
      o->fmt = a + 1;
      continue;
    }
    if (a[0] == '+' && o->nfmt) {
      bi_err(b, "multiple output formats specified");
      return 1;
    }
    if (a[0] == '+' || i > 0)
      return bi_usage_error(b, &date_cmd, "extra operand " BI_LQ "%s" BI_RQ, a);
    /* MMDDhhmm[[CC]YY][.ss] would set the clock (refused); else GNU
     * calls it an invalid date */
    size_t dl = strspn(a, "0123456789"), al = strlen(a);
    bool settable = (dl == 8 || dl == 10 || dl == 12) &&
                    (dl == al || (al == dl + 3 && a[dl] == '.' &&
                                  strspn(a + dl + 1, "0123456789") == 2));
    if (settable) {
      int mo = (a[0] - '0') * 10 + a[1] - '0',
          dd = (a[2] - '0') * 10 + a[3] - '0';
      int hh = (a[4] - '0') * 10 + a[5] - '0',
          mi = (a[6] - '0') * 10 + a[7] - '0';
      settable =
          mo >= 1 && mo <= 12 && dd >= 1 && dd <= 31 && hh < 24 && mi < 60;
    }
    if (!settable) {
      bi_err(b, "invalid date " BI_LQ "%s" BI_RQ, a);
      return 1;
    }
    bi_err(b, "cannot set date: Operation not permitted");
    return 1;
  }
  if (o->dstr && o->ref)
    return bi_usage_error(
        b, &date_cmd,
        "the options to specify dates for printing are mutually exclusive");
  if (o->nfmt > 1) {
    bi_err(b, "multiple output formats specified");
    return 1;
  }
  return -1;
}

/* -d's parser for touch -d, find -newermt and tar --mtime (time.h). */
bool bi_parse_date(bi_ctx *b, const char *s, struct timespec *out) {
  struct timespec now = bi_now();
  dt_parse d = {.s = s, .now = now.tv_sec, .wday = -1};
  bi_zone_init(b, false, &d.zone);
  int64_t t;
  long nsec = 0;
  if (!parse_date_string(&d) || !resolve(&d, &t, &nsec)) return false;
  if (!d.have_epoch && !d.have_time && !d.have_date && d.wday < 0)
    nsec = now.tv_nsec; /* "now", "2 days ago": this instant, moved */
  out->tv_sec = t;
  out->tv_nsec = nsec;
  return true;
}

int bi_date_main(bi_ctx *b) {
  date_opts opt = {0};
  int st = parse_args(b, &opt);
  if (st >= 0) return st;
  const char *dstr = opt.dstr, *ref = opt.ref, *fmt = opt.fmt;
  bool utc = opt.utc;
  bi_zone z;
  bi_zone_init(b, utc, &z);
  struct timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  int64_t t = now.tv_sec;
  long nsec = now.tv_nsec;
  if (ref) {
    const char *p = bi_path(b, ref);
    vfs_info st;
    int rc = p ? vfs_stat(b->fs, p, true, &st) : bi_path_error(ref);
    if (rc) {
      bi_err(b, "%s: %s", ref, vsh_strerror(rc));
      return 1;
    }
    t = st.mtime.tv_sec;
    nsec = st.mtime.tv_nsec;
  }
  if (dstr) {
    dt_parse d = {.s = dstr, .now = t, .zone = z, .wday = -1};
    if (!parse_date_string(&d) || !resolve(&d, &t, &nsec)) {
      bi_err(b, "invalid date " BI_LQ "%s" BI_RQ, dstr);
      return 1;
    }
    if (!d.have_epoch && !d.have_time && !d.have_date && d.wday < 0)
      nsec = now.tv_nsec;
  }
  vsh_buf o = {0};
  format_time(&o, fmt ? fmt : "%a %b %e %H:%M:%S %Z %Y", t, nsec, &z);
  vsh__buf_putc(&o, '\n');
  int rc = bi_write(b, o.data, o.len);
  vsh_buf_dispose(&o);
  return rc == VSH_EPIPE ? 141 : rc ? 1 : 0;
}

/* tz.c: time zones and the proleptic Gregorian calendar, for date, ls,
 * find, touch, tar, gzip and the shell's printf %(...)T and prompts: a
 * POSIX TZ rule ("UTC+2", "EST5EDT,M3.2.0,M11.1.0", "<+03>-3") or an
 * IANA name looked up in tz_table.h, each zone's current rule (no tz
 * database in the sandbox, so years before a zone's last rule change use
 * today's rule).  An unknown name is UTC under its leading letters, as
 * glibc does. */
#include "core/tz.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/tz_table.h"

int64_t vsh__floordiv(int64_t a, int64_t b) {
  return a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
}

/* Days since 1970-01-01 (era arithmetic: 400-year cycles of 146097
 * days). */
int64_t vsh__days_from_civil(int64_t y, int m, int d) {
  y -= m <= 2;
  int64_t era = (y >= 0 ? y : y - 399) / 400;
  int64_t yoe = y - era * 400;
  int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

void vsh__civil_from_days(int64_t z, int64_t *y, int *m, int *d) {
  z += 719468;
  int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  int64_t doe = z - era * 146097;
  int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  int64_t mp = (5 * doy + 2) / 153;
  *d = (int)(doy - (153 * mp + 2) / 5 + 1);
  *m = (int)(mp < 10 ? mp + 3 : mp - 9);
  *y = yoe + era * 400 + (*m <= 2);
}

static bool leap(int64_t y) {
  return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

/* NAME: alphabetic (3 or more) or <...>; copied into out. */
static bool tz_name(const char **pp, char *out, size_t cap) {
  const char *p = *pp, *n0, *n1;
  if (*p == '<') {
    n0 = ++p;
    while (*p && *p != '>') p++;
    if (!*p) return false;
    n1 = p++;
  } else {
    n0 = p;
    while (isalpha((unsigned char)*p)) p++;
    n1 = p;
    if (n1 - n0 < 3) return false;
  }
  size_t nl = (size_t)(n1 - n0) < cap - 1 ? (size_t)(n1 - n0) : cap - 1;
  memcpy(out, n0, nl);
  out[nl] = 0;
  *pp = p;
  return true;
}

/* [+-]hh[:mm[:ss]] -> seconds (hours up to 167, as POSIX allows for
 * transition times) */
static bool tz_hms(const char **pp, long *out) {
  const char *p = *pp;
  int sign = 1;
  if (*p == '+') p++;
  else if (*p == '-') sign = -1, p++;
  if (!isdigit((unsigned char)*p)) return false;
  long h = 0, m = 0, sec = 0;
  for (int n = 0; isdigit((unsigned char)*p); p++)
    if (++n > 3 || (h = h * 10 + (*p - '0')) > 167) return false;
  if (*p == ':') {
    if (!isdigit((unsigned char)*++p)) return false;
    m = strtol(p, (char **)&p, 10);
    if (*p == ':') {
      if (!isdigit((unsigned char)*++p)) return false;
      sec = strtol(p, (char **)&p, 10);
    }
  }
  if (m > 59 || sec > 59) return false;
  *out = sign * (h * 3600 + m * 60 + sec);
  *pp = p;
  return true;
}

static bool tz_rule(const char **pp, vsh__tzrule *r) {
  const char *p = *pp;
  long v;
  if (*p == 'M') {
    p++;
    long m = strtol(p, (char **)&p, 10), w = 0, d = 0;
    if (*p != '.') return false;
    w = strtol(p + 1, (char **)&p, 10);
    if (*p != '.') return false;
    d = strtol(p + 1, (char **)&p, 10);
    if (m < 1 || m > 12 || w < 1 || w > 5 || d < 0 || d > 6) return false;
    r->kind = 'M', r->m = (int)m, r->w = (int)w, r->d = (int)d;
  } else {
    r->kind = *p == 'J' ? 'J' : 'D';
    if (*p == 'J') p++;
    if (!isdigit((unsigned char)*p)) return false;
    v = strtol(p, (char **)&p, 10);
    if (r->kind == 'J' ? v < 1 || v > 365 : v > 365) return false;
    r->d = (int)v;
  }
  r->secs = 7200; /* 02:00 unless given */
  if (*p == '/' && (p++, !tz_hms(&p, &r->secs))) return false;
  *pp = p;
  return true;
}

/* POSIX TZ: STD OFFSET [DST [OFFSET] [,START[/TIME],END[/TIME]]]; offsets
 * count west (UTC+2 is two hours behind UTC).  Without rules, daylight
 * time follows the US ones, as glibc does. */
static bool parse_posix_tz(const char *tz, vsh__zone *z) {
  const char *p = tz;
  vsh__zone n = {0};
  long off;
  if (!tz_name(&p, n.name, sizeof n.name) || !tz_hms(&p, &off) ||
      off > 24 * 3600 || off < -24 * 3600)
    return false;
  n.off = -off;
  if (*p) {
    if (!tz_name(&p, n.dst_name, sizeof n.dst_name)) return false;
    n.has_dst = true;
    n.dst_off = n.off + 3600;
    if (*p && *p != ',') {
      if (!tz_hms(&p, &off)) return false;
      n.dst_off = -off;
    }
    n.start = (vsh__tzrule){'M', 3, 2, 0, 7200};
    n.end = (vsh__tzrule){'M', 11, 1, 0, 7200};
    if (*p == ',') {
      p++;
      if (!tz_rule(&p, &n.start) || *p++ != ',' || !tz_rule(&p, &n.end))
        return false;
    }
    if (*p) return false;
  }
  *z = n;
  return true;
}

static int cmp_tzname(const void *key, const void *el) {
  return strcmp(key, ((const struct dt_tzname *)el)->name);
}

void vsh__zone_parse(vsh__zone *z, const char *tz) {
  *z = (vsh__zone){0};
  strcpy(z->name, "UTC");
  if (!tz || !*tz) return;
  if (*tz == ':') tz++;
  const struct dt_tzname *e =
      bsearch(tz, dt_tznames, sizeof dt_tznames / sizeof *dt_tznames,
              sizeof *dt_tznames, cmp_tzname);
  if (e && parse_posix_tz(e->rule, z)) return;
  if (parse_posix_tz(tz, z)) return;
  /* unknown: UTC under the name's leading letters, as glibc */
  size_t n = 0;
  while (n < sizeof z->name - 1 && isalpha((unsigned char)tz[n])) n++;
  if (n >= 3) {
    memcpy(z->name, tz, n);
    z->name[n] = 0;
  }
}

/* The local (wall-clock, as if UTC) second a rule fires in year y. */
static int64_t rule_local(const vsh__tzrule *r, int64_t y) {
  int64_t day;
  if (r->kind == 'J') {
    day = vsh__days_from_civil(y, 1, 1) + r->d - 1 + (leap(y) && r->d >= 60);
  } else if (r->kind == 'D') {
    day = vsh__days_from_civil(y, 1, 1) + r->d;
  } else {
    static const int mdays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int64_t first = vsh__days_from_civil(y, r->m, 1);
    int wd1 = (int)(((first % 7) + 11) % 7);
    int mday = 1 + (r->d - wd1 + 7) % 7 + (r->w - 1) * 7;
    int len = mdays[r->m - 1] + (r->m == 2 && leap(y));
    while (mday > len) mday -= 7;
    day = first + mday - 1;
  }
  return day * 86400 + r->secs;
}

/* Offset (seconds east) at instant t; *name gets %Z's text. */
long vsh__zone_offset(const vsh__zone *z, int64_t t, const char **name) {
  if (name) *name = z->name;
  if (!z->has_dst) return z->off;
  int64_t y;
  int m, d;
  vsh__civil_from_days(vsh__floordiv(t + z->off, 86400), &y, &m, &d);
  int64_t on = rule_local(&z->start, y) - z->off;
  int64_t off = rule_local(&z->end, y) - z->dst_off;
  bool dst = on < off ? t >= on && t < off : !(t >= off && t < on);
  if (dst && name) *name = z->dst_name;
  return dst ? z->dst_off : z->off;
}

/* The instant of a local time (seconds as if UTC); false when the clock
 * skips it.  Of two instants, the one glibc's mktime finds: its first
 * guess is the offset in force at the local time read as UTC. */
bool vsh__zone_local(const vsh__zone *z, int64_t local, int64_t *out) {
  long o = vsh__zone_offset(z, local, NULL);
  for (int tries = 0; tries < 2; tries++) {
    long o2 = vsh__zone_offset(z, local - o, NULL);
    if (o2 == o) {
      *out = local - o;
      return true;
    }
    o = o2;
  }
  return false;
}

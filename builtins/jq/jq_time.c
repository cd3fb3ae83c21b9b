/* jq_time.c: jq's dates: gmtime, localtime (the exec's $TZ through the
 * shell), mktime, strftime, strflocaltime, strptime, on "broken down
 * time" arrays [year, month0, mday, hours, minutes, seconds, wday, yday]. */
#include "builtins/jq/jq_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- dates ------------------------------------------------------------------------------ */

static jv tm_to_jv(const struct tm *tm, double fsec) {
  jv r = jv_arr_new(8);
  r = jv_arr_push(r, jv_num(tm->tm_year + 1900));
  r = jv_arr_push(r, jv_num(tm->tm_mon));
  r = jv_arr_push(r, jv_num(tm->tm_mday));
  r = jv_arr_push(r, jv_num(tm->tm_hour));
  r = jv_arr_push(r, jv_num(tm->tm_min));
  r = jv_arr_push(r, jv_num(tm->tm_sec + fsec));
  r = jv_arr_push(r, jv_num(tm->tm_wday));
  r = jv_arr_push(r, jv_num(tm->tm_yday));
  return r;
}

static bool jv_to_tm(jq_st *st, jv a, struct tm *tm, const char *who) {
  memset(tm, 0, sizeof *tm);
  if (a.kind != JV_ARRAY) {
    jq_error(st, "%s requires array of 6 numbers", who);
    return false;
  }
  int *f[] = {&tm->tm_year, &tm->tm_mon, &tm->tm_mday, &tm->tm_hour,
              &tm->tm_min,  &tm->tm_sec, &tm->tm_wday, &tm->tm_yday};
  for (size_t i = 0; i < 8 && i < a.u.a->n; i++) {
    if (a.u.a->v[i].kind != JV_NUMBER) {
      jq_error(st, "%s requires parsed datetime inputs", who);
      return false;
    }
    *f[i] = (int)jv_n(a.u.a->v[i]);
  }
  tm->tm_year -= 1900;
  return true;
}

jv f_gmtime(jq_st *st, jv in, jv *a) {
  (void)a;
  if (in.kind != JV_NUMBER) {
    jq_error(st, "gmtime() requires a number");
    return jv_invalid();
  }
  double t = jv_n(in);
  time_t tt = (time_t)floor(t);
  struct tm tm;
  if (!gmtime_r(&tt, &tm)) {
    jq_error(st, "errror converting number of seconds since epoch to datetime");
    return jv_invalid();
  }
  return chk(st, tm_to_jv(&tm, t - floor(t)));
}

jv f_localtime(jq_st *st, jv in, jv *a) {
  (void)a;
  if (in.kind != JV_NUMBER) {
    jq_error(st, "localtime() requires a number");
    return jv_invalid();
  }
  double t = jv_n(in);
  struct tm tm;
  bi_localtime(st->b, (int64_t)floor(t), &tm);
  return chk(st, tm_to_jv(&tm, t - floor(t)));
}

jv f_mktime(jq_st *st, jv in, jv *a) {
  (void)a;
  if (in.kind != JV_ARRAY) {
    jq_error(st, "mktime requires array of 6 numbers");
    return jv_invalid();
  }
  struct tm tm;
  if (!jv_to_tm(st, in, &tm, "mktime")) return jv_invalid();
  time_t t = timegm(&tm);
  return jv_num((double)t);
}

static jv strftime_impl(jq_st *st, jv in, jv *a, const char *who) {
  if (a[0].kind != JV_STRING) {
    jq_error(st, "%s requires a string format", who);
    return jv_invalid();
  }
  if (in.kind == JV_NUMBER) {
    jv g = f_gmtime(st, in, NULL);
    if (!jv_ok(g)) return g;
    jv r = strftime_impl(st, g, a, who);
    jv_unref(g);
    return r;
  }
  if (in.kind != JV_ARRAY) {
    jq_error(st, "%s requires parsed datetime inputs", who);
    return jv_invalid();
  }
  struct tm tm;
  char whom[64];
  snprintf(whom, sizeof whom, "%s", who);
  if (!jv_to_tm(st, in, &tm, whom)) return jv_invalid();
  char buf[512];
  size_t n = strftime(buf, sizeof buf, jv_sv(a[0]), &tm);
  if (n == 0 && jv_slen(a[0])) {
    jq_error(st, "strftime/1: unknown system failure");
    return jv_invalid();
  }
  return chk(st, jv_str_n(buf, n));
}

jv f_strftime(jq_st *st, jv in, jv *a) {
  return strftime_impl(st, in, a, "strftime/1");
}

jv f_strflocaltime(jq_st *st, jv in, jv *a) {
  if (in.kind == JV_NUMBER && a[0].kind == JV_STRING) {
    jv g = f_localtime(st, in, NULL);
    if (!jv_ok(g)) return g;
    jv r = strftime_impl(st, g, a, "strflocaltime/1");
    jv_unref(g);
    return r;
  }
  return strftime_impl(st, in, a, "strflocaltime/1");
}

jv f_strptime(jq_st *st, jv in, jv *a) {
  if (in.kind != JV_STRING || a[0].kind != JV_STRING) {
    char buf[30];
    jv_dump_trunc(buf, sizeof buf, in);
    jq_error(st, "strptime/1 requires string inputs and arguments");
    return jv_invalid();
  }
  struct tm tm;
  memset(&tm, 0, sizeof tm);
  const char *end = strptime(jv_sv(in), jv_sv(a[0]), &tm);
  if (!end || *end) {
    char buf[300];
    snprintf(buf, sizeof buf,
             "date \"%.100s\" does not match format \"%.100s\"", jv_sv(in),
             jv_sv(a[0]));
    jq_error(st, "%s", buf);
    return jv_invalid();
  }
  /* fill wday/yday as timegm would */
  struct tm t2 = tm;
  time_t t = timegm(&t2);
  struct tm t3;
  gmtime_r(&t, &t3);
  tm.tm_wday = t3.tm_wday;
  tm.tm_yday = t3.tm_yday;
  return chk(st, tm_to_jv(&tm, 0));
}

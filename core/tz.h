/* tz.h: time zones ($TZ: POSIX rules and IANA names) and calendar
 * arithmetic without libc's TZ machinery (core/tz.c).  Private to vsh. */
#ifndef VSH_CORE_TZ_H
#define VSH_CORE_TZ_H

#include <stdbool.h>
#include <stdint.h>

/* A POSIX TZ rule's change of time: standard to daylight or back. */
typedef struct vsh__tzrule {
  char kind;   /* 'M' month.week.day, 'J' day 1-365 without Feb 29,
                  'D' day 0-365 */
  int m, w, d; /* 'M' fields; d alone for 'J' and 'D' */
  long secs;   /* local time of day of the change (may be < 0 or > 24h) */
} vsh__tzrule;

typedef struct vsh__zone {
  long off;     /* standard time: seconds east of UTC */
  long dst_off; /* daylight time */
  bool has_dst;
  vsh__tzrule start, end;
  char name[16]; /* %Z in standard time */
  char dst_name[16];
} vsh__zone;

/* The zone a $TZ value names (NULL or "": UTC). */
void vsh__zone_parse(vsh__zone *out, const char *tz);
/* Seconds east of UTC at instant t; *name (may be NULL) gets %Z. */
long vsh__zone_offset(const vsh__zone *z, int64_t t, const char **name);
/* The instant of a wall-clock time (given as seconds as if UTC): false
 * when the clock skips it; of two, the one glibc's mktime picks. */
bool vsh__zone_local(const vsh__zone *z, int64_t local, int64_t *out);

int64_t vsh__floordiv(int64_t a, int64_t b);
int64_t vsh__days_from_civil(int64_t y, int m, int d); /* m 1-12 */
void vsh__civil_from_days(int64_t days, int64_t *y, int *m, int *d);

#endif /* VSH_CORE_TZ_H */

/* tz.c: $TZ as the commands see it (exported only), over core/tz.c. */
#include "builtins/lib/files_int.h"

void fu_zone_init(bi_ctx *b, bool utc, fu_zone *z) {
  vsh__zone_parse(z, utc ? NULL : bi_getenv(b, "TZ"));
}

long fu_tz_offset_at(bi_ctx *b, int64_t t) {
  fu_zone z;
  fu_zone_init(b, false, &z);
  return vsh__zone_offset(&z, t, NULL);
}

bool fu_tz_local(bi_ctx *b, int64_t local, int64_t *out) {
  fu_zone z;
  fu_zone_init(b, false, &z);
  return vsh__zone_local(&z, local, out);
}

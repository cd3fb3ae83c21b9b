/* demo.c: a placeholder for `make demo` until the shell core exists: it
 * shows the library version and the GNU wording of a few error codes,
 * the messages a model sees when a sandbox call fails. */
#include "core/core.h"

#include <stdio.h>

int main(void) {
  static const int codes[] = {VSH_ENOENT, VSH_EISDIR, VSH_ENOTEMPTY,
                              VSH_EUNSUPPORTED, VSH_EABORTED};
  printf("libvsh %s\n", VSH_VERSION_STRING);
  for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
    vsh_error err;
    vsh__error_set(&err, codes[i], "demo: %s", vsh_strerror(codes[i]));
    printf("  %-14s %-30s type=%s\n", vsh_errname(codes[i]), err.message,
           err.type);
  }
  return 0;
}

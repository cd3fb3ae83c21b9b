/* header_test.c: include/vsh.h must compile on its own under strict ISO
 * C11 with every warning an error, and its exported functions must link
 * against the shared library. */
#include <vsh.h>

#include <stdio.h>
#include <string.h>

int main(void) {
  vsh_error err;
  memset(&err, 0, sizeof err);
  vsh_buf buf = {0, 0, 0};
  vsh_result res;
  memset(&res, 0, sizeof res);
  vsh_strv strv = {0, 0};
  vsh_buf_dispose(&buf);
  vsh_result_dispose(&res);
  vsh_strv_dispose(&strv);
  if (strcmp(vsh_strerror(VSH_ENOENT), "No such file or directory") != 0 ||
      strcmp(vsh_errname(VSH_ENOENT), "ENOENT") != 0) {
    fputs("header_test: unexpected vsh_strerror result\n", stderr);
    return 1;
  }
  printf("header_test: vsh %s ok\n", VSH_VERSION_STRING);
  return 0;
}

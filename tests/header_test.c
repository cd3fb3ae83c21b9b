/* header_test.c: include/vsh.h must compile on its own under strict ISO
 * C11 with every warning an error (its VSH_*_INIT macros included), and
 * its exported functions must link against the shared library. */
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
  /* every options struct starts from its INIT macro */
  vsh_fs_opts fo = VSH_FS_OPTS_INIT;
  vsh_mount_opts mo = VSH_MOUNT_OPTS_INIT;
  vsh_lazy_file lf = VSH_LAZY_FILE_INIT;
  vsh_network_opts no = VSH_NETWORK_OPTS_INIT;
  vsh_exec_opts eo = VSH_EXEC_OPTS_INIT;
  vsh_limits lim = VSH_LIMITS_INIT, normal;
  vsh_shell_opts so = VSH_SHELL_OPTS_INIT;
  vsh_command co = VSH_COMMAND_INIT;
  vsh_virtual_opts vo = VSH_VIRTUAL_OPTS_INIT;
  vsh_driver_opts dro = VSH_DRIVER_OPTS_INIT;
  vsh_tools_opts to = VSH_TOOLS_OPTS_INIT;
  vsh_local_opts lo = VSH_LOCAL_OPTS_INIT;
  vsh_limits_init(&normal, VSH_PROFILE_NORMAL);
  if (fo.version != VSH_FS_OPTS_VERSION || mo.version != 1 ||
      lf.size != VSH_LAZY_SIZE_UNKNOWN || no.version != 1 || eo.version != 1 ||
      so.version != 1 || co.version != 1 || vo.version != 1 ||
      dro.version != 1 || to.version != 1 || lo.version != 1 ||
      lim.version != normal.version ||
      lim.max_commands != normal.max_commands ||
      lim.max_string != normal.max_string ||
      lim.deadline_ms != normal.deadline_ms ||
      lim.max_work != normal.max_work) {
    fputs("header_test: an INIT macro is not what the library uses\n", stderr);
    return 1;
  }
  printf("header_test: vsh %s ok\n", VSH_VERSION_STRING);
  return 0;
}

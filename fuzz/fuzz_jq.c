/* fuzz_jq.c: a jq run through fuzz_tool.h; the first byte's bits pick
 * -n -s -r -c -S -R --stream --seq. */
#include "fuzz_tool.h"

static void make_cmd(char *cmd, size_t cap, unsigned pick) {
  snprintf(cmd, cap, "jq %s%s%s%s%s%s%s%s-f /tmp/p.jq /tmp/in",
           pick & 1 ? "-n " : "", pick & 2 ? "-s " : "", pick & 4 ? "-r " : "",
           pick & 8 ? "-c " : "", pick & 16 ? "-S " : "",
           pick & 32 ? "-R " : "", pick & 64 ? "--stream " : "",
           pick & 128 ? "--seq " : "");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return fuzz_tool_run(data, size, "/tmp/p.jq", 200, make_cmd);
}

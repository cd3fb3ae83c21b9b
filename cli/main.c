/* main.c: the vsh command.  For now only --version and --help work; the
 * interpreter (one-shot -c, script files, REPL) arrives with the shell
 * core.  Exit 2 for anything else, as bash does for a usage error. */
#include "vsh.h"

#include <stdio.h>
#include <string.h>

static const char usage[] =
    "Usage: vsh [--help] [--version]\n"
    "A virtual bash: scripts run against an in-memory filesystem.\n"
    "\n"
    "  --help     show this help and exit\n"
    "  --version  show the version and exit\n";

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "--version") == 0) {
    printf("vsh %s\n", VSH_VERSION_STRING);
    return 0;
  }
  if (argc == 2 && strcmp(argv[1], "--help") == 0) {
    fputs(usage, stdout);
    return 0;
  }
  fputs("vsh: the shell interpreter is not built yet\n", stderr);
  return 2;
}

/* demo.c: `make demo` until the shell core lands: an agent-style session
 * over the public API alone.  It seeds files, mounts this repository's
 * docs read-only, reads and writes through the sandbox verbs, shows a
 * model-facing error, and forks a seeded image to show isolation. */
#include <vsh.h>

#include <stdio.h>
#include <string.h>

static void show(vsh_sandbox *sb, const char *path) {
  vsh_buf text = {0};
  vsh_error err;
  if (vsh_sandbox_read_file(sb, path, &text, &err) == 0)
    printf("--- %s (%zu bytes)\n%s", path, text.len, text.data);
  else printf("--- %s\nerror: %s\n", path, err.message);
  vsh_buf_dispose(&text);
}

int main(int argc, char **argv) {
  const char *host = argc > 1 ? argv[1] : ".";
  vsh_error err;
  vsh_fs *image;
  if (vsh_fs_new(&image, NULL, &err))
    return fprintf(stderr, "%s\n", err.message), 1;
  vsh_fs_write(image, "/home/user/notes/todo.md", "- read the README\n", 18,
               0644, &err);
  vsh_mount_opts mo = VSH_MOUNT_OPTS_INIT;
  mo.max_file_size = 1 << 20;
  if (vsh_fs_mount_host(image, host, "/home/user/project", &mo, &err))
    printf("mount failed: %s\n", err.message);

  vsh_virtual_opts vo = VSH_VIRTUAL_OPTS_INIT;
  vo.fs = image; /* forked: the image stays clean */
  vsh_sandbox *sb;
  if (vsh_virtual_sandbox_new(&sb, &vo, &err))
    return fprintf(stderr, "%s\n", err.message), 1;
  printf("cwd: %s\n", vsh_sandbox_cwd(sb));

  vsh_strv names = {0};
  if (vsh_sandbox_readdir(sb, "project", &names, &err) == 0) {
    printf("project/ has %zu entries:", names.len);
    for (size_t i = 0; i < names.len && i < 8; i++)
      printf(" %s", names.items[i]);
    printf("%s\n", names.len > 8 ? " ..." : "");
  }
  vsh_strv_dispose(&names);

  const char *report = "# Report\nAll good.\n";
  vsh_sandbox_write_file(sb, "out/nested/report.md", report, strlen(report),
                         &err); /* parents are created */
  show(sb, "out/nested/report.md");
  show(sb, "notes/todo.md");
  show(sb, "project/README.md");
  show(sb, "missing.txt"); /* the error text a model would see */

  vsh_stat st;
  if (vsh_sandbox_stat(sb, "project", &st, &err) == 0)
    printf("stat project: dir=%d size=%llu\n", st.is_directory,
           (unsigned long long)st.size);
  if (vsh_sandbox_rm(sb, "out", false, false, &err))
    printf("rm out (not recursive): %s\n", err.message);
  vsh_sandbox_rm(sb, "out", true, false, &err);
  printf("out exists after rm -r: %s\n",
         vsh_sandbox_exists(sb, "out") ? "yes" : "no");

  vsh_fs_usage u;
  vsh_fs_usage_get(image, &u);
  printf("image untouched by the sandbox: %llu bytes, %llu inodes\n",
         (unsigned long long)u.bytes, (unsigned long long)u.inodes);
  vsh_sandbox_release(sb);
  vsh_fs_free(image);
  return 0;
}

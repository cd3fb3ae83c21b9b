/* virtual_factory.c: vsh_virtual_factory, the default SandboxFactory.
 * It keeps its own copy of the options (seeded bytes too) and an O(1)
 * snapshot of opts->fs, so the caller may free both right after; every
 * create call builds a fresh sandbox, so repeated ids are harmless. */
#include "sandbox/sandbox.h"

#include "sandbox/sandbox_int.h"

#include "net/net.h"

#include <string.h>

typedef struct virtual_factory {
  vsh_factory base; /* first: a vsh_factory * is a virtual_factory * */
  vsh_fs *tmpl;     /* snapshot of opts->fs, or NULL for a fresh fs */
  vsh_fs_opts fs_opts;
  bool has_fs_opts;
  char *cwd;
  vsh_seed_file *files; /* paths and bytes owned */
  size_t n_files;
  struct net_policy *net; /* the network options, copied */
} virtual_factory;

static void factory_release(vsh_factory *base) {
  virtual_factory *vf = (virtual_factory *)base;
  size_t i;

  if (!vf) return;
  for (i = 0; i < vf->n_files; i++) {
    vsh__free(NULL, (char *)vf->files[i].path, strlen(vf->files[i].path) + 1);
    vsh__free(NULL, (void *)vf->files[i].data, vf->files[i].len);
  }
  vsh__free(NULL, vf->files, vf->n_files * sizeof *vf->files);
  if (vf->cwd) vsh__free(NULL, vf->cwd, strlen(vf->cwd) + 1);
  if (vf->tmpl) vsh_fs_free(vf->tmpl);
  net_policy_free(vf->net);
  vsh__free(NULL, vf, sizeof *vf);
}

/* The id is not needed: the default sandbox is rebuilt on every
 * initialization, so each call gets its own fork of the template. */
static int factory_create(vsh_factory *base, const char *id, vsh_sandbox **out,
                          vsh_error *err) {
  virtual_factory *vf = (virtual_factory *)base;
  vsh_virtual_opts o = {
      .fs = vf->tmpl,
      .cwd = vf->cwd,
      .files = vf->files,
      .n_files = vf->n_files,
      .fs_opts = vf->has_fs_opts ? &vf->fs_opts : NULL,
      .network = vf->net ? net_policy_opts(vf->net) : NULL,
  };

  (void)id;
  return vsh_virtual_sandbox_new(out, &o, err);
}

static int copy_files(virtual_factory *vf, const vsh_virtual_opts *opts,
                      vsh_error *err) {
  size_t i, bytes;

  if (opts->n_files == 0) return 0;
  if (!opts->files)
    return vsh__error_set(err, VSH_EINVAL,
                          "vsh_virtual_factory: n_files is %zu but files is "
                          "NULL",
                          opts->n_files);
  if (!vsh__mul_size(opts->n_files, sizeof *vf->files, &bytes) ||
      !(vf->files = vsh__calloc(NULL, bytes)))
    return vsh__error_set(err, VSH_ENOMEM, "out of memory");
  for (i = 0; i < opts->n_files; i++) {
    const vsh_seed_file *src = &opts->files[i];
    vsh_seed_file *dst = &vf->files[i];
    void *data = NULL;

    if (!src->path || (!src->data && src->len > 0))
      return vsh__error_set(err, VSH_EINVAL,
                            "vsh_virtual_factory: seed file %zu: %s must "
                            "not be NULL",
                            i, !src->path ? "path" : "data");
    dst->path = vsh__strndup(NULL, src->path, strlen(src->path));
    if (!dst->path) return vsh__error_set(err, VSH_ENOMEM, "out of memory");
    vf->n_files = i + 1; /* from here on release frees this entry */
    if (src->len > 0) {
      if (!(data = vsh__malloc(NULL, src->len)))
        return vsh__error_set(err, VSH_ENOMEM, "out of memory");
      memcpy(data, src->data, src->len);
    }
    dst->data = data;
    dst->len = src->len;
    dst->mode = src->mode;
  }
  return 0;
}

int vsh_virtual_factory(vsh_factory **out, const vsh_virtual_opts *opts,
                        vsh_error *err) {
  static const vsh_virtual_opts no_opts;
  virtual_factory *vf;
  int rc;

  if (!out)
    return vsh__error_set(err, VSH_EINVAL,
                          "vsh_virtual_factory: out must not be NULL");
  *out = NULL;
  if (!opts) opts = &no_opts;
  if (vsh__check_version(opts->version, VSH_VIRTUAL_OPTS_VERSION,
                         "vsh_virtual_opts", err) ||
      (opts->fs_opts &&
       vsh__check_version(opts->fs_opts->version, VSH_FS_OPTS_VERSION,
                          "vsh_fs_opts", err)))
    return VSH_EINVAL;
  vf = vsh__calloc(NULL, sizeof *vf);
  if (!vf) return vsh__error_set(err, VSH_ENOMEM, "out of memory");
  vf->base.version = VSH_FACTORY_VERSION;
  vf->base.create_sandbox = factory_create;
  vf->base.release = factory_release;
  rc = copy_files(vf, opts, err);
  if (rc < 0) goto done;
  rc = net_policy_new(&vf->net, opts->network, err);
  if (rc < 0) goto done;
  if (opts->cwd &&
      !(vf->cwd = vsh__strndup(NULL, opts->cwd, strlen(opts->cwd)))) {
    rc = vsh__error_set(err, VSH_ENOMEM, "out of memory");
    goto done;
  }
  if (opts->fs_opts) {
    vf->fs_opts = *opts->fs_opts; /* the allocator itself is borrowed */
    vf->has_fs_opts = true;
  }
  if (opts->fs) {
    rc = vsh_fs_fork(&vf->tmpl, opts->fs, err);
    if (rc < 0) goto done;
  }
  *out = &vf->base;
  vf = NULL;

done:
  if (vf) factory_release(&vf->base);
  return rc;
}

"""vsh: a virtual bash over an in-memory copy-on-write filesystem.

    import vsh
    with vsh.Bash(files={"/data/a.txt": "hello\\n"}) as b:
        r = b.exec("cat /data/a.txt | tr a-z A-Z; echo $X", env={"X": "1"})
        print(r.stdout, r.exit_code)          # HELLO\\n1\\n 0
        b.fs.write("/data/b.txt", b"bytes")
        print(b.fs.listdir("/data"))          # ['a.txt', 'b.txt']

exec() never raises for a script's own failure: the status is in
exit_code, a timeout gives 124.  The GIL is released while a script runs,
so threads run sandboxes in parallel; aexec() awaits one from asyncio.
The filesystem verbs act on the very tree the shell runs on.
"""
import asyncio
import errno as _errno
import functools
import threading

from ._ffi import ffi, lib, libc

__all__ = ["Bash", "Result", "FileSystem", "Stat", "VshError"]
__version__ = "0.1.0"

_FS_APPEND = 1
_FS_MKPARENTS = 2
_TYPES = {1: "file", 2: "directory", 3: "symlink", 4: "device", 5: "fifo"}
_ERRNO = {
    "ENOENT": _errno.ENOENT, "EEXIST": _errno.EEXIST, "ENOTDIR": _errno.ENOTDIR,
    "EISDIR": _errno.EISDIR, "ENOTEMPTY": _errno.ENOTEMPTY,
    "EACCES": _errno.EACCES, "EPERM": _errno.EPERM, "ELOOP": _errno.ELOOP,
    "EINVAL": _errno.EINVAL, "EROFS": _errno.EROFS, "ENOSPC": _errno.ENOSPC,
    "ENAMETOOLONG": _errno.ENAMETOOLONG, "EXDEV": _errno.EXDEV,
    "EBUSY": _errno.EBUSY, "EFBIG": _errno.EFBIG, "EIO": _errno.EIO,
    "EDQUOT": _errno.EDQUOT,
}


class VshError(Exception):
    """A failure of vsh itself (not of a script): out of memory, bad options."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


def _raise(rc, err, path=None):
    name = ffi.string(lib.vsh_errname(rc)).decode()
    msg = ffi.string(err.message).decode("utf-8", "replace") if err else ""
    if not msg:
        msg = ffi.string(lib.vsh_strerror(rc)).decode()
    if name in _ERRNO:
        e = OSError(_ERRNO[name], ffi.string(lib.vsh_strerror(rc)).decode(), path)
        e.vsh_message = msg
        raise e
    raise VshError(name, msg)


def _b(s):
    if isinstance(s, bytes):
        return s
    if isinstance(s, (bytearray, memoryview)):
        return bytes(s)
    return str(s).encode("utf-8", "surrogateescape")


def _strv(items):
    """A NULL-terminated char*[] and the buffers it points at (keep both)."""
    bufs = [ffi.new("char[]", _b(x)) for x in items]
    arr = ffi.new("char *[]", len(bufs) + 1)
    for i, x in enumerate(bufs):
        arr[i] = x
    arr[len(bufs)] = ffi.NULL
    return arr, bufs


def _network(cfg, keep):
    """A vsh_network_opts from just-bash's network option (kept alive by
    appending everything it points at to keep)."""
    def get(*names, default=None):
        for n in names:
            if n in cfg:
                return cfg[n]
        return default

    no = ffi.new("vsh_network_opts *")
    keep.append(no)
    no.version = 1
    no.max_redirects = int(get("maxRedirects", "max_redirects", default=20))
    no.max_response_bytes = int(get("maxResponseSize", "max_response_size",
                                    default=10 << 20))
    no.timeout_ms = int(get("timeoutMs", "timeout_ms", default=0))
    no.full_access_dangerous = bool(get(
        "dangerouslyAllowFullInternetAccess",
        "dangerously_allow_full_internet_access", default=False))
    no.allow_private = bool(get("allowPrivateHosts", "allow_private_hosts",
                                default=False))
    prefixes = list(get("allowedUrlPrefixes", "allowed_url_prefixes",
                        default=[]) or [])
    arr = ffi.new("vsh_net_prefix[]", max(len(prefixes), 1))
    keep.append(arr)
    for i, p in enumerate(prefixes):
        url, headers = (p, None) if isinstance(p, str) else (
            p["url"], p.get("headers"))
        u = ffi.new("char[]", _b(url))
        keep.append(u)
        arr[i].url = u
        if headers:
            h, hb = _strv([f"{k}: {v}" for k, v in headers.items()])
            keep += [h, hb]
            arr[i].headers = h
    no.allow = arr
    no.n_allow = len(prefixes)
    methods = get("allowedMethods", "allowed_methods")
    if methods:
        m, mb = _strv([str(x).upper() for x in methods])
        keep += [m, mb]
        no.methods = m
    return no


def _kv(env):
    return [f"{k}={v}" for k, v in env.items() if v is not None]


def _from_strv(p):
    out = {}
    if p == ffi.NULL:
        return out
    i = 0
    while p[i] != ffi.NULL:
        s = ffi.string(p[i]).decode("utf-8", "surrogateescape")
        k, _, v = s.partition("=")
        out[k] = v
        i += 1
    return out


class Result:
    """What a script left: stdout/stderr as text and bytes, exit_code, and
    env (every scalar variable of the shell as the script ended)."""

    __slots__ = ("stdout_bytes", "stderr_bytes", "exit_code", "env", "cwd")

    def __init__(self, out, err, code, env, cwd):
        self.stdout_bytes = out
        self.stderr_bytes = err
        self.exit_code = code
        self.env = env
        self.cwd = cwd

    @property
    def stdout(self):
        return self.stdout_bytes.decode("utf-8", "replace")

    @property
    def stderr(self):
        return self.stderr_bytes.decode("utf-8", "replace")

    def __repr__(self):
        return (f"Result(exit_code={self.exit_code}, stdout={self.stdout!r}, "
                f"stderr={self.stderr!r})")


class Stat:
    __slots__ = ("type", "mode", "size", "mtime", "atime", "nlink", "ino")

    def __init__(self, info):
        self.type = _TYPES.get(info.type, "unknown")
        self.mode = info.mode
        self.size = info.size
        self.mtime = info.mtime.tv_sec + info.mtime.tv_nsec / 1e9
        self.atime = info.atime.tv_sec + info.atime.tv_nsec / 1e9
        self.nlink = info.nlink
        self.ino = info.ino

    @property
    def is_file(self):
        return self.type == "file"

    @property
    def is_dir(self):
        return self.type == "directory"

    @property
    def is_symlink(self):
        return self.type == "symlink"

    def __repr__(self):
        return f"Stat(type={self.type!r}, mode={oct(self.mode)}, size={self.size})"


# Lazy files: the provider runs (on whatever thread reads first) and its
# bytes are handed to vsh in malloc'd memory.  The Python callable lives in
# a handle vsh owns until free_ud.
@ffi.callback("int(void *, vsh_buf *, vsh_error *)")
def _lazy_provide(ud, out, err):
    try:
        data = _b(ffi.from_handle(ud)())
        p = libc.malloc(len(data) + 1)
        if p == ffi.NULL:
            return -1  # VSH_ENOMEM
        ffi.memmove(p, data + b"\0", len(data) + 1)
        out.data = ffi.cast("char *", p)
        out.len = len(data)
        out.cap = len(data) + 1
        return 0
    except Exception as e:  # reported as an I/O error of the read
        msg = f"lazy file provider failed: {e}"[:1000].encode()
        ffi.memmove(err.message, msg + b"\0", len(msg) + 1)
        return -17  # VSH_EIO


_lazy_handles = {}
_lazy_lock = threading.Lock()


@ffi.callback("void(void *)")
def _lazy_free(ud):
    with _lazy_lock:
        _lazy_handles.pop(int(ffi.cast("uintptr_t", ud)), None)


class FileSystem:
    """The verbs on the shell's own filesystem.  Relative paths resolve
    against the sandbox's cwd."""

    def __init__(self, owner):
        self._owner = owner

    def _fs(self):
        return self._owner._fs_handle()

    def _p(self, path):
        return self._owner._resolve(path)

    def read_bytes(self, path):
        p = self._p(path)
        buf = ffi.new("vsh_buf *")
        err = ffi.new("vsh_error *")
        rc = lib.vsh_fs_read(self._fs(), p, buf, err)
        if rc:
            _raise(rc, err, path)
        try:
            return ffi.unpack(buf.data, buf.len) if buf.len else b""
        finally:
            lib.vsh_buf_dispose(buf)

    def read_text(self, path, encoding="utf-8", errors="strict"):
        return self.read_bytes(path).decode(encoding, errors)

    def write(self, path, data, append=False):
        """Writes str (UTF-8) or bytes; parent directories are created."""
        p = self._p(path)
        d = _b(data)
        err = ffi.new("vsh_error *")
        flags = _FS_MKPARENTS | (_FS_APPEND if append else 0)
        rc = lib.vsh_fs_write_file(self._fs(), p, d, len(d), flags, err)
        if rc:
            _raise(rc, err, path)

    def append(self, path, data):
        self.write(path, data, append=True)

    def exists(self, path):
        info = ffi.new("vsh_fs_info *")
        return lib.vsh_fs_stat(self._fs(), self._p(path), True, info, ffi.NULL) == 0

    def stat(self, path, follow_symlinks=True):
        info = ffi.new("vsh_fs_info *")
        err = ffi.new("vsh_error *")
        rc = lib.vsh_fs_stat(self._fs(), self._p(path), follow_symlinks, info, err)
        if rc:
            _raise(rc, err, path)
        return Stat(info)

    def listdir(self, path="."):
        d = ffi.new("vsh_dirents *")
        err = ffi.new("vsh_error *")
        rc = lib.vsh_fs_readdir(self._fs(), self._p(path), d, err)
        if rc:
            _raise(rc, err, path)
        try:
            return [ffi.string(d.items[i].name).decode("utf-8", "surrogateescape")
                    for i in range(d.len)]
        finally:
            lib.vsh_dirents_dispose(d)

    def mkdir(self, path, parents=False, exist_ok=False):
        err = ffi.new("vsh_error *")
        rc = lib.vsh_fs_mkdir(self._fs(), self._p(path), parents, err)
        if rc and not (exist_ok and self.stat(path).is_dir):
            _raise(rc, err, path)

    def rm(self, path, recursive=False, force=False):
        err = ffi.new("vsh_error *")
        rc = lib.vsh_fs_rm(self._fs(), self._p(path), recursive, force, err)
        if rc:
            _raise(rc, err, path)

    def copy(self, src, dst, recursive=False):
        err = ffi.new("vsh_error *")
        rc = lib.vsh_fs_cp(self._fs(), self._p(src), self._p(dst), recursive, err)
        if rc:
            _raise(rc, err, src)

    def rename(self, src, dst):
        err = ffi.new("vsh_error *")
        rc = lib.vsh_fs_rename(self._fs(), self._p(src), self._p(dst), err)
        if rc:
            _raise(rc, err, src)

    def chmod(self, path, mode):
        err = ffi.new("vsh_error *")
        rc = lib.vsh_fs_chmod(self._fs(), self._p(path), mode, err)
        if rc:
            _raise(rc, err, path)

    def symlink(self, target, link):
        err = ffi.new("vsh_error *")
        rc = lib.vsh_fs_symlink(self._fs(), _b(target), self._p(link), err)
        if rc:
            _raise(rc, err, link)

    def readlink(self, path):
        return self._str_call(lib.vsh_fs_readlink, path)

    def realpath(self, path):
        return self._str_call(lib.vsh_fs_realpath, path)

    def _str_call(self, fn, path):
        buf = ffi.new("vsh_buf *")
        err = ffi.new("vsh_error *")
        rc = fn(self._fs(), self._p(path), buf, err)
        if rc:
            _raise(rc, err, path)
        try:
            return ffi.string(buf.data).decode("utf-8", "surrogateescape")
        finally:
            lib.vsh_buf_dispose(buf)

    def walk(self, root="/"):
        """Every path under root (root first), without following symlinks."""
        paths = []

        @ffi.callback("int(void *, const char *, const vsh_fs_info *)")
        def cb(ud, path, info):
            paths.append(ffi.string(path).decode("utf-8", "surrogateescape"))
            return 0

        err = ffi.new("vsh_error *")
        rc = lib.vsh_fs_walk(self._fs(), self._p(root), cb, ffi.NULL, err)
        if rc:
            _raise(rc, err, root)
        return paths


class Bash:
    """A sandbox: an in-memory filesystem and a shell that runs on it.

    files: {path: str | bytes | callable} seeds files (a callable is a lazy
    file: called on the first read).  cwd defaults to /home/user (to "/"
    when files are given, as just-bash).  env: the base environment.
    limits: {field of vsh_limits: value} over the profile ("normal" or
    "hardened").  mounts: {virtual path: host folder} shows host folders
    (writes stay in memory; the host never changes), or {virtual path:
    (host folder, "ro")} where every write fails (EROFS).  network opens
    curl and wget (none by default), with just-bash's names:
    {"allowedUrlPrefixes": [url or {"url":..., "headers": {name: value}}],
    "allowedMethods": [...], "dangerouslyAllowFullInternetAccess": bool,
    "maxRedirects": n, "timeoutMs": n, "maxResponseSize": n,
    "allowPrivateHosts": bool} (snake_case names work too).  Each exec starts from a
    fresh shell (variables and cwd do not carry over); the filesystem is
    shared by every exec.
    """

    def __init__(self, files=None, cwd=None, env=None, limits=None,
                 network=None, profile="normal", mounts=None, commands=None):
        self._lock = threading.Lock()
        self._busy = 0
        self._closing = False
        self._sh = ffi.NULL
        self._fsp = ffi.NULL
        self.network = network
        default_layout = cwd is None and not files
        self._cwd = cwd or ("/home/user" if default_layout else "/")
        base_env = {"HOME": "/home/user" if default_layout else "/",
                    "PATH": "/usr/bin:/bin"}
        base_env.update(env or {})
        self._env = base_env
        lim = ffi.new("vsh_limits *")
        lib.vsh_limits_init(lim, 1 if profile == "hardened" else 0)
        for k, v in (limits or {}).items():
            if k == "version" or not hasattr(lim, k):
                raise ValueError(f"vsh: unknown limit {k!r}")
            setattr(lim, k, int(v))
        err = ffi.new("vsh_error *")
        fso = ffi.new("vsh_fs_opts *")
        fso.version = 1  # VSH_FS_OPTS_VERSION
        fso.max_bytes = lim.max_fs_bytes
        fsp = ffi.new("vsh_fs **")
        rc = lib.vsh_fs_new(fsp, fso, err)
        if rc:
            _raise(rc, err)
        self._fsp = fsp[0]
        self.fs = FileSystem(self)
        try:
            for path, content in (files or {}).items():
                p = self._resolve(path, "/")
                if callable(content):
                    self._lazy(p, content)
                else:
                    self.fs.write(p, content)
            for vpath, host in (mounts or {}).items():
                mo = ffi.new("vsh_mount_opts *")
                mo.version = 1  # VSH_MOUNT_OPTS_VERSION
                if isinstance(host, tuple):  # (folder, "ro")
                    host, how = host
                    mo.read_only = how == "ro"
                rc = lib.vsh_fs_mount_host(self._fsp, _b(host), _b(vpath),
                                           mo, err)
                if rc:
                    _raise(rc, err, host)
            keep = []
            opts = ffi.new("vsh_shell_opts *")
            opts.version = 1  # VSH_SHELL_OPTS_VERSION
            opts.fs = self._fsp
            cwd_c = ffi.new("char[]", _b(self._cwd))
            opts.cwd = cwd_c
            env_arr, env_bufs = _strv(_kv(self._env))
            opts.env = env_arr
            opts.limits = lim
            name = ffi.new("char[]", b"bash")
            opts.name = name
            if commands is not None:
                allow, allow_bufs = _strv(list(commands))
                opts.commands = allow
                keep += [allow, allow_bufs]
            if network:
                opts.network = _network(network, keep)
            shp = ffi.new("vsh_shell **")
            rc = lib.vsh_shell_new(shp, opts, err)
            if rc:
                _raise(rc, err)
            self._sh = shp[0]
            self._cwd = self._shell_cwd()
        except BaseException:
            self.close()
            raise

    def _lazy(self, path, provider):
        h = ffi.new_handle(provider)
        key = int(ffi.cast("uintptr_t", h))
        with _lazy_lock:
            _lazy_handles[key] = h
        err = ffi.new("vsh_error *")
        lf = ffi.new("vsh_lazy_file *")
        lf.version = 1  # VSH_LAZY_FILE_VERSION
        lf.size = 0xFFFFFFFFFFFFFFFF  # VSH_LAZY_SIZE_UNKNOWN
        lf.mode = 0o644
        lf.provide = _lazy_provide
        lf.ud = h
        lf.free_ud = _lazy_free
        rc = lib.vsh_fs_write_lazy(self._fsp, path, lf, err)
        if rc:
            _raise(rc, err, path)

    def _fs_handle(self):
        if self._fsp == ffi.NULL:
            raise ValueError("vsh: this Bash is closed")
        return self._fsp

    def _shell_cwd(self):
        buf = ffi.new("char[]", 4200)
        if lib.vsh_shell_cwd(self._sh, buf, 4200):
            return self._cwd
        return ffi.string(buf).decode("utf-8", "surrogateescape")

    def _resolve(self, path, base=None):
        out = ffi.new("vsh_buf *")
        rc = lib.vsh_path_resolve(out, _b(base or self._cwd), _b(path))
        if rc:
            lib.vsh_buf_dispose(out)
            _raise(rc, None, path)
        try:
            return ffi.string(out.data)
        finally:
            lib.vsh_buf_dispose(out)

    @property
    def cwd(self):
        return self._cwd

    def exec(self, script, cwd=None, env=None, stdin=None, timeout=None,
             replace_env=False):
        """Runs a bash script; returns a Result (a timeout: exit_code 124).
        env adds (or with replace_env, is all of) the environment; stdin is
        str or bytes; timeout is in seconds."""
        with self._lock:
            if self._sh == ffi.NULL or self._closing:
                raise ValueError("vsh: this Bash is closed")
            self._busy += 1
        try:
            return self._exec(script, cwd, env, stdin, timeout, replace_env)
        finally:
            with self._lock:
                self._busy -= 1
                last = self._closing and self._busy == 0
            if last:
                self._free()

    def _exec(self, script, cwd, env, stdin, timeout, replace_env):
        src = _b(script)
        opts = ffi.new("vsh_exec_opts *")
        opts.version = 1  # VSH_EXEC_OPTS_VERSION
        keep = []
        if cwd is not None:
            c = ffi.new("char[]", self._resolve(cwd))
            opts.cwd = c
            keep.append(c)
        if env:
            arr, bufs = _strv(_kv(env))
            opts.env = arr
            keep += [arr, bufs]
        opts.replace_env = bool(replace_env)
        if stdin is not None:
            data = _b(stdin)
            sbuf = ffi.new("char[]", data)
            opts.stdin_data = sbuf
            opts.stdin_len = len(data)
            keep.append(sbuf)
        if timeout is not None:
            opts.timeout_ms = max(1, int(timeout * 1000))
        res = ffi.new("vsh_result *")
        err = ffi.new("vsh_error *")
        rc = lib.vsh_shell_exec(self._sh, src, len(src), opts, res, err)
        if rc:
            _raise(rc, err)
        try:
            out = ffi.unpack(res.out, res.out_len) if res.out_len else b""
            errb = ffi.unpack(res.err, res.err_len) if res.err_len else b""
            cwd_out = (ffi.string(res.cwd).decode("utf-8", "surrogateescape")
                       if res.cwd != ffi.NULL else None)
            return Result(out, errb, res.exit_code, _from_strv(res.vars), cwd_out)
        finally:
            lib.vsh_result_dispose(res)

    async def aexec(self, script, **kw):
        """exec() on a worker thread, awaited from asyncio."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(None, functools.partial(self.exec, script, **kw))

    def close(self):
        """Frees the shell and its filesystem (also done by the context
        manager and when the object is collected); execs still running on
        other threads finish first."""
        lock = getattr(self, "_lock", None)
        if lock is None:
            return
        with lock:
            self._closing = True
            busy = self._busy
        if busy == 0:
            self._free()

    def _free(self):
        if getattr(self, "_sh", ffi.NULL) != ffi.NULL:
            lib.vsh_shell_free(self._sh)
            self._sh = ffi.NULL
        if getattr(self, "_fsp", ffi.NULL) != ffi.NULL:
            lib.vsh_fs_free(self._fsp)
            self._fsp = ffi.NULL

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

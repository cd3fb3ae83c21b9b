// vsh for Node: a drop-in for just-bash's `Bash` (3.4.x) on the vsh C
// interpreter.  Same constructor options, exec options and result shape,
// the same IFileSystem verbs on the very filesystem the shell runs on,
// defineCommand custom commands (with ctx.exec), and InMemoryFs /
// OverlayFs / MountableFs seeding.  exec runs on a native thread and
// never blocks the event loop; an abort resolves 124 with the output
// produced so far.
import { Buffer, isUtf8 } from "node:buffer";
import { native } from "./native.js";

const FT = { 1: "file", 2: "directory", 3: "symlink", 4: "device", 5: "fifo" };
const W_APPEND = 1, W_MKPARENTS = 2;

// Node's wording for the codes the filesystem reports.
const DESC = {
  ENOENT: "no such file or directory",
  EEXIST: "file already exists",
  ENOTDIR: "not a directory",
  EISDIR: "illegal operation on a directory",
  ENOTEMPTY: "directory not empty",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  ELOOP: "too many symbolic links encountered",
  EINVAL: "invalid argument",
  EROFS: "read-only file system",
  ENOSPC: "no space left on device",
  EDQUOT: "disk quota exceeded",
  ENAMETOOLONG: "name too long",
  EXDEV: "cross-device link not permitted",
  EBUSY: "resource busy or locked",
  EFBIG: "file too large",
  EIO: "i/o error",
};

function fsError(e, syscall, p) {
  const code = e && e.code ? e.code : "EIO";
  const desc = DESC[code] || (e && e.strerror) || String(e && e.message);
  const err = new Error(`${code}: ${desc}, ${syscall} '${p}'`);
  err.code = code;
  err.syscall = syscall;
  err.path = p;
  return err;
}

function call(syscall, p, fn) {
  try {
    return fn();
  } catch (e) {
    throw fsError(e, syscall, p);
  }
}

/** Bytes -> string as just-bash returns output: UTF-8 text, or one char
 *  per byte (latin1) when the bytes are not valid UTF-8. */
export function decodeBytes(buf) {
  if (!buf || buf.length === 0) return "";
  return isUtf8(buf) ? buf.toString("utf8") : buf.toString("latin1");
}

/** just-bash's helper: a latin1 "byte string" read as UTF-8 text. */
export function decodeBytesToUtf8(s) {
  if (typeof s !== "string") return decodeBytes(Buffer.from(s ?? []));
  const b = Buffer.from(s, "latin1");
  return isUtf8(b) ? b.toString("utf8") : s;
}

function toBytes(content, encoding) {
  if (content instanceof Uint8Array) return content;
  if (ArrayBuffer.isView(content)) return new Uint8Array(content.buffer, content.byteOffset, content.byteLength);
  if (content instanceof ArrayBuffer) return new Uint8Array(content);
  const enc = typeof encoding === "string" ? encoding : encoding && encoding.encoding;
  const e = enc === "binary" ? "latin1" : enc || "utf8";
  return Buffer.from(String(content ?? ""), e);
}

function encodingOf(options) {
  if (!options) return "utf8";
  if (typeof options === "string") return options;
  return options.encoding || "utf8";
}

function toDate(t) {
  if (t instanceof Date) return t.getTime();
  if (typeof t === "number") return t < 1e11 ? t * 1000 : t; // seconds, as fs.utimes
  return Date.parse(t);
}

function statObj(s) {
  return {
    isFile: s.type === 1,
    isDirectory: s.type === 2,
    isSymbolicLink: s.type === 3,
    mode: s.mode,
    size: s.size,
    mtime: new Date(s.mtimeMs),
    atime: new Date(s.atimeMs),
    nlink: s.nlink,
    ino: s.ino,
    type: FT[s.type] || "unknown",
  };
}

function normalize(p) {
  return native.pathResolve("/", String(p));
}

// just-bash's network option, as the addon takes it: allowedUrlPrefixes
// (a URL, or {url, headers: {name: value}} whose headers vsh injects),
// allowedMethods, dangerouslyAllowFullInternetAccess, maxRedirects,
// timeoutMs, maxResponseSize, and vsh's allowPrivateHosts.
function nativeNetwork(n) {
  if (!n) return undefined;
  const pre = Array.isArray(n.allowedUrlPrefixes) ? n.allowedUrlPrefixes : [];
  return {
    // each prefix: [url, "Name: value"...]
    prefixes: pre.map((p) =>
      typeof p === "string"
        ? [p]
        : [String(p.url), ...Object.entries(p.headers || {}).map(([k, v]) => `${k}: ${v}`)]),
    methods: Array.isArray(n.allowedMethods)
      ? n.allowedMethods.map((m) => String(m).toUpperCase())
      : undefined,
    full: !!n.dangerouslyAllowFullInternetAccess,
    allowPrivate: !!n.allowPrivateHosts,
    maxRedirects: n.maxRedirects,
    timeoutMs: n.timeoutMs,
    maxResponseSize: n.maxResponseSize,
  };
}

/**
 * The in-memory copy-on-write filesystem (just-bash's InMemoryFs and its
 * IFileSystem verbs).  A Bash built on it runs on this very tree.
 */
export class InMemoryFs {
  constructor(initialFiles, options = {}) {
    this._h = native.fsNew({ maxBytes: options.maxBytes || options.maxFileSystemBytes || 0 });
    this._lazy = new Map();
    if (initialFiles) seedFiles(this, initialFiles, "/");
  }

  async readFile(path, options) {
    const b = await this.readFileBuffer(path);
    const enc = encodingOf(options);
    if (enc === "binary" || enc === "latin1") return Buffer.from(b).toString("latin1");
    return Buffer.from(b).toString(enc === "utf-8" ? "utf8" : enc);
  }
  readFileBufferSync(path) {
    const p = normalize(path);
    const lazy = this._lazy.get(p);
    if (lazy && !lazy.done) throw new Error("vsh: lazy file not provided yet");
    return call("open", p, () => native.fsRead(this._h, p));
  }
  async readFileBuffer(path) {
    const p = normalize(path);
    await this._provide(p);
    return new Uint8Array(call("open", p, () => native.fsRead(this._h, p)));
  }
  async readFileBytes(path) {
    return this.readFileBuffer(path);
  }
  async writeFile(path, content, options) {
    const p = normalize(path);
    this._lazy.delete(p);
    call("open", p, () => native.fsWrite(this._h, p, toBytes(content, options), W_MKPARENTS));
  }
  writeFileSync(path, content, options) {
    const p = normalize(path);
    this._lazy.delete(p);
    call("open", p, () => native.fsWrite(this._h, p, toBytes(content, options), W_MKPARENTS));
  }
  async appendFile(path, content, options) {
    const p = normalize(path);
    await this._provide(p);
    call("open", p, () => native.fsWrite(this._h, p, toBytes(content, options), W_APPEND | W_MKPARENTS));
  }
  async exists(path) {
    return native.fsExists(this._h, normalize(path));
  }
  async stat(path) {
    const p = normalize(path);
    await this._provide(p);
    return statObj(call("stat", p, () => native.fsStat(this._h, p, true)));
  }
  async lstat(path) {
    const p = normalize(path);
    await this._provide(p);
    return statObj(call("lstat", p, () => native.fsStat(this._h, p, false)));
  }
  async mkdir(path, options = {}) {
    const p = normalize(path);
    try {
      native.fsMkdir(this._h, p, !!options.recursive);
    } catch (e) {
      // just-bash: an existing directory is not an error
      if (e.code === "EEXIST" && native.fsStat(this._h, p, true).type === 2) return;
      throw fsError(e, "mkdir", p);
    }
  }
  mkdirSync(path, options = {}) {
    const p = normalize(path);
    try {
      native.fsMkdir(this._h, p, !!options.recursive);
    } catch (e) {
      if (e.code === "EEXIST" && native.fsStat(this._h, p, true).type === 2) return;
      throw fsError(e, "mkdir", p);
    }
  }
  async readdir(path) {
    const p = normalize(path);
    return call("scandir", p, () => native.fsReaddir(this._h, p)).map((e) => e[0]);
  }
  async readdirWithFileTypes(path) {
    const p = normalize(path);
    return call("scandir", p, () => native.fsReaddir(this._h, p)).map(([name, t]) => ({
      name,
      isFile: t === 1,
      isDirectory: t === 2,
      isSymbolicLink: t === 3,
    }));
  }
  async rm(path, options = {}) {
    const p = normalize(path);
    call("rm", p, () => native.fsRm(this._h, p, !!options.recursive, !!options.force));
    this._forget(p);
  }
  async cp(src, dest, options = {}) {
    const s = normalize(src), d = normalize(dest);
    await this._provideTree(s);
    call("cp", s, () => native.fsCp(this._h, s, d, !!options.recursive));
  }
  async mv(src, dest) {
    const s = normalize(src), d = normalize(dest);
    await this._provideTree(s);
    call("rename", s, () => native.fsMv(this._h, s, d));
  }
  async chmod(path, mode) {
    const p = normalize(path);
    call("chmod", p, () => native.fsChmod(this._h, p, typeof mode === "string" ? parseInt(mode, 8) : mode));
  }
  async symlink(target, linkPath) {
    const p = normalize(linkPath);
    call("symlink", p, () => native.fsSymlink(this._h, String(target), p));
  }
  async link(existingPath, newPath) {
    const s = normalize(existingPath), d = normalize(newPath);
    await this._provide(s);
    call("link", s, () => native.fsLink(this._h, s, d));
  }
  async readlink(path) {
    const p = normalize(path);
    return call("readlink", p, () => native.fsReadlink(this._h, p));
  }
  async realpath(path) {
    const p = normalize(path);
    return call("realpath", p, () => native.fsRealpath(this._h, p));
  }
  async utimes(path, atime, mtime) {
    const p = normalize(path);
    call("utime", p, () => native.fsUtimes(this._h, p, toDate(atime), toDate(mtime)));
  }
  resolvePath(base, path) {
    return native.pathResolve(normalize(base || "/"), String(path));
  }
  getAllPaths() {
    return native.fsWalk(this._h, "/");
  }

  // Lazy files: the provider runs on the first read through this object
  // or the shell (see seedFiles); afterwards the bytes are ordinary.
  async _provide(p) {
    if (this._lazy.size === 0) return;
    let real = p;
    try {
      real = native.fsRealpath(this._h, p);
    } catch {
      return;
    }
    const lz = this._lazy.get(real);
    if (!lz || lz.done) return;
    await lz.fill();
  }
  async _provideTree(p) {
    if (this._lazy.size === 0) return;
    const pre = p === "/" ? "/" : p + "/";
    for (const [k, lz] of this._lazy) if ((k === p || k.startsWith(pre)) && !lz.done) await lz.fill();
  }
  _forget(p) {
    if (this._lazy.size === 0) return;
    const pre = p === "/" ? "/" : p + "/";
    for (const k of [...this._lazy.keys()]) if (k === p || k.startsWith(pre)) this._lazy.delete(k);
  }
}

function seedFiles(fsObj, files, base) {
  for (const [name, spec] of Object.entries(files)) {
    const p = native.pathResolve(base, name);
    let content = spec, mode, mtime;
    if (spec && typeof spec === "object" && !(spec instanceof Uint8Array) && !ArrayBuffer.isView(spec) && "content" in spec) {
      content = spec.content;
      mode = spec.mode;
      mtime = spec.mtime;
    }
    if (typeof content === "function") {
      seedLazy(fsObj, p, content, mode);
      continue;
    }
    call("open", p, () => native.fsWrite(fsObj._h, p, toBytes(content), W_MKPARENTS));
    if (mode !== undefined) call("chmod", p, () => native.fsChmod(fsObj._h, p, mode));
    if (mtime !== undefined) {
      const t = toDate(mtime);
      call("utime", p, () => native.fsUtimes(fsObj._h, p, t, t));
    }
  }
}

// A lazy file: an empty placeholder now; the provider's bytes replace it
// on the first read (through the fs verbs, or before an exec runs).
function seedLazy(fsObj, p, provider, mode) {
  call("open", p, () => native.fsWrite(fsObj._h, p, Buffer.alloc(0), W_MKPARENTS));
  if (mode !== undefined) call("chmod", p, () => native.fsChmod(fsObj._h, p, mode));
  const lz = {
    done: false,
    pending: null,
    fill() {
      if (this.done) return Promise.resolve();
      if (!this.pending) {
        this.pending = Promise.resolve()
          .then(() => provider())
          .then((content) => {
            if (!this.done && fsObj._lazy.get(p) === this) {
              native.fsWrite(fsObj._h, p, toBytes(content), W_MKPARENTS);
              if (mode !== undefined) native.fsChmod(fsObj._h, p, mode);
            }
            this.done = true;
            if (fsObj._lazy.get(p) === this) fsObj._lazy.delete(p);
          });
      }
      return this.pending;
    },
  };
  fsObj._lazy.set(p, lz);
}

/**
 * just-bash's OverlayFs: a host folder seen at mountPoint (default
 * /home/user/project) over an in-memory tree; writes stay in memory and
 * the host is never changed.  With readOnly every write beneath it fails
 * with EROFS.
 */
export class OverlayFs extends InMemoryFs {
  constructor(options = {}) {
    super();
    if (!options.root) throw new TypeError("OverlayFs: root is required");
    this.root = options.root;
    this.mountPoint = options.mountPoint || "/home/user/project";
    this.readOnly = !!options.readOnly;
    this.allowSymlinks = !!options.allowSymlinks;
    // at "/" it is only something to mount into a MountableFs
    if (normalize(this.mountPoint) !== "/")
      native.fsMount(this._h, this.root, this.mountPoint, { allowSymlinks: this.allowSymlinks, readOnly: this.readOnly });
  }
  getMountPoint() {
    return this.mountPoint;
  }
}

/**
 * just-bash's MountableFs: a base filesystem with host folders (OverlayFs)
 * mounted at paths.  It shares the base's tree: a Bash on it and the base
 * see the same files.
 */
export class MountableFs extends InMemoryFs {
  constructor(options = {}) {
    super();
    if (options.base) {
      if (!(options.base instanceof InMemoryFs)) throw new TypeError("MountableFs: base must be an InMemoryFs of vsh");
      this._h = options.base._h;
      this._lazy = options.base._lazy;
    }
    for (const m of options.mounts || []) this.mount(m.mountPoint, m.filesystem);
  }
  mount(mountPoint, filesystem) {
    if (!(filesystem instanceof OverlayFs))
      throw new TypeError("MountableFs.mount: vsh mounts host folders (OverlayFs) only");
    native.fsMount(this._h, filesystem.root, normalize(mountPoint), {
      allowSymlinks: filesystem.allowSymlinks,
      readOnly: filesystem.readOnly,
    });
  }
}

/** A command reachable by name from scripts: execute(args, ctx). */
export function defineCommand(name, execute, options = {}) {
  return { name, execute, trusted: !!options.trusted };
}

// ---- Bash ---------------------------------------------------------------

function kv(obj) {
  return Object.entries(obj)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${k}=${v}`);
}

// result.env: parsed from the NUL-separated "K=V" buffer on first read.
function lazyEnv(res, buf) {
  Object.defineProperty(res, "env", {
    enumerable: true,
    configurable: true,
    get() {
      const env = {};
      let start = 0;
      for (let i = 0; i < buf.length; i++) {
        if (buf[i] !== 0) continue;
        const s = decodeBytes(buf.subarray(start, i));
        const eq = s.indexOf("=");
        if (eq > 0) env[s.slice(0, eq)] = s.slice(eq + 1);
        start = i + 1;
      }
      Object.defineProperty(res, "env", { value: env, enumerable: true, writable: true, configurable: true });
      return env;
    },
    set(v) {
      Object.defineProperty(res, "env", { value: v, enumerable: true, writable: true, configurable: true });
    },
  });
}

function shQuote(s) {
  return "'" + String(s).replace(/'/g, "'\\''") + "'";
}

const LIMITS = {
  maxCallDepth: "maxCallDepth",
  maxCommandCount: "maxCommands",
  maxLoopIterations: "maxLoopIterations",
  maxStringLength: "maxString",
  maxOutputSize: "maxOutput",
  maxBraceExpansionResults: "maxBrace",
  maxGlobOperations: "maxGlobOps",
  maxSubstitutionDepth: "maxSubstDepth",
  maxExecutionTimeMs: "deadlineMs",
};

function nativeLimits(o) {
  const src = { ...(o.executionLimits || {}) };
  if (o.maxCallDepth !== undefined) src.maxCallDepth ??= o.maxCallDepth;
  if (o.maxCommandCount !== undefined) src.maxCommandCount ??= o.maxCommandCount;
  if (o.maxLoopIterations !== undefined) src.maxLoopIterations ??= o.maxLoopIterations;
  const out = {};
  for (const [k, n] of Object.entries(LIMITS)) if (typeof src[k] === "number") out[n] = src[k];
  return out;
}

const ABORT_MSG = "bash: execution aborted\n";

export class Bash {
  constructor(options = {}) {
    const o = options || {};
    const defaultLayout = !o.cwd && !o.files;
    let fsObj = o.fs;
    if (fsObj === undefined) {
      const maxBytes = o.executionLimits && o.executionLimits.maxFileSystemBytes;
      fsObj = new InMemoryFs(undefined, { maxBytes: maxBytes || 0 });
    } else if (!(fsObj instanceof InMemoryFs)) {
      throw new TypeError("vsh: options.fs must be an InMemoryFs, OverlayFs or MountableFs from this package");
    }
    /** The filesystem the shell runs on (IFileSystem). */
    this.fs = fsObj;
    this._cwd = normalize(o.cwd || (defaultLayout ? "/home/user" : "/"));
    this._env = {
      HOME: defaultLayout ? "/home/user" : "/",
      PATH: "/usr/bin:/bin",
      ...(o.env || {}),
    };
    if (o.files) seedFiles(fsObj, o.files, "/");
    fsObj.mkdirSync(this._cwd, { recursive: true });
    this._logger = o.logger;
    this._sleep = o.sleep;
    this._limits = nativeLimits(o);
    this.network = o.network;
    const pi = o.processInfo || {};
    this._sh = native.shellNew(fsObj._h, {
      cwd: this._cwd,
      env: kv(this._env),
      profile: o.executionLimitProfile === "hardened" ? "hardened" : "normal",
      limits: this._limits,
      commands: Array.isArray(o.commands) ? o.commands.map(String) : undefined,
      pid: pi.pid,
      ppid: pi.ppid,
      uid: pi.uid,
      gid: pi.gid,
      network: nativeNetwork(o.network),
    });
    this._names = new Set();
    // just-bash's `sleep` option (mock clocks): the sleep command waits on it
    if (typeof o.sleep === "function") this.registerCommand(sleepCommand(o.sleep));
    for (const c of o.customCommands || []) this.registerCommand(c);
  }

  /** Registers a custom command (defineCommand); it overrides a builtin.
   * Not while an exec runs (the native call throws EINVALID_STATE). */
  registerCommand(command) {
    if (!this._sh) throw new Error("vsh: this Bash was disposed");
    let cmd = command;
    if (cmd && typeof cmd.load === "function" && typeof cmd.execute !== "function") {
      const lazy = cmd;
      let loaded = null;
      cmd = { name: lazy.name, execute: async (a, c) => (loaded ??= await lazy.load()).execute(a, c) };
    }
    if (!cmd || typeof cmd.name !== "string" || typeof cmd.execute !== "function")
      throw new TypeError("registerCommand: expected {name, execute(args, ctx)}");
    const fsObj = this.fs, sleep = this._sleep, limits = this._limits;
    // The function below must not hold `this` (it is a GC root while the
    // shell lives), so the Bash can still be collected.
    native.shellRegister(this._sh, cmd.name, (args, stdin, envList, cwd, handle, fds) => {
      const env = new Map();
      for (const s of envList) {
        const i = s.indexOf("=");
        if (i > 0) env.set(s.slice(0, i), s.slice(i + 1));
      }
      const ctx = {
        fs: fsObj,
        cwd,
        env,
        exportedEnv: Object.fromEntries(env),
        stdin: stdin.toString("latin1"),
        fileDescriptors: new Map(fds.map(([fd, b]) => [fd, decodeBytes(b)])),
        limits,
        sleep: sleep || ((ms) => new Promise((r) => setTimeout(r, ms))),
        exec: async (script, opts = {}) => {
          let pre = "";
          if (opts.cwd) pre += `cd -- ${shQuote(opts.cwd)} || exit 1\n`;
          for (const [k, v] of Object.entries(opts.env || {})) pre += `export ${k}=${shQuote(v)}\n`;
          const stdinBuf = opts.stdin === undefined ? null : Buffer.from(String(opts.stdin), opts.stdinKind === "bytes" ? "latin1" : "utf8");
          const r = await native.cmdExec(handle, pre + script, stdinBuf);
          if (r.error && !r.stdout) return { stdout: "", stderr: r.error + "\n", exitCode: 124 };
          return { stdout: decodeBytes(r.stdout), stderr: decodeBytes(r.stderr), exitCode: r.exitCode };
        },
      };
      Promise.resolve()
        .then(() => cmd.execute(args, ctx))
        .then(
          (r) => {
            r = r || {};
            native.cmdDone(handle, outBytes(r.stdout, r.stdoutKind), outBytes(r.stderr), r.exitCode | 0);
          },
          (e) => native.cmdDone(handle, "", `${cmd.name}: ${e && e.message ? e.message : String(e)}\n`, 1),
        );
    });
    this._names.add(cmd.name);
  }

  /**
   * Runs a script.  Resolves {stdout, stderr, exitCode, env} for every
   * script (errors are exit statuses); an abort resolves 124 with what
   * was written before it.
   */
  async exec(commandLine, options = {}) {
    if (!this._sh) throw new Error("vsh: this Bash was disposed");
    const o = options || {};
    let script = String(commandLine ?? "");
    if (Array.isArray(o.args) && o.args.length) {
      const nl = script.indexOf("\n");
      const add = " " + o.args.map(shQuote).join(" ");
      script = nl < 0 ? script + add : script.slice(0, nl) + add + script.slice(nl);
    }
    if (this._logger) this._logger.info("exec", { command: script });
    const env = o.env ? kv(o.env) : undefined;
    let cwd;
    if (o.cwd) {
      cwd = native.pathResolve(this._cwd, String(o.cwd));
      try {
        this.fs.mkdirSync(cwd, { recursive: true });
      } catch {
        // the shell reports it
      }
    }
    if (this.fs._lazy.size) await this._provideAll();
    const sig = o.signal;
    if (sig && sig.aborted) return this._result(Buffer.alloc(0), Buffer.from(ABORT_MSG), 124, null);
    let nsig, onAbort;
    if (sig) {
      nsig = native.signalNew();
      onAbort = () => native.signalAbort(nsig, String(sig.reason ?? "aborted"));
      sig.addEventListener("abort", onAbort, { once: true });
    }
    const stdin =
      o.stdin === undefined || o.stdin === null
        ? undefined
        : typeof o.stdin === "string"
          ? Buffer.from(o.stdin, o.stdinKind === "bytes" ? "latin1" : "utf8")
          : Buffer.from(o.stdin);
    let r;
    try {
      r = await native.shellExec(this._sh, script, {
        cwd,
        env,
        replaceEnv: !!o.replaceEnv,
        stdin,
        signal: nsig,
      });
    } finally {
      if (sig) sig.removeEventListener("abort", onAbort);
    }
    if (r.code === "EABORTED") {
      const err = Buffer.concat([r.stderr || Buffer.alloc(0), Buffer.from(ABORT_MSG)]);
      return this._result(r.stdout || Buffer.alloc(0), err, 124, r.vars);
    }
    if (r.error && r.exitCode === undefined)
      return this._result(Buffer.alloc(0), Buffer.from(`bash: ${r.error}\n`), 1, null);
    return this._result(r.stdout, r.stderr, r.exitCode, r.vars);
  }

  _result(out, err, code, vars) {
    const res = {
      stdout: decodeBytes(out),
      stderr: decodeBytes(err),
      exitCode: code,
    };
    if (vars) lazyEnv(res, vars);
    else res.env = { ...this._env };
    if (this._logger) {
      if (res.stdout) this._logger.debug("stdout", { output: res.stdout });
      if (res.stderr) this._logger.info("stderr", { output: res.stderr });
      this._logger.info("exit", { exitCode: code });
    }
    return res;
  }

  async _provideAll() {
    for (const lz of this.fs._lazy.values()) if (!lz.done) await lz.fill();
  }

  /** The working directory execs start in. */
  getCwd() {
    return this._cwd;
  }
  /** The environment execs start with. */
  getEnv() {
    return { ...this._env };
  }
  async readFile(path) {
    return this.fs.readFile(native.pathResolve(this._cwd, String(path)));
  }
  async writeFile(path, content) {
    return this.fs.writeFile(native.pathResolve(this._cwd, String(path)), content);
  }
  /** Releases the native shell now (it also goes when collected). */
  dispose() {
    if (this._sh) native.shellDispose(this._sh);
    this._sh = null;
  }
}

// `sleep NUMBER[smhd]...` (GNU's syntax) waiting on an application's
// sleep function instead of the clock.
function sleepCommand(sleepFn) {
  const unit = { s: 1e3, m: 6e4, h: 36e5, d: 864e5 };
  return defineCommand("sleep", async (args) => {
    const ops = args[0] === "--" ? args.slice(1) : args;
    if (!ops.length) return { stdout: "", stderr: "sleep: missing operand\nTry 'sleep --help' for more information.\n", exitCode: 1 };
    let ms = 0;
    for (const a of ops) {
      const m = /^(\d+\.?\d*|\.\d+)([smhd]?)$/.exec(a);
      if (!m) return { stdout: "", stderr: `sleep: invalid time interval '${a}'\nTry 'sleep --help' for more information.\n`, exitCode: 1 };
      ms += parseFloat(m[1]) * unit[m[2] || "s"];
    }
    await sleepFn(ms);
    return { stdout: "", stderr: "", exitCode: 0 };
  });
}

function outBytes(s, kind) {
  if (s === undefined || s === null) return "";
  if (s instanceof Uint8Array) return s;
  if (kind === "bytes") return Buffer.from(String(s), "latin1");
  return Buffer.from(String(s), "utf8");
}

export const VERSION = native.version();
export default Bash;

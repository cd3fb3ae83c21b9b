// The Node package against just-bash's surface: constructor defaults,
// exec options and results, the IFileSystem verbs on the shell's own
// filesystem, custom commands, abort, concurrency and GC.
// Run: node --expose-gc --test bindings/node/test/
import test from "node:test";
import assert from "node:assert/strict";
import os from "node:os";
import fs from "node:fs";
import path from "node:path";
import { Bash, InMemoryFs, OverlayFs, MountableFs, defineCommand } from "../lib/index.js";

test("exec resolves stdout, stderr, exitCode and env", async () => {
  const b = new Bash();
  const r = await b.exec("echo hi; echo oops >&2; x=1; export Y=2; exit 3");
  assert.equal(r.stdout, "hi\n");
  assert.equal(r.stderr, "oops\n");
  assert.equal(r.exitCode, 3);
  assert.equal(r.env.x, "1");
  assert.equal(r.env.Y, "2");
  assert.equal(r.env.HOME, "/home/user");
});

test("defaults: cwd /home/user, HOME, PATH; with files cwd and HOME are /", async () => {
  const b = new Bash();
  assert.equal(b.getCwd(), "/home/user");
  assert.equal(b.getEnv().HOME, "/home/user");
  assert.equal(b.getEnv().PATH, "/usr/bin:/bin");
  assert.equal((await b.exec("pwd")).stdout, "/home/user\n");
  const f = new Bash({ files: { "/a/b.txt": "x" } });
  assert.equal(f.getCwd(), "/");
  assert.equal((await f.exec('pwd; echo "$HOME"')).stdout, "/\n/\n");
  const c = new Bash({ cwd: "/work/dir" });
  assert.equal((await c.exec('pwd; echo "$HOME"')).stdout, "/work/dir\n/\n");
});

test("each exec starts fresh; the filesystem carries over", async () => {
  const b = new Bash();
  await b.exec("x=1; cd /tmp; echo data > f");
  const r = await b.exec('echo "[$x]"; pwd; cat /tmp/f');
  assert.equal(r.stdout, "[]\n/home/user\ndata\n");
  assert.equal(b.getCwd(), "/home/user");
});

test("exec options: cwd, env, replaceEnv, stdin, args", async () => {
  const b = new Bash({ env: { BASE: "b" } });
  let r = await b.exec('pwd; echo "$A $BASE"', { cwd: "/tmp", env: { A: "a" } });
  assert.equal(r.stdout, "/tmp\na b\n");
  r = await b.exec('echo "[$BASE][$A][$HOME]"', { env: { A: "a" }, replaceEnv: true });
  assert.equal(r.stdout, "[][a][]\n");
  r = await b.exec("tr a-z A-Z", { stdin: "hello\n" });
  assert.equal(r.stdout, "HELLO\n");
  r = await b.exec("printf '%s|' ", { args: ["a b", "$c"] });
  assert.equal(r.stdout, "a b|$c|");
  r = await b.exec("pwd", { cwd: "/made/on/demand" });
  assert.equal(r.stdout, "/made/on/demand\n");
});

test("script errors resolve, never reject", async () => {
  const b = new Bash();
  let r = await b.exec("nosuchcmd");
  assert.equal(r.exitCode, 127);
  assert.match(r.stderr, /nosuchcmd: command not found/);
  r = await b.exec("if then fi");
  assert.equal(r.exitCode, 2);
  r = await b.exec("echo $((1/0))");
  assert.equal(r.exitCode, 1);
});

test("bytes: UTF-8 text, and latin1 for invalid UTF-8", async () => {
  const b = new Bash();
  assert.equal((await b.exec("echo héllo")).stdout, "héllo\n");
  assert.equal((await b.exec("printf '\\377'")).stdout, "\xff");
  await b.fs.writeFile("/bin.dat", new Uint8Array([0, 1, 255]));
  assert.deepEqual([...(await b.fs.readFileBuffer("/bin.dat"))], [0, 1, 255]);
  assert.equal((await b.exec("wc -c < /bin.dat")).stdout.trim(), "3");
});

test("readFile/writeFile resolve against the cwd; fs is the shell's", async () => {
  const b = new Bash();
  await b.writeFile("notes/a.txt", "A");
  assert.equal(await b.readFile("/home/user/notes/a.txt"), "A");
  await b.exec("echo B >> notes/a.txt");
  assert.equal(await b.fs.readFile("/home/user/notes/a.txt"), "AB\n");
});

test("fs verbs", async () => {
  const b = new Bash();
  const f = b.fs;
  await f.mkdir("/d/e", { recursive: true });
  await f.mkdir("/d/e"); // an existing directory is fine, as just-bash
  await f.writeFile("/d/e/f.txt", "hello");
  await f.appendFile("/d/e/f.txt", " world");
  assert.equal(await f.readFile("/d/e/f.txt"), "hello world");
  assert.equal(await f.readFile("/d/e/f.txt", "base64"), Buffer.from("hello world").toString("base64"));
  assert.equal(await f.readFile("/d/e/f.txt", { encoding: "hex" }), Buffer.from("hello world").toString("hex"));
  assert.equal(await f.exists("/d/e/f.txt"), true);
  assert.equal(await f.exists("/d/nope"), false);
  let st = await f.stat("/d/e/f.txt");
  assert.equal(st.isFile, true);
  assert.equal(st.isDirectory, false);
  assert.equal(st.size, 11);
  assert.equal(st.mode, 0o644);
  assert.ok(st.mtime instanceof Date);
  await f.chmod("/d/e/f.txt", 0o755);
  assert.equal((await f.stat("/d/e/f.txt")).mode, 0o755);
  await f.symlink("e/f.txt", "/d/link");
  assert.equal((await f.lstat("/d/link")).isSymbolicLink, true);
  assert.equal((await f.stat("/d/link")).isFile, true);
  assert.equal(await f.readlink("/d/link"), "e/f.txt");
  assert.equal(await f.realpath("/d/link"), "/d/e/f.txt");
  await f.link("/d/e/f.txt", "/d/hard");
  assert.equal((await f.stat("/d/hard")).nlink, 2);
  assert.deepEqual(await f.readdir("/d"), ["e", "hard", "link"]);
  const typed = await f.readdirWithFileTypes("/d");
  assert.deepEqual(typed.map((e) => [e.name, e.isFile, e.isDirectory, e.isSymbolicLink]), [
    ["e", false, true, false],
    ["hard", true, false, false],
    ["link", false, false, true],
  ]);
  await f.cp("/d/e", "/copy", { recursive: true });
  assert.equal(await f.readFile("/copy/f.txt"), "hello world");
  await f.mv("/copy", "/moved");
  assert.equal(await f.exists("/copy"), false);
  assert.equal(await f.readFile("/moved/f.txt"), "hello world");
  await f.utimes("/moved/f.txt", new Date(1e12), new Date(1.5e12));
  assert.equal((await f.stat("/moved/f.txt")).mtime.getTime(), 1.5e12);
  assert.equal(f.resolvePath("/a/b", "../c/./d"), "/a/c/d");
  assert.equal(f.resolvePath("/a/b", "/x"), "/x");
  const all = f.getAllPaths();
  assert.ok(all.includes("/moved/f.txt") && all.includes("/d/link") && all.includes("/"));
  await f.rm("/moved", { recursive: true });
  assert.equal(await f.exists("/moved"), false);
  await f.rm("/nope", { force: true });
  // the shell sees all of it at once
  assert.equal((await b.exec("cat /d/link; ls /d")).stdout, "hello worlde\nhard\nlink\n");
});

test("fs errors carry Node's codes and wording", async () => {
  const f = new Bash().fs;
  await assert.rejects(f.readFile("/nope"), { code: "ENOENT", message: "ENOENT: no such file or directory, open '/nope'" });
  await assert.rejects(f.readdir("/nope"), { code: "ENOENT", message: /scandir '\/nope'/ });
  await assert.rejects(f.readFile("/tmp"), { code: "EISDIR" });
  await f.writeFile("/file", "x");
  await assert.rejects(f.mkdir("/file"), { code: "EEXIST" });
  await assert.rejects(f.readdir("/file"), { code: "ENOTDIR" });
  await assert.rejects(f.rm("/nope"), { code: "ENOENT" });
  await f.mkdir("/full");
  await f.writeFile("/full/x", "x");
  await assert.rejects(f.rm("/full"), { code: "EISDIR" });
});

test("files seeding: strings, bytes, modes, lazy providers", async () => {
  let calls = 0;
  const b = new Bash({
    files: {
      "/etc/conf": "k=v\n",
      "/bin/tool.sh": { content: "echo tool\n", mode: 0o755 },
      "/raw": new Uint8Array([104, 105]),
      "/lazy.txt": () => {
        calls++;
        return "lazy content\n";
      },
      "/lazy-async.txt": async () => "async\n",
    },
  });
  assert.equal(calls, 0);
  assert.equal((await b.fs.stat("/bin/tool.sh")).mode, 0o755);
  assert.equal(await b.fs.readFile("/raw"), "hi");
  assert.equal(await b.fs.readFile("/lazy.txt"), "lazy content\n");
  assert.equal(calls, 1);
  const r = await b.exec("cat /etc/conf /lazy.txt /lazy-async.txt; sh /bin/tool.sh");
  assert.equal(r.stdout, "k=v\nlazy content\nasync\ntool\n");
  assert.equal(calls, 1);
});

test("InMemoryFs shared by two Bash instances", async () => {
  const mem = new InMemoryFs({ "/shared.txt": "s" });
  const a = new Bash({ fs: mem });
  const b = new Bash({ fs: mem });
  await a.exec("echo from-a > /a.txt");
  assert.equal((await b.exec("cat /a.txt /shared.txt")).stdout, "from-a\ns");
  assert.equal(await mem.readFile("/a.txt"), "from-a\n");
});

test("OverlayFs and MountableFs show a host folder; writes stay in memory", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vsh-node-"));
  fs.writeFileSync(path.join(dir, "host.txt"), "from host\n");
  try {
    const b = new Bash({ fs: new OverlayFs({ root: dir, mountPoint: "/proj" }), cwd: "/proj" });
    let r = await b.exec("cat host.txt; echo new > host.txt; cat host.txt; ls");
    assert.equal(r.stdout, "from host\nnew\nhost.txt\n");
    assert.equal(fs.readFileSync(path.join(dir, "host.txt"), "utf8"), "from host\n");
    const ro = new Bash({ fs: new OverlayFs({ root: dir, mountPoint: "/ro", readOnly: true }) });
    r = await ro.exec("cat /ro/host.txt; echo x > /ro/host.txt; echo $?");
    assert.equal(r.stdout, "from host\n1\n");
    assert.match(r.stderr, /Read-only file system/);
    await assert.rejects(ro.fs.writeFile("/ro/new", "x"), { code: "EROFS" });
    const m = new MountableFs({ base: new InMemoryFs() });
    m.mount("/mnt/h", new OverlayFs({ root: dir, mountPoint: "/" }));
    r = await new Bash({ fs: m }).exec("cat /mnt/h/host.txt");
    assert.equal(r.stdout, "from host\n");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("custom commands: args, stdin, env, cwd, fs and a nested exec", async () => {
  const hello = defineCommand("hello", async (args, ctx) => ({
    stdout: `hi ${args.join(",")} cwd=${ctx.cwd} in=${JSON.stringify(ctx.stdin)} FOO=${ctx.env.get("FOO")}\n`,
    stderr: "",
    exitCode: 3,
  }));
  const nest = defineCommand("nest", async (args, ctx) => {
    const r = await ctx.exec("echo nested $FOO; pwd; cat", { cwd: "/tmp", stdin: "piped\n" });
    await ctx.fs.writeFile("/from-cmd.txt", "written");
    return { stdout: r.stdout, stderr: "", exitCode: r.exitCode };
  });
  const boom = defineCommand("boom", async () => {
    throw new Error("kaput");
  });
  const b = new Bash({ customCommands: [hello, nest] });
  b.registerCommand(boom);
  const r = await b.exec("export FOO=bar; echo in | hello a b; echo $?; nest; boom; echo $?; cat /from-cmd.txt; echo $(hello x)");
  assert.equal(
    r.stdout,
    'hi a,b cwd=/home/user in="in\\n" FOO=bar\n3\nnested bar\n/tmp\npiped\n1\nwritten' +
      'hi x cwd=/home/user in="" FOO=bar\n',
  );
  assert.match(r.stderr, /boom: kaput/);
});

test("registerCommand while an exec runs throws; between execs it works", async () => {
  const later = defineCommand("later", async () => ({ stdout: "later\n", stderr: "", exitCode: 0 }));
  let b;
  const reg = defineCommand("reg", async () => {
    try {
      b.registerCommand(later);
      return { stdout: "registered\n", stderr: "", exitCode: 0 };
    } catch (e) {
      return { stdout: `refused: ${e.message}\n`, stderr: "", exitCode: 1 };
    }
  });
  b = new Bash({ customCommands: [reg] });
  const r = await b.exec("reg");
  assert.match(r.stdout, /^refused: .*running an exec/);
  b.registerCommand(later);
  assert.equal((await b.exec("later")).stdout, "later\n");
});

test("a custom command overrides a builtin", async () => {
  const b = new Bash({ customCommands: [defineCommand("ls", async () => ({ stdout: "custom ls\n", stderr: "", exitCode: 0 }))] });
  assert.equal((await b.exec("ls /")).stdout, "custom ls\n");
});

test("commands allowlist and processInfo", async () => {
  const b = new Bash({ commands: ["echo", "cat"], processInfo: { pid: 42, ppid: 7, uid: 0 } });
  const r = await b.exec("echo $$ $PPID $UID; ls; echo $?; echo x | cat");
  assert.equal(r.stdout, "42 7 0\n127\nx\n");
  assert.match(r.stderr, /ls: command not found/);
});

test("abort resolves 124 with the output so far", async () => {
  const b = new Bash();
  const ac = new AbortController();
  setTimeout(() => ac.abort(), 150);
  const t0 = Date.now();
  const r = await b.exec("echo started; sleep 10; echo never", { signal: ac.signal });
  assert.ok(Date.now() - t0 < 2000);
  assert.equal(r.exitCode, 124);
  assert.equal(r.stdout, "started\n");
  const pre = new AbortController();
  pre.abort();
  const r2 = await b.exec("echo no", { signal: pre.signal });
  assert.equal(r2.exitCode, 124);
  assert.equal(r2.stdout, "");
  // a busy loop stops too
  const ac3 = new AbortController();
  setTimeout(() => ac3.abort(), 100);
  const r3 = await b.exec("while :; do :; done", { signal: ac3.signal });
  assert.equal(r3.exitCode, 124);
});

test("maxExecutionTimeMs ends a script with 124", async () => {
  const b = new Bash({ executionLimits: { maxExecutionTimeMs: 200 } });
  const r = await b.exec("echo a; sleep 5");
  assert.equal(r.exitCode, 124);
  assert.equal(r.stdout, "a\n");
});

test("limits: loop iterations and call depth", async () => {
  const b = new Bash({ executionLimits: { maxLoopIterations: 100, maxCallDepth: 10 } });
  let r = await b.exec("for i in $(seq 1000); do :; done");
  assert.equal(r.exitCode, 126);
  r = await b.exec("f() { f; }; f");
  assert.notEqual(r.exitCode, 0);
});

test("exec never blocks the event loop", async () => {
  const b = new Bash();
  let ticks = 0;
  const iv = setInterval(() => ticks++, 10);
  await b.exec("i=0; while [ $i -lt 30000 ]; do i=$((i+1)); done");
  clearInterval(iv);
  assert.ok(ticks >= 3, `only ${ticks} ticks`);
});

test("concurrent execs on one instance and on many instances", async () => {
  const b = new Bash();
  const rs = await Promise.all(Array.from({ length: 16 }, (_, i) => b.exec(`echo ${i} > /tmp/f${i}; cat /tmp/f${i}`)));
  rs.forEach((r, i) => assert.equal(r.stdout, `${i}\n`));
  const many = Array.from({ length: 20 }, () => new Bash());
  const out = await Promise.all(many.map((x, i) => x.exec(`echo ${i}`)));
  out.forEach((r, i) => assert.equal(r.stdout, `${i}\n`));
});

test("dispose releases the shell; exec after dispose throws", async () => {
  const b = new Bash();
  await b.exec("true");
  b.dispose();
  await assert.rejects(b.exec("true"), /disposed/);
});

test("instances are released when collected", { skip: typeof global.gc !== "function" && "needs --expose-gc" }, async () => {
  const before = process.memoryUsage().rss;
  for (let round = 0; round < 5; round++) {
    for (let i = 0; i < 200; i++) {
      const b = new Bash({ files: { "/big": "x".repeat(100000) }, customCommands: [defineCommand("c", async () => ({ stdout: "" }))] });
      await b.exec("cat /big > /dev/null; c");
    }
    global.gc();
    await new Promise((r) => setTimeout(r, 10));
  }
  global.gc();
  const grown = process.memoryUsage().rss - before;
  assert.ok(grown < 200 * 1024 * 1024, `rss grew by ${grown}`);
});

test("logger receives exec, output and exit", async () => {
  const seen = [];
  const b = new Bash({ logger: { info: (m) => seen.push(m), debug: (m) => seen.push(m) } });
  await b.exec("echo x");
  assert.deepEqual(seen, ["exec", "stdout", "exit"]);
});

test("custom commands see here-documents on other fds, raw bytes as latin1, stderr first", async () => {
  const fdcmd = defineCommand("fds", async (args, ctx) => ({
    stdout: [...ctx.fileDescriptors].map(([fd, s]) => `${fd}:${s}`).join("") + args.map((a) => a.length).join(","),
    stderr: "E\n",
    exitCode: 0,
  }));
  const b = new Bash({ customCommands: [fdcmd] });
  let r = await b.exec("fds \"$(printf '\\377')\" é 8<<EOF\nhere\nEOF\n");
  assert.equal(r.stdout, "8:here\n1,1");
  r = await b.exec("fds |& cat");
  assert.equal(r.stdout, "E\n");
  assert.equal((await b.exec("echo $-")).stdout, "hBs\n");
});

test("error paths: bad options and handles", async () => {
  assert.throws(() => new Bash({ fs: { readFile() {} } }), /options.fs must be/);
  assert.throws(() => new OverlayFs({}), /root is required/);
  assert.throws(() => new OverlayFs({ root: "/nonexistent/vsh-root" }), { code: "ENOENT" });
  const b = new Bash();
  assert.throws(() => b.registerCommand({ name: "x" }), /expected \{name, execute/);
  assert.throws(() => new MountableFs({ base: {} }), /base must be/);
  assert.throws(() => new MountableFs().mount("/m", new InMemoryFs()), /OverlayFs/);
  // a cwd that is a file: the exec resolves with an error status
  await b.fs.writeFile("/afile", "x");
  const r = await b.exec("pwd", { cwd: "/afile" });
  assert.notEqual(r.exitCode, 0);
  assert.match(r.stderr, /afile/);
  // a custom command whose promise never settles stops at the deadline
  const hang = defineCommand("hang", () => new Promise(() => {}));
  const h = new Bash({ customCommands: [hang], executionLimits: { maxExecutionTimeMs: 200 } });
  const t0 = Date.now();
  const r2 = await h.exec("echo before; hang; echo after");
  assert.equal(r2.exitCode, 124);
  assert.equal(r2.stdout, "before\n");
  assert.ok(Date.now() - t0 < 3000);
  // ctx.exec after the command returned is refused
  let late;
  const early = defineCommand("early", async (a, ctx) => {
    late = ctx;
    return { stdout: "", stderr: "", exitCode: 0 };
  });
  const e = new Bash({ customCommands: [early] });
  await e.exec("early");
  await assert.rejects(late.exec("echo x"), /after the command returned/);
});

test("the sleep option: the sleep command waits on it", async () => {
  const slept = [];
  const b = new Bash({ sleep: async (ms) => { slept.push(ms); } });
  const t0 = Date.now();
  const r = await b.exec("sleep 100; sleep 1.5 2m; sleep x; echo $?");
  assert.ok(Date.now() - t0 < 2000);
  assert.deepEqual(slept, [100000, 121500]);
  assert.equal(r.stdout, "1\n");
  assert.match(r.stderr, /invalid time interval 'x'/);
});

test("network: none by default; allowedUrlPrefixes and methods as just-bash's", async () => {
  let r = await new Bash().exec("curl -sS http://127.0.0.1:1/");
  assert.equal(r.exitCode, 7);
  assert.match(r.stderr, /has no network access/);
  const b = new Bash({ network: { allowedUrlPrefixes: ["http://127.0.0.1:1/api"] } });
  r = await b.exec("curl -sS http://127.0.0.1:1/api/x");
  assert.match(r.stderr, /Failed to connect/); // allowed: it got to connect
  r = await b.exec("curl -sS http://127.0.0.1:1/apix");
  assert.match(r.stderr, /not allowed by the sandbox network policy/);
  r = await b.exec("curl -sS -d x http://127.0.0.1:1/api/x");
  assert.match(r.stderr, /Method POST not allowed/);
  const f = new Bash({ network: { dangerouslyAllowFullInternetAccess: true } });
  r = await f.exec("curl -sS http://127.0.0.1:1/");
  assert.match(r.stderr, /Address 127\.0\.0\.1/);
});

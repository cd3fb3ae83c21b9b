// Flue's bash(factory): the BashLike it duck-types, used exactly as the
// runtime uses it (exec with cwd/env/signal, getCwd, the nine fs verbs,
// a timeout turned into an abort that resolves 124).
import test from "node:test";
import assert from "node:assert/strict";
import { Bash, defineCommand } from "../lib/index.js";

// What @flue/runtime's bash() does with the instance (from the contract).
async function fromBashLike(factory) {
  const b = await factory();
  if (!b || typeof b.exec !== "function" || typeof b.getCwd !== "function" || !b.fs)
    throw new Error("[flue] BashFactory must return a Bash-like object.");
  const cwd = b.getCwd();
  const resolve = (p) => b.fs.resolvePath(cwd, p);
  return {
    cwd,
    async exec(cmd, opts = {}) {
      const ac = new AbortController();
      const timer = opts.timeoutMs ? setTimeout(() => ac.abort(new Error("timeout")), opts.timeoutMs) : null;
      const onAbort = () => ac.abort(opts.signal.reason);
      if (opts.signal) {
        if (opts.signal.aborted) throw new Error("aborted");
        opts.signal.addEventListener("abort", onAbort, { once: true });
      }
      try {
        const r = await b.exec(cmd, { cwd: opts.cwd ? resolve(opts.cwd) : cwd, env: opts.env, signal: ac.signal });
        if (opts.signal && opts.signal.aborted) throw new Error("aborted");
        if (ac.signal.aborted) return { stdout: r.stdout, stderr: `Command timed out after ${opts.timeoutMs} ms\n`, exitCode: 124 };
        return { stdout: r.stdout, stderr: r.stderr, exitCode: r.exitCode };
      } finally {
        if (timer) clearTimeout(timer);
        if (opts.signal) opts.signal.removeEventListener("abort", onAbort);
      }
    },
    readFile: (p) => b.fs.readFile(resolve(p)),
    readFileBuffer: (p) => b.fs.readFileBuffer(resolve(p)),
    async writeFile(p, c) {
      const abs = resolve(p);
      try {
        await b.fs.writeFile(abs, c);
      } catch {
        await b.fs.mkdir(abs.replace(/\/[^/]*$/, "") || "/", { recursive: true });
        await b.fs.writeFile(abs, c);
      }
    },
    stat: (p) => b.fs.stat(resolve(p)),
    readdir: (p) => b.fs.readdir(resolve(p)),
    exists: (p) => b.fs.exists(resolve(p)),
    mkdir: (p, o) => b.fs.mkdir(resolve(p), o),
    rm: (p, o) => b.fs.rm(resolve(p), o),
    resolvePath: (p) => resolve(p),
  };
}

test("Flue bash(): a vsh Bash is a BashLike", async () => {
  const env = await fromBashLike(() => new Bash({
    files: { "/workspace/README.md": "# hi\n" },
    cwd: "/workspace",
    customCommands: [defineCommand("greet", async (a) => ({ stdout: `hello ${a[0]}\n`, stderr: "", exitCode: 0 }))],
  }));
  assert.equal(env.cwd, "/workspace");
  let r = await env.exec("cat README.md; greet flue; echo $MODE", { env: { MODE: "test" } });
  assert.deepEqual(r, { stdout: "# hi\nhello flue\ntest\n", stderr: "", exitCode: 0 });
  r = await env.exec("pwd", { cwd: "sub" });
  assert.equal(r.stdout, "/workspace/sub\n");
  await env.writeFile("out/nested/report.md", "report");
  assert.equal(await env.readFile("out/nested/report.md"), "report");
  assert.deepEqual([...(await env.readFileBuffer("out/nested/report.md"))], [...Buffer.from("report")]);
  assert.equal((await env.stat("out")).isDirectory, true);
  assert.deepEqual(await env.readdir("out"), ["nested"]);
  assert.equal(await env.exists("out/nested/report.md"), true);
  await env.mkdir("a/b", { recursive: true });
  assert.equal(await env.exists("a/b"), true);
  await env.rm("a", { recursive: true, force: true });
  assert.equal(await env.exists("a"), false);
  assert.equal(env.resolvePath("../x"), "/x");
  r = await env.exec("ls out/nested && exit 4");
  assert.equal(r.stdout, "report.md\n");
  assert.equal(r.exitCode, 4);
});

test("Flue bash(): timeoutMs via abort resolves 124", async () => {
  const env = await fromBashLike(() => new Bash());
  const t0 = Date.now();
  const r = await env.exec("echo partial; sleep 30", { timeoutMs: 200 });
  assert.equal(r.exitCode, 124);
  assert.equal(r.stdout, "partial\n");
  assert.ok(Date.now() - t0 < 3000);
});

test("Flue bash(): a caller abort rejects", async () => {
  const env = await fromBashLike(() => new Bash());
  const ac = new AbortController();
  setTimeout(() => ac.abort(), 100);
  await assert.rejects(env.exec("sleep 30", { signal: ac.signal }), /aborted/);
});

test("Flue bash(): a value that is not Bash-like is refused", async () => {
  await assert.rejects(fromBashLike(() => ({})), /BashFactory must return a Bash-like object/);
});

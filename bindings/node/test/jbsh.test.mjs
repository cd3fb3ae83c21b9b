// ../shared/conformance/jb-sh.js replays recorded bash cases through
// just-bash's Bash; with JB_MODULE pointing at this package it must run
// unchanged on vsh.
import test from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = path.resolve(here, "..");
const cands = [process.env.VSH_CONFORMANCE, path.resolve(pkg, "../../../shared/conformance"),
  path.resolve(pkg, "../../../../shared/conformance")].filter(Boolean);
const conf = cands.find((d) => fs.existsSync(path.join(d, "jb-sh.js")));

function run(args, input, extraEnv = {}) {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "vsh-jbsh-"));
  try {
    return spawnSync(process.execPath, [path.join(conf, "jb-sh.js"), ...args], {
      cwd,
      input: input ?? "",
      env: { PATH: process.env.PATH, JB_MODULE: pkg, SH: "bash", TMP: cwd, ...extraEnv },
      encoding: "latin1",
      timeout: 30000,
    });
  } finally {
    fs.rmSync(cwd, { recursive: true, force: true });
  }
}

test("jb-sh.js runs vsh through JB_MODULE", { skip: !conf && "shared/conformance/jb-sh.js not found" }, () => {
  let r = run(["-c", 'echo hi; pwd | grep -c vsh-jbsh; argv.py a "b c"; printenv.py SH NOPE']);
  assert.equal(r.stderr, "");
  assert.equal(r.stdout, "hi\n1\n['a', 'b c']\nbash\nNone\n");
  assert.equal(r.status, 0);
  r = run(["-c", 'echo "$0 $1 $2"; exit 7', "arg0", "x", "y z"]);
  assert.equal(r.stdout, "bash x y z\n"); // jb-sh.js sets $1.. only, as with just-bash
  assert.equal(r.status, 7);
  r = run([], "read line; echo got $line\nfor i in 1 2; do echo $i; done\n");
  assert.equal(r.stdout, "got\n1\n2\n"); // the script came on stdin: it sees none
  r = run(["-c", "cat; stdout_stderr.py out err 3"], "from stdin\n");
  assert.equal(r.stdout, "from stdin\nout\n");
  assert.equal(r.stderr, "err\n");
  assert.equal(r.status, 3);
  r = run(["-c", "printf '\\xff\\xfe' | od -An -tx1; echo é"]);
  assert.equal(r.stdout, " ff fe\n" + Buffer.from("é\n").toString("latin1"));
  r = run(["-e", "-c", "false; echo never"]);
  assert.equal(r.stdout, "");
  assert.equal(r.status, 1);
  r = run(["-c", 'cat <<EOF\n  indented $HOME\nEOF\nread_from_fd.py 0 <<< "here"']);
  assert.equal(r.stdout, "  indented /\n0: here\n");
});

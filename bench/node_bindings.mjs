// node_bindings.mjs: the Node package (bindings/node) against just-bash
// in the same Node process: `new Bash()` + exec('echo hi') round trips,
// and 1,000 execs on one instance.  Usage:
//   node bench/node_bindings.mjs [JUST_BASH_DIR]
// JUST_BASH_DIR holds node_modules/just-bash (default /tmp/jb); without it
// only vsh is measured.  Prints a markdown table and a JSON line.
import path from "node:path";
import fs from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const vsh = await import(pathToFileURL(path.join(here, "..", "bindings", "node", "lib", "index.js")).href);
let jb = null;
for (const d of [process.argv[2], "/tmp/jb", "/tmp/vsh-bench-jb"].filter(Boolean)) {
  const p = path.join(d, "node_modules", "just-bash", "dist", "bundle", "index.js");
  if (fs.existsSync(p)) {
    jb = await import(pathToFileURL(p).href);
    break;
  }
}

const now = () => Number(process.hrtime.bigint()) / 1e6;
const median = (a) => a.slice().sort((x, y) => x - y)[Math.floor(a.length / 2)];

async function roundTrip(Bash, n) {
  const t = [];
  for (let i = 0; i < n; i++) {
    const s = now();
    const b = new Bash();
    const r = await b.exec("echo hi");
    t.push(now() - s);
    if (r.stdout !== "hi\n") throw new Error("bad output: " + JSON.stringify(r));
    if (b.dispose) b.dispose();
  }
  return median(t);
}

async function loop(Bash, n) {
  const b = new Bash();
  await b.exec("echo warm");
  const s = now();
  for (let i = 0; i < n; i++) {
    const r = await b.exec(`echo ${i}`);
    if (r.stdout !== `${i}\n`) throw new Error("bad output");
  }
  return now() - s;
}

const res = {};
for (const [name, mod] of [["vsh", vsh], ["just-bash", jb]]) {
  if (!mod) continue;
  await roundTrip(mod.Bash, 5); // warm up
  res[name] = { roundtrip_ms: await roundTrip(mod.Bash, 51), loop1000_ms: await loop(mod.Bash, 1000) };
}
const f = (x) => (x === undefined ? "-" : x < 1 ? x.toFixed(3) : x.toFixed(1));
const v = res.vsh, j = res["just-bash"];
const ratio = (a, b) => (a && b ? (b / a).toFixed(1) + "x" : "-");
console.log("| Node workload | vsh package | just-bash | vsh faster |");
console.log("|---|---|---|---|");
console.log(`| new Bash() + exec('echo hi') (median) | ${f(v.roundtrip_ms)} ms | ${f(j?.roundtrip_ms)} ms | ${ratio(v.roundtrip_ms, j?.roundtrip_ms)} |`);
console.log(`| 1,000 execs on one instance | ${f(v.loop1000_ms)} ms (${f(v.loop1000_ms)} us/exec) | ${f(j?.loop1000_ms)} ms | ${ratio(v.loop1000_ms, j?.loop1000_ms)} |`);
console.log(JSON.stringify({ bench: "node_bindings", ...res }));

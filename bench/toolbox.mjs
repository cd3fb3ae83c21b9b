// toolbox.mjs: just-bash timings of the toolbox workloads of bench/run.sh
// over the same host-generated data (argv[2] = the data folder).  Each
// workload runs in a Bash instance seeded with its data; prints one JSON
// line per workload: {"bench": name, "ms": median of RUNS, "stdout": ...}.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
const { Bash } = await import("just-bash");
const dir = process.argv[2];
const runs = Number(process.env.RUNS || 3);

function tree(host, vpath, out) {
  for (const name of readdirSync(host)) {
    const h = join(host, name), v = vpath + "/" + name;
    if (statSync(h).isDirectory()) tree(h, v, out);
    else out[v] = readFileSync(h, "utf8");
  }
  return out;
}

async function bench(name, files, script) {
  const bash = new Bash({ files });
  await bash.exec("echo warm");
  const t = [];
  let r;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    r = await bash.exec(script);
    t.push(performance.now() - t0);
  }
  t.sort((a, b) => a - b);
  console.log(JSON.stringify({ bench: name, ms: +t[runs >> 1].toFixed(1),
    stdout: r.stdout.trim(), exitCode: r.exitCode, stderr: r.stderr.slice(0, 120) }));
}

const only = process.env.ONLY || "grep,sort,find";
if (only.includes("grep"))
  await bench("grep100m", { "/data/big.txt": readFileSync(join(dir, "big.txt"), "utf8") },
    "grep -c 'fox 42 ' /data/big.txt");
if (only.includes("sort"))
  await bench("sort1m", { "/data/nums.txt": readFileSync(join(dir, "nums.txt"), "utf8") },
    "sort /data/nums.txt | md5sum");
if (only.includes("find"))
  await bench("find10k", tree(join(dir, "tree"), "/data/tree", {}),
    "find /data/tree -type f -name '*.txt' | wc -l");

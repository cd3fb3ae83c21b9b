// native.js: finds and loads the vsh addon (vsh.node).  Looked for, in
// order: $VSH_NODE_ADDON, the copy `make node` puts in this package
// (prebuilds/vsh.node), and the in-tree build (build/bindings/node).
import { createRequire } from "node:module";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

function load() {
  const cands = [];
  if (process.env.VSH_NODE_ADDON) cands.push(process.env.VSH_NODE_ADDON);
  cands.push(path.join(here, "..", "prebuilds", "vsh.node"));
  cands.push(path.join(here, "..", "..", "..", "build", "bindings", "node", "vsh.node"));
  for (const p of cands) if (existsSync(p)) return require(p);
  throw new Error("vsh: the native addon was not found (run `make node`); looked in: " + cands.join(", "));
}

export const native = load();
// From here on Node closes the addon's threadsafe functions itself.
process.once("exit", () => native.teardown());

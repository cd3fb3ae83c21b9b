// Where just-bash keeps its bundle: tools that load just-bash by path
// (JB_MODULE/dist/bundle/index.js) find vsh here.
export * from "../../lib/index.js";

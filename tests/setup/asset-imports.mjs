/**
 * `node --import tsx --import ./tests/setup/asset-imports.mjs …`: lets a plain Node process (a second
 * server process in a test) import the catalogue's pictures as Vite does, each as its URL string, so
 * server code that reaches the catalogue loads outside Vite.
 */
import { register } from "node:module";

const hooks = `
export async function load(url, context, nextLoad) {
  if (/\\.(svg|png|jpe?g|webp)$/.test(new URL(url).pathname)) {
    return { format: "module", source: "export default " + JSON.stringify(url) + ";", shortCircuit: true };
  }
  return nextLoad(url, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);

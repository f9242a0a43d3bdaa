// Starts the production build for the browser tests on a throwaway data dir, with its loopback
// SMTP, mail-reading API and SMS fake on PORT+1..PORT+3 (support/own-server.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startShopServer } from "./support/own-server";

const port = Number(process.env.PORT ?? 4173);
const dataDir = mkdtempSync(join(tmpdir(), "swag-e2e-"));
const server = await startShopServer({ port, dataDir });

process.on("SIGTERM", () => server.child.kill("SIGTERM"));
process.on("SIGINT", () => server.child.kill("SIGINT"));
const code = await server.exited;
rmSync(dataDir, { recursive: true, force: true });
process.exit(code);

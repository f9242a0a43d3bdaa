/**
 * Simulated checkout users for the autosave and crash-safety benches: real accounts with real
 * sessions, signed up by seed-users.ts on the server's data dir before the server starts, and
 * the drafts API called the way the browser's autosave calls it (use-draft-autosave.ts).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const PRODUCT_ID = "8";

/**
 * The environment the seeder and every server on `dataDir` (and `databaseUrl`, if any) share. The session cookies are signed
 * with AUTH_SECRET, so it must stay the same for as long as the cookies are used.
 */
export function usersServerEnv(dataDir: string, baseUrl: string, databaseUrl = ""): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    BASE_URL: baseUrl,
    AUTH_SECRET: randomBytes(24).toString("hex"),
    DATABASE_URL: databaseUrl,
    SMTP_URL: "",
  };
}

/** Signs `count` users up and in on `env`'s data dir (no server may hold it) and returns their cookies. */
export async function seedUsers(env: NodeJS.ProcessEnv, count: number): Promise<string[]> {
  const out = join(env.DATA_DIR ?? ".", "bench-cookies.json");
  await new Promise<void>((resolve, reject) => {
    // The shop logs outgoing mail to stdout; stdout is the table's, so the seeder's goes nowhere.
    const child = spawn("npx", ["tsx", "scripts/bench/seed-users.ts", String(count), out], {
      env,
      stdio: ["ignore", "ignore", "inherit"],
    });
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`seeding users exited with ${code}`))));
  });
  return JSON.parse(readFileSync(out, "utf8")) as string[];
}

export interface DraftRef {
  id: string;
  version: number;
}

export type SaveOutcome =
  | { kind: "saved"; draft: DraftRef }
  | { kind: "conflict"; current: DraftRef }
  | { kind: "failed"; reason: string };

function jsonHeaders(baseUrl: string, cookie: string) {
  return { cookie, origin: baseUrl, "content-type": "application/json" };
}

/** Step 2's first save: a draft for the cap, 50 of them. */
export async function createDraft(baseUrl: string, cookie: string, notes = ""): Promise<DraftRef> {
  const response = await fetch(`${baseUrl}/api/drafts`, {
    method: "POST",
    headers: jsonHeaders(baseUrl, cookie),
    body: JSON.stringify({ product_id: PRODUCT_ID, patch: { quantity: 50, notes } }),
  });
  if (response.status !== 201) {
    await response.body?.cancel();
    throw new Error(`creating a draft answered ${response.status}`);
  }
  const { id, version } = ((await response.json()) as { draft: DraftRef }).draft;
  return { id, version };
}

/** The body of one step-2 autosave, as the browser sends it. */
export function notesSaveBody(notes: string, expectedVersion: number): string {
  return JSON.stringify({ step: "customisation", patch: { notes }, expectedVersion });
}

/**
 * One step-2 autosave of `notes`. Resolves once the whole response has arrived, which is when the
 * browser counts a save as acknowledged; rejects when the connection fails.
 */
export async function saveNotes(baseUrl: string, cookie: string, draft: DraftRef, notes: string): Promise<SaveOutcome> {
  const response = await fetch(`${baseUrl}/api/drafts/${draft.id}`, {
    method: "POST",
    headers: jsonHeaders(baseUrl, cookie),
    body: notesSaveBody(notes, draft.version),
  });
  const body = (await response.json()) as { draft?: DraftRef; error?: { code: string; current?: DraftRef } };
  if (response.status === 200 && body.draft)
    return { kind: "saved", draft: { id: body.draft.id, version: body.draft.version } };
  if (response.status === 409 && body.error?.current) {
    return { kind: "conflict", current: { id: body.error.current.id, version: body.error.current.version } };
  }
  return { kind: "failed", reason: `save ${response.status} ${body.error?.code ?? ""}`.trim() };
}

/** The draft as stored, read as its owner. */
export async function readDraft(
  baseUrl: string,
  cookie: string,
  id: string,
): Promise<DraftRef & { notes: string | undefined }> {
  const response = await fetch(`${baseUrl}/api/drafts/${id}`, { headers: { cookie } });
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new Error(`reading draft ${id} answered ${response.status}`);
  }
  const { draft } = (await response.json()) as { draft: DraftRef & { data: { notes?: string } } };
  return { id: draft.id, version: draft.version, notes: draft.data.notes };
}

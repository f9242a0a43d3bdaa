// Decision 031: the shop as two processes (WEB_CONCURRENCY=2) on one port and one real
// PostgreSQL. Each request here goes on a connection of its own, which node:cluster hands to the
// processes in turn, and the JSON log says which process answered each request id, so the journey
// can prove a session, a draft and a rate limit hold across processes, and that killing one
// process loses no acknowledged save. .ci/run's cluster serves it (TEST_DATABASE_URL); without one,
// the spec starts a throwaway cluster of its own, as the bench does (scripts/bench/postgres.ts).
import { request as httpRequest } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { type Postgres, postgresBinDir, startPostgres } from "../../scripts/bench/postgres";
import { clientAddress, expect, Mailbox, newBuyer, test } from "./support/fixtures";
import { type ShopServer, startShopServer } from "./support/own-server";

const PORT = 4890;

test.describe.configure({ mode: "serial" });

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** One request on a new connection (no keep-alive), so the cluster picks a process for it. */
function call(
  path: string,
  options: { method?: string; headers?: Record<string, string>; form?: Record<string, string>; json?: unknown } = {},
): Promise<Answer> {
  const body = options.form
    ? new URLSearchParams(options.form).toString()
    : options.json !== undefined
      ? JSON.stringify(options.json)
      : undefined;
  const headers: Record<string, string> = { Origin: `http://127.0.0.1:${PORT}`, ...options.headers };
  if (options.form) headers["Content-Type"] = "application/x-www-form-urlencoded";
  if (options.json !== undefined) headers["Content-Type"] = "application/json";
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      { host: "127.0.0.1", port: PORT, path, method: options.method ?? (body ? "POST" : "GET"), headers, agent: false },
      (response) => {
        let text = "";
        response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
        response.on("error", reject);
      },
    );
    sent.on("error", reject);
    sent.end(body);
  });
}

let server: ShopServer | undefined;
let ownCluster: Postgres | undefined;
let databaseUrl = "";
/** The shop's own database on that server. */
let shopDatabaseUrl = "";
let dataDir = "";
let database = "";
const log: Array<{ pid: number; requestId?: string; msg: string }> = [];
let partial = "";

/** The process that answered `answer`, from the log line of its request id. */
async function pidOf(answer: Answer): Promise<number> {
  const requestId = answer.headers["x-request-id"];
  let pid: number | undefined;
  await expect.poll(() => (pid = log.find((line) => line.requestId === requestId)?.pid)).toBeDefined();
  return pid as number;
}

const readyPids = () => log.filter((line) => line.msg.startsWith("Swag storefront ready")).map((line) => line.pid);

test.beforeAll(async () => {
  databaseUrl = process.env.TEST_DATABASE_URL ?? "";
  if (!databaseUrl) {
    const binDir = postgresBinDir();
    if (!binDir)
      throw new Error(
        "This journey needs PostgreSQL: set TEST_DATABASE_URL, or install it (apt-get install -y postgresql)",
      );
    ownCluster = await startPostgres(binDir);
    databaseUrl = ownCluster.url;
  }
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  database = `swag_processes_${process.pid}_${Date.now()}`;
  await admin.query(`create database ${database}`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  shopDatabaseUrl = url.toString();
  dataDir = mkdtempSync(join(tmpdir(), "swag-e2e-processes-"));
  server = await startShopServer({
    port: PORT,
    dataDir,
    waitUntilUp: true,
    env: { DATABASE_URL: url.toString(), WEB_CONCURRENCY: "2" },
    onLog: (chunk) => {
      const lines = (partial + chunk).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) if (line.startsWith("{")) log.push(JSON.parse(line));
    },
  });
  await expect.poll(() => new Set(readyPids()).size, { timeout: 30_000 }).toBe(2);
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  try {
    if (!database) return;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  } finally {
    ownCluster?.stop();
  }
});

/** A confirmed buyer's session cookie, signed up through whichever processes answer. */
async function signedUpBuyer(mailbox: Mailbox): Promise<{ cookie: string; verifiedBy: number }> {
  const buyer = newBuyer("processes");
  const address = { "X-Forwarded-For": clientAddress() };
  const signUp = await call("/sign-up", {
    headers: address,
    form: { firstName: buyer.firstName, lastName: buyer.lastName, identifier: buyer.email, password: buyer.password },
  });
  expect(signUp.status, signUp.body).toBeLessThan(400);
  const code = await mailbox.code(buyer.email, /verification code/);
  const verify = await call(`/verify?identifier=${encodeURIComponent(buyer.email)}`, {
    headers: address,
    form: { intent: "verify", identifier: buyer.email, code },
  });
  expect(verify.status).toBeLessThan(400);
  const setCookie = [verify.headers["set-cookie"] ?? []].flat();
  const cookie = setCookie.map((entry) => entry.split(";")[0]).join("; ");
  expect(cookie).toContain("session_token");
  return { cookie, verifiedBy: await pidOf(verify) };
}

type Draft = { id: string; version: number; data: { notes?: string } };

async function newDraft(cookie: string): Promise<Draft> {
  const created = await call("/api/drafts", {
    headers: { cookie },
    json: { product_id: "8", patch: { quantity: 50 } },
  });
  expect(created.status, created.body).toBe(201);
  return (JSON.parse(created.body) as { draft: Draft }).draft;
}

const saveNotes = (cookie: string, draft: Draft, notes: string) =>
  call(`/api/drafts/${draft.id}`, {
    headers: { cookie },
    json: { step: "customisation", patch: { notes }, expectedVersion: draft.version },
  });

async function readDraft(cookie: string, id: string): Promise<{ draft: Draft; pid: number }> {
  // A connection handed to a process as it is killed is dropped: the reader asks again.
  let read: Answer | null = null;
  const errors: string[] = [];
  for (let attempt = 0; attempt < 5 && !read; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    read = await call(`/api/drafts/${id}`, { headers: { cookie } }).catch((error: Error) => {
      errors.push(error.message);
      return null;
    });
  }
  if (!read) throw new Error(`draft ${id} could not be read: ${errors.join("; ")}`);
  expect(read.status).toBe(200);
  return { draft: (JSON.parse(read.body) as { draft: Draft }).draft, pid: await pidOf(read) };
}

test("a buyer signs in through one process and saves a draft through the other", async () => {
  const mailbox = new Mailbox(server?.url as string);
  const { cookie, verifiedBy } = await signedUpBuyer(mailbox);
  let draft = await newDraft(cookie);
  // The kernel gives each new connection to whichever process accepts it first: save until the
  // other process has answered some (each save a connection of its own).
  const savedBy = new Set<number>();
  for (let edit = 1; edit <= 40 && savedBy.size < 2; edit++) {
    const saved = await saveNotes(cookie, draft, `edit ${edit}`);
    expect(saved.status, saved.body).toBe(200);
    draft = (JSON.parse(saved.body) as { draft: Draft }).draft;
    savedBy.add(await pidOf(saved));
  }
  expect([...savedBy].filter((pid) => pid !== verifiedBy)).toHaveLength(1);
  const readers = new Set<number>();
  for (let n = 0; n < 40 && readers.size < 2; n++) {
    const { draft: stored, pid } = await readDraft(cookie, draft.id);
    expect([stored.version, stored.data.notes]).toEqual([draft.version, draft.data.notes]);
    readers.add(pid);
  }
  expect(readers.size).toBe(2);
});

test("a rate limit counts the hits of both processes together", async () => {
  const address = { "X-Forwarded-For": clientAddress() };
  const allowedBy = new Set<number>();
  // The price toggle allows an address 60 switches a minute (routes/prices.ts).
  for (let n = 0; n < 60; n++) {
    const switched = await call("/prices", { headers: address, form: { mode: n % 2 ? "inc" : "ex", returnTo: "/" } });
    expect(switched.status, `switch ${n + 1}`).toBeLessThan(400);
    allowedBy.add(await pidOf(switched));
  }
  expect(allowedBy.size).toBe(2);
  for (let n = 0; n < 2; n++) {
    const refused = await call("/prices", { headers: address, form: { mode: "ex", returnTo: "/" } });
    expect(refused.status).toBe(429);
  }
});

test("a product changed in the catalogue is what both processes show within a second, signed-out pages included", async () => {
  const heading = (answer: Answer) => /<h1[^>]*>([^<]*)<\/h1>/.exec(answer.body)?.[1];
  const EDITED = "Custom Embroidered Cap, edited";
  // Both processes render the cap's page and keep it in their signed-out page caches.
  const cached = new Set<number>();
  while (cached.size < 2) {
    const page = await call("/product/8");
    expect(heading(page)).toBe("Custom Embroidered Cap");
    cached.add(await pidOf(page));
  }
  // Saved as the back office saves a change: the product and the catalogue's version in one transaction.
  const client = new pg.Client({ connectionString: shopDatabaseUrl });
  await client.connect();
  try {
    await client.query("begin");
    await client.query("update products set title = $1 where id = '8'", [EDITED]);
    await client.query("update catalogue_version set version = version + 1");
    await client.query("commit");
  } finally {
    await client.end();
  }
  // Each process asks the catalogue's version at most once a second (catalogue-store.server.ts).
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const shown = new Set<number>();
  for (let n = 0; n < 10 && shown.size < 2; n++) {
    const page = await call("/product/8");
    expect(heading(page), `request ${n + 1}`).toBe(EDITED);
    shown.add(await pidOf(page));
  }
  expect(shown.size).toBe(2);
});

test("killing one process mid-run loses no acknowledged save, and another process takes its place", async () => {
  test.setTimeout(90_000);
  const mailbox = new Mailbox(server?.url as string);
  const buyers = await Promise.all([0, 1, 2, 3, 4, 5].map(() => signedUpBuyer(mailbox)));
  const [victim, survivor] = [...new Set(readyPids())].slice(-2);
  const killAt = Date.now() + 1_500;
  const deadline = Date.now() + 4_000;
  let killed = false;
  const outcomes = await Promise.all(
    buyers.map(async ({ cookie }) => {
      let draft = await newDraft(cookie);
      let acknowledged = 0;
      let failed = 0;
      for (let edit = 1; Date.now() < deadline; edit++) {
        if (!killed && Date.now() >= killAt) {
          killed = true;
          process.kill(victim as number, "SIGKILL");
        }
        const saved = await saveNotes(cookie, draft, `edit ${edit}`).catch(() => null);
        if (saved?.status === 200) {
          draft = (JSON.parse(saved.body) as { draft: Draft }).draft;
          acknowledged = edit;
        } else {
          // No answer, or the save landed but its answer was lost (then the version moved on: 409).
          failed += 1;
          draft = (await readDraft(cookie, draft.id)).draft;
        }
      }
      const stored = (await readDraft(cookie, draft.id)).draft;
      return { acknowledged, failed, storedEdit: Number(stored.data.notes?.replace("edit ", "") ?? 0) };
    }),
  );
  expect(killed).toBe(true);
  for (const outcome of outcomes) {
    expect(outcome.acknowledged).toBeGreaterThan(3);
    expect(outcome.storedEdit).toBeGreaterThanOrEqual(outcome.acknowledged);
  }
  await expect.poll(() => log.some((line) => line.msg.startsWith("a server process died"))).toBe(true);
  await expect
    .poll(() => readyPids().filter((pid) => pid !== victim && pid !== survivor).length, { timeout: 20_000 })
    .toBe(1);
  expect((await call("/readyz")).status).toBe(200);
});

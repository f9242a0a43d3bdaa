/**
 * Crash safety. One PGlite data dir, `users` real accounts each editing a draft of
 * their own, and `kills` rounds of: start the production server, let every user autosave back to
 * back (harder than a person types), SIGKILL the server at a random moment. Every save's notes
 * carry its number ("user 3 save 17"). After each restart every draft is read back as its owner
 * and must hold the last save whose 200 had fully arrived before the kill, or a later one: a save
 * cut off by the kill was never acknowledged and may or may not have committed. Checking after
 * every restart, not only the last, catches a loss that a later save would have written over.
 *
 * Then a graceful restart as a rolling deploy meets it: a burst of saves (bodies half uploaded)
 * and signed-in page loads, all sent, then SIGTERM. Every request not yet answered must get its
 * answer, not a reset or a 5xx, and the saves acknowledged must be there after the next start. The
 * e2e suite checks the exit itself (tests/e2e/server.spec.ts); this counts what a busy server drops.
 */
import { request } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createDraft,
  notesSaveBody,
  readDraft,
  saveNotes,
  seedUsers,
  usersServerEnv,
  type DraftRef,
  type SaveOutcome,
} from "./checkout-users";
import { freePort, startServer, stopChild, type RunningServer } from "./server";
import type { Row } from "./table";

export const KILLS = 100;
export const USERS = 20;
/** When the kill comes, counted from the round's first acknowledged save. */
const KILL_AFTER_MS = { min: 0, max: 1_500 } as const;
const NO_ACKNOWLEDGEMENT_MS = 30_000;
/** server.ts logs this once its SIGTERM handler has run. */
const SHUTDOWN_STARTED = "SIGTERM received";
const SHUTDOWN_BUDGET_MS = 5_000;
const PAGES = ["/cart", "/product/8"] as const;

export interface CrashContext {
  buildDir: string;
  users: number;
  kills: number;
}

interface SimulatedUser {
  n: number;
  cookie: string;
  draft: DraftRef;
  /** Number of the last save sent. */
  sent: number;
  /** Number of the last save whose 200 fully arrived. */
  acknowledged: number;
}

interface Tally {
  acknowledged: number;
  /** Saves in flight when the server was killed. */
  cutOff: number;
  lost: string[];
  failures: string[];
}

const notesFor = (n: number, save: number) => `user ${n} save ${save}`;

function saveNumber(notes: string | undefined): number | undefined {
  const match = /^user \d+ save (\d+)$/.exec(notes ?? "");
  return match ? Number(match[1]) : undefined;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function newTally(): Tally {
  return { acknowledged: 0, cutOff: 0, lost: [], failures: [] };
}

/** Reads every draft back; counts those missing their last acknowledged save; takes up the stored version. */
async function checkDrafts(baseUrl: string, users: SimulatedUser[], tally: Tally, when: string): Promise<void> {
  await Promise.all(
    users.map(async (user) => {
      let stored: Awaited<ReturnType<typeof readDraft>>;
      try {
        stored = await readDraft(baseUrl, user.cookie, user.draft.id);
      } catch (error) {
        tally.lost.push(`${when}: user ${user.n}'s draft could not be read: ${messageOf(error)}`);
        return;
      }
      const number = saveNumber(stored.notes);
      if (number === undefined || number < user.acknowledged) {
        tally.lost.push(
          `${when}: user ${user.n} was acknowledged save ${user.acknowledged}, the database holds "${stored.notes}"`,
        );
      }
      user.draft = { id: stored.id, version: stored.version };
    }),
  );
}

interface Round {
  killed: boolean;
  onAcknowledged(): void;
}

async function saveUntilKilled(baseUrl: string, user: SimulatedUser, round: Round, tally: Tally): Promise<void> {
  while (!round.killed) {
    const number = ++user.sent;
    let outcome: SaveOutcome;
    try {
      outcome = await saveNotes(baseUrl, user.cookie, user.draft, notesFor(user.n, number));
    } catch (error) {
      // Cut off by the kill: not acknowledged, and it may or may not have committed.
      if (round.killed) tally.cutOff += 1;
      else tally.failures.push(messageOf(error));
      return;
    }
    if (outcome.kind === "saved") {
      user.draft = outcome.draft;
      user.acknowledged = number;
      tally.acknowledged += 1;
      round.onAcknowledged();
    } else if (outcome.kind === "conflict") {
      // Nobody else edits this draft and the round began from the stored version.
      tally.failures.push("409 VERSION_CONFLICT");
      user.draft = outcome.current;
    } else {
      tally.failures.push(outcome.reason);
    }
  }
}

/**
 * One round: everyone saves, and the server is SIGKILLed a random while after the round's first
 * acknowledged save. Counting from the first acknowledgement, not from the start, keeps every kill
 * among writes: on a busy machine the first saves after a restart can take over a second.
 */
async function autosaveAndKill(server: RunningServer, users: SimulatedUser[], tally: Tally): Promise<void> {
  let firstAcknowledged = () => {};
  const acknowledged = new Promise<void>((resolve) => (firstAcknowledged = resolve));
  const round: Round = { killed: false, onAcknowledged: () => firstAcknowledged() };
  const saving = Promise.all(users.map((user) => saveUntilKilled(server.url, user, round, tally)));
  const timedOut = await Promise.race([acknowledged.then(() => false), sleep(NO_ACKNOWLEDGEMENT_MS).then(() => true)]);
  if (timedOut) tally.failures.push(`no save acknowledged within ${NO_ACKNOWLEDGEMENT_MS / 1000} s`);
  await sleep(KILL_AFTER_MS.min + Math.random() * (KILL_AFTER_MS.max - KILL_AFTER_MS.min));
  round.killed = true;
  await stopChild(server.child, "SIGKILL");
  await saving;
}

type Outcome = { status: number; body: string } | { error: string };

interface SentRequest {
  /** Everything but a held-back part of the body has been written to the socket. */
  sent: Promise<void>;
  /** The response has started. */
  answered: Promise<void>;
  finished: boolean;
  /** Sends the held-back part of the body. */
  release(): void;
  outcome: Promise<Outcome>;
}

/** A request on a connection of its own; with `holdBack`, the second half of the body waits for release(). */
function sendRequest(
  url: string,
  init: { method: "GET" | "POST"; headers: Record<string, string>; body?: string; holdBack?: boolean },
): SentRequest {
  const body = Buffer.from(init.body ?? "");
  const split = init.holdBack ? Math.floor(body.length / 2) : body.length;
  const headers = { ...init.headers, "content-length": String(body.length) };
  const req = request(url, { method: init.method, headers, agent: false });
  let markAnswered = () => {};
  const answered = new Promise<void>((resolve) => (markAnswered = resolve));
  const sent = new Promise<void>((resolve) => {
    if (init.holdBack) req.write(body.subarray(0, split), () => resolve());
    else req.end(body, () => resolve());
  });
  const sending: SentRequest = {
    sent,
    answered,
    finished: false,
    release: () => {
      if (init.holdBack) req.end(body.subarray(split));
    },
    outcome: new Promise<Outcome>((resolve) => {
      req.on("response", (response) => {
        markAnswered();
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          sending.finished = true;
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") });
        });
        response.on("error", (error) => resolve({ error: error.message }));
      });
      req.on("error", (error) => {
        markAnswered();
        resolve({ error: error.message });
      });
    }),
  };
  return sending;
}

function waitForOutput(server: RunningServer, text: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, timeoutMs);
    function done() {
      clearTimeout(timer);
      server.child.stdout?.off("data", onData);
      resolve();
    }
    function onData(chunk: Buffer) {
      if (chunk.toString().includes(text)) done();
    }
    server.child.stdout?.on("data", onData);
  });
}

interface GracefulResult {
  inFlight: number;
  saves: number;
  pages: number;
  dropped: string[];
  exitCode: number | null;
}

/**
 * A burst as a rolling restart meets it: every user's save, its body half uploaded, and two
 * signed-in page loads per user, all on the wire; SIGTERM once the first response has started (as
 * in tests/e2e/server.spec.ts); the rest of each save's body after the shutdown has begun. Every
 * request not yet answered when the signal went out is in flight and must get its response.
 */
async function sigtermWithRequestsInFlight(
  server: RunningServer,
  users: SimulatedUser[],
  tally: Tally,
): Promise<GracefulResult> {
  const saves = users.map((user) => {
    const number = ++user.sent;
    const sending = sendRequest(`${server.url}/api/drafts/${user.draft.id}`, {
      method: "POST",
      headers: { cookie: user.cookie, origin: server.url, "content-type": "application/json" },
      body: notesSaveBody(notesFor(user.n, number), user.draft.version),
      holdBack: true,
    });
    return { user, number, sending };
  });
  const pages = users.flatMap((user) =>
    PAGES.map((path) => sendRequest(`${server.url}${path}`, { method: "GET", headers: { cookie: user.cookie } })),
  );
  const all = [...saves.map((save) => save.sending), ...pages];
  await Promise.all(all.map((r) => r.sent));
  await Promise.race(all.map((r) => r.answered));

  const exited = new Promise<number | null>((resolve) => server.child.once("exit", resolve));
  const pagesInFlight = pages.filter((page) => !page.finished);
  const shutdownStarted = waitForOutput(server, SHUTDOWN_STARTED, SHUTDOWN_BUDGET_MS);
  server.child.kill("SIGTERM");
  await shutdownStarted;
  for (const save of saves) save.sending.release();

  const dropped: string[] = [];
  const judge = (what: string, outcome: Outcome) => {
    if ("error" in outcome) dropped.push(`${what}: ${outcome.error}`);
    else if (outcome.status >= 500) dropped.push(`${what}: ${outcome.status}`);
  };
  for (const { user, number, sending } of saves) {
    const outcome = await sending.outcome;
    judge("save", outcome);
    if ("status" in outcome && outcome.status === 200) {
      const { draft } = JSON.parse(outcome.body) as { draft: DraftRef };
      user.draft = { id: draft.id, version: draft.version };
      user.acknowledged = number;
      tally.acknowledged += 1;
    } else if ("status" in outcome && outcome.status < 500) {
      tally.failures.push(`save during shutdown ${outcome.status}`);
    }
  }
  for (const page of pagesInFlight) judge("page", await page.outcome);
  return {
    inFlight: saves.length + pagesInFlight.length,
    saves: saves.length,
    pages: pagesInFlight.length,
    dropped,
    exitCode: await exited,
  };
}

function summary(items: string[]): string {
  return items.length ? ` (${[...new Set(items)].slice(0, 2).join("; ")})` : "";
}

export async function crashSafetyRows(context: CrashContext): Promise<Row[]> {
  const crashBase = {
    benchmark: "Crash safety",
    subject: `${context.kills} SIGKILLs while ${context.users} users autosave`,
    target: "0 lost, 0 failed restarts",
  };
  const gracefulBase = { benchmark: "Graceful restart", target: "0 dropped" };

  const dataDir = mkdtempSync(join(tmpdir(), "swag-bench-crash-"));
  const env = usersServerEnv(dataDir, `http://127.0.0.1:${await freePort()}`);
  // Ready once the database is open; rendering the home page first would only add to every round.
  const start = () => startServer({ buildDir: context.buildDir, dataDir, env, readyPath: "/healthz" });
  const crash = newTally();
  const graceful = newTally();
  let server: RunningServer | undefined;
  try {
    const cookies = await seedUsers(env, context.users);
    server = await start();
    const url = server.url;
    const users: SimulatedUser[] = await Promise.all(
      cookies.map(async (cookie, n) => ({
        n,
        cookie,
        draft: await createDraft(url, cookie, notesFor(n, 0)),
        sent: 0,
        acknowledged: 0,
      })),
    );

    const begun = performance.now();
    let kills = 0;
    let failedRestart: string | undefined;
    while (kills < context.kills) {
      await autosaveAndKill(server, users, crash);
      kills += 1;
      server = undefined;
      try {
        server = await start();
      } catch (error) {
        // A data dir PGlite cannot open again is the finding; later rounds on a fresh one would hide it.
        failedRestart = `restart after kill ${kills} failed: ${messageOf(error).split("\n").slice(0, 6).join(" ").slice(0, 400)}`;
        break;
      }
      await checkDrafts(server.url, users, crash, `after kill ${kills}`);
      if (kills % 10 === 0) {
        const seconds = Math.round((performance.now() - begun) / 1000);
        process.stderr.write(
          `[bench] crash: ${kills} kills in ${seconds} s, ${crash.acknowledged} saves acknowledged, ${crash.lost.length} lost\n`,
        );
      }
    }
    const crashRow: Row = {
      ...crashBase,
      result:
        `lost ${crash.lost.length} of ${crash.acknowledged} acknowledged saves${summary(crash.lost)}; ` +
        `${failedRestart ? `${kills} kills, 1 failed restart (${failedRestart})` : "0 failed restarts"}; ` +
        `${crash.failures.length} failed saves${summary(crash.failures)}; ${crash.cutOff} saves cut off by the kills`,
      met: crash.lost.length === 0 && !failedRestart && kills === context.kills && crash.failures.length === 0,
    };
    if (!server)
      return [crashRow, { ...gracefulBase, subject: "SIGTERM", result: "n/a (the server did not come back)" }];

    const shutdown = await sigtermWithRequestsInFlight(server, users, graceful);
    server = await start();
    await checkDrafts(server.url, users, graceful, "after SIGTERM");
    const gracefulRow: Row = {
      ...gracefulBase,
      subject: `SIGTERM with ${shutdown.inFlight} requests in flight (${shutdown.saves} saves, ${shutdown.pages} page loads)`,
      result:
        `dropped ${shutdown.dropped.length}${summary(shutdown.dropped)}; ` +
        `${graceful.lost.length} of ${graceful.acknowledged} acknowledged saves lost` +
        (graceful.failures.length ? `; ${graceful.failures.length} failed saves${summary(graceful.failures)}` : "") +
        (shutdown.exitCode === 0 ? "" : `; exit code ${shutdown.exitCode}`),
      met: shutdown.dropped.length === 0 && graceful.lost.length === 0 && graceful.failures.length === 0,
    };
    return [crashRow, gracefulRow];
  } finally {
    if (server) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

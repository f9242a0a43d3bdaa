/**
 * Work that runs on a clock rather than on a request (DESIGN "growing past one machine"): the bank
 * transfer reminders and expiries (bank-transfer-tasks.server.ts) and the retention purges
 * (retention-purges.server.ts, issue 18 item 5). Every process runs it; each task is safe to run in
 * several at once (the bank transfer tasks take their rows with `for update skip locked`, a purge
 * deletes only what is past its cutoff). A pass that fails is logged and retried on the next tick;
 * a tick while the task's last pass still runs is skipped.
 */
import type { BusinessProfile } from "~/domain/business-profile";
import { purgeSummary } from "~/domain/retention";
import { runBankTransferTasks } from "./bank-transfer-tasks.server";
import type { Database } from "./db.server";
import { purgeExpiredRecords } from "./retention-purges.server";

/** How often the bank transfer work runs: a reminder or an expiry is at most this late. */
export const PERIODIC_WORK_INTERVAL_MS = 15 * 60_000;
/** How often the purges run: a record outlives its period by at most this. */
export const PURGE_INTERVAL_MS = 60 * 60_000;
/** The first pass waits this long after start, so it never slows the first requests. */
const FIRST_PASS_DELAY_MS = 30_000;

/** Runs `pass` after the first delay and then every `intervalMs`, one at a time; the result stops it. */
function repeat(name: string, intervalMs: number, pass: () => Promise<void>): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await pass();
    } catch (error) {
      console.error(`[periodic] ${name} failed:`, error);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(tick, Math.min(FIRST_PASS_DELAY_MS, intervalMs));
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

/** Starts the periodic work; the returned function stops it (at shutdown). */
export function startPeriodicWork(db: Database, retention: BusinessProfile["retention"]): () => void {
  const stops = [
    repeat("bank transfer check", PERIODIC_WORK_INTERVAL_MS, async () => {
      const { reminded, expired } = await runBankTransferTasks(db);
      if (reminded + expired > 0) console.log(`[periodic] bank transfers: ${reminded} reminded, ${expired} expired`);
    }),
    repeat("retention purge", PURGE_INTERVAL_MS, async () => {
      console.log(`[periodic] purged ${purgeSummary(await purgeExpiredRecords(db, { retention }))}`);
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

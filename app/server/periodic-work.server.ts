/**
 * Work that runs on a clock rather than on a request (DESIGN "growing past one machine"): today the
 * bank transfer reminders and expiries (bank-transfer-tasks.server.ts). Every process runs it; each task
 * takes its rows with `for update skip locked` and records what it did in the same transaction, so
 * any number of processes do each piece exactly once. A pass that fails is logged and retried on
 * the next tick; a tick while the last pass still runs is skipped.
 */
import { runBankTransferTasks } from "./bank-transfer-tasks.server";
import type { Database } from "./db.server";

/** How often the work runs: a reminder or an expiry is at most this late. */
export const PERIODIC_WORK_INTERVAL_MS = 15 * 60_000;
/** The first pass waits this long after start, so it never slows the first requests. */
const FIRST_PASS_DELAY_MS = 30_000;

/** Starts the periodic work; the returned function stops it (at shutdown). */
export function startPeriodicWork(db: Database, intervalMs = PERIODIC_WORK_INTERVAL_MS): () => void {
  let running = false;
  const pass = async () => {
    if (running) return;
    running = true;
    try {
      const { reminded, expired } = await runBankTransferTasks(db);
      if (reminded + expired > 0) console.log(`[periodic] bank transfers: ${reminded} reminded, ${expired} expired`);
    } catch (error) {
      console.error("[periodic] bank transfer check failed:", error);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(pass, Math.min(FIRST_PASS_DELAY_MS, intervalMs));
  const timer = setInterval(pass, intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

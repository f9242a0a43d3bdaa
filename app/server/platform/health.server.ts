/**
 * What /healthz, /readyz and /env say of the database: status words only (SPEC.md §2 "Diagnostics"),
 * and checks asked at most once a second however often they are called.
 */
import { count } from "drizzle-orm";
import { profiles } from "#db/schema";
import type { Database } from "./db.server";

export type DatabaseStatus = "ok" | "reachable but RLS/permissions issue" | "connection/error";

/** A head-only count on profiles, as SPEC.md §2 "Diagnostics" describes; status words only. */
export async function checkDatabase(db: Database): Promise<DatabaseStatus> {
  try {
    await db.select({ n: count() }).from(profiles);
    return "ok";
  } catch (error) {
    // 42501 insufficient_privilege: the server answered but refused the table.
    if (errorCode(error) === "42501") return "reachable but RLS/permissions issue";
    console.error("Database check failed:", error instanceof Error ? error.message : error);
    return "connection/error";
  }
}

function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/**
 * `check`, asked at most once per `ms`: callers within that time share its answer (or the one under
 * way). /healthz and /readyz are public, so a flood of them costs the database and the bucket one
 * check a second per process, not one per request.
 */
export function atMostEvery<T>(ms: number, check: () => Promise<T>, now: () => number = Date.now): () => Promise<T> {
  let last: { at: number; answer: Promise<T> } | undefined;
  return () => {
    if (!last || now() - last.at >= ms) last = { at: now(), answer: check() };
    return last.answer;
  };
}

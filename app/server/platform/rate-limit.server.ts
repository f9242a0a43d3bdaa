/**
 * Rate limits counted in the database, so they hold across processes: a fixed window per key, one
 * statement per hit (B-22).
 */
import { sql } from "drizzle-orm";
import { data } from "react-router";
import { queryRows, type Database } from "./db.server";

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** A key's current window, as peeked at or taken back from. */
export type RateLimitWindow = { key: string; windowSeconds: number };

/**
 * Counts a hit against `key` in a fixed window held in the database (so limits hold across
 * processes) and says whether it is within `limit`. One statement per hit.
 */
export async function hitRateLimit(
  db: Database,
  { key, limit, windowSeconds }: { key: string; limit: number; windowSeconds: number },
): Promise<RateLimitResult> {
  const [row] = await queryRows<{ count: number; window_start: string | Date }>(
    db,
    sql`insert into rate_limits (key, count, window_start) values (${key}, 1, now())
        on conflict (key) do update set
          count = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                       then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds})
                       then now() else rate_limits.window_start end
        returning count, window_start`,
  );
  if (!row || row.count <= limit) return { allowed: true };
  const started = new Date(row.window_start).getTime();
  const retryAfterSeconds = Math.max(1, Math.ceil((started + windowSeconds * 1000 - Date.now()) / 1000));
  return { allowed: false, retryAfterSeconds };
}

/**
 * Counts a page's render for one client address against `bucket`'s budget, or refuses it with a
 * 429 that says when to try again. A signed-out page replayed from the page cache is not rendered,
 * so not counted: the budget bounds the renders one address can ask of the server.
 */
export async function requireAddressBudget(
  db: Database,
  input: { bucket: string; ip: string; limit: { hits: number; windowSeconds: number }; message: string },
): Promise<void> {
  const { hits, windowSeconds } = input.limit;
  const hit = await hitRateLimit(db, { key: `${input.bucket}:${input.ip}`, limit: hits, windowSeconds });
  if (hit.allowed) return;
  throw data(
    { error: { code: "RATE_LIMITED", message: input.message } },
    { status: 429, headers: { "Cache-Control": "no-store", "Retry-After": String(hit.retryAfterSeconds) } },
  );
}

/** Forgets the hits on `key` (e.g. failed sign-ins after a successful one). */
export async function clearRateLimit(db: Database, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/**
 * The client's address key: server.ts writes it into x-real-ip on every request, from the socket and
 * the trusted proxies' X-Forwarded-For entries (client-address.server.ts), the same one better-auth keys on.
 */
export function clientIp(request: Request): string {
  return request.headers.get("x-real-ip") ?? "unknown";
}

/** How many hits `key` has in its current window, without counting one. */
export async function peekRateLimit(
  db: Database,
  { key, windowSeconds }: RateLimitWindow,
): Promise<{ count: number; retryAfterSeconds: number }> {
  const [row] = await queryRows<{ count: number; window_start: string | Date }>(
    db,
    sql`select count, window_start from rate_limits
        where key = ${key} and window_start >= now() - make_interval(secs => ${windowSeconds})`,
  );
  if (!row) return { count: 0, retryAfterSeconds: 0 };
  const started = new Date(row.window_start).getTime();
  return {
    count: row.count,
    retryAfterSeconds: Math.max(1, Math.ceil((started + windowSeconds * 1000 - Date.now()) / 1000)),
  };
}

/**
 * Takes back one hit counted on `key` in its current window: a guess counted before it was
 * compared (account-codes.server.ts checkCode) that turned out right.
 */
export async function unhitRateLimit(db: Database, { key, windowSeconds }: RateLimitWindow): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0)
    where key = ${key} and window_start >= now() - make_interval(secs => ${windowSeconds})`);
}

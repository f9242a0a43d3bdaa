/** Hashes secret links' tokens, so the database keeps only what opens nothing (decisions 025, 034). */
import { createHash } from "node:crypto";

/** What is stored of a secret link's token: its SHA-256, so the table alone opens nothing. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

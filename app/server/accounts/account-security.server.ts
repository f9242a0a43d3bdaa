/**
 * The account's own security settings: two-step sign-in and the devices signed in to it.
 */
import { and, eq } from "drizzle-orm";
import { authSession } from "#db/schema";
import { authFailure, type Outcome, passwordFailure } from "./account-codes.server";
import { authFor } from "./auth.server";
import type { Database } from "../platform/db.server";
import { failure } from "../platform/http.server";
import type { SessionInfo } from "./session.server";

const ok = (headers: Headers = new Headers()) => ({ ok: true as const, headers });

export async function startTwoFactor(
  db: Database,
  request: Request,
  input: { password: string },
): Promise<Outcome<{ secret: string; qrCode: string; backupCodes: string[] }>> {
  const auth = authFor(db);
  try {
    const enrolment = await auth.api.enableTwoFactor({ body: { password: input.password }, headers: request.headers });
    if (!("totpURI" in enrolment)) throw new Error("Authenticator-app enrolment expected");
    const { totpURI, backupCodes } = enrolment;
    // Loaded on the rare enrolment, not at every start of the server.
    const { default: QRCode } = await import("qrcode");
    const svg = await QRCode.toString(totpURI, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
    const secret = new URL(totpURI).searchParams.get("secret") ?? "";
    return { ...ok(), secret, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`, backupCodes };
  } catch (error) {
    return passwordFailure(error, "That password isn't right.");
  }
}

export async function confirmTwoFactor(db: Database, request: Request, input: { code: string }): Promise<Outcome> {
  const auth = authFor(db);
  try {
    const { headers } = await auth.api.verifyTOTP({
      body: { code: input.code.replace(/\s/g, "") },
      headers: request.headers,
      returnHeaders: true,
    });
    return ok(headers);
  } catch (error) {
    return authFailure(error);
  }
}

export async function disableTwoFactor(db: Database, request: Request, input: { password: string }): Promise<Outcome> {
  const auth = authFor(db);
  try {
    const { headers } = await auth.api.disableTwoFactor({
      body: { password: input.password },
      headers: request.headers,
      returnHeaders: true,
    });
    return ok(headers);
  } catch (error) {
    return passwordFailure(error, "That password isn't right.");
  }
}

export type ActiveSession = {
  id: string;
  current: boolean;
  createdAt: string;
  userAgent: string | null;
  ipAddress: string | null;
};

export async function listActiveSessions(
  db: Database,
  request: Request,
  session: SessionInfo,
): Promise<ActiveSession[]> {
  const auth = authFor(db);
  const sessions = await auth.api.listSessions({ headers: request.headers });
  return sessions
    .map((s) => ({
      id: s.id,
      current: s.id === session.session.id,
      createdAt: new Date(s.createdAt).toISOString(),
      userAgent: s.userAgent ?? null,
      ipAddress: s.ipAddress ?? null,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.createdAt.localeCompare(a.createdAt));
}

/** Ends one of the user's own sessions by its id; tokens never leave the server. */
export async function revokeSessionById(
  db: Database,
  request: Request,
  session: SessionInfo,
  sessionId: string,
): Promise<Outcome> {
  const [row] = await db
    .select({ token: authSession.token })
    .from(authSession)
    .where(and(eq(authSession.id, sessionId), eq(authSession.userId, session.user.id)));
  if (!row) return failure(404, "SESSION_NOT_FOUND", "That session has already ended.");
  const auth = authFor(db);
  try {
    await auth.api.revokeSession({ body: { token: row.token }, headers: request.headers });
    return ok();
  } catch (error) {
    return authFailure(error);
  }
}

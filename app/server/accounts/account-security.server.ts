/**
 * The account's own security settings: two-step sign-in and the devices signed in to it, signing out
 * of this one, the others or all of them included.
 */
import { and, eq } from "drizzle-orm";
import { authSession } from "#db/schema";
import { authFailure, type Outcome, passwordFailure } from "./account-codes.server";
import type { AccountsContext } from "./auth.server";
import { failure } from "../platform/http.server";
import type { SessionInfo } from "./session.server";

const ok = (headers: Headers = new Headers()) => ({ ok: true as const, headers });

export async function startTwoFactor(
  { auth }: Pick<AccountsContext, "auth">,
  { request, password }: { request: Request; password: string },
): Promise<Outcome<{ secret: string; qrCode: string; backupCodes: string[] }>> {
  try {
    const enrolment = await auth.api.enableTwoFactor({ body: { password }, headers: request.headers });
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

export async function confirmTwoFactor(
  { auth }: Pick<AccountsContext, "auth">,
  { request, code }: { request: Request; code: string },
): Promise<Outcome> {
  try {
    const { headers } = await auth.api.verifyTOTP({
      body: { code: code.replace(/\s/g, "") },
      headers: request.headers,
      returnHeaders: true,
    });
    return ok(headers);
  } catch (error) {
    return authFailure(error);
  }
}

export async function disableTwoFactor(
  { auth }: Pick<AccountsContext, "auth">,
  { request, password }: { request: Request; password: string },
): Promise<Outcome> {
  try {
    const { headers } = await auth.api.disableTwoFactor({
      body: { password },
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
  { auth }: Pick<AccountsContext, "auth">,
  { request, session }: { request: Request; session: SessionInfo },
): Promise<ActiveSession[]> {
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
  { db, auth }: Pick<AccountsContext, "db" | "auth">,
  { request, session, sessionId }: { request: Request; session: SessionInfo; sessionId: string },
): Promise<Outcome> {
  const [row] = await db
    .select({ token: authSession.token })
    .from(authSession)
    .where(and(eq(authSession.id, sessionId), eq(authSession.userId, session.user.id)));
  if (!row) return failure(404, "SESSION_NOT_FOUND", "That session has already ended.");
  try {
    await auth.api.revokeSession({ body: { token: row.token }, headers: request.headers });
    return ok();
  } catch (error) {
    return authFailure(error);
  }
}

/** Signs out this device (local), every device (global) or every other device (others). */
export async function signOut(
  { auth }: Pick<AccountsContext, "auth">,
  { request, scope }: { request: Request; scope: "local" | "global" | "others" },
): Promise<Outcome> {
  try {
    if (scope === "others") {
      await auth.api.revokeOtherSessions({ headers: request.headers });
      return { ok: true, headers: new Headers() };
    }
    if (scope === "global") await auth.api.revokeSessions({ headers: request.headers });
    const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
    return { ok: true, headers };
  } catch (error) {
    return authFailure(error);
  }
}

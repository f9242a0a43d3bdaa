/**
 * The checkout's draft saves, answered ahead of the middleware chain and React Router
 * (docs/decisions/071): `POST /api/drafts/:id` (a step's autosave) and `POST /api/drafts` (step 2's
 * first save, which creates the draft). The autosave is the busiest write of the shop, and crossing
 * the chain cost it more CPU than the work; so this listener does what the chain did for these two
 * answers, and no more: the cross-site refusal, the body cap read straight from the socket, the
 * security headers, `private, no-store`, `Vary: Cookie`, the request id and one log line. Every
 * answer is the one the routes gave: 403, 413, 401, 415, 400 with field errors, 404, 409 with
 * `current`, 201 and 200.
 *
 * A save of a draft this process saved last is one statement (saveCheckoutStepQuickly: the session's
 * row read in the update); any other goes the usual way, the session looked up first.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { DRAFT_STEPS } from "~/domain/checkout/draft";
import type { AccountsContext } from "../accounts/auth.server";
import { getSessionInfo } from "../accounts/session.server";
import { ASK_BETTER_AUTH, sessionDueForBetterAuth, sessionTokenOf } from "../accounts/session-lookup.server";
import { saveCheckoutStep, saveCheckoutStepQuickly } from "../checkout/checkout-save.server";
import { createDraft } from "../checkout/drafts.server";
import { fromTrustedProxy } from "../platform/client-address.server";
import type { Env } from "../platform/env.server";
import {
  type Failure,
  failure,
  failureBody,
  JSON_MAX_BYTES,
  jsonTypeRefusal,
  parseJsonText,
} from "../platform/http.server";
import { type Logger, requestIdFrom, requestLine, withRequestId } from "../platform/log.server";
import { PRIVATE_CACHE_CONTROL } from "../platform/private-responses.server";
import { finishReadingBody } from "../platform/unread-body.server";
import { bodyLimitFor, tooLargeMessage } from "./body-limits.server";
import { newNonce } from "./http-app.server";
import { crossSiteRefusal, isCrossSiteWrite } from "./origin.server";
import { securityHeaders } from "./security-headers.server";

/** `/api/drafts` and `/api/drafts/:id`; the artwork, logo and line routes below them are the chain's. */
const DRAFTS_PATH = /^\/api\/drafts(?:\/([^/]+))?$/;

/** The step is checked here; the patch by the step's own schema when the draft is saved. */
const saveSchema = z.object({
  step: z.enum(DRAFT_STEPS, "Unknown checkout step."),
  patch: z.unknown(),
  expectedVersion: z.number().catch(0),
});
/** createDraft checks both: an empty product id is "Missing required data for save". */
const createSchema = z.object({
  product_id: z.string().catch(""),
  line_id: z.string().max(64).optional().catch(undefined),
  patch: z.unknown(),
});

const signedOut = () => failure(401, "MISSING_SAVE_DATA", "Missing required data for save");

type Answer = { status: number; body: unknown };
const refusal = (failed: Failure): Answer => ({ status: failed.status, body: failureBody(failed) });

export type DraftSavesOptions = {
  ctx: AccountsContext;
  env: Pick<Env, "BASE_URL" | "TRUST_PROXY">;
  stopping: () => boolean;
  log?: Logger;
};

/**
 * A request listener's step: takes a POST to the drafts API and returns true, or returns false and
 * touches nothing, for the chain to answer.
 */
export function draftSaves(options: DraftSavesOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    if (req.method !== "POST") return false;
    const path = (req.url ?? "").split("?", 1)[0]!;
    const match = DRAFTS_PATH.exec(path);
    if (!match) return false;
    respond(options, { req, res, path, draftId: match[1] }).catch((error: unknown) => {
      // Past answerFor's own 500 (the socket went, say): never an unhandled rejection that ends the process.
      console.error("A draft save could not be answered:", error);
      res.destroy();
    });
    return true;
  };
}

async function respond(
  options: DraftSavesOptions,
  { req, res, path, draftId }: { req: IncomingMessage; res: ServerResponse; path: string; draftId?: string },
) {
  const { env, log } = options;
  const startedAt = performance.now();
  const trusted = fromTrustedProxy({ socket: req.socket.remoteAddress, trust: env.TRUST_PROXY });
  const { requestId, sentRequestId } = requestIdFrom(req.headers["x-request-id"] as string | undefined, { trusted });
  await withRequestId(requestId, async () => {
    let answer: Answer;
    try {
      answer = await answerFor(options.ctx, { req, path, draftId, baseUrl: env.BASE_URL });
    } catch (error) {
      console.error("A draft save failed:", error);
      answer = refusal(failure(500, "SERVER_ERROR", "The draft could not be saved. Please try again."));
    }
    // A body refused before it was read is read to its end first, so the answer reaches a client
    // still sending it (unread-body.server.ts), as the chain does. One longer than that ends its
    // connection: what still arrives is dropped until the answer is out, then the socket closes.
    const whole = await finishReadingBody(req);
    const text = JSON.stringify(answer.body);
    const headers: Record<string, string> = {
      ...securityHeaders({ nonce: newNonce(), baseUrl: env.BASE_URL, stripe: options.ctx.payments?.kind === "stripe" }),
      "Content-Type": "application/json",
      "Content-Length": String(Buffer.byteLength(text)),
      "Cache-Control": PRIVATE_CACHE_CONTROL,
      Vary: "Cookie",
      "X-Request-Id": requestId,
    };
    if (options.stopping() || !whole) headers.Connection = "close";
    if (!whole) req.resume();
    res.writeHead(answer.status, headers);
    res.end(text);
    log?.info(requestLine({ method: "POST", path, status: answer.status, startedAt, sentRequestId }), "request");
  });
}

async function answerFor(
  ctx: AccountsContext,
  { req, path, draftId, baseUrl }: { req: IncomingMessage; path: string; draftId?: string; baseUrl: string },
): Promise<Answer> {
  const header = (name: string) => {
    const value = req.headers[name];
    return typeof value === "string" ? value : null;
  };
  if (isCrossSiteWrite({ method: "POST", headers: { get: header } }, baseUrl)) return refusal(crossSiteRefusal());
  const maxBytes = bodyLimitFor(path);
  const declared = header("content-length");
  if (declared !== null && Number(declared) > maxBytes) {
    return refusal(failure(413, "PAYLOAD_TOO_LARGE", tooLargeMessage(maxBytes)));
  }

  // The session comes first, as it did in the routes: a signed-out save is a 401 whatever its body.
  const token = await sessionTokenOf(ctx, header("cookie"));
  if (token === null) return refusal(signedOut());
  let looked: Promise<Awaited<ReturnType<typeof getSessionInfo>>> | undefined;
  const session = () => (looked ??= getSessionInfo(ctx, new Request(`${baseUrl}${path}`, { headers: cookieOf(req) })));
  const refusedAfterSession = async (failed: Failure) => refusal((await session()) ? failed : signedOut());

  const wrongType = jsonTypeRefusal(header("content-type"));
  if (wrongType) return refusedAfterSession(wrongType);
  const text = await readBody(req, Math.min(maxBytes, JSON_MAX_BYTES));

  if (draftId === undefined) {
    const body = parseJsonText(text, createSchema);
    if (!body.ok) return refusedAfterSession(body);
    const signedIn = await session();
    if (!signedIn) return refusal(signedOut());
    const created = await createDraft(ctx.db, {
      accountId: signedIn.accountId,
      userId: signedIn.user.id,
      productId: body.value.product_id,
      lineId: body.value.line_id,
      data: body.value.patch,
    });
    return created.ok ? { status: 201, body: { draft: created.draft } } : refusal(created);
  }

  const body = parseJsonText(text, saveSchema);
  if (!body.ok) return refusedAfterSession(body);
  const { step, patch, expectedVersion } = body.value;
  if (token !== ASK_BETTER_AUTH) {
    const quick = await saveCheckoutStepQuickly(ctx, { token, draftId, step, patch, expectedVersion });
    if (quick) {
      // A session due for extending is extended by better-auth, as a lookup would have had it do.
      if (await sessionDueForBetterAuth(ctx, { expiresAt: quick.sessionExpiresAt.getTime() })) await session();
      return { status: 200, body: { draft: quick.draft } };
    }
  }
  const signedIn = await session();
  if (!signedIn) return refusal(signedOut());
  const saved = await saveCheckoutStep(ctx, { userId: signedIn.user.id, draftId, step, patch, expectedVersion });
  if (!saved.ok) return refusal(saved);
  return { status: 200, body: { draft: saved.draft, ...(saved.notice ? { notice: saved.notice } : {}) } };
}

function cookieOf(req: IncomingMessage): Record<string, string> {
  return req.headers.cookie ? { cookie: req.headers.cookie } : {};
}

/** The body as text, or null once it passes `maxBytes` (the rest is left for finishReadingBody). */
function readBody(req: IncomingMessage, maxBytes: number): Promise<string | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (text: string | null) => {
      req.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
      resolve(text);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.pause();
        settle(null);
      } else chunks.push(chunk);
    };
    const onEnd = () => settle(Buffer.concat(chunks).toString("utf8"));
    const onError = () => settle(null);
    const onClose = () => settle(req.readableEnded ? Buffer.concat(chunks).toString("utf8") : null);
    req.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
  });
}

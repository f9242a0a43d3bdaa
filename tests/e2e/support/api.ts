import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { APIRequestContext, PlaywrightWorkerArgs } from "@playwright/test";
import { clientAddress, type Mailbox, expect } from "./fixtures";
import { STAFF, signInWithTwoStep, signUpOverHttp, type Buyer } from "../../support/http";

// Clients that talk to the shop over HTTP only, as a browser's scripts do, for journeys that need
// several people at once. The helpers themselves are the test runners' shared ones (tests/support/http.ts).
export {
  PDF,
  PNG,
  STAFF,
  TEST_CARD,
  completeCapDraft,
  completeDraft,
  dataUrl,
  loaderData,
  payInTestMode,
  postForm,
  readRouteAnswer,
  sessionOf,
  signInWithPassword,
  signInWithTwoStep,
  startPayment,
  turnOnTwoStep,
  uploadArtwork,
  type DraftPlan,
  type RouteAnswer,
} from "../../support/http";

/**
 * A client of its own, like one browser: its own cookies and address (so per-IP limits count it
 * apart), and the shop's Origin on every request, as a browser sends it on writes (server.ts refuses
 * cross-site writes).
 */
export async function newClient(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string,
): Promise<APIRequestContext> {
  return playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": clientAddress(), Origin: new URL(baseURL).origin },
  });
}

export async function newSignedInClient(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string,
  mailbox: Mailbox,
  buyer: Buyer,
) {
  const request = await newClient(playwright, baseURL);
  await signUpOverHttp(request, mailbox, buyer);
  return request;
}

/**
 * The staff account's authenticator key, which staff.setup.ts writes once it has turned two-step
 * sign-in on (the back office needs it): one file per server port, so a reused server's key is
 * still there for the next run.
 */
export const STAFF_TOTP_KEY_FILE = join(tmpdir(), `swag-e2e-staff-totp-${process.env.E2E_PORT ?? 4173}`);

/** Signs the staff account in; staff.setup.ts made it, confirmed it and turned two-step sign-in on before any spec ran. */
export async function signInAsStaff(request: APIRequestContext) {
  const key = readFileSync(STAFF_TOTP_KEY_FILE, "utf8").trim();
  expect(await signInWithTwoStep(request, STAFF, key), "the staff account signs in with its authenticator code").toBe(
    true,
  );
}

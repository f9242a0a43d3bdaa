import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { APIRequestContext, APIResponse, PlaywrightWorkerArgs } from "@playwright/test";
import { UNSAFE_decodeViaTurboStream } from "react-router";
import { clientAddress, expect, signUpOverHttp, type Buyer, type Mailbox } from "./fixtures";
import { totp } from "./totp";
import { MINIMAL_PDF } from "../../setup/minimal-pdf";

// Clients that talk to the shop over HTTP only, as a browser's scripts do: for the API-level specs
// (authorization.spec.ts, fuzz.spec.ts) that need several people at once and no pages.

/** The address tests/e2e/start-server.ts lists in STAFF_EMAILS: it becomes staff once confirmed. */
export const STAFF: Buyer = {
  email: "staff@swagstudio.example",
  password: "marmalade skyline 42",
  firstName: "Olive",
  lastName: "Ops",
};

/** The smallest file the artwork and proof checks take for a PNG (its signature and IHDR). */
export const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0,
]);

/** The smallest file the artwork check takes for a PDF (artwork is PDF or EPS only). */
/** A real one-page PDF that passes the artwork preflight for every method (issue 20). */
export const PDF = MINIMAL_PDF;

/** A test card the built-in test-mode provider accepts. */
export const TEST_CARD = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Jane Smith" };

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

/** True when the sign-in form let `who` in (its answer is a redirect). */
export async function signInWithPassword(request: APIRequestContext, who: Buyer): Promise<boolean> {
  const response = await request.post("/sign-in", {
    form: { intent: "password", identifier: who.email, password: who.password },
    maxRedirects: 0,
  });
  return response.status() === 302;
}

/**
 * The staff account's authenticator key, which staff.setup.ts writes once it has turned two-step
 * sign-in on (the back office needs it): one file per server port, so a reused server's key is
 * still there for the next run.
 */
export const STAFF_TOTP_KEY_FILE = join(tmpdir(), `swag-e2e-staff-totp-${process.env.E2E_PORT ?? 4173}`);

/** Signs `who` in with their password and then the code from their authenticator; true once in. */
export async function signInWithTwoStep(request: APIRequestContext, who: Buyer, key: string): Promise<boolean> {
  const first = await request.post("/sign-in", {
    form: { intent: "password", identifier: who.email, password: who.password },
    maxRedirects: 0,
  });
  const next = first.headers().location ?? "";
  if (first.status() !== 302 || !next.startsWith("/sign-in/two-factor")) return false;
  const second = await request.post(next, {
    form: { kind: "totp", code: totp(key), redirectTo: "/" },
    maxRedirects: 0,
  });
  return second.status() === 302;
}

/**
 * Turns two-step sign-in on for the signed-in `who` (the back office opens only to staff with it);
 * returns the authenticator key. staff.setup.ts does it once for the shared server, and a spec
 * with a server of its own (guarantee-late.spec.ts) for that server.
 */
export async function turnOnTwoStep(request: APIRequestContext, who: Buyer): Promise<string> {
  const started = await postForm(request, "/account/two-factor", { intent: "2fa-start", password: who.password });
  const key = (started.data as { enrolment?: { secret: string } } | undefined)?.enrolment?.secret;
  expect(key, started.body.slice(0, 300)).toBeTruthy();
  const confirmed = await postForm(request, "/account/two-factor", { intent: "2fa-confirm", code: totp(key!) });
  expect(confirmed.status, confirmed.body.slice(0, 300)).toBe(200);
  return key!;
}

/** Signs the staff account in; staff.setup.ts made it, confirmed it and turned two-step sign-in on before any spec ran. */
export async function signInAsStaff(request: APIRequestContext) {
  const key = readFileSync(STAFF_TOTP_KEY_FILE, "utf8").trim();
  expect(await signInWithTwoStep(request, STAFF, key), "the staff account signs in with its authenticator code").toBe(
    true,
  );
}

/** The signed-in user's and session's ids, from the account page's data. */
export async function sessionOf(request: APIRequestContext): Promise<{ userId: string; sessionId: string }> {
  const { data } = await loaderData(request, "/account", "routes/account");
  const { user, sessions } = data as { user: { id: string }; sessions: { id: string; current: boolean }[] };
  return { userId: user.id, sessionId: sessions.find((s) => s.current)!.id };
}

// ---------------------------------------------------------------------------------------------
// Pages' data, read and posted the way the browser's router does: through the route's `.data` URL

/** What a route answered: its loader or action data, a thrown error response, or a redirect. */
export type RouteAnswer = { status: number; data?: unknown; error?: unknown; redirect?: string; body: string };

/** `/cart?x=1` → `/cart.data?x=1` (and `/_root.data` for `/`), optionally for one route only. */
export function dataUrl(path: string, routeId?: string): string {
  const url = new URL(path, "http://shop.invalid");
  url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname.replace(/\/$/, "")}.data`;
  if (routeId) url.searchParams.set("_routes", routeId);
  return `${url.pathname}${url.search}`;
}

/** Decodes a router response (turbo-stream); anything else, such as server.ts's own JSON refusals, as it came. */
export async function readRouteAnswer(response: APIResponse, routeId?: string): Promise<RouteAnswer> {
  const status = response.status();
  const text = await response.text();
  if (!(response.headers()["content-type"] ?? "").startsWith("text/x-script")) return { status, body: text };
  const { value, done } = await UNSAFE_decodeViaTurboStream(new Response(text).body!, globalThis);
  await done;
  const decoded = (value ?? {}) as Record<string | symbol, unknown>;
  // A loader's redirect comes under a symbol of the router's own; an action's as a plain object.
  const redirected = [decoded, ...Object.getOwnPropertySymbols(decoded).map((key) => decoded[key])].find(
    (entry): entry is { redirect: string } => typeof (entry as { redirect?: unknown } | null)?.redirect === "string",
  );
  const answer = (routeId && routeId in decoded ? decoded[routeId] : decoded) as { data?: unknown; error?: unknown };
  const redirect = redirected?.redirect;
  return {
    status,
    data: answer.data,
    error: answer.error,
    redirect,
    body: JSON.stringify({ data: answer.data, error: answer.error, redirect }),
  };
}

/** A page's loader data for one route (GET {path}.data?_routes=…). */
export async function loaderData(request: APIRequestContext, path: string, routeId: string): Promise<RouteAnswer> {
  return readRouteAnswer(await request.get(dataUrl(path, routeId), { maxRedirects: 0 }), routeId);
}

/** A form post to a page's action, as a <Form> or fetcher sends it (POST {path}.data). */
export async function postForm(
  request: APIRequestContext,
  path: string,
  form: Record<string, string>,
  headers?: Record<string, string>,
): Promise<RouteAnswer> {
  return readRouteAnswer(await request.post(dataUrl(path), { form, headers, maxRedirects: 0 }));
}

// ---------------------------------------------------------------------------------------------
// A buyer's checkout, saved through the same draft API the checkout pages use

export type DraftPlan = {
  productId: string;
  colour: string;
  customisation: string;
  branding: string;
  quantity: number;
  /** Written into the draft's notes and company, so the draft can be recognised in any answer. */
  marker: string;
  email: string;
  vatNumber?: string;
  poRef?: string;
  /** The in-hands date saved on Shipping (ISO), if any. */
  needBy?: string;
};

/** Creates a draft and completes steps 2 to 5; returns its id. */
export async function completeDraft(request: APIRequestContext, plan: DraftPlan): Promise<string> {
  const created = await request.post("/api/drafts", {
    data: {
      product_id: plan.productId,
      patch: {
        quantity: plan.quantity,
        variant: { color_hex: plan.colour },
        branding: { method: plan.branding, placement: "Front", placement_details: "Centred, 8 cm wide" },
        customization_selections: [plan.customisation],
        confirm: { rights_confirmed: true, lead_time_acknowledged: true },
        notes: plan.marker,
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  let { draft } = (await created.json()) as { draft: { id: string; version: number } };
  const save = async (step: string, patch: object) => {
    const response = await request.post(`/api/drafts/${draft.id}`, {
      data: { step, patch, expectedVersion: draft.version },
    });
    expect(response.ok(), await response.text()).toBe(true);
    ({ draft } = (await response.json()) as { draft: { id: string; version: number } });
  };
  const company = `${plan.marker} Ltd`;
  await save("details", {
    contact_name: "Jane Smith",
    email: plan.email,
    company,
    phone: "020 7946 0958",
    vat_number: plan.vatNumber ?? "",
    po_ref: plan.poRef ?? "",
    billing: {
      company,
      name: "Jane Smith",
      line1: "1 Canal Street",
      city: "London",
      postcode: "N1 9AA",
      country: "GB",
    },
    tos_accepted: true,
    use_billing_as_shipping: true,
  });
  await save("shipping", {
    address: {
      company,
      firstName: "Jane",
      lastName: "Smith",
      line1: "1 Canal Street",
      city: "London",
      postcode: "N1 9AA",
      country: "GB",
      phone: "020 7946 0958",
    },
    method: "standard",
    ...(plan.needBy ? { need_by: plan.needBy } : {}),
  });
  await save("proofing", { proof_acknowledged: true });
  return draft.id;
}

/** Uploads a PDF as the draft's artwork; returns the file's id. */
export async function uploadArtwork(request: APIRequestContext, draftId: string, name: string): Promise<string> {
  const response = await request.post(`/api/drafts/${draftId}/artwork`, {
    data: PDF,
    headers: { "X-File-Name": encodeURIComponent(name), "Content-Type": "application/pdf" },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { file: { id: string } }).file.id;
}

/** Starts paying for a complete draft; returns the test-mode client secret. */
export async function startPayment(request: APIRequestContext, draftId: string, productId: string): Promise<string> {
  const response = await request.post("/api/payment-intent", { data: { draft_id: draftId, product_id: productId } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { client_secret: string }).client_secret;
}

/** Pays with the test card; returns the new order. */
export async function payInTestMode(
  request: APIRequestContext,
  clientSecret: string,
): Promise<{ orderId: string; orderNumber: string }> {
  const response = await request.post("/api/test-payments/confirm", {
    data: { client_secret: clientSecret, ...TEST_CARD },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { order_id: string; order_number: string };
  return { orderId: body.order_id, orderNumber: body.order_number };
}

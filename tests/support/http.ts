/**
 * Talking to the shop over HTTP as a browser's scripts do, for either test runner: the browser
 * journeys (tests/e2e, through Playwright's request contexts) and the HTTP-only matrices
 * (tests/http, through HttpClient against the shop in the test's process). The helpers take any
 * client with Playwright's request shape and throw on a wrong answer rather than assert, so they
 * belong to neither runner.
 */
import { createHmac } from "node:crypto";
import { UNSAFE_decodeViaTurboStream } from "react-router";
import { MINIMAL_PDF } from "../setup/minimal-pdf";
import { FAKE_SMS_ACCOUNT } from "../setup/sms-provider";

// ---------------------------------------------------------------------------------------------
// The client's shape, and one without a browser

export type FilePart = { name: string; mimeType: string; buffer: Buffer };

/** What a request may carry, as Playwright's request options name it. */
export type RequestOptions = {
  /** An object is sent as JSON; a string or bytes as they are. */
  data?: unknown;
  form?: Record<string, string | number | boolean>;
  multipart?: Record<string, string | FilePart>;
  headers?: Record<string, string>;
  /** 0: answer the redirect itself; otherwise redirects are followed, 20 at most. */
  maxRedirects?: number;
};

export type ShopResponse = {
  status(): number;
  ok(): boolean;
  /** Lower-case names. */
  headers(): Record<string, string>;
  text(): Promise<string>;
  json(): Promise<unknown>;
  body(): Promise<Buffer>;
};

export type ShopClient = {
  get(url: string, options?: RequestOptions): Promise<ShopResponse>;
  post(url: string, options?: RequestOptions): Promise<ShopResponse>;
};

/** Reads the one-time codes the shop e-mails. */
export type MailReader = { code(to: string, subject: RegExp): Promise<string> };
/** Reads the texts the shop sends to phones: the newest to `to` that matches, once it has arrived. */
export type TextReader = { latest(to: string, match: RegExp): Promise<string> };

type Cookie = { name: string; value: string; path: string };

/**
 * One browser's worth of HTTP, without the browser: its own cookies, its own client address (the
 * shop trusts one proxy's X-Forwarded-For, so per-address limits count clients apart) and the
 * shop's Origin on every request, as a browser sends it on writes.
 */
export class HttpClient implements ShopClient {
  private cookies: Cookie[] = [];
  private readonly address = clientAddress();

  constructor(private readonly baseURL: string) {}

  get(url: string, options: RequestOptions = {}) {
    return this.send("GET", url, options);
  }

  post(url: string, options: RequestOptions = {}) {
    return this.send("POST", url, options);
  }

  /** Nothing to release: kept so a test written for Playwright's contexts reads the same. */
  async dispose() {}

  private async send(method: string, url: string, options: RequestOptions): Promise<ShopResponse> {
    let target = new URL(url, this.baseURL);
    let { body, contentType } = encodeBody(options);
    for (let redirects = 0; ; redirects += 1) {
      const headers: Record<string, string> = {
        "X-Forwarded-For": this.address,
        Origin: new URL(this.baseURL).origin,
        ...(contentType ? { "Content-Type": contentType } : {}),
        ...options.headers,
      };
      const cookie = this.cookieHeader(target.pathname);
      if (cookie) headers.Cookie = cookie;
      const response = await fetch(target, { method, headers, body, redirect: "manual" });
      for (const line of response.headers.getSetCookie()) this.remember(line);
      const location = response.headers.get("location");
      const followed = options.maxRedirects ?? 20;
      if (response.status >= 300 && response.status < 400 && location && redirects < followed) {
        await response.arrayBuffer();
        target = new URL(location, target);
        if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === "POST")) {
          method = "GET";
          body = undefined;
          contentType = undefined;
        }
        continue;
      }
      return answerOf(response, Buffer.from(await response.arrayBuffer()));
    }
  }

  private cookieHeader(path: string): string {
    return this.cookies
      .filter((cookie) => path.startsWith(cookie.path))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join("; ");
  }

  private remember(line: string) {
    const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
    const at = pair.indexOf("=");
    const name = pair.slice(0, at);
    const value = pair.slice(at + 1);
    const attribute = (key: string) =>
      attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
    const path = attribute("path") ?? "/";
    const maxAge = attribute("max-age");
    const expires = attribute("expires");
    const gone =
      (maxAge !== undefined && Number(maxAge) <= 0) || (expires !== undefined && Date.parse(expires) < Date.now());
    this.cookies = this.cookies.filter((cookie) => !(cookie.name === name && cookie.path === path));
    if (!gone) this.cookies.push({ name, value, path });
  }
}

function encodeBody(options: RequestOptions): { body?: BodyInit; contentType?: string } {
  if (options.form) {
    const form = new URLSearchParams(Object.entries(options.form).map(([k, v]) => [k, String(v)]));
    return { body: form.toString(), contentType: "application/x-www-form-urlencoded" };
  }
  if (options.multipart) {
    const form = new FormData();
    for (const [name, value] of Object.entries(options.multipart)) {
      if (typeof value === "string") form.append(name, value);
      else form.append(name, new Blob([new Uint8Array(value.buffer)], { type: value.mimeType }), value.name);
    }
    // fetch writes the boundary into the content type itself.
    return { body: form };
  }
  const { data } = options;
  if (data === undefined) return {};
  if (typeof data === "string") return { body: data, contentType: "application/octet-stream" };
  if (Buffer.isBuffer(data)) return { body: new Uint8Array(data), contentType: "application/octet-stream" };
  return { body: JSON.stringify(data), contentType: "application/json" };
}

function answerOf(response: Response, bytes: Buffer): ShopResponse {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return {
    status: () => response.status,
    ok: () => response.ok,
    headers: () => headers,
    text: async () => bytes.toString("utf8"),
    json: async () => JSON.parse(bytes.toString("utf8")),
    body: async () => bytes,
  };
}

/** Throws with `message` (the answer that was wrong, usually) unless `condition` holds. */
function must(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

// ---------------------------------------------------------------------------------------------
// People

export type Buyer = { email: string; password: string; firstName: string; lastName: string };

/** The address the test servers list in STAFF_EMAILS: it becomes staff once confirmed. */
export const STAFF: Buyer = {
  email: "staff@swagstudio.example",
  password: "marmalade skyline 42",
  firstName: "Olive",
  lastName: "Ops",
};

let counter = 0;
export function newBuyer(prefix = "buyer"): Buyer {
  counter += 1;
  return {
    email: `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@acme-events.co.uk`,
    password: "marmalade skyline 42",
    firstName: "Jane",
    lastName: "Smith",
  };
}

/** A client address of the caller's own, so per-IP limits count tests apart. */
export function clientAddress(): string {
  const byte = () => Math.floor(Math.random() * 250) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits) from a base32 secret: what an authenticator app shows. */
export function totp(secretBase32: string, now = Date.now()): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of secretBase32.replace(/=+$/, "").toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`Not base32: ${char}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const bytes = Buffer.from(bits.match(/.{8}/g)!.map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 30_000)));
  const hmac = createHmac("sha1", bytes).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, "0");
}

/** Creates and confirms an account over HTTP; the client keeps its session cookie. */
export async function signUpOverHttp(request: ShopClient, mailbox: MailReader, buyer: Buyer) {
  const signUp = await request.post("/sign-up", {
    form: { firstName: buyer.firstName, lastName: buyer.lastName, identifier: buyer.email, password: buyer.password },
  });
  must(signUp.ok(), await signUp.text());
  const code = await mailbox.code(buyer.email, /verification code/);
  const verify = await request.post(`/verify?identifier=${encodeURIComponent(buyer.email)}`, {
    form: { intent: "verify", identifier: buyer.email, code },
  });
  must(verify.ok(), `verifying ${buyer.email}: ${verify.status()}`);
}

/** True when the sign-in form let `who` in (its answer is a redirect). */
export async function signInWithPassword(request: ShopClient, who: Buyer): Promise<boolean> {
  const response = await request.post("/sign-in", {
    form: { intent: "password", identifier: who.email, password: who.password },
    maxRedirects: 0,
  });
  return response.status() === 302;
}

/** Signs `who` in with their password and then the code from their authenticator; true once in. */
export async function signInWithTwoStep(request: ShopClient, who: Buyer, key: string): Promise<boolean> {
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
 * returns the authenticator key.
 */
export async function turnOnTwoStep(request: ShopClient, who: Buyer): Promise<string> {
  const started = await postForm(request, "/account/two-factor", { intent: "2fa-start", password: who.password });
  const key = (started.data as { enrolment?: { secret: string } } | undefined)?.enrolment?.secret;
  must(Boolean(key), started.body.slice(0, 300));
  const confirmed = await postForm(request, "/account/two-factor", { intent: "2fa-confirm", code: totp(key!) });
  must(confirmed.status === 200, confirmed.body.slice(0, 300));
  return key!;
}

/** The signed-in user's and session's ids, from the account page's data. */
export async function sessionOf(request: ShopClient): Promise<{ userId: string; sessionId: string }> {
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

/** Decodes a router response (turbo-stream); anything else, such as the edge's own JSON refusals, as it came. */
export async function readRouteAnswer(response: ShopResponse, routeId?: string): Promise<RouteAnswer> {
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
export async function loaderData(request: ShopClient, path: string, routeId: string): Promise<RouteAnswer> {
  return readRouteAnswer(await request.get(dataUrl(path, routeId), { maxRedirects: 0 }), routeId);
}

/** A form post to a page's action, as a <Form> or fetcher sends it (POST {path}.data). */
export async function postForm(
  request: ShopClient,
  path: string,
  form: Record<string, string>,
  headers?: Record<string, string>,
): Promise<RouteAnswer> {
  return readRouteAnswer(await request.post(dataUrl(path), { form, headers, maxRedirects: 0 }));
}

// ---------------------------------------------------------------------------------------------
// A buyer's checkout, saved through the same draft API the checkout pages use

/** The smallest file the artwork and proof checks take for a PNG (its signature and IHDR). */
export const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0,
]);

/** A real one-page PDF that passes the artwork preflight for every method. */
export const PDF = MINIMAL_PDF;

/** A test card the built-in test-mode provider accepts. */
export const TEST_CARD = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Jane Smith" };

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
  /** The buyer's in-hands date (ISO), saved on the Shipping step; none when not given. */
  needBy?: string;
};

/** Creates a draft and completes steps 2 to 5; returns its id. */
export async function completeDraft(request: ShopClient, plan: DraftPlan): Promise<string> {
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
  must(created.status() === 201, await created.text());
  let { draft } = (await created.json()) as { draft: { id: string; version: number } };
  const save = async (step: string, patch: object) => {
    const response = await request.post(`/api/drafts/${draft.id}`, {
      data: { step, patch, expectedVersion: draft.version },
    });
    must(response.ok(), await response.text());
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
export async function uploadArtwork(request: ShopClient, draftId: string, name: string): Promise<string> {
  const response = await request.post(`/api/drafts/${draftId}/artwork`, {
    data: PDF,
    headers: { "X-File-Name": encodeURIComponent(name), "Content-Type": "application/pdf" },
  });
  must(response.status() === 201, await response.text());
  return ((await response.json()) as { file: { id: string } }).file.id;
}

/** Starts paying for a complete draft; returns the test-mode client secret. */
export async function startPayment(request: ShopClient, draftId: string, productId: string): Promise<string> {
  const response = await request.post("/api/payment-intent", { data: { draft_id: draftId, product_id: productId } });
  must(response.status() === 200, await response.text());
  return ((await response.json()) as { client_secret: string }).client_secret;
}

/** Pays with the test card; returns the new order. */
export async function payInTestMode(
  request: ShopClient,
  clientSecret: string,
): Promise<{ orderId: string; orderNumber: string }> {
  const response = await request.post("/api/test-payments/confirm", {
    data: { client_secret: clientSecret, ...TEST_CARD },
  });
  must(response.status() === 200, await response.text());
  const body = (await response.json()) as { order_id: string; order_number: string };
  return { orderId: body.order_id, orderNumber: body.order_number };
}

/** A complete checkout of 100 navy caps, front embroidery, ready to pay; answers its draft's id. */
export function completeCapDraft(request: ShopClient, input: { email: string; marker: string }): Promise<string> {
  return completeDraft(request, {
    productId: "8",
    colour: "#1f2a56",
    customisation: "Front embroidery",
    branding: "embroidery",
    quantity: 100,
    ...input,
  });
}

/** A paid order of 100 navy caps, front embroidery, for whoever `request` is signed in as, in their active account. */
export async function placeCapOrder(request: ShopClient, input: { email: string; marker: string }) {
  const draftId = await completeCapDraft(request, input);
  return payInTestMode(request, await startPayment(request, draftId, "8"));
}

// ---------------------------------------------------------------------------------------------
// The back office's order moves

const versionOf = async (staff: ShopClient, orderId: string) =>
  ((await loaderData(staff, `/admin/orders/${orderId}`, "routes/admin.order")).data as { order: { version: number } })
    .order.version;

/** Staff move an order on, over HTTP as the back office's form posts it. */
export async function staffMoves(staff: ShopClient, orderId: string, to: string) {
  const fields = { intent: "status", to, version: String(await versionOf(staff, orderId)), note: "" };
  const shipping: Record<string, string> = to === "shipped" ? { carrier: "DPD", trackingNumber: "15501234567890" } : {};
  const answer = await postForm(staff, `/admin/orders/${orderId}`, { ...fields, ...shipping });
  must(answer.status === 200, answer.body.slice(0, 300));
}

/** Staff send the next proof version of a paid order (a PNG), as the back office's form posts it. */
export async function sendProof(staff: ShopClient, orderId: string, proof: { note?: string; png?: Buffer } = {}) {
  const sent = await staff.post(dataUrl(`/admin/orders/${orderId}`), {
    multipart: {
      intent: "proof",
      version: String(await versionOf(staff, orderId)),
      note: proof.note ?? "",
      proof: { name: "proof.png", mimeType: "image/png", buffer: proof.png ?? PNG },
    },
  });
  must(sent.status() === 200, (await readRouteAnswer(sent)).body.slice(0, 300));
}

/**
 * A paid order taken to "Shipped" through the real flows: staff send proof version 1, the buyer
 * approves it, staff move it through production and quality check and ship it.
 */
export async function shipOrder(buyer: ShopClient, staff: ShopClient, orderId: string) {
  await sendProof(staff, orderId);
  const approved = await postForm(buyer, `/orders/${orderId}`, { decision: "approve", proofVersion: "1" });
  must(approved.status === 200, approved.body.slice(0, 300));
  for (const to of ["in_production", "quality_check", "shipped"]) await staffMoves(staff, orderId, to);
}

// ---------------------------------------------------------------------------------------------
// Texts, through the real HTTP SMS adapter pointed at the fake of Twilio's Messages API

/** A UK mobile number of the calling test's own. */
export const newPhone = () => `+4477009${String(Math.floor(Math.random() * 100_000)).padStart(5, "0")}`;

/** The link in the text that asks `phone` to confirm its SMS sign-up (docs/decisions/034-sms-double-opt-in.md). */
export async function confirmLinkIn(texts: TextReader, phone: string): Promise<string> {
  const request = await texts.latest(phone, /reply YES/);
  return /(http\S+\/sms\/confirm\?t=[A-Za-z0-9_-]+)/.exec(request)?.[1] ?? "";
}

/** The unsubscribe link in the welcome text the SMS list sends `phone` once it has confirmed. */
export async function unsubscribeLinkIn(texts: TextReader, phone: string): Promise<string> {
  const welcome = await texts.latest(phone, /Reply STOP to opt out/);
  return /(http\S+\/sms\/unsubscribe\?t=\S+)$/.exec(welcome)?.[1] ?? "";
}

/** Twilio's X-Twilio-Signature of a webhook call to `url` with `params`, as the fake provider's account signs it. */
export function twilioSignature(url: string, params: Record<string, string>): string {
  const payload =
    url +
    Object.keys(params)
      .sort()
      .map((name) => name + params[name])
      .join("");
  return createHmac("sha1", FAKE_SMS_ACCOUNT.authToken).update(payload).digest("base64");
}

/** A text from `from` to the shop's number, as the provider's webhook posts it, signed as Twilio signs. */
export function inboundText(baseURL: string, from: string, body: string) {
  const url = `${baseURL}/api/sms/inbound`;
  const form = { AccountSid: FAKE_SMS_ACCOUNT.accountSid, Body: body, From: from, To: FAKE_SMS_ACCOUNT.from };
  return { url, form, headers: { "X-Twilio-Signature": twilioSignature(url, form) } };
}

import sharp from "sharp";
import { beforeAll, expect, it } from "vitest";
import routeConfig from "~/routes";
import { CATALOGUE_CSV_HEADER } from "~/domain/catalogue/catalogue-csv";
import { inProcessShop } from "../setup/in-process-shop";
import {
  type HttpClient,
  PDF,
  PNG,
  type RouteAnswer,
  STAFF,
  type ShopResponse,
  TEST_CARD,
  completeDraft,
  confirmLinkIn,
  dataUrl,
  inboundText,
  loaderData,
  newBuyer,
  newPhone,
  payInTestMode,
  postForm,
  readRouteAnswer,
  sessionOf,
  shipOrder,
  signUpOverHttp,
  staffMoves,
  startPayment,
  unsubscribeLinkIn,
  uploadArtwork,
} from "../support/http";

// The authorisation matrix (the first security hardening, docs/security.md). Alice (A) owns one of everything; other people try to
// read and change it by its id, and afterwards A's data must be exactly as it was. One row per data
// route in ROWS below; the tests are generated from it, so a new route needs only a new row (and the
// coverage test at the bottom fails until it has one).

// ---------------------------------------------------------------------------------------------
// The people and Alice's things

type Alice = {
  request: HttpClient;
  email: string;
  userId: string;
  sessionId: string;
  organisationId: string;
  /** Alice's membership of her organisation, whose owner she is. */
  memberId: string;
  /** A pending invitation to someone else's address. */
  invitationId: string;
  inviteeEmail: string;
  /** A complete, unpaid draft with an uploaded artwork file. */
  openDraftId: string;
  artworkId: string;
  /** A complete draft whose payment was started but not confirmed. */
  pendingDraftId: string;
  clientSecret: string;
  /** A paid draft, its order (with proof version 1 from staff) and the artwork it was ordered with. */
  paidDraftId: string;
  orderId: string;
  orderNumber: string;
  orderArtworkId: string;
  /** An order placed to pay by bank transfer, with its pro-forma invoice (decision 022). */
  transferOrderId: string;
  /** A delivered order, one of whose lines Alice reviewed (decision 023). */
  deliveredOrderId: string;
  deliveredOrderNumber: string;
  deliveredLineId: string;
  reviewId: string;
  cartLineId: string;
  /** A's collection of sizes by link on the shorts' line, answered once (decision 090), and its link's token. */
  collectionId: string;
  collectToken: string;
  listItemId: string;
  /** A quote of the cart, and a custom quote request waiting for staff (decision 021). */
  quoteId: string;
  quoteNumber: string;
  quoteRequestId: string;
  /** A logo in the brand kit of A's organisation, whose colours and notes carry the marker. */
  brandLogoId: string;
  /** A's open problem report on the delivered order, and its photo (decision 043). */
  problemReportId: string;
  problemPhotoId: string;
  /** A copy of A's data she asked for, and one staff prepared for her (decision 084), both ready. */
  dataExportId: string;
  staffDataExportId: string;
};

/** What the former member placed for Alice's organisation while they belonged to it. */
type Placed = {
  orderId: string;
  orderNumber: string;
  quoteId: string;
  quoteNumber: string;
  /** Their share link to the order's proof. */
  shareToken: string;
};

type World = {
  /** Written into everything of Alice's that holds text: notes, company, organisation, file names. */
  marker: string;
  /** Staff's catalogue import of one new product, its dry run ready. */
  importId: string;
  /** The Hats category's id, as the back office's categories page shows it (decision 068). */
  hatsCategoryId: string;
  alice: Alice;
  placedByFormerMember: Placed;
  staff: HttpClient;
  intruders: Record<Intruder, HttpClient>;
  anonymous: HttpClient;
};

/**
 * Who tries. The former member joined Alice's organisation, switched to it in a second session,
 * placed an order, a quote and a share link for it there, and then left it in the first: the
 * second session must lose the organisation's records like every other, their own included
 * (docs/decisions/035-current-membership.md). The switched member still belongs to the
 * organisation but acts for their personal account. (Owners cannot remove members in the shop:
 * better-auth's remove-member is not served.)
 */
const INTRUDERS = [
  "another buyer",
  "a former member of A's organisation",
  "a member who switched to a personal account",
] as const;
type Intruder = (typeof INTRUDERS)[number];

// ---------------------------------------------------------------------------------------------
// Requests, and what a row expects of their answers

const DAY_MS = 24 * 60 * 60 * 1000;

/** A catalogue import of one new product, in the export's layout. */
const MATRIX_IMPORT_CSV = `${CATALOGUE_CSV_HEADER.join(",")}\r\n,matrix-import-bottle,,draft,Matrix Import Bottle,Drinkware,A bottle.,25,2 weeks,3-5 days,,25+ 9.50,Steel #c0c4c8,0\r\n`;

type Answer = { status: number; body: string; redirect?: string };
type Attempt = (request: HttpClient, world: World, headers?: Record<string, string>) => Promise<Answer>;

async function answerOf(response: ShopResponse): Promise<Answer> {
  // A download's name is part of what it gives away.
  const disposition = response.headers()["content-disposition"] ?? "";
  return {
    status: response.status(),
    body: `${disposition}\n${await response.text()}`,
    redirect: response.headers().location,
  };
}
const routeAnswer = ({ status, body, redirect }: RouteAnswer): Answer => ({ status, body, redirect });

const get =
  (path: (w: World) => string): Attempt =>
  async (request, w) =>
    answerOf(await request.get(path(w), { maxRedirects: 0 }));
const postJson =
  (path: (w: World) => string, body: (w: World) => unknown): Attempt =>
  async (request, w, headers) =>
    answerOf(await request.post(path(w), { data: body(w), headers, maxRedirects: 0 }));
/** A page's loader data, as the browser's router reads it. */
const page =
  (path: (w: World) => string, routeId: string): Attempt =>
  async (request, w) =>
    routeAnswer(await loaderData(request, path(w), routeId));
/** A form post to a page's action, as a <Form> or fetcher sends it. */
const form =
  (path: (w: World) => string, fields: (w: World) => Record<string, string>): Attempt =>
  async (request, w, headers) =>
    routeAnswer(await postForm(request, path(w), fields(w), headers));

/** How a refusal looks: one of these statuses, a redirect to sign in, or a page of the reader's own. */
type Refusal = number[] | "sign-in" | "nothing of A's";

type Row = {
  /** The routes of app/routes.ts this row covers. */
  routes: string[];
  /** What of Alice's is at stake. */
  resource: string;
  /** Who may read it: the row's positive control, so a refusal cannot come from a broken request. */
  owner: "A" | "staff";
  read?: Attempt;
  change?: Attempt;
  /** The resource as its owner sees it: compared before and after every attempt to change it. */
  state: (w: World) => Promise<unknown>;
  /** What only the owner may see in an answer: ids, numbers and marked text. */
  leaks: (w: World) => string[];
  intruder: { read?: Refusal; change?: Refusal };
  signedOut: { read?: Refusal; change?: Refusal };
  /** Why a current member (switched to their personal account) is no intruder here, if they are not. */
  membersMay?: string;
};

const draftState = async (w: World, draftId: string) => {
  const response = await w.alice.request.get(`/api/drafts/${draftId}`);
  expect(response.status()).toBe(200);
  return (
    (await response.json()) as { draft: { version: number; status: string; data: { artwork: { files: unknown[] } } } }
  ).draft;
};
const aliceSees = async (w: World, path: string, routeId: string) => {
  const answer = await loaderData(w.alice.request, path, routeId);
  expect(answer.status, `${path} as A`).toBe(200);
  return answer.data;
};
const staffSees = async (w: World, path: string, routeId: string) => {
  const answer = await loaderData(w.staff, path, routeId);
  expect(answer.status, `${path} as staff`).toBe(200);
  return answer.data as {
    order: {
      status: string;
      version: number;
      lines: Array<{ proofs: unknown[] }>;
      shipping: { fields: Record<string, string> };
      creditNotes: Array<{ number: string }>;
      transfer: unknown;
    };
  };
};
/** Alice's organisation as her account page shows it: members, and the invitations still pending. */
const organisation = async (w: World) => {
  const { activeOrganisation } = (await aliceSees(w, "/account", "routes/account")) as {
    activeOrganisation: {
      id: string;
      members: { email: string; role: string }[];
      invitations: { id: string; email: string }[];
    };
  };
  expect(activeOrganisation.id).toBe(w.alice.organisationId);
  return {
    members: activeOrganisation.members.map((m) => [m.email, m.role]).sort(),
    invitations: activeOrganisation.invitations.map((i) => [i.id, i.email]).sort(),
  };
};
/** Alice's role, as her account page has it. */
const aliceRole = async (w: World) =>
  ((await aliceSees(w, "/account", "routes/account")) as { user: { role: string | null } }).user.role;

/** A's problem report on her delivered order, as her order page shows it (decision 043). */
const problemOf = async (w: World) =>
  ((await aliceSees(w, `/orders/${w.alice.deliveredOrderId}`, "routes/order")) as { problem: unknown }).problem;

const CHECKOUT_PAGES = [
  ["/customization", "routes/customization"],
  ["/details", "routes/details"],
  ["/shipping", "routes/shipping"],
  ["/design-proofing", "routes/design-proofing"],
  ["/payment", "routes/payment"],
] as const;

const ROWS: Row[] = [
  {
    routes: ["/api/drafts/:id"],
    resource: "a checkout draft",
    owner: "A",
    read: get((w) => `/api/drafts/${w.alice.openDraftId}`),
    // The version the owner's page would send, so only the user check stands in the way.
    change: async (request, w, headers) => {
      const { version } = await draftState(w, w.alice.openDraftId);
      const data = { step: "details", patch: { company: "Taken Over Ltd" }, expectedVersion: version };
      return answerOf(await request.post(`/api/drafts/${w.alice.openDraftId}`, { data, headers }));
    },
    state: (w) => draftState(w, w.alice.openDraftId),
    leaks: (w) => [w.marker],
    intruder: { read: [404], change: [404] },
    signedOut: { read: [401], change: [401] },
  },
  {
    routes: ["/api/drafts", "/debug/drafts"],
    resource: "the drafts list the /debug/drafts watcher shows",
    owner: "A",
    read: get(() => "/api/drafts"),
    state: async () => null,
    leaks: (w) => [w.alice.openDraftId, w.alice.pendingDraftId, w.alice.paidDraftId, w.marker],
    intruder: { read: "nothing of A's" },
    signedOut: { read: [401] },
  },
  {
    routes: ["/api/drafts/:id/artwork"],
    resource: "a draft's artwork (uploading to it)",
    owner: "A",
    change: async (request, w, headers) =>
      answerOf(
        await request.post(`/api/drafts/${w.alice.openDraftId}/artwork`, {
          data: PDF,
          headers: { ...headers, "X-File-Name": "taken-over.pdf", "Content-Type": "application/pdf" },
        }),
      ),
    state: async (w) => (await draftState(w, w.alice.openDraftId)).data.artwork.files,
    leaks: (w) => [w.marker],
    intruder: { change: [404] },
    signedOut: { change: [401] },
  },
  {
    routes: ["/api/artwork/:fileId"],
    resource: "an artwork file",
    owner: "A",
    read: get((w) => `/api/artwork/${w.alice.artworkId}`),
    change: postJson(
      (w) => `/api/artwork/${w.alice.artworkId}`,
      (w) => ({ draft_id: w.alice.openDraftId }),
    ),
    state: async (w) => ({
      files: (await draftState(w, w.alice.openDraftId)).data.artwork.files,
      download: (await w.alice.request.get(`/api/artwork/${w.alice.artworkId}`)).status(),
    }),
    leaks: (w) => [w.marker],
    intruder: { read: [404], change: [404] },
    signedOut: { read: [404], change: [401] },
  },
  {
    routes: ["/api/artwork/:fileId/preview", "/api/artwork/:fileId/use-anyway"],
    resource: "an artwork file's preflight (its page-one picture; answering its warnings)",
    owner: "A",
    read: get((w) => `/api/artwork/${w.alice.artworkId}/preview`),
    change: postJson(
      (w) => `/api/artwork/${w.alice.artworkId}/use-anyway`,
      (w) => ({ draft_id: w.alice.openDraftId, codes: ["resolution"] }),
    ),
    state: async (w) => (await draftState(w, w.alice.openDraftId)).data.artwork.files,
    // A PNG begins with "\x89PNG".
    leaks: () => ["PNG"],
    intruder: { read: [404], change: [404] },
    signedOut: { read: [404], change: [401] },
  },
  ...CHECKOUT_PAGES.map(
    ([path, routeId]): Row => ({
      routes: [path],
      resource: "a draft opened by its id in the checkout step's address",
      owner: "A",
      read: page((w) => `${path}?draft_id=${w.alice.openDraftId}&product_id=17`, routeId),
      state: async () => null,
      // The payment step shows no text of the draft's, only that it is ready to pay.
      leaks: (w) => (path === "/payment" ? [`"draftId":"${w.alice.openDraftId}"`] : [w.marker]),
      intruder: { read: "nothing of A's" },
      signedOut: { read: "nothing of A's" },
    }),
  ),
  {
    routes: ["/api/payment-status"],
    resource: "a paid draft's payment and order",
    owner: "A",
    read: get((w) => `/api/payment-status?draft_id=${w.alice.paidDraftId}`),
    state: async () => null,
    leaks: (w) => [w.alice.orderId, w.alice.orderNumber],
    intruder: { read: [404] },
    signedOut: { read: [401] },
  },
  {
    routes: ["/api/payment-intent"],
    resource: "a complete draft (starting its payment)",
    owner: "A",
    change: postJson(
      () => "/api/payment-intent",
      (w) => ({ draft_id: w.alice.openDraftId, product_id: "17" }),
    ),
    state: (w) => draftState(w, w.alice.openDraftId),
    leaks: (w) => [w.marker],
    intruder: { change: [404] },
    signedOut: { change: [401] },
  },
  {
    routes: ["/api/test-payments/confirm"],
    resource: "a started card payment (confirming it)",
    owner: "A",
    change: postJson(
      () => "/api/test-payments/confirm",
      (w) => ({ client_secret: w.alice.clientSecret, ...TEST_CARD }),
    ),
    state: async (w) => (await w.alice.request.get(`/api/payment-status?draft_id=${w.alice.pendingDraftId}`)).json(),
    leaks: (w) => [w.alice.pendingDraftId, w.marker],
    intruder: { change: [404] },
    signedOut: { change: [401] },
  },
  {
    routes: ["/inquiry-success"],
    resource: "the payment return page of a paid order",
    owner: "A",
    read: page((w) => `/inquiry-success?draft_id=${w.alice.paidDraftId}&product_id=8`, "routes/inquiry-success"),
    state: async () => null,
    leaks: (w) => [w.alice.orderId, w.alice.orderNumber],
    intruder: { read: "nothing of A's" },
    signedOut: { read: "nothing of A's" },
  },
  {
    routes: ["/orders"],
    resource: "the order list",
    owner: "A",
    read: page(() => "/orders", "routes/orders"),
    state: async () => null,
    leaks: (w) => [w.alice.orderId, w.alice.orderNumber],
    intruder: { read: "nothing of A's" },
    signedOut: { read: "nothing of A's" },
  },
  {
    routes: ["/orders/:id"],
    resource: "an order (answering its proof)",
    owner: "A",
    read: page((w) => `/orders/${w.alice.orderId}`, "routes/order"),
    change: form(
      (w) => `/orders/${w.alice.orderId}`,
      () => ({ decision: "approve", proofVersion: "1" }),
    ),
    state: async (w) =>
      ((await aliceSees(w, `/orders/${w.alice.orderId}`, "routes/order")) as { order: unknown }).order,
    leaks: (w) => [w.alice.orderNumber, w.marker],
    intruder: { read: [404], change: [404] },
    signedOut: { read: "nothing of A's", change: [401] },
  },
  {
    routes: ["/orders/:id"],
    resource: "an order's proof (sharing it for approval, decision 025)",
    owner: "A",
    change: form(
      (w) => `/orders/${w.alice.orderId}`,
      () => ({ intent: "share-proof", line: "1", proofVersion: "1" }),
    ),
    state: async (w) =>
      ((await aliceSees(w, `/orders/${w.alice.orderId}`, "routes/order")) as { sharing: unknown }).sharing,
    leaks: (w) => [w.alice.orderNumber, w.marker, "/proof-approval/"],
    intruder: { change: [404] },
    signedOut: { change: [401] },
  },
  {
    routes: ["/orders/:id"],
    resource: "a delivered order (reviewing its line)",
    owner: "A",
    change: form(
      (w) => `/orders/${w.alice.deliveredOrderId}`,
      (w) => ({ intent: "review", lineId: w.alice.deliveredLineId, rating: "1", text: "Taken over" }),
    ),
    state: async (w) =>
      ((await aliceSees(w, `/orders/${w.alice.deliveredOrderId}`, "routes/order")) as { reviews: unknown }).reviews,
    leaks: (w) => [w.alice.deliveredOrderNumber, w.marker],
    intruder: { change: [404] },
    signedOut: { change: [401] },
  },
  {
    routes: ["/orders/:id/reorder"],
    resource: "a delivered order (ordering it again into the caller's cart)",
    owner: "A",
    change: form(
      (w) => `/orders/${w.alice.deliveredOrderId}/reorder`,
      () => ({}),
    ),
    // A's cart, and every intruder's: a refused reorder fills nobody's cart with A's order.
    state: async (w) => {
      const cartOf = async (request: HttpClient) =>
        ((await loaderData(request, "/cart", "routes/cart")).data as { lines: unknown[] } | undefined)?.lines ?? null;
      return {
        alice: await cartOf(w.alice.request),
        intruders: await Promise.all(INTRUDERS.map((who) => cartOf(w.intruders[who]))),
      };
    },
    leaks: (w) => [w.alice.deliveredOrderNumber, w.marker],
    intruder: { change: [404] },
    signedOut: { change: [401] },
  },
  {
    routes: ["/account/brand-kit"],
    resource: "the brand kit of A's organisation (removing its logo)",
    owner: "A",
    read: page(() => "/account/brand-kit", "routes/account.brand-kit"),
    change: form(
      () => "/account/brand-kit",
      (w) => ({ intent: "remove", logoId: w.alice.brandLogoId }),
    ),
    state: (w) => aliceSees(w, "/account/brand-kit", "routes/account.brand-kit"),
    leaks: (w) => [w.marker, w.alice.brandLogoId],
    intruder: { read: "nothing of A's", change: [404] },
    signedOut: { read: "sign-in", change: "sign-in" },
  },
  {
    routes: ["/api/brand-kit/logos"],
    resource: "the brand kit of A's organisation (adding a logo to it)",
    owner: "A",
    // Anyone signed in adds to their own kit only: A's stays as it was.
    change: async (request, _w, headers) =>
      answerOf(
        await request.post("/api/brand-kit/logos", {
          data: PDF,
          headers: { ...headers, "X-File-Name": "taken-over.pdf", "Content-Type": "application/pdf" },
        }),
      ),
    state: (w) => aliceSees(w, "/account/brand-kit", "routes/account.brand-kit"),
    leaks: (w) => [w.marker, w.alice.brandLogoId],
    intruder: { change: "nothing of A's" },
    signedOut: { change: [401] },
  },
  {
    routes: ["/api/drafts/:id/brand-logo"],
    resource: "a brand kit's logo (copying it into a draft)",
    owner: "A",
    change: postJson(
      (w) => `/api/drafts/${w.alice.openDraftId}/brand-logo`,
      (w) => ({ logo_id: w.alice.brandLogoId }),
    ),
    state: async (w) => (await draftState(w, w.alice.openDraftId)).data.artwork.files,
    leaks: (w) => [w.marker],
    intruder: { change: [404] },
    signedOut: { change: [401] },
  },
  {
    routes: ["/api/drafts/:id/line-artwork"],
    resource: "a file on another of A's lines (copying it into A's open draft)",
    owner: "A",
    change: postJson(
      (w) => `/api/drafts/${w.alice.openDraftId}/line-artwork`,
      (w) => ({ from_draft_id: w.alice.paidDraftId, file_id: w.alice.orderArtworkId }),
    ),
    state: async (w) => (await draftState(w, w.alice.openDraftId)).data.artwork.files,
    leaks: (w) => [w.marker],
    intruder: { change: [404] },
    signedOut: { change: [401] },
  },
  {
    routes: ["/orders/:id"],
    resource: "a delivered order (claiming its On-time Guarantee)",
    owner: "A",
    change: form(
      (w) => `/orders/${w.alice.deliveredOrderId}`,
      () => ({ intent: "guarantee", note: "Taken over" }),
    ),
    state: async (w) =>
      ((await aliceSees(w, `/orders/${w.alice.deliveredOrderId}`, "routes/order")) as { follow: unknown }).follow,
    leaks: (w) => [w.alice.deliveredOrderNumber, w.marker],
    intruder: { change: [404] },
    signedOut: { change: [401] },
  },
  {
    routes: ["/orders/:id/proofs/:version"],
    resource: "an order's proof file",
    owner: "A",
    read: get((w) => `/orders/${w.alice.orderId}/proofs/1`),
    state: async () => null,
    leaks: (w) => [w.marker],
    intruder: { read: [404] },
    signedOut: { read: [404] },
  },
  {
    routes: ["/orders/:id/proforma.pdf"],
    resource: "an order's pro-forma invoice, with the bank details",
    owner: "A",
    read: get((w) => `/orders/${w.alice.transferOrderId}/proforma.pdf`),
    state: async () => null,
    // Its number is in the download's name; the PDF's text is compressed.
    leaks: () => ["PF-"],
    intruder: { read: [404] },
    signedOut: { read: [404] },
  },
  {
    // One loader serves the three documents with the same check (decision 019; the On-time
    // Guarantee's credit note, decision 026); A's order has an invoice, so the invoice is the
    // positive control (an accepted claim needs a late delivery, which guarantee-late.spec.ts makes
    // on a server of its own, and checks another buyer's 404 there). A PDF's text is compressed:
    // its signature is what only a reader of the document receives.
    routes: ["/orders/:id/invoice.pdf", "/orders/:id/credit-notes/:number", "/orders/:id/guarantee-credit-note.pdf"],
    resource: "an order's VAT invoice and credit notes",
    owner: "A",
    read: get((w) => `/orders/${w.alice.orderId}/invoice.pdf`),
    state: async () => null,
    leaks: () => ["%PDF-"],
    intruder: { read: [404] },
    signedOut: { read: [404] },
  },
  {
    routes: ["/payment"],
    resource: "a complete draft (placing it to pay by bank transfer)",
    owner: "A",
    change: form(
      () => "/payment",
      (w) => ({ intent: "bank_transfer", draft_id: w.alice.openDraftId, product_id: "17" }),
    ),
    state: (w) => draftState(w, w.alice.openDraftId),
    leaks: (w) => [w.marker],
    intruder: { change: [404] },
    signedOut: { change: [401] },
  },
  {
    routes: ["/quotes"],
    resource: "the quotes (ordering one at its prices)",
    owner: "A",
    read: page(() => "/quotes", "routes/quotes"),
    change: form(
      () => "/quotes",
      (w) => ({ intent: "convert", quoteId: w.alice.quoteId }),
    ),
    state: async (w) => ({
      quotes: await aliceSees(w, "/quotes", "routes/quotes"),
      cart: ((await aliceSees(w, "/cart", "routes/cart")) as { lines: unknown }).lines,
    }),
    leaks: (w) => [w.alice.quoteId, w.alice.quoteNumber],
    intruder: { read: "nothing of A's", change: [404] },
    signedOut: { read: "nothing of A's", change: [401] },
  },
  {
    routes: ["/quotes/:id/quote.pdf"],
    resource: "a quote's PDF",
    owner: "A",
    read: get((w) => `/quotes/${w.alice.quoteId}/quote.pdf`),
    state: async () => null,
    leaks: (w) => ["%PDF-", w.alice.quoteNumber],
    intruder: { read: [404] },
    signedOut: { read: [404] },
  },
  {
    routes: ["/cart"],
    resource: "a cart line (changing its quantity)",
    owner: "A",
    read: page(() => "/cart", "routes/cart"),
    change: form(
      () => "/cart",
      (w) => ({ intent: "update", id: w.alice.cartLineId, productId: "15", quantity: "75" }),
    ),
    state: async (w) => ((await aliceSees(w, "/cart", "routes/cart")) as { lines: unknown }).lines,
    leaks: (w) => [w.alice.cartLineId, w.marker],
    intruder: { read: "nothing of A's", change: [404] },
    signedOut: { read: "nothing of A's", change: [401] },
  },
  {
    routes: ["/cart"],
    resource: "the checkout's need-by date (saving one from the cart)",
    owner: "A",
    // Nothing names A's cart: another buyer's save may only ever touch their own.
    change: form(
      () => "/cart",
      () => ({ intent: "need-by", needBy: new Date(Date.now() + 60 * DAY_MS).toISOString().slice(0, 10) }),
    ),
    state: async (w) => ((await aliceSees(w, "/cart", "routes/cart")) as { needBy: unknown }).needBy,
    leaks: (w) => [w.marker],
    intruder: { change: "nothing of A's" },
    signedOut: { change: [401] },
  },
  {
    routes: ["/cart"],
    resource: "a cart line (removing it)",
    owner: "A",
    change: form(
      () => "/cart",
      (w) => ({ intent: "remove", id: w.alice.cartLineId }),
    ),
    state: async (w) => ((await aliceSees(w, "/cart", "routes/cart")) as { lines: unknown }).lines,
    leaks: (w) => [w.marker],
    intruder: { change: [404] },
    signedOut: { change: [401] },
  },
  {
    routes: ["/shopping-list"],
    resource: "a shopping-list item (changing it)",
    owner: "A",
    read: page(() => "/shopping-list", "routes/shopping-list"),
    change: form(
      () => "/shopping-list",
      (w) => ({ intent: "update", id: w.alice.listItemId, productId: "16", quantity: "60", notes: "taken over" }),
    ),
    state: async (w) => ((await aliceSees(w, "/shopping-list", "routes/shopping-list")) as { items: unknown }).items,
    leaks: (w) => [w.alice.listItemId, w.marker],
    intruder: { read: "nothing of A's", change: [404] },
    signedOut: { read: "nothing of A's", change: [401] },
  },
  {
    routes: ["/shopping-list"],
    resource: "a shopping-list item (removing it)",
    owner: "A",
    change: form(
      () => "/shopping-list",
      (w) => ({ intent: "remove", id: w.alice.listItemId }),
    ),
    state: async (w) => ((await aliceSees(w, "/shopping-list", "routes/shopping-list")) as { items: unknown }).items,
    leaks: (w) => [w.marker],
    intruder: { change: [404] },
    signedOut: { change: [401] },
  },
  {
    routes: ["/favorites"],
    resource: "favourites (toggling A's favourite product)",
    owner: "A",
    read: page(() => "/favorites", "routes/favorites"),
    // Favourites have no id of their own: another buyer's toggle may only ever touch their own list.
    change: form(
      () => "/favorites",
      () => ({ intent: "toggle", productId: "15" }),
    ),
    state: async (w) =>
      ((await aliceSees(w, "/favorites", "routes/favorites")) as { products: { id: string }[] }).products.map(
        (product) => product.id,
      ),
    leaks: () => ['"products":[{"id":"15"'],
    intruder: { read: "nothing of A's", change: "nothing of A's" },
    signedOut: { read: "nothing of A's", change: [401] },
  },
  {
    routes: [
      "/account",
      "/account/profile",
      "/account/password",
      "/account/email",
      "/account/two-factor",
      "/account/sessions",
    ],
    resource: "account settings and sessions (ending one of A's sessions)",
    owner: "A",
    read: page(() => "/account", "routes/account"),
    change: form(
      () => "/account/sessions",
      (w) => ({ sessionId: w.alice.sessionId }),
    ),
    state: async (w) =>
      ((await aliceSees(w, "/account", "routes/account")) as { sessions: { id: string }[] }).sessions
        .map((s) => s.id)
        .sort(),
    leaks: (w) => [w.alice.email, w.alice.sessionId, w.marker],
    intruder: { read: "nothing of A's", change: [404] },
    signedOut: { read: "sign-in", change: "sign-in" },
    membersMay: "a member's account page names the organisations they belong to, A's (and its marked name) among them",
  },
  {
    routes: ["/account/organisation"],
    resource: "an organisation (switching into it)",
    owner: "A",
    read: page(() => "/account", "routes/account"),
    change: form(
      () => "/account/organisation",
      (w) => ({ intent: "org-switch", organizationId: w.alice.organisationId }),
    ),
    state: organisation,
    leaks: (w) => [w.alice.email, w.marker],
    intruder: { read: "nothing of A's", change: [403] },
    signedOut: { read: "sign-in", change: "sign-in" },
    membersMay: "a member may switch into their own organisation: that is how they act for it",
  },
  {
    routes: ["/account/organisation"],
    resource: "a member's role in an organisation (changing the owner's)",
    owner: "A",
    change: form(
      () => "/account/organisation",
      (w) => ({ intent: "org-member-role", memberId: w.alice.memberId, role: "member" }),
    ),
    state: organisation,
    leaks: (w) => [w.alice.email, w.marker],
    // better-auth: 400 without an active organisation or outside this one, 403 inside another.
    intruder: { change: [400, 403] },
    signedOut: { change: "sign-in" },
  },
  {
    routes: ["/account/organisation"],
    resource: "an organisation's pending invitation (cancelling it)",
    owner: "A",
    read: page(() => "/account", "routes/account"),
    change: form(
      () => "/account/organisation",
      (w) => ({ intent: "org-cancel-invite", invitationId: w.alice.invitationId }),
    ),
    state: organisation,
    leaks: (w) => [w.alice.inviteeEmail],
    // better-auth answers "not a member" to a cancel with 400 MEMBER_NOT_FOUND.
    intruder: { read: "nothing of A's", change: [400, 403] },
    signedOut: { read: "sign-in", change: "sign-in" },
  },
  ...(["yes", "no"] as const).map(
    (accept): Row => ({
      routes: ["/accept-invitation/:id"],
      resource: `an invitation to someone else (${accept === "yes" ? "accepting" : "declining"} it)`,
      owner: "A",
      change: form(
        (w) => `/accept-invitation/${w.alice.invitationId}`,
        () => ({ accept }),
      ),
      state: organisation,
      leaks: (w) => [w.alice.inviteeEmail, w.marker],
      intruder: { change: [403] },
      signedOut: { change: "sign-in" },
    }),
  ),
  // The back office: everyone but staff gets the site's 404, signed out included (B-7).
  {
    routes: ["/admin"],
    resource: "the back office (and its Back up now, decision 083)",
    owner: "staff",
    read: page(() => "/admin", "routes/admin"),
    // The front page is the layout's index route: a form on it posts with ?index, as a browser's does.
    change: form(
      () => "/admin?index",
      () => ({ intent: "backup" }),
    ),
    state: async (w) =>
      ((await loaderData(w.staff, "/admin", "routes/admin._index")).data as { backups: unknown }).backups,
    leaks: () => [STAFF.email],
    intruder: { read: [404], change: [404] },
    signedOut: { read: [404], change: [404] },
  },
  {
    routes: ["/admin/orders"],
    resource: "the back office's order list",
    owner: "staff",
    read: page((w) => `/admin/orders?q=${w.alice.orderNumber}`, "routes/admin.orders"),
    state: async () => null,
    leaks: (w) => [w.alice.orderNumber],
    intruder: { read: [404] },
    signedOut: { read: [404] },
  },
  {
    routes: ["/admin/orders/export.csv"],
    resource: "the orders as CSV",
    owner: "staff",
    read: get((w) => `/admin/orders/export.csv?q=${w.alice.orderNumber}`),
    state: async () => null,
    leaks: (w) => [w.alice.orderNumber],
    intruder: { read: [404] },
    signedOut: { read: [404] },
  },
  {
    routes: ["/admin/orders/:id/job-sheet"],
    resource: "an order's job sheet (A's delivery address and artwork)",
    owner: "staff",
    read: page((w) => `/admin/orders/${w.alice.orderId}/job-sheet`, "routes/admin.order-job-sheet"),
    state: async () => null,
    leaks: (w) => [w.alice.orderNumber, w.marker],
    intruder: { read: [404] },
    signedOut: { read: [404] },
  },
  {
    routes: ["/admin/orders/:id"],
    resource: "an order in the back office (changing its delivery address)",
    owner: "staff",
    change: async (request, w, headers) => {
      const { order } = await staffSees(w, `/admin/orders/${w.alice.orderId}`, "routes/admin.order");
      const fields = {
        intent: "ship-to",
        version: String(order.version),
        ...order.shipping.fields,
        line1: "1 Taken Over Street",
      };
      return routeAnswer(await postForm(request, `/admin/orders/${w.alice.orderId}`, fields, headers));
    },
    state: async (w) =>
      (await staffSees(w, `/admin/orders/${w.alice.orderId}`, "routes/admin.order")).order.shipping.fields,
    leaks: (w) => [w.alice.orderNumber, w.marker],
    intruder: { change: [404] },
    signedOut: { change: [404] },
  },
  {
    routes: ["/admin/orders/:id"],
    resource: "an order in the back office (cancelling it)",
    owner: "staff",
    read: page((w) => `/admin/orders/${w.alice.orderId}`, "routes/admin.order"),
    change: async (request, w, headers) => {
      const { order } = await staffSees(w, `/admin/orders/${w.alice.orderId}`, "routes/admin.order");
      const fields = { intent: "cancel", version: String(order.version), reason: "Taken over" };
      return routeAnswer(await postForm(request, `/admin/orders/${w.alice.orderId}`, fields, headers));
    },
    state: async (w) => (await staffSees(w, `/admin/orders/${w.alice.orderId}`, "routes/admin.order")).order.status,
    leaks: (w) => [w.alice.orderNumber, w.marker],
    intruder: { read: [404], change: [404] },
    signedOut: { read: [404], change: [404] },
  },
  {
    routes: ["/admin/orders/:id"],
    resource: "an order in the back office (refunding part of it)",
    owner: "staff",
    change: async (request, w, headers) => {
      const { order } = await staffSees(w, `/admin/orders/${w.alice.orderId}`, "routes/admin.order");
      const fields = {
        intent: "refund",
        version: String(order.version),
        by: "amount",
        amount: "1.00",
        reason: "Taken over",
      };
      return routeAnswer(await postForm(request, `/admin/orders/${w.alice.orderId}`, fields, headers));
    },
    state: async (w) =>
      (await staffSees(w, `/admin/orders/${w.alice.orderId}`, "routes/admin.order")).order.creditNotes,
    leaks: (w) => [w.alice.orderNumber, w.marker],
    intruder: { change: [404] },
    signedOut: { change: [404] },
  },
  {
    routes: ["/admin/orders/:id"],
    resource: "an order in the back office (recording part payments sent back)",
    owner: "staff",
    change: async (request, w, headers) => {
      const { order } = await staffSees(w, `/admin/orders/${w.alice.orderId}`, "routes/admin.order");
      const fields = {
        intent: "transfer-return",
        version: String(order.version),
        returned_on: "2026-11-30",
        reference: "Taken over",
      };
      return routeAnswer(await postForm(request, `/admin/orders/${w.alice.orderId}`, fields, headers));
    },
    state: async (w) => (await staffSees(w, `/admin/orders/${w.alice.orderId}`, "routes/admin.order")).order.transfer,
    leaks: (w) => [w.alice.orderNumber, w.marker],
    intruder: { change: [404] },
    signedOut: { change: [404] },
  },
  {
    routes: ["/admin/orders/:id"],
    resource: "an order in the back office (sending it a proof)",
    owner: "staff",
    change: async (request, w, headers) => {
      const { order } = await staffSees(w, `/admin/orders/${w.alice.orderId}`, "routes/admin.order");
      const multipart = {
        intent: "proof",
        version: String(order.version),
        proof: { name: "taken-over.png", mimeType: "image/png", buffer: PNG },
      };
      return routeAnswer(
        await readRouteAnswer(await request.post(dataUrl(`/admin/orders/${w.alice.orderId}`), { multipart, headers })),
      );
    },
    state: async (w) =>
      (await staffSees(w, `/admin/orders/${w.alice.orderId}`, "routes/admin.order")).order.lines.map(
        (line) => line.proofs,
      ),
    leaks: (w) => [w.marker],
    intruder: { change: [404] },
    signedOut: { change: [404] },
  },
  {
    routes: ["/admin/orders/:id"],
    resource: "an order in the back office (deciding its On-time Guarantee claim)",
    owner: "staff",
    change: form(
      (w) => `/admin/orders/${w.alice.deliveredOrderId}`,
      () => ({ intent: "claim", decision: "accept", reason: "Taken over" }),
    ),
    state: async (w) =>
      (
        (await loaderData(w.staff, `/admin/orders/${w.alice.deliveredOrderId}`, "routes/admin.order")).data as {
          claim: unknown;
        }
      ).claim,
    leaks: (w) => [w.alice.deliveredOrderNumber, w.marker],
    intruder: { change: [404] },
    signedOut: { change: [404] },
  },
  {
    routes: ["/admin/orders/:id/proofs/:version"],
    resource: "a proof file in the back office",
    owner: "staff",
    read: get((w) => `/admin/orders/${w.alice.orderId}/proofs/1`),
    state: async () => null,
    leaks: (w) => [w.marker],
    intruder: { read: [404] },
    signedOut: { read: [404] },
  },
  {
    routes: ["/admin/orders/:id/artwork/:fileId"],
    resource: "an order's artwork in the back office",
    owner: "staff",
    read: get((w) => `/admin/orders/${w.alice.orderId}/artwork/${w.alice.orderArtworkId}`),
    state: async () => null,
    leaks: (w) => [w.marker],
    intruder: { read: [404] },
    signedOut: { read: [404] },
  },
  {
    routes: ["/admin/orders/:id/artwork/:fileId/preview"],
    resource: "the page-one picture of an order's artwork in the back office",
    owner: "staff",
    read: get((w) => `/admin/orders/${w.alice.orderId}/artwork/${w.alice.orderArtworkId}/preview`),
    state: async () => null,
    leaks: () => ["PNG"],
    intruder: { read: [404] },
    signedOut: { read: [404] },
  },
  {
    routes: [
      "/admin/orders/:id/invoice.pdf",
      "/admin/orders/:id/credit-notes/:number",
      "/admin/orders/:id/guarantee-credit-note.pdf",
    ],
    resource: "an order's VAT invoice and credit notes in the back office",
    owner: "staff",
    read: get((w) => `/admin/orders/${w.alice.orderId}/invoice.pdf`),
    state: async () => null,
    leaks: () => ["%PDF-"],
    intruder: { read: [404] },
    signedOut: { read: [404] },
  },
  {
    routes: ["/admin/quotes"],
    resource: "every quote and the custom requests waiting (A's)",
    owner: "staff",
    read: page(() => "/admin/quotes", "routes/admin.quotes"),
    state: async () => null,
    leaks: (w) => [w.alice.quoteNumber, w.marker],
    intruder: { read: [404] },
    signedOut: { read: [404] },
  },
  {
    routes: ["/admin/board"],
    resource: "the production board (A's order among every open one)",
    owner: "staff",
    read: page(() => "/admin/board", "routes/admin.board"),
    state: async () => null,
    leaks: (w) => [w.alice.orderNumber],
    intruder: { read: [404] },
    signedOut: { read: [404] },
  },
  {
    routes: ["/admin/attention"],
    resource: "what needs attention: dead jobs, stuck refunds and payments (retrying a job)",
    owner: "staff",
    read: page(() => "/admin/attention", "routes/admin.attention"),
    change: form(
      () => "/admin/attention",
      () => ({ intent: "retry", job_id: "1" }),
    ),
    state: async (w) =>
      ((await loaderData(w.staff, "/admin/attention", "routes/admin.attention")).data as { deadJobs: unknown })
        .deadJobs,
    leaks: () => ["deadJobs"],
    intruder: { read: [404], change: [404] },
    signedOut: { read: [404], change: [404] },
  },
  {
    routes: ["/admin/closures"],
    resource: "the days the shop is shut (adding a closure)",
    owner: "staff",
    read: page(() => "/admin/closures", "routes/admin.closures"),
    change: form(
      () => "/admin/closures",
      () => ({ intent: "add", from: "2027-06-01", to: "2027-06-04", reason: "An intruder's shutdown" }),
    ),
    state: async (w) =>
      ((await loaderData(w.staff, "/admin/closures", "routes/admin.closures")).data as { days: unknown }).days,
    leaks: () => ["Bank holiday"],
    intruder: { read: [404], change: [404] },
    signedOut: { read: [404], change: [404] },
  },
  {
    routes: ["/collections/:id"],
    resource: "A's collection of sizes by link: who answered what (saving spares)",
    owner: "A",
    read: page((w) => `/collections/${w.alice.collectionId}`, "routes/collection"),
    change: form(
      (w) => `/collections/${w.alice.collectionId}`,
      () => ({ intent: "spares", spare_M: "7" }),
    ),
    state: (w) => aliceSees(w, `/collections/${w.alice.collectionId}`, "routes/collection"),
    leaks: (w) => [`${w.marker} runner`, `${w.marker} team kit`],
    intruder: { read: [404], change: [404] },
    signedOut: { read: "sign-in", change: "sign-in" },
  },
  {
    routes: ["/collections/:id/answers.csv"],
    resource: "A's collection of sizes by link as CSV: who answered what, and where each one goes",
    owner: "A",
    read: get((w) => `/collections/${w.alice.collectionId}/answers.csv`),
    state: (w) => aliceSees(w, `/collections/${w.alice.collectionId}`, "routes/collection"),
    leaks: (w) => [`${w.marker} runner`, "Answered at"],
    intruder: { read: [404] },
    signedOut: { read: "sign-in" },
  },
  {
    // Starting one needs the line: another's line is not found, so no collection of A's line is made.
    routes: ["/collections/new"],
    resource: "a collection of sizes on A's cart line (starting one)",
    owner: "A",
    change: form(
      (w) => `/collections/new?line=${w.alice.cartLineId}`,
      (w) => ({
        title: `Intruder ${w.marker}`,
        message: "",
        ask_names: "",
        closes_on: new Date(Date.now() + 7 * DAY_MS).toISOString().slice(0, 10),
        max_answers: "",
      }),
    ),
    state: (w) => aliceSees(w, `/collections/${w.alice.collectionId}`, "routes/collection"),
    leaks: (w) => [`${w.marker} runner`],
    intruder: { change: [404] },
    signedOut: { change: "sign-in" },
  },
  {
    // The page names no organisation: each reader sees the one they act for, never A's (decision 085).
    routes: ["/account/credit"],
    resource: "the account on credit terms of A's organisation (applying again)",
    owner: "A",
    read: page(() => "/account/credit", "routes/account.credit"),
    change: form(
      () => "/account/credit",
      (w) => ({
        company_name: `Taken over ${w.marker}`,
        company_number: "01234567",
        accounts_email: "intruder@elsewhere.example",
        monthly_spend: "100",
        agree: "yes",
      }),
    ),
    state: (w) => aliceSees(w, "/account/credit", "routes/account.credit"),
    leaks: (w) => [`${w.marker} Events Ltd`],
    intruder: { read: "nothing of A's", change: [409] },
    signedOut: { read: "sign-in", change: "sign-in" },
  },
  {
    routes: ["/account/credit/statement.pdf"],
    resource: "the statement of account of A's organisation",
    owner: "A",
    read: get(() => "/account/credit/statement.pdf"),
    state: (w) => aliceSees(w, "/account/credit", "routes/account.credit"),
    leaks: () => ["statement-"],
    intruder: { read: [404] },
    signedOut: { read: [404] },
  },
  {
    routes: ["/admin/credit-accounts"],
    resource: "every account on credit terms",
    owner: "staff",
    read: page(() => "/admin/credit-accounts", "routes/admin.credit-accounts"),
    state: async () => null,
    leaks: (w) => [`${w.marker} Events Ltd`],
    intruder: { read: [404] },
    signedOut: { read: [404] },
  },
  {
    routes: ["/admin/credit-accounts/:organisationId"],
    resource: "the account on credit terms of A's organisation (its limit)",
    owner: "staff",
    read: page((w) => `/admin/credit-accounts/${w.alice.organisationId}`, "routes/admin.credit-account"),
    change: form(
      (w) => `/admin/credit-accounts/${w.alice.organisationId}`,
      () => ({ version: "2", decision: "approve", limit: "1000000", terms: "60" }),
    ),
    state: async (w) =>
      (await loaderData(w.staff, `/admin/credit-accounts/${w.alice.organisationId}`, "routes/admin.credit-account"))
        .data,
    leaks: (w) => [`${w.marker} Events Ltd`],
    intruder: { read: [404], change: [404] },
    signedOut: { read: [404], change: [404] },
  },
  {
    routes: ["/admin/credit-accounts/:organisationId/statement.pdf"],
    resource: "the statement of account of A's organisation, for staff",
    owner: "staff",
    read: get((w) => `/admin/credit-accounts/${w.alice.organisationId}/statement.pdf`),
    state: async () => null,
    leaks: () => ["statement-"],
    intruder: { read: [404] },
    signedOut: { read: [404] },
  },
  {
    routes: ["/admin/data-requests"],
    resource: "what a person sent without an account (erasing it)",
    owner: "staff",
    change: form(
      () => "/admin/data-requests",
      (w) => ({ intent: "erase", who: w.alice.email }),
    ),
    state: async (w) => (await loaderData(w.staff, "/admin/inbox/inquiries", "routes/admin.inbox")).data,
    leaks: () => [],
    intruder: { change: [404] },
    signedOut: { change: [404] },
  },
  {
    // The form names no account: whoever posts asks for a copy of their own data, never A's (decision 084).
    routes: ["/account/data"],
    resource: "A's copy of her data (asking for a new one)",
    owner: "A",
    change: form(
      () => "/account/data",
      () => ({ intent: "export" }),
    ),
    state: async (w) => ((await aliceSees(w, "/account", "routes/account")) as { dataExport: unknown }).dataExport,
    leaks: (w) => [w.alice.email, w.alice.dataExportId],
    intruder: { change: "nothing of A's" },
    signedOut: { change: "sign-in" },
  },
  {
    // The form names no account: a post reaches the poster's own, and only with its password (decision 084).
    routes: ["/account/delete"],
    resource: "A's account (deleting it)",
    owner: "A",
    change: form(
      () => "/account/delete",
      () => ({ password: "not the password of anyone here", confirm: "yes" }),
    ),
    state: async (w) => ((await aliceSees(w, "/account", "routes/account")) as { user: { id: string } }).user.id,
    leaks: (w) => [w.alice.email, w.alice.userId],
    intruder: { change: [403] },
    signedOut: { change: "sign-in" },
  },
  {
    routes: ["/account/data/:id"],
    resource: "a copy of A's data she asked for (decision 084)",
    owner: "A",
    read: get((w) => `/account/data/${w.alice.dataExportId}`),
    state: async (w) => ((await aliceSees(w, "/account", "routes/account")) as { dataExport: unknown }).dataExport,
    leaks: () => ["swag-studio-data-"],
    intruder: { read: [404] },
    signedOut: { read: "sign-in" },
  },
  {
    routes: ["/admin/data-requests/exports/:id"],
    resource: "a copy of A's data staff prepared to send her (decision 084)",
    owner: "staff",
    read: get((w) => `/admin/data-requests/exports/${w.alice.staffDataExportId}`),
    state: async () => null,
    leaks: () => ["swag-studio-data-"],
    intruder: { read: [404] },
    signedOut: { read: [404] },
  },
  {
    routes: ["/admin/audit"],
    resource: "the audit log of what staff did",
    owner: "staff",
    read: page(() => "/admin/audit", "routes/admin.audit"),
    state: async () => null,
    leaks: () => ["events"],
    intruder: { read: [404] },
    signedOut: { read: [404] },
  },
  {
    routes: ["/admin/audit/export.csv"],
    resource: "the audit log as CSV",
    owner: "staff",
    read: get(() => "/admin/audit/export.csv"),
    state: async () => null,
    leaks: () => ["When,Who,Address,Action"],
    intruder: { read: [404] },
    signedOut: { read: [404] },
  },
  {
    routes: ["/admin/vat"],
    resource: "the VAT summary of a quarter",
    owner: "staff",
    read: page(() => "/admin/vat", "routes/admin.vat"),
    state: async () => null,
    leaks: () => ["box1Pence"],
    intruder: { read: [404] },
    signedOut: { read: [404] },
  },
  {
    routes: ["/admin/vat/export.csv"],
    resource: "a quarter's VAT invoices and credit notes as CSV",
    owner: "staff",
    read: get(() => "/admin/vat/export.csv"),
    state: async () => null,
    leaks: (w) => [w.alice.orderNumber],
    intruder: { read: [404] },
    signedOut: { read: [404] },
  },
  {
    routes: ["/admin/quotes/export.csv"],
    resource: "the quotes as CSV",
    owner: "staff",
    read: get(() => "/admin/quotes/export.csv"),
    state: async () => null,
    leaks: (w) => [w.alice.quoteNumber],
    intruder: { read: [404] },
    signedOut: { read: [404] },
  },
  {
    routes: ["/admin/quotes/:id/quote.pdf"],
    resource: "a quote's PDF in the back office",
    owner: "staff",
    read: get((w) => `/admin/quotes/${w.alice.quoteId}/quote.pdf`),
    state: async () => null,
    leaks: () => ["%PDF-"],
    intruder: { read: [404] },
    signedOut: { read: [404] },
  },
  {
    routes: ["/admin/quotes/answer/:requestId"],
    resource: "A's custom quote request (answering it with a priced quote)",
    owner: "staff",
    read: page((w) => `/admin/quotes/answer/${w.alice.quoteRequestId}`, "routes/admin.quote-answer"),
    change: form(
      (w) => `/admin/quotes/answer/${w.alice.quoteRequestId}`,
      () => ({
        "line-0-productId": "8",
        "line-0-description": "Taken over",
        "line-0-quantity": "100",
        "line-0-unitPrice": "0.01",
        shippingMethod: "standard",
        country: "GB",
        deliveryNote: "Never",
      }),
    ),
    state: async (w) =>
      ((await loaderData(w.staff, "/admin/quotes", "routes/admin.quotes")).data as { waiting: unknown }).waiting,
    leaks: (w) => [w.marker],
    intruder: { read: [404], change: [404] },
    signedOut: { read: [404], change: [404] },
  },
  {
    routes: ["/admin/reviews"],
    resource: "buyers' reviews, A's among them (hiding one)",
    owner: "staff",
    read: page(() => "/admin/reviews", "routes/admin.reviews"),
    change: form(
      () => "/admin/reviews",
      (w) => ({ intent: "hide", reviewId: w.alice.reviewId, reason: "Taken over" }),
    ),
    state: async (w) =>
      (
        (await loaderData(w.staff, "/admin/reviews", "routes/admin.reviews")).data as {
          reviews: { id: string; hidden: unknown }[];
        }
      ).reviews.find((review) => review.id === w.alice.reviewId),
    leaks: (w) => [w.alice.deliveredOrderNumber],
    intruder: { read: [404], change: [404] },
    signedOut: { read: [404], change: [404] },
  },
  {
    routes: ["/orders/:id"],
    resource: "a delivered order (reporting a problem with it, decision 043)",
    owner: "A",
    change: form(
      (w) => `/orders/${w.alice.deliveredOrderId}`,
      () => ({ intent: "problem", "line-1": "on", description: "Taken over: nothing was wrong." }),
    ),
    state: (w) => problemOf(w),
    leaks: (w) => [w.alice.deliveredOrderNumber, w.marker],
    intruder: { change: [404] },
    signedOut: { change: [401] },
  },
  {
    routes: ["/orders/:id/problem-photos"],
    resource: "a delivered order's open problem report (adding a photo)",
    owner: "A",
    change: async (request, w, headers) =>
      answerOf(
        await request.post(`/orders/${w.alice.deliveredOrderId}/problem-photos`, {
          data: PNG,
          headers: { ...headers, "X-File-Name": "taken-over.png", "Content-Type": "image/png" },
        }),
      ),
    state: (w) => problemOf(w),
    leaks: (w) => [w.alice.deliveredOrderNumber, w.marker],
    intruder: { change: [404] },
    signedOut: { change: [401] },
  },
  {
    routes: ["/admin/problem-reports"],
    resource: "buyers' problem reports, A's among them (marking one resolved)",
    owner: "staff",
    read: page(() => "/admin/problem-reports", "routes/admin.problem-reports"),
    change: form(
      () => "/admin/problem-reports",
      (w) => ({ intent: "resolve", reportId: w.alice.problemReportId }),
    ),
    state: async (w) =>
      (
        (await loaderData(w.staff, "/admin/problem-reports", "routes/admin.problem-reports")).data as {
          reports: { id: string }[];
        }
      ).reports.find((report) => report.id === w.alice.problemReportId),
    leaks: (w) => [w.alice.deliveredOrderNumber, w.marker],
    intruder: { read: [404], change: [404] },
    signedOut: { read: [404], change: [404] },
  },
  {
    routes: ["/admin/products"],
    resource: "the catalogue as the back office sees it, drafts and archived products included",
    owner: "staff",
    read: page(() => "/admin/products", "routes/admin.products"),
    // Archiving the diary: only staff may move a product off the shelf.
    change: form(
      () => "/admin/products",
      () => ({ intent: "status", productId: "16", to: "archived", version: "1" }),
    ),
    state: async (w) =>
      (
        (await loaderData(w.staff, "/admin/products", "routes/admin.products")).data as {
          rows: { id: string; status: string; version: number }[];
        }
      ).rows.find((row) => row.id === "16"),
    // The URL names are the back office's own until the product pages use them.
    leaks: () => ["branded-a5-diary"],
    intruder: { read: [404], change: [404] },
    signedOut: { read: [404], change: [404] },
  },
  {
    routes: ["/admin/products/export.csv"],
    resource: "the catalogue as a CSV download, drafts and archived products included",
    owner: "staff",
    read: get(() => "/admin/products/export.csv?category=Office%20Essentials"),
    state: async () => null,
    leaks: () => ["branded-a5-diary"],
    intruder: { read: [404] },
    signedOut: { read: [404] },
  },
  {
    routes: ["/admin/categories"],
    resource:
      "the shop's categories as the back office runs them (decision 068), hidden ones included, and changing them",
    owner: "staff",
    read: page(() => "/admin/categories", "routes/admin.categories"),
    // Hiding Hats: only the staff check stands in the way of taking a category's page down.
    change: form(
      () => "/admin/categories",
      (w) => ({ intent: "hide", categoryId: w.hatsCategoryId }),
    ),
    // Every category's name and whether buyers see it: a hidden or new one would show.
    state: async (w) =>
      (
        (await loaderData(w.staff, "/admin/categories", "routes/admin.categories")).data as {
          categories: { name: string; hidden: boolean }[];
        }
      ).categories.map(({ name, hidden }) => `${name} ${hidden}`),
    // The products counted by status are the back office's own.
    leaks: () => ['"archived":0'],
    intruder: { read: [404], change: [404] },
    signedOut: { read: [404], change: [404] },
  },
  {
    routes: ["/admin/products/new"],
    resource: "a new product's form, and making the product",
    owner: "staff",
    read: page(() => "/admin/products/new?category=Drinkware", "routes/admin.product-new"),
    // A whole product: only the staff check stands in the way of its being made.
    change: form(
      () => "/admin/products/new",
      () => ({
        title: "Matrix Bottle",
        slug: "matrix-bottle",
        description: "A bottle.",
        category: "Drinkware",
        moq: "25",
        leadTime: "2 weeks",
        deliveryTime: "3-5 days",
        "tier-0-from": "25",
        "tier-0-price": "9.50",
        "colour-0-name": "Steel",
        "colour-0-hex": "#c0c4c8",
        "branding-laser": "on",
        brandingDefault: "laser",
        theme: "blue",
        shippingInfo: "Sent by courier.",
        shippingPerUnit: "0",
      }),
    ),
    // Every product's number: a new one would show.
    state: async (w) =>
      (
        (await loaderData(w.staff, "/admin/products", "routes/admin.products")).data as { rows: { id: string }[] }
      ).rows.map(({ id }) => id),
    leaks: () => ["shippingPerUnit"],
    intruder: { read: [404], change: [404] },
    signedOut: { read: [404], change: [404] },
  },
  {
    routes: ["/admin/products/import"],
    resource: "the catalogue's imports (a file's upload starts one)",
    owner: "staff",
    read: page(() => "/admin/products/import", "routes/admin.products-import"),
    // A whole file of one new product: only the staff check stands in the way of its dry run.
    change: async (request, _w, headers) =>
      answerOf(
        await request.post("/admin/products/import", {
          multipart: {
            file: { name: "matrix.csv", mimeType: "text/csv", buffer: Buffer.from(MATRIX_IMPORT_CSV) },
          },
          headers,
          maxRedirects: 0,
        }),
      ),
    // Every import's file and status: a new one would show.
    state: async (w) =>
      (
        (await loaderData(w.staff, "/admin/products/import", "routes/admin.products-import")).data as {
          imports: { fileName: string; status: string }[];
        }
      ).imports.map(({ fileName, status }) => `${fileName} ${status}`),
    leaks: () => ["matrix.csv"],
    intruder: { read: [404], change: [404] },
    signedOut: { read: [404], change: [404] },
  },
  {
    routes: ["/admin/products/import/:id"],
    resource: "an import's dry run (staff's own upload of one new product), and applying it",
    owner: "staff",
    read: page((w) => `/admin/products/import/${w.importId}`, "routes/admin.products-import-status"),
    change: form(
      (w) => `/admin/products/import/${w.importId}`,
      () => ({ intent: "apply" }),
    ),
    state: async (w) =>
      (
        (await loaderData(w.staff, `/admin/products/import/${w.importId}`, "routes/admin.products-import-status"))
          .data as { status: string }
      ).status,
    leaks: () => ["Matrix Import Bottle"],
    intruder: { read: [404], change: [404] },
    signedOut: { read: [404], change: [404] },
  },
  {
    routes: ["/admin/products/:id"],
    resource: "a product's editor and history (the diary's), and saving, copying or moving it",
    owner: "staff",
    read: page(() => "/admin/products/16", "routes/admin.product"),
    // A copy of the diary: a whole request, so only the staff check stands in the way.
    change: form(
      () => "/admin/products/16",
      () => ({ intent: "duplicate" }),
    ),
    // Every product's number, version and status: a copy, a save or a move would each show.
    state: async (w) =>
      (
        (await loaderData(w.staff, "/admin/products", "routes/admin.products")).data as {
          rows: { id: string; status: string; version: number }[];
        }
      ).rows.map(({ id, status, version }) => ({ id, status, version })),
    leaks: () => ["branded-a5-diary"],
    intruder: { read: [404], change: [404] },
    signedOut: { read: [404], change: [404] },
  },
  {
    routes: ["/admin/products/:id/pictures"],
    resource: "the diary's pictures (adding one)",
    owner: "staff",
    change: async (request, _w, headers) => {
      const picture = await sharp({ create: { width: 500, height: 500, channels: 3, background: "#1f2a56" } })
        .png()
        .toBuffer();
      return answerOf(
        await request.post("/admin/products/16/pictures", {
          multipart: {
            picture: { name: "diary.png", mimeType: "image/png", buffer: picture },
            alt: "A diary",
            colour: "",
          },
          headers,
          maxRedirects: 0,
        }),
      );
    },
    state: async (w) =>
      (
        (await loaderData(w.staff, "/admin/products/16", "routes/admin.product")).data as {
          pictures: { alt: string }[];
        }
      ).pictures.map((p) => p.alt),
    leaks: () => [],
    intruder: { change: [404] },
    signedOut: { change: [404] },
  },
  {
    routes: ["/admin/customers"],
    resource: "finding a customer (A's organisation by A's address)",
    owner: "staff",
    read: page((w) => `/admin/customers?q=${encodeURIComponent(w.alice.email)}`, "routes/admin.customers"),
    state: async () => null,
    leaks: (w) => [w.alice.organisationId],
    intruder: { read: [404] },
    signedOut: { read: [404] },
  },
  {
    routes: ["/admin/customers/:accountId"],
    resource: "a customer account's people, orders, quotes and documents (A's organisation)",
    owner: "staff",
    read: page((w) => `/admin/customers/${w.alice.organisationId}`, "routes/admin.customer"),
    state: async () => null,
    leaks: (w) => [w.alice.email],
    intruder: { read: [404] },
    signedOut: { read: [404] },
  },
  {
    routes: ["/admin/problem-reports/:reportId/photos/:photoId"],
    resource: "a problem report's photo in the back office",
    owner: "staff",
    read: get((w) => `/admin/problem-reports/${w.alice.problemReportId}/photos/${w.alice.problemPhotoId}`),
    state: async () => null,
    leaks: (w) => [w.marker],
    intruder: { read: [404] },
    signedOut: { read: [404] },
  },
  {
    routes: ["/admin/inbox/:kind"],
    resource: "the inbox (A's cart feedback)",
    owner: "staff",
    read: page(() => "/admin/inbox/feedback", "routes/admin.inbox"),
    state: async () => null,
    leaks: (w) => [w.marker],
    intruder: { read: [404] },
    signedOut: { read: [404] },
  },
  {
    routes: ["/admin/inbox/:kind/export.csv"],
    resource: "the inbox as CSV",
    owner: "staff",
    read: get(() => "/admin/inbox/feedback/export.csv"),
    state: async () => null,
    leaks: (w) => [w.marker],
    intruder: { read: [404] },
    signedOut: { read: [404] },
  },
];

/**
 * Routes that hold nobody's data: the catalogue and content pages, the header search's suggestions
 * (the products on sale, the same for everyone), the sign-in forms (they answer
 * for the identifier typed in, never for a signed-in account), public APIs whose answers are
 * the same for everyone (recent purchases: city and product only), the price toggle (it sets only
 * the caller's own cookie), better-auth's JWKS, the Stripe webhook (signature-checked; 404 in test
 * mode), the SMS list's unsubscribe page (it acts only for the number its HMAC-signed link names,
 * whoever opens it; app/server/shop/sms-signups.server.test.ts proves a changed link does nothing), its
 * confirmation page (it confirms only the sign-up whose random single-use token the link carries),
 * the SMS provider's inbound webhook (Twilio-signature-checked, 403 otherwise; 404 with no provider), a
 * proof's share-for-approval page and file (they open only the proof version whose random token the
 * link carries, whoever opens it; the test below and app/server/aftercare/proof-share-links.server.test.ts
 * show a forged token is refused), a collection's link and an answer's own link (decision 090: they open only
 * the collection, or the one answer, whose random tokens the link carries; the test below and
 * app/server/checkout/size-collections.server.test.ts show a forged or replaced token opens nothing), the pictures staff uploaded for products (only the renders a product
 * of the catalogue shows, the same for everyone; any other stored file is not found:
 * app/server/catalogue/catalogue-pictures.server.test.ts) and the not-found page.
 */
const PUBLIC_ROUTES = [
  "/",
  "/products",
  "/products/:category",
  "/product/:id",
  "/search/suggestions",
  "/product-pictures/:name",
  "/env",
  "/sign-in",
  "/sign-in/two-factor",
  "/sign-up",
  "/verify",
  "/forgot-password",
  "/reset-password",
  "/sign-out",
  "/.well-known/jwks.json",
  "/how-it-works",
  "/compare",
  "/customer-love",
  "/about",
  "/contact",
  "/faqs",
  "/terms",
  "/guarantee",
  "/privacy",
  "/cookies",
  "/blog",
  "/quick-wins/:slug",
  "/api/page-views",
  "/api/sms-signups",
  "/sms/unsubscribe",
  "/sms/confirm",
  "/api/sms/inbound",
  "/proof-approval/:token",
  "/proof-approval/:token/file",
  "/collect/:token",
  "/collect/:token/answer/:answer",
  "/api/recent-purchases",
  "/api/stripe-webhook",
  "/prices",
  "/account-deleted",
  "/*",
];

// ---------------------------------------------------------------------------------------------
// Checking answers

function expectRefused(answer: Answer, refusal: Refusal, leaks: string[], what: string) {
  expect(answer.status, `${what}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
  if (refusal === "sign-in") {
    expect(answer.redirect ?? "", what).toMatch(/^(https?:\/\/[^/]+)?\/sign-in\?/);
  } else if (Array.isArray(refusal)) {
    expect(refusal, `${what} answered ${answer.status}: ${answer.body.slice(0, 300)}`).toContain(answer.status);
  }
  for (const leak of leaks) expect(answer.body, `${what} gives away ${leak}`).not.toContain(leak);
}

const owner = (row: Row, w: World) => (row.owner === "A" ? w.alice.request : w.staff);
const label = (row: Row) => `${row.routes[0]}: ${row.resource}`;

// ---------------------------------------------------------------------------------------------
// Setting the world up: three buyers, staff, and everything of Alice's, over HTTP only

let world: World;
/** The former member's session that left (the matrix uses the other one, still set on the organisation). */
let formerMemberFirstSession: HttpClient;

const shop = inProcessShop();
/** A client signed up and confirmed. */
const signedIn = async (who: ReturnType<typeof newBuyer>) => {
  const client = shop.newClient();
  await signUpOverHttp(client, shop.mailbox, who);
  return client;
};

beforeAll(async () => {
  const marker = `alice${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const aliceBuyer = { ...newBuyer("alice"), firstName: "Alice" };
  const removedBuyer = newBuyer("removed");
  const switcherBuyer = newBuyer("switcher");
  const a = await signedIn(aliceBuyer);
  const bob = await signedIn(newBuyer("bob"));
  const removed = await signedIn(removedBuyer);
  const switcher = await signedIn(switcherBuyer);
  const staff = await shop.newStaffClient();
  const anonymous = shop.newClient();

  // The organisation first, so Alice's drafts and order belong to it.
  expect((await postForm(a, "/account/organisation", { intent: "org-create", name: `${marker} Events` })).status).toBe(
    200,
  );
  const inviteeEmail = `invitee-${marker}@acme-events.co.uk`;
  for (const email of [inviteeEmail, removedBuyer.email, switcherBuyer.email]) {
    expect((await postForm(a, "/account/organisation", { intent: "org-invite", email, role: "member" })).status).toBe(
      200,
    );
  }
  const { activeOrganisation: org } = (await loaderData(a, "/account", "routes/account")).data as {
    activeOrganisation: {
      id: string;
      members: { id: string; isSelf: boolean }[];
      invitations: { id: string; email: string }[];
    };
  };
  const { invitations } = org;
  const invitationFor = (email: string) => invitations.find((i) => i.email === email)!.id;
  expect(
    (await postForm(removed, `/accept-invitation/${invitationFor(removedBuyer.email)}`, { accept: "yes" })).redirect,
  ).toBe("/account");
  const removedElsewhere = shop.newClient();
  const signIn = await removedElsewhere.post("/sign-in", {
    form: { intent: "password", identifier: removedBuyer.email, password: removedBuyer.password },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);
  expect(
    (await postForm(removedElsewhere, "/account/organisation", { intent: "org-switch", organizationId: org.id }))
      .status,
  ).toBe(200);
  // The switched member joins and then acts for their personal account.
  expect(
    (await postForm(switcher, `/accept-invitation/${invitationFor(switcherBuyer.email)}`, { accept: "yes" })).redirect,
  ).toBe("/account");
  expect((await postForm(switcher, "/account/organisation", { intent: "org-switch", organizationId: "" })).status).toBe(
    200,
  );

  const cart = (productId: string, colour: string, customisation: string) =>
    postForm(a, "/cart", {
      intent: "add",
      productId,
      quantity: "50",
      selectedColor: colour,
      customizationSelections: JSON.stringify([customisation]),
      notes: marker,
    });
  expect((await cart("17", "#2c6bdb", "Printed logo")).status).toBe(200);
  expect((await cart("15", "#111111", "Leg logo print")).status).toBe(200);
  expect(
    (await postForm(a, "/shopping-list", { intent: "add", productId: "16", quantity: "60", notes: marker })).status,
  ).toBe(200);
  expect((await postForm(a, "/favorites", { intent: "toggle", productId: "15" })).status).toBe(200);
  expect(
    (await postForm(a, "/cart", { intent: "feedback", text: `${marker} liked the cart`, page: "/cart" })).status,
  ).toBe(200);

  // A quote of the cart, and a custom request for staff to answer.
  const quoted = await postForm(a, "/quotes", { intent: "create", source: "cart" });
  const quoteId = /^\/quotes\/([^/]+)\/quote\.pdf$/.exec(quoted.redirect ?? "")?.[1];
  expect(quoteId, `a quote is made: ${quoted.status} ${quoted.body.slice(0, 300)}`).toBeTruthy();
  const { quotes } = (await loaderData(a, "/quotes", "routes/quotes")).data as {
    quotes: { id: string; number: string }[];
  };
  const quoteNumber = quotes.find((q) => q.id === quoteId)!.number;
  const asked = await postForm(a, "/quotes", {
    intent: "custom",
    product: `${marker} woven caps`,
    quantity: "100",
    needed_by: "",
    notes: marker,
    name: "Alice",
    email: aliceBuyer.email,
    company: "",
  });
  expect(asked.status, asked.body.slice(0, 300)).toBe(200);
  const { waiting } = (await loaderData(staff, "/admin/quotes", "routes/admin.quotes")).data as {
    waiting: { id: string; notes: string }[];
  };
  const quoteRequestId = waiting.find((r) => r.notes === marker)!.id;

  const draft = (productId: string, colour: string, customisation: string, branding: string) =>
    completeDraft(a, { productId, colour, customisation, branding, quantity: 50, marker, email: aliceBuyer.email });
  const paidDraftId = await draft("8", "#1f2a56", "Front embroidery", "embroidery");
  const orderArtworkId = await uploadArtwork(a, paidDraftId, `${marker}-cap.pdf`);
  const order = await payInTestMode(a, await startPayment(a, paidDraftId, "8"));
  const openDraftId = await draft("17", "#2c6bdb", "Printed logo", "screen_print");
  const artworkId = await uploadArtwork(a, openDraftId, `${marker}-mat.pdf`);
  const pendingDraftId = await draft("16", "#111111", "Debossed cover logo", "deboss");
  const clientSecret = await startPayment(a, pendingDraftId, "16");
  const transferDraftId = await draft("8", "#1f2a56", "Front embroidery", "embroidery");
  const placed = await postForm(a, "/payment", { intent: "bank_transfer", draft_id: transferDraftId, product_id: "8" });
  const transferOrderId = /^\/orders\/([0-9a-f-]{36})$/.exec(placed.redirect ?? "")?.[1];
  expect(transferOrderId, placed.body.slice(0, 300)).toBeTruthy();

  const { lines } = (await loaderData(a, "/cart", "routes/cart")).data as {
    lines: { id: string; productId: string }[];
  };
  const { items } = (await loaderData(a, "/shopping-list", "routes/shopping-list")).data as { items: { id: string }[] };
  // A's collection of sizes by link for her shorts, with one answer carrying the marker (decision 090).
  const shortsLineId = lines.find((l) => l.productId === "15")!.id;
  const opened = await postForm(a, `/collections/new?line=${shortsLineId}`, {
    title: `${marker} team kit`,
    message: "",
    ask_names: "yes",
    closes_on: new Date(Date.now() + 7 * DAY_MS).toISOString().slice(0, 10),
    max_answers: "",
  });
  const created = (opened.data as { created?: { id: string; url: string } } | undefined)?.created;
  expect(created, opened.body.slice(0, 300)).toBeTruthy();
  const collectToken = new URL(created!.url).pathname.split("/")[2]!;
  const answered = await postForm(anonymous, `/collect/${collectToken}`, { size: "M", name: `${marker} runner` });
  expect(answered.status, answered.body.slice(0, 300)).toBe(200);

  // Staff send proof version 1, so the order has a proof file.
  const { order: staffOrder } = (await loaderData(staff, `/admin/orders/${order.orderId}`, "routes/admin.order"))
    .data as { order: { version: number } };
  const proof = await staff.post(`/admin/orders/${order.orderId}`, {
    multipart: {
      intent: "proof",
      version: String(staffOrder.version),
      note: "",
      proof: { name: `${marker}-proof.png`, mimeType: "image/png", buffer: PNG },
    },
  });
  expect(proof.status()).toBe(200);

  // A second order, delivered, one of whose lines Alice reviews (decision 023).
  const deliveredDraftId = await draft("8", "#1f2a56", "Front embroidery", "embroidery");
  const delivered = await payInTestMode(a, await startPayment(a, deliveredDraftId, "8"));
  await shipOrder(a, staff, delivered.orderId);
  await staffMoves(staff, delivered.orderId, "delivered");
  const { reviews: lineReviews } = (await loaderData(a, `/orders/${delivered.orderId}`, "routes/order")).data as {
    reviews: { lineId: string }[];
  };
  const deliveredLineId = lineReviews[0]!.lineId;
  const reviewed = await postForm(a, `/orders/${delivered.orderId}`, {
    intent: "review",
    lineId: deliveredLineId,
    rating: "5",
    text: "Lovely caps",
  });
  expect(reviewed.status, reviewed.body.slice(0, 300)).toBe(200);
  const { reviews: staffReviews } = (await loaderData(staff, "/admin/reviews", "routes/admin.reviews")).data as {
    reviews: { id: string; orderId: string }[];
  };
  const reviewId = staffReviews.find((review) => review.orderId === delivered.orderId)!.id;
  // A's problem report on it, with a photo (decision 043).
  const reported = await postForm(a, `/orders/${delivered.orderId}`, {
    intent: "problem",
    "line-1": "on",
    description: `${marker}: the caps arrived crushed.`,
  });
  expect(reported.status, reported.body.slice(0, 300)).toBe(200);
  const problemPhoto = await a.post(`/orders/${delivered.orderId}/problem-photos`, {
    data: PNG,
    headers: { "X-File-Name": encodeURIComponent(`${marker}-box.png`), "Content-Type": "image/png" },
  });
  expect(problemPhoto.status(), await problemPhoto.text()).toBe(201);
  const problemPhotoId = ((await problemPhoto.json()) as { photo: { id: string } }).photo.id;
  const { reports: problemReports } = (
    await loaderData(staff, "/admin/problem-reports", "routes/admin.problem-reports")
  ).data as { reports: { id: string; orderId: string }[] };
  const problemReportId = problemReports.find((report) => report.orderId === delivered.orderId)!.id;

  // The brand kit of A's organisation: a logo, colours and placement notes.
  const kitLogo = await a.post("/api/brand-kit/logos", {
    data: PDF,
    headers: { "X-File-Name": encodeURIComponent(`${marker}-kit.pdf`), "Content-Type": "application/pdf" },
  });
  expect(kitLogo.status(), await kitLogo.text()).toBe(201);
  const brandLogoId = ((await kitLogo.json()) as { logo: { id: string } }).logo.id;
  const kitSaved = await postForm(a, "/account/brand-kit", {
    intent: "save",
    colours: "#1F2A56",
    placementNotes: marker,
  });
  expect(kitSaved.status, kitSaved.body.slice(0, 300)).toBe(200);

  // While a member, acting for the organisation, the former member places its records themselves:
  // an order (with a proof from staff, which they share), and a quote of their cart, converted.
  // Their own notes carry a marker of their own: what they may still see of themselves is no leak of A's.
  const theirMarker = `former${marker}`.replace("alice", "");
  const theirDraftId = await completeDraft(removedElsewhere, {
    productId: "8",
    colour: "#1f2a56",
    customisation: "Front embroidery",
    branding: "embroidery",
    quantity: 50,
    marker: theirMarker,
    email: removedBuyer.email,
  });
  const theirOrder = await payInTestMode(removedElsewhere, await startPayment(removedElsewhere, theirDraftId, "8"));
  const { order: theirStaffOrder } = (
    await loaderData(staff, `/admin/orders/${theirOrder.orderId}`, "routes/admin.order")
  ).data as { order: { version: number } };
  const theirProof = await staff.post(`/admin/orders/${theirOrder.orderId}`, {
    multipart: {
      intent: "proof",
      version: String(theirStaffOrder.version),
      note: "",
      proof: { name: `${theirMarker}-proof.png`, mimeType: "image/png", buffer: PNG },
    },
  });
  expect(theirProof.status()).toBe(200);
  const theirShare = await postForm(removedElsewhere, `/orders/${theirOrder.orderId}`, {
    intent: "share-proof",
    line: "1",
    proofVersion: "1",
  });
  expect(theirShare.status, theirShare.body.slice(0, 300)).toBe(200);
  const shareToken = new URL((theirShare.data as { url: string }).url).pathname.split("/")[2]!;
  expect(
    (
      await postForm(removedElsewhere, "/cart", {
        intent: "add",
        productId: "16",
        quantity: "60",
        selectedColor: "#111111",
        customizationSelections: JSON.stringify(["Debossed cover logo"]),
        notes: theirMarker,
      })
    ).status,
  ).toBe(200);
  const theirQuote = await postForm(removedElsewhere, "/quotes", { intent: "create", source: "cart" });
  const theirQuoteId = /^\/quotes\/([^/]+)\/quote\.pdf$/.exec(theirQuote.redirect ?? "")?.[1];
  expect(theirQuoteId, theirQuote.body.slice(0, 300)).toBeTruthy();
  const { quotes: theirQuotes } = (await loaderData(removedElsewhere, "/quotes", "routes/quotes")).data as {
    quotes: { id: string; number: string }[];
  };
  const theirQuoteNumber = theirQuotes.find((q) => q.id === theirQuoteId)!.number;
  const converted = await postForm(removedElsewhere, "/quotes", { intent: "convert", quoteId: theirQuoteId! });
  expect(converted.redirect, converted.body.slice(0, 300)).toBe("/cart");
  const { quotePricing } = (await loaderData(removedElsewhere, "/cart", "routes/cart")).data as {
    quotePricing: { quoted: unknown[] };
  };
  expect(quotePricing.quoted, "the quote prices the member's cart").toHaveLength(1);

  // The member saw the organisation's order while they belonged to it; then they leave, in their first session.
  expect((await loaderData(removedElsewhere, "/orders", "routes/orders")).body).toContain(order.orderNumber);
  expect(
    (await postForm(removed, "/account/organisation", { intent: "org-leave", organizationId: org.id })).status,
  ).toBe(200);

  const { userId, sessionId } = await sessionOf(a);
  // Staff's import, read into its dry run by the shop's job worker.
  const uploaded = await staff.post("/admin/products/import", {
    multipart: { file: { name: "matrix.csv", mimeType: "text/csv", buffer: Buffer.from(MATRIX_IMPORT_CSV) } },
    maxRedirects: 0,
  });
  const importId = /\/admin\/products\/import\/([0-9a-f-]{36})$/.exec(uploaded.headers().location ?? "")?.[1] ?? "";
  expect(importId, await uploaded.text()).not.toBe("");
  const importStatus = async () =>
    (
      (await loaderData(staff, `/admin/products/import/${importId}`, "routes/admin.products-import-status")).data as {
        status: string;
      }
    ).status;
  for (let tries = 0; (await importStatus()) !== "planned"; tries += 1) {
    if (tries > 100) throw new Error("the import's dry run never came");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // A copy of A's data she asks for, and one staff prepare for her, each made ready by the job worker.
  expect((await postForm(a, "/account/data", { intent: "export" })).status).toBe(200);
  expect(
    (await postForm(staff, "/admin/data-requests", { intent: "export-account", who: aliceBuyer.email })).status,
  ).toBe(200);
  const ownExport = async () =>
    ((await loaderData(a, "/account", "routes/account")).data as { dataExport: { id: string; status: string } })
      .dataExport;
  for (let tries = 0; (await ownExport()).status !== "ready"; tries += 1) {
    if (tries > 100) throw new Error("A's copy of her data never became ready");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const staffExport = async () =>
    (
      (await postForm(staff, "/admin/data-requests", { intent: "find", who: aliceBuyer.email })).data as {
        found: { account: { latestExport: { id: string; status: string } } };
      }
    ).found.account.latestExport;
  for (let tries = 0; (await staffExport()).status !== "ready"; tries += 1) {
    if (tries > 20) throw new Error("staff's copy of A's data never became ready");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // A's organisation pays on account: she applied, staff approved it (decision 085).
  expect(
    (
      await postForm(a, "/account/credit", {
        company_name: `${marker} Events Ltd`,
        company_number: "01234567",
        accounts_email: `accounts-${marker}@acme-events.co.uk`,
        monthly_spend: "2000",
        agree: "yes",
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await postForm(staff, `/admin/credit-accounts/${org.id}`, {
        version: "1",
        decision: "approve",
        limit: "5000",
        terms: "30",
      })
    ).status,
  ).toBe(200);
  const dataExportId = (await ownExport()).id;
  const staffDataExportId = (await staffExport()).id;
  const { categories: shopCategories } = (await loaderData(staff, "/admin/categories", "routes/admin.categories"))
    .data as { categories: { id: string; slug: string }[] };
  const hatsCategoryId = shopCategories.find((category) => category.slug === "hats")?.id ?? "";
  expect(hatsCategoryId, "the categories page lists Hats").not.toBe("");
  world = {
    marker,
    importId,
    hatsCategoryId,
    alice: {
      request: a,
      email: aliceBuyer.email,
      userId,
      sessionId,
      organisationId: org.id,
      memberId: org.members.find((m) => m.isSelf)!.id,
      invitationId: invitationFor(inviteeEmail),
      inviteeEmail,
      openDraftId,
      artworkId,
      brandLogoId,
      pendingDraftId,
      clientSecret,
      paidDraftId,
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      orderArtworkId,
      transferOrderId: transferOrderId!,
      deliveredOrderId: delivered.orderId,
      deliveredOrderNumber: delivered.orderNumber,
      deliveredLineId,
      reviewId,
      cartLineId: lines.find((l) => l.productId === "15")!.id,
      collectionId: created!.id,
      collectToken,
      listItemId: items[0]!.id,
      quoteId: quoteId!,
      quoteNumber,
      quoteRequestId,
      problemReportId,
      problemPhotoId,
      dataExportId,
      staffDataExportId,
    },
    placedByFormerMember: {
      orderId: theirOrder.orderId,
      orderNumber: theirOrder.orderNumber,
      quoteId: theirQuoteId!,
      quoteNumber: theirQuoteNumber,
      shareToken,
    },
    staff,
    intruders: {
      "another buyer": bob,
      "a former member of A's organisation": removedElsewhere,
      "a member who switched to a personal account": switcher,
    },
    anonymous,
  };
  formerMemberFirstSession = removed;
});

// ---------------------------------------------------------------------------------------------
// The matrix

for (const row of ROWS) {
  for (const intruder of INTRUDERS) {
    if (row.membersMay && intruder === "a member who switched to a personal account") continue;
    it(`${label(row)}: ${intruder} can neither read nor change it`, async () => {
      const w = world;
      const request = w.intruders[intruder];
      const leaks = row.leaks(w);
      if (row.read) {
        const own = await row.read(owner(row, w), w);
        expect(own.status, `the owner reads it: ${own.body.slice(0, 300)}`).toBe(200);
        for (const leak of leaks) expect(own.body, `the owner's answer shows ${leak}`).toContain(leak);
        expectRefused(await row.read(request, w), row.intruder.read!, leaks, `${intruder} reading`);
      }
      if (row.change) {
        const before = await row.state(w);
        expectRefused(await row.change(request, w), row.intruder.change!, leaks, `${intruder} changing`);
        expect(await row.state(w), "the owner's data afterwards").toEqual(before);
      }
    });
  }

  it(`${label(row)}: signed out, refused`, async () => {
    const w = world;
    const leaks = row.leaks(w);
    if (row.read) expectRefused(await row.read(w.anonymous, w), row.signedOut.read!, leaks, "reading signed out");
    if (row.change) {
      const before = await row.state(w);
      expectRefused(await row.change(w.anonymous, w), row.signedOut.change!, leaks, "changing signed out");
      expect(await row.state(w), "the owner's data afterwards").toEqual(before);
    }
  });

  if (row.change) {
    it(`${label(row)}: the owner's own change, sent from another site, is refused`, async () => {
      const w = world;
      const before = await row.state(w);
      const answer = await row.change!(owner(row, w), w, { Origin: "https://evil.example" });
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body.trim())).toMatchObject({ error: { code: "CROSS_SITE" } });
      expect(await row.state(w), "the owner's data afterwards").toEqual(before);
    });
  }
}

/**
 * better-auth's own HTTP API serves nothing the shop does not use (AUTH_ENDPOINTS_SERVED_OVER_HTTP,
 * empty: api.auth.test.ts goes through every endpoint). Here, over HTTP, the ones that would hand
 * out Alice's data or change it by her ids: the admin API (staff have none), the organisation and
 * session APIs, and flows the pages run themselves.
 */
const CLOSED_ROUTES = ["/api/auth/*"];
const BETTER_AUTH_ATTEMPTS: [string, Attempt][] = [
  ["list users", get(() => "/api/auth/admin/list-users")],
  [
    "make A staff",
    postJson(
      () => "/api/auth/admin/set-role",
      (w) => ({ userId: w.alice.userId, role: "staff" }),
    ),
  ],
  [
    "impersonate A",
    postJson(
      () => "/api/auth/admin/impersonate-user",
      (w) => ({ userId: w.alice.userId }),
    ),
  ],
  [
    "set A's password",
    postJson(
      () => "/api/auth/admin/set-user-password",
      (w) => ({ userId: w.alice.userId, newPassword: "taken over 12345" }),
    ),
  ],
  [
    "make oneself staff",
    postJson(
      () => "/api/auth/update-user",
      () => ({ role: "staff" }),
    ),
  ],
  [
    "read A's organisation",
    get((w) => `/api/auth/organization/get-full-organization?organizationId=${w.alice.organisationId}`),
  ],
  [
    "list A's invitations",
    get((w) => `/api/auth/organization/list-invitations?organizationId=${w.alice.organisationId}`),
  ],
  [
    "invite into A's organisation",
    postJson(
      () => "/api/auth/organization/invite-member",
      (w) => ({ email: `spam-${w.marker}@elsewhere.example`, role: "member", organizationId: w.alice.organisationId }),
    ),
  ],
  [
    "remove A from her organisation",
    postJson(
      () => "/api/auth/organization/remove-member",
      (w) => ({ memberIdOrEmail: w.alice.email, organizationId: w.alice.organisationId }),
    ),
  ],
  ["read one's session and its token", get(() => "/api/auth/get-session")],
  ["list one's sessions", get(() => "/api/auth/list-sessions")],
  ["mint a JWT", get(() => "/api/auth/token")],
  [
    "reset A's password by code",
    postJson(
      () => "/api/auth/forget-password/email-otp",
      (w) => ({ email: w.alice.email }),
    ),
  ],
  [
    "send A a verification e-mail",
    postJson(
      () => "/api/auth/send-verification-email",
      (w) => ({ email: w.alice.email }),
    ),
  ],
];

it("/api/auth/*: better-auth's own API answers 404 to everyone, staff and A included, and changes nothing", async () => {
  const w = world;
  const before = { role: await aliceRole(w), organisation: await organisation(w) };
  const everyone = { A: w.alice.request, staff: w.staff, ...w.intruders, "signed out": w.anonymous };
  for (const [what, attempt] of BETTER_AUTH_ATTEMPTS) {
    for (const [who, request] of Object.entries(everyone)) {
      expectRefused(await attempt(request, w), [404], [w.alice.email, w.alice.userId, w.marker], `${who}: ${what}`);
    }
  }
  expect(
    { role: await aliceRole(w), organisation: await organisation(w) },
    "A's role and organisation afterwards",
  ).toEqual(before);
  expect((await w.intruders["another buyer"].get("/admin/orders", { maxRedirects: 0 })).status()).toBe(404);
});

it("/sms/confirm, /sms/unsubscribe and /api/sms/inbound: the link or the provider's signature decides, never who calls", async () => {
  const baseURL = shop.url;
  const w = world;
  // A's number asked to join the SMS list, and the single-use link the request carries.
  const phone = newPhone();
  const signUp = await w.alice.request.post("/api/sms-signups", { data: { phone, sourcePage: "/" } });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const confirmToken = new URL(await confirmLinkIn(shop.texts, phone)).searchParams.get("t") ?? "";
  const forgedConfirm = confirmToken.replace(/^(.)/, (c: string) => (c === "A" ? "B" : "A"));
  const status = async () =>
    (
      (await loaderData(w.anonymous, `/sms/confirm?t=${encodeURIComponent(confirmToken)}`, "routes/sms.confirm"))
        .data as { link: { phone: string } | null }
    ).link;
  const everyone = { A: w.alice.request, staff: w.staff, ...w.intruders, "signed out": w.anonymous };
  const inbound = `${baseURL}/api/sms/inbound`;
  const yes = inboundText(baseURL, phone, "YES");
  for (const [who, request] of Object.entries(everyone)) {
    expect((await postForm(request, "/sms/confirm", { t: forgedConfirm })).status, `${who}: a forged link`).toBe(400);
    const unsigned = await request.post(inbound, { form: yes.form, headers: { "X-Twilio-Signature": "bm9wZQ==" } });
    expect(unsigned.status(), `${who}: an unsigned YES`).toBe(403);
  }
  expect(await status(), "A's request after every refused attempt").not.toBeNull();
  // Whoever holds the link may use it, once.
  expect((await postForm(w.anonymous, "/sms/confirm", { t: confirmToken })).status).toBe(200);
  expect(await status()).toBeNull();

  // The link its welcome text carries.
  const link = new URL(await unsubscribeLinkIn(shop.texts, phone));
  const token = link.searchParams.get("t") ?? "";
  // The same number, another MAC: what anyone can make without A's link.
  const forged = token.replace(/\.(.)/, (_, c: string) => `.${c === "A" ? "B" : "A"}`);
  const subscribed = async () =>
    (
      (await loaderData(w.anonymous, `/sms/unsubscribe?t=${encodeURIComponent(token)}`, "routes/sms.unsubscribe"))
        .data as { link: { subscribed: boolean } | null }
    ).link?.subscribed;
  expect(await subscribed()).toBe(true);

  const stop = inboundText(baseURL, phone, "STOP");
  for (const [who, request] of Object.entries(everyone)) {
    const pressed = await postForm(request, "/sms/unsubscribe", { t: forged });
    expect(pressed.status, `${who}: a forged link`).toBe(400);
    const unsigned = await request.post(inbound, { form: stop.form, headers: { "X-Twilio-Signature": "bm9wZQ==" } });
    expect(unsigned.status(), `${who}: an unsigned STOP`).toBe(403);
  }
  expect(await subscribed(), "A's number after every refused attempt").toBe(true);

  // Whoever holds the link may use it: it names one number, and only that number is opted out.
  expect((await postForm(w.anonymous, "/sms/unsubscribe", { t: token })).status).toBe(200);
  expect(await subscribed()).toBe(false);
  // Signing the number up again, whoever does it, does not bring it back: only START from the phone does.
  for (const [who, request] of Object.entries({ A: w.alice.request, "signed out": w.anonymous })) {
    const again = await request.post("/api/sms-signups", { data: { phone, sourcePage: "/" } });
    expect(again.status(), `${who}: a sign-up of a stopped number`).toBe(201);
  }
  expect(await subscribed()).toBe(false);
  // The provider's signature is what the webhook hears, from whatever address it comes.
  const start = inboundText(baseURL, phone, "START");
  expect((await w.anonymous.post(inbound, { form: start.form, headers: start.headers })).status()).toBe(200);
  expect(await subscribed()).toBe(true);
  const signed = await w.anonymous.post(inbound, { form: stop.form, headers: stop.headers });
  expect(signed.status()).toBe(200);
  expect(await subscribed()).toBe(false);
});

it("/proof-approval/:token and its file: the token decides, never who calls; a forged one is refused for everyone", async () => {
  const w = world;
  const order = `/orders/${w.alice.orderId}`;
  const shared = await postForm(w.alice.request, order, { intent: "share-proof", line: "1", proofVersion: "1" });
  expect(shared.status, shared.body.slice(0, 300)).toBe(200);
  const url = new URL((shared.data as { url: string }).url);
  const token = url.pathname.split("/")[2]!;
  const links = async () =>
    ((await aliceSees(w, order, "routes/order")) as { sharing: { links: { id: string }[] } }).sharing.links;
  const [link] = await links();
  // The same length and alphabet, another token: what anyone can make without A's link.
  const forged = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
  const everyone = { A: w.alice.request, staff: w.staff, ...w.intruders, "signed out": w.anonymous };
  const guest = { name: "Mallory", email: "mallory@example.com", decision: "approve", comment: "" };
  for (const [who, request] of Object.entries(everyone)) {
    const page = await loaderData(request, `/proof-approval/${forged}`, "routes/proof-approval");
    expectRefused(routeAnswer(page), [404], [w.alice.orderNumber, w.marker], `${who}: a forged link's page`);
    const file = await request.get(`/proof-approval/${forged}/file`, { maxRedirects: 0 });
    expectRefused(await answerOf(file), [404], [w.marker], `${who}: a forged link's file`);
    const answer = await postForm(request, `/proof-approval/${forged}`, guest);
    expectRefused(routeAnswer(answer), [404], [w.alice.orderNumber], `${who}: a forged link's answer`);
    if (who !== "A") {
      const revoke = await postForm(request, order, { intent: "revoke-share", line: "1", linkId: link!.id });
      expect([401, 404], `${who}: revoking A's link`).toContain(revoke.status);
    }
  }
  expect(await links(), "A's links after every refused attempt").toHaveLength(1);
  expect(
    ((await aliceSees(w, order, "routes/order")) as { order: { status: string } }).order.status,
    "A's order after every refused attempt",
  ).toBe("proof_sent");

  // Whoever holds the real link sees that proof, and its file privately; once A revokes it, nobody does.
  const opened = await loaderData(w.anonymous, `/proof-approval/${token}`, "routes/proof-approval");
  expect(opened.status).toBe(200);
  expect(opened.body).toContain(w.alice.orderNumber);
  const file = await w.anonymous.get(`/proof-approval/${token}/file`);
  expect(file.status()).toBe(200);
  expect(file.headers()["x-content-type-options"]).toBe("nosniff");
  expect(file.headers()["cache-control"]).toBe("private, no-store");
  const revoked = await postForm(w.alice.request, order, { intent: "revoke-share", line: "1", linkId: link!.id });
  expect(revoked.status, revoked.body.slice(0, 300)).toBe(200);
  for (const [who, request] of Object.entries(everyone)) {
    const page = await loaderData(request, `/proof-approval/${token}`, "routes/proof-approval");
    expect(page.status, `${who}: a revoked link`).toBe(410);
  }
});

it("/collect/:token and an answer's link: the tokens decide, never who calls; a forged or replaced one is refused for everyone", async () => {
  const w = world;
  const token = w.alice.collectToken;
  const forged = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
  const everyone = { A: w.alice.request, staff: w.staff, ...w.intruders, "signed out": w.anonymous };
  const tally = async () =>
    ((await aliceSees(w, `/collections/${w.alice.collectionId}`, "routes/collection")) as { answers: unknown[] })
      .answers;
  const before = await tally();
  for (const [who, request] of Object.entries(everyone)) {
    const page = await loaderData(request, `/collect/${forged}`, "routes/collect");
    expectRefused(routeAnswer(page), [404], [w.marker], `${who}: a forged collection link`);
    const answer = await postForm(request, `/collect/${forged}`, { size: "M", name: "Mallory" });
    expectRefused(routeAnswer(answer), [404], [w.marker], `${who}: answering a forged link`);
    const mine = await loaderData(request, `/collect/${token}/answer/${forged}`, "routes/collect-answer");
    expectRefused(routeAnswer(mine), [404], [w.marker], `${who}: a forged answer link`);
    const change = await postForm(request, `/collect/${token}/answer/${forged}`, { size: "XS", name: "Mallory" });
    expectRefused(routeAnswer(change), [404], [w.marker], `${who}: changing through a forged answer link`);
  }
  expect(await tally(), "A's answers after every refused attempt").toEqual(before);

  // Whoever holds the real link answers, and their own link reaches their answer alone.
  const opened = await loaderData(w.anonymous, `/collect/${token}`, "routes/collect");
  expect(opened.status).toBe(200);
  expect(opened.body, "the link shows nobody's answers").not.toContain(`${w.marker} runner`);
  const given = await postForm(w.anonymous, `/collect/${token}`, { size: "L", name: "Grace" });
  expect(given.status, given.body.slice(0, 300)).toBe(200);
  const editUrl = new URL((given.data as { answered: { editUrl: string } }).answered.editUrl);
  const own = await loaderData(w.anonymous, editUrl.pathname, "routes/collect-answer");
  expect(own.status).toBe(200);
  expect(own.body).toContain("Grace");
  expect(own.body).not.toContain(`${w.marker} runner`);

  // A's new link: the old one opens nothing for anyone, and its answers' links stop with it.
  const replaced = await postForm(w.alice.request, `/collections/${w.alice.collectionId}`, { intent: "new-link" });
  expect(replaced.status, replaced.body.slice(0, 300)).toBe(200);
  for (const [who, request] of Object.entries(everyone)) {
    expect((await loaderData(request, `/collect/${token}`, "routes/collect")).status, `${who}: the old link`).toBe(404);
    expect(
      (await loaderData(request, editUrl.pathname, "routes/collect-answer")).status,
      `${who}: an old answer link`,
    ).toBe(404);
  }
  w.alice.collectToken = new URL((replaced.data as { link: string }).link).pathname.split("/")[2]!;
});

it("what the former member placed while a member is theirs no more, nor the switched member's: 404, and their share link stops", async () => {
  const w = world;
  const placed = w.placedByFormerMember;
  const order = `/orders/${placed.orderId}`;
  const leaks = [placed.orderNumber, placed.quoteNumber, placed.quoteId];
  // The control: the organisation keeps all of it.
  const owned = await loaderData(w.alice.request, order, "routes/order");
  expect(owned.status).toBe(200);
  expect(owned.body).toContain(placed.orderNumber);
  expect((await w.alice.request.get(`${order}/invoice.pdf`)).status()).toBe(200);
  expect((await w.alice.request.get(`/quotes/${placed.quoteId}/quote.pdf`)).status()).toBe(200);
  expect((await loaderData(w.alice.request, "/quotes", "routes/quotes")).body).toContain(placed.quoteNumber);

  const them = {
    "the former member, in the session that left": formerMemberFirstSession,
    "the former member, in a session still set on the organisation": w.intruders["a former member of A's organisation"],
    "a member who switched to a personal account": w.intruders["a member who switched to a personal account"],
  };
  for (const [who, request] of Object.entries(them)) {
    const page = await loaderData(request, order, "routes/order");
    expectRefused(routeAnswer(page), [404], leaks, `${who}: the order they placed`);
    const list = await loaderData(request, "/orders", "routes/orders");
    expectRefused(routeAnswer(list), "nothing of A's", leaks, `${who}: the order list`);
    for (const path of [`${order}/invoice.pdf`, `${order}/proofs/1`, `/quotes/${placed.quoteId}/quote.pdf`]) {
      expectRefused(await answerOf(await request.get(path, { maxRedirects: 0 })), [404], leaks, `${who}: ${path}`);
    }
    const answered = await postForm(request, order, { decision: "approve", proofVersion: "1" });
    expectRefused(routeAnswer(answered), [404], leaks, `${who}: answering its proof`);
    const shared = await postForm(request, order, { intent: "share-proof", line: "1", proofVersion: "1" });
    expectRefused(routeAnswer(shared), [404], [...leaks, "/proof-approval/"], `${who}: sharing its proof`);
    const reordered = await postForm(request, `${order}/reorder`, {});
    expectRefused(routeAnswer(reordered), [404], leaks, `${who}: reordering it`);
    const quotes = await loaderData(request, "/quotes", "routes/quotes");
    expectRefused(routeAnswer(quotes), "nothing of A's", leaks, `${who}: the quote list`);
    const converted = await postForm(request, "/quotes", { intent: "convert", quoteId: placed.quoteId });
    expectRefused(routeAnswer(converted), [404], leaks, `${who}: ordering at the quote's prices`);
  }
  expect(
    ((await loaderData(w.alice.request, order, "routes/order")).data as { order: { status: string } }).order.status,
    "the order afterwards",
  ).toBe("proof_sent");

  // The link the former member shared stops working for whoever holds it.
  const link = await loaderData(w.anonymous, `/proof-approval/${placed.shareToken}`, "routes/proof-approval");
  expect(link.status).toBe(410);
  expect(link.body).toContain("the person who shared it can no longer answer for this order");
  expect(link.body).not.toContain(placed.orderNumber);
  expect((await w.anonymous.get(`/proof-approval/${placed.shareToken}/file`)).status()).toBe(410);

  // The quote they converted while a member prices their cart no more, and the cart says so.
  const { quotePricing } = (
    await loaderData(w.intruders["a former member of A's organisation"], "/cart", "routes/cart")
  ).data as { quotePricing: { quoted: unknown[]; notices: string[] } };
  expect(quotePricing).toEqual({
    quoted: [],
    notices: [
      "The quote your cart was priced at belongs to an organisation you are not ordering for now, so your cart is priced at today's catalogue prices.",
    ],
  });
});

it("/account/brand-kit: a plain member acting for the organisation reads its kit but cannot change it", async () => {
  const w = world;
  const member = w.intruders["a member who switched to a personal account"];
  const before = await aliceSees(w, "/account/brand-kit", "routes/account.brand-kit");
  const switchTo = async (organizationId: string) =>
    expect((await postForm(member, "/account/organisation", { intent: "org-switch", organizationId })).status).toBe(
      200,
    );
  await switchTo(w.alice.organisationId);
  try {
    const read = await loaderData(member, "/account/brand-kit", "routes/account.brand-kit");
    expect(read.status).toBe(200);
    expect(read.body).toContain(w.marker);
    expect((read.data as { canEdit: boolean }).canEdit).toBe(false);
    const removed = await postForm(member, "/account/brand-kit", { intent: "remove", logoId: w.alice.brandLogoId });
    expect(removed.status).toBe(403);
    expect(removed.body).toContain("Only your organisation's owners and admins can change its brand kit.");
    const saved = await postForm(member, "/account/brand-kit", {
      intent: "save",
      colours: "#000000",
      placementNotes: "",
    });
    expect(saved.status).toBe(403);
    const added = await member.post("/api/brand-kit/logos", {
      data: PDF,
      headers: { "X-File-Name": "taken-over.pdf", "Content-Type": "application/pdf" },
    });
    expect(added.status()).toBe(403);
  } finally {
    await switchTo("");
  }
  expect(await aliceSees(w, "/account/brand-kit", "routes/account.brand-kit"), "A's kit afterwards").toEqual(before);
});

it("every route of app/routes.ts that holds someone's data has a row", () => {
  type Entry = { path?: string; children?: Entry[] };
  const paths = (entries: Entry[], parent = ""): string[] =>
    entries.flatMap((entry) => {
      const path = entry.path ? `${parent}/${entry.path}` : parent || "/";
      return [path, ...paths(entry.children ?? [], path)];
    });
  const covered = new Set([...ROWS.flatMap((row) => row.routes), ...CLOSED_ROUTES]);
  const missing = [...new Set(paths(routeConfig as Entry[]))].filter(
    (path) => !covered.has(path) && !PUBLIC_ROUTES.includes(path),
  );
  expect(missing, "routes with neither a row nor a place in PUBLIC_ROUTES").toEqual([]);
  expect(
    PUBLIC_ROUTES.filter((path) => covered.has(path)),
    "public routes that also have a row",
  ).toEqual([]);
});

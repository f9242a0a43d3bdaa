/**
 * How large a request body the server accepts, by path (bad input gets a 4xx, never a
 * server out of memory). Forms and JSON are read whole into memory, so they get 1 MB; the two
 * uploads get their file limit and room for the multipart wrapping around it.
 *
 * server.ts refuses a declared Content-Length over the limit before the route runs, and counts a
 * body without one (chunked) as the route reads it (countedBody). Nothing is read ahead or held
 * here (decision 062): a route that refuses before reading, as the uploads do for a visitor
 * without a session, never has the body in memory. The uploads also count for themselves, to
 * their file limit (artwork.server.ts, admin-proofs.server.ts).
 */
import { ARTWORK_MAX_BYTES } from "~/domain/artwork/artwork-rules";
import { PROBLEM_LIMITS } from "~/domain/orders/problem-reports";
import { PROOF_MAX_BYTES } from "~/domain/artwork/proof-rules";
import { SMS_INBOUND_MAX_BYTES } from "../messages/sms.server";
import { PICTURE_MAX_BYTES } from "../catalogue/product-pictures.server";
import { IMPORT_LIMITS } from "~/domain/catalogue/catalogue-import";

const MB = 1024 * 1024;
export const DEFAULT_BODY_LIMIT_BYTES = 1 * MB;

/** React Router's client-side submissions post to the same path with `.data` added. */
/** Downloads that take no body (first, since the orders' and products' CSVs look like one's address). */
const DOWNLOADS: { path: RegExp; bytes: number }[] = [
  { path: /^\/admin\/orders\/export\.csv$/, bytes: 1024 },
  { path: /^\/admin\/products\/export\.csv$/, bytes: 1024 },
  { path: /^\/admin\/problem-reports\/[^/]+\/photos\/[^/]+$/, bytes: 1024 },
  // Pages that only read (decisions 046, 047 and 066): a job sheet, the customer search, an account;
  // and the products list, whose one form is a status change of a few short fields.
  { path: /^\/admin\/orders\/[^/]+\/job-sheet(\.data)?$/, bytes: 1024 },
  { path: /^\/admin\/customers(\/[^/]+)?(\.data)?$/, bytes: 1024 },
  { path: /^\/admin\/products(\.data)?$/, bytes: 1024 },
  // The header search's suggestions: a GET whose query is in its address.
  { path: /^\/search\/suggestions$/, bytes: 1024 },
  // An import's page, whose one form is "apply" (decision 066).
  { path: /^\/admin\/products\/import\/[^/]+(\.data)?$/, bytes: 1024 },
  // A product's uploaded picture, as the pages fetch it.
  { path: /^\/product-pictures\/[^/]+$/, bytes: 1024 },
  // Accounts on credit terms (decision 085): the statements' PDFs, and staff's list, GETs.
  { path: /^(\/admin\/credit-accounts\/[^/]+|\/account\/credit)\/statement\.pdf$/, bytes: 1024 },
  { path: /^\/admin\/credit-accounts(\.data)?$/, bytes: 1024 },
  // An order's credit note (decision 072), for its buyer or staff: a GET by number.
  { path: /^(\/admin)?\/orders\/[^/]+\/credit-notes\/[^/]+$/, bytes: 1024 },
  // The VAT summary and its CSV (decision 074) and the production board (decision 076): GETs whose
  // one form, a quarter or two filters, is in the address.
  { path: /^\/admin\/vat(\/export\.csv|\.data)?$/, bytes: 1024 },
  // The audit log and its CSV (decision 081): GETs that read nothing.
  { path: /^\/admin\/audit(\/export\.csv|\.data)?$/, bytes: 1024 },
  { path: /^\/admin\/board(\.data)?$/, bytes: 1024 },
  // A copy of a person's data (decision 084), for them or for staff: a GET by its id.
  { path: /^\/account\/data\/[^/]+$/, bytes: 1024 },
  { path: /^\/admin\/data-requests\/exports\/[^/]+$/, bytes: 1024 },
  // The page a deleted account lands on: it reads nothing.
  { path: /^\/account-deleted(\.data)?$/, bytes: 1024 },
];

const UPLOADS: { path: RegExp; bytes: number }[] = [
  { path: /^\/api\/drafts\/[^/]+\/artwork$/, bytes: ARTWORK_MAX_BYTES + MB },
  // A brand kit's logo, checked as artwork is.
  { path: /^\/api\/brand-kit\/logos$/, bytes: ARTWORK_MAX_BYTES + MB },
  { path: /^\/admin\/orders\/[^/]+(\.data)?$/, bytes: PROOF_MAX_BYTES + MB },
  // A product's picture from its editor (decision 066): the largest picture staff may upload.
  { path: /^\/admin\/products\/[^/]+\/pictures$/, bytes: PICTURE_MAX_BYTES + MB },
  // A catalogue's CSV (decision 066): the largest file an import takes.
  { path: /^\/admin\/products\/import(\.data)?$/, bytes: IMPORT_LIMITS.bytes + MB },
  // A problem report's photo (decision 043), counted again to its limit as it streams.
  { path: /^\/orders\/[^/]+\/problem-photos$/, bytes: PROBLEM_LIMITS.photoBytes + MB },
];

/** Forms of a few short fields, which need far less than the default. */
const SMALL_FORMS: { path: RegExp; bytes: number }[] = [
  // The price toggle: a mode and the page to go back to (decision 020).
  { path: /^\/prices(\.data)?$/, bytes: 4 * 1024 },
  // Paying by bank transfer: an intent and the checkout's draft and product (decision 022).
  { path: /^\/payment(\.data)?$/, bytes: 4 * 1024 },
  // Quotes (decision 021): a custom request's seven fields (notes up to 2,000 characters) or a
  // staff answer's ten lines, with room for every character percent-encoded as up to four bytes of UTF-8.
  { path: /^\/quotes(\.data)?$/, bytes: 64 * 1024 },
  { path: /^\/admin\/quotes\/answer\/[^/]+(\.data)?$/, bytes: 64 * 1024 },
  // The order page's two forms: a proof answer (a comment of up to 2,000 characters) or a review of
  // a line (up to 2,000 characters, decision 023), encoded.
  { path: /^\/orders\/[^/]+(\.data)?$/, bytes: 64 * 1024 },
  // A share link's answer (decision 025): a name, an address and a comment of up to 2,000 characters, encoded.
  { path: /^\/proof-approval\/[^/]+(\.data)?$/, bytes: 64 * 1024 },
  // The cart's forms: a line (notes of 500 characters, its choices and sizes as JSON of up to 2,000
  // each), feedback of 1,000 characters, or a need-by date (decision 017), encoded.
  { path: /^\/cart(\.data)?$/, bytes: 64 * 1024 },
  // A product's editor and a new product's form (decision 066): a description of up to 4,000
  // characters, five lists of up to 20 lines of 200, the short fields, 30 colours and 20 price
  // bands: about 30,000 characters, encoded.
  { path: /^\/admin\/products\/[^/]+(\.data)?$/, bytes: 128 * 1024 },
  // The categories' forms (decision 068): an intent, a category's id, a name of 40 characters, a URL
  // name of 60 and a menu, every character percent-encoded as up to four bytes of UTF-8.
  { path: /^\/admin\/categories(\.data)?$/, bytes: 4 * 1024 },
  // Working as a team: an organisation's name, an e-mail address, a role, or an id (decision 025).
  { path: /^\/account\/organisation(\.data)?$/, bytes: 16 * 1024 },
  // The brand kit page: 20 colours and notes of 500 characters, or a logo's id.
  { path: /^\/account\/brand-kit(\.data)?$/, bytes: 16 * 1024 },
  // Step 2's "Use this logo" from the brand kit: a logo's id in JSON.
  { path: /^\/api\/drafts\/[^/]+\/brand-logo$/, bytes: 4 * 1024 },
  // Step 2's "Use this logo" from another line (decision 044): two ids in JSON.
  { path: /^\/api\/drafts\/[^/]+\/line-artwork$/, bytes: 4 * 1024 },
  // "Use it anyway" (decision 027): a draft's id and a few warning codes in JSON.
  { path: /^\/api\/artwork\/[^/]+\/use-anyway$/, bytes: 4 * 1024 },
  // Pictures of page one (decision 027): GETs that read nothing.
  { path: /^\/api\/artwork\/[^/]+\/preview$/, bytes: 1024 },
  { path: /^\/admin\/orders\/[^/]+\/artwork\/[^/]+\/preview$/, bytes: 1024 },
  // Order again: an empty form.
  { path: /^\/orders\/[^/]+\/reorder(\.data)?$/, bytes: 4 * 1024 },
  // Retrying a dead job (decision 075): an intent and its id.
  { path: /^\/admin\/attention(\.data)?$/, bytes: 4 * 1024 },
  // A person's e-mail address or phone number to find or erase (decision 082).
  { path: /^\/admin\/data-requests(\.data)?$/, bytes: 4 * 1024 },
  // The back office's front page: its one form is "Back up now" (decision 083).
  { path: /^\/admin(\.data)?$/, bytes: 4 * 1024 },
  // Asking for a copy of one's data, and deleting one's account: an intent, or a password and a box (decision 084).
  { path: /^\/account\/(data|delete)(\.data)?$/, bytes: 4 * 1024 },
  // Sizes collected by link (decision 090): a collection's title of 120 characters, message of
  // 1,000 and list of who should answer of 10,000, every one of them a three-byte character that
  // encodes to nine (about 100,200 bytes at most), or the tally's same list, spares of each size or
  // an answer's id; and a person's size, name of 80 and address (decision 092: three lines of 200
  // and a postcode of 16, given back one over: some 6,500 bytes in nine-byte characters).
  { path: /^\/collections\/[^/]+(\.data)?$/, bytes: 100 * 1024 },
  { path: /^\/collect\/[^/]+(\/answer\/[^/]+)?(\.data)?$/, bytes: 8 * 1024 },
  // The collection's answers as CSV (decision 092): a GET by the collection's id.
  { path: /^\/collections\/[^/]+\/answers\.csv$/, bytes: 1024 },
  // Applying to pay on account: six short answers and a box (decision 085).
  { path: /^\/account\/credit(\.data)?$/, bytes: 4 * 1024 },
  // Staff's answer to it: a limit, the terms and a note of 1,000 characters, encoded (decision 085).
  { path: /^\/admin\/credit-accounts\/[^/]+(\.data)?$/, bytes: 16 * 1024 },
  // A closure: two dates and a reason of 80 characters (decision 078).
  { path: /^\/admin\/closures(\.data)?$/, bytes: 4 * 1024 },
  // Marking a problem report resolved (decision 043): an intent and its id.
  { path: /^\/admin\/problem-reports(\.data)?$/, bytes: 4 * 1024 },
  // Hiding a review (decision 023): its id and a reason of up to 500 characters, encoded.
  { path: /^\/admin\/reviews(\.data)?$/, bytes: 16 * 1024 },
  // The SMS list's unsubscribe button: its signed token (decision 034).
  { path: /^\/sms\/unsubscribe(\.data)?$/, bytes: 4 * 1024 },
  // The SMS list's confirmation button: its token (docs/decisions/034-sms-double-opt-in.md).
  { path: /^\/sms\/confirm(\.data)?$/, bytes: 4 * 1024 },
  // The SMS provider's inbound text (decision 034).
  { path: /^\/api\/sms\/inbound$/, bytes: SMS_INBOUND_MAX_BYTES },
];

export function bodyLimitFor(pathname: string): number {
  return (
    [...DOWNLOADS, ...UPLOADS, ...SMALL_FORMS].find((limit) => limit.path.test(pathname))?.bytes ??
    DEFAULT_BODY_LIMIT_BYTES
  );
}

export function tooLargeMessage(bytes: number): string {
  const size = bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / 1024)} kB`;
  return `The request is larger than this address accepts (${size}).`;
}

/**
 * `body` as the route reads it, erroring at the first byte past `maxBytes`. It reads only when
 * the route asks for more, so an unread body stays unread; `exceeded` says whether it tripped,
 * for server.ts to answer 413 whatever the route made of the error.
 */
export function countedBody(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
): { body: ReadableStream<Uint8Array>; exceeded: () => boolean } {
  let size = 0;
  let exceeded = false;
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const counted = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        reader ??= body.getReader();
        const { done, value } = await reader.read();
        if (done) return controller.close();
        size += value.byteLength;
        if (size > maxBytes) {
          exceeded = true;
          controller.error(new Error(tooLargeMessage(maxBytes)));
          // Not cancelled: what is left is server.ts's to read out or cut off (unread-body.server.ts).
          reader.releaseLock();
          return;
        }
        controller.enqueue(value);
      },
      async cancel(reason) {
        await (reader ?? body).cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
  return { body: counted, exceeded: () => exceeded };
}

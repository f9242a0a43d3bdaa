/**
 * A person's rights over their data (UK GDPR access and erasure;
 * docs/decisions/084-data-export-and-account-deletion.md): the download of their data and the
 * deletion of their account, as rules. No I/O: app/server/admin/data-exports.server.ts builds the
 * download, app/server/admin/account-deletion.server.ts deletes.
 */
import { toCsv } from "../core/csv";
import type { OrderStatus } from "../fulfilment/orders";

/** Who an order kept for the tax period names once its buyer deleted their account. */
export const DELETED_CUSTOMER = "Deleted customer";

/** How long a prepared download can be fetched before it is deleted. */
export const DATA_EXPORT_KEPT_MS = 7 * 24 * 60 * 60_000;
/** Downloads a person may ask for in a day: each is a job that reads all their orders. */
export const DATA_EXPORT_DAILY_LIMIT = 3;
/** Wrong passwords (or deletions) a person may try in an hour before deleting is refused. */
export const ACCOUNT_DELETION_HOURLY_LIMIT = 5;
/** Renders of the page a deleted account lands on, per client address a minute (signed out, the page cache answers uncounted). */
export const ACCOUNT_DELETED_PAGE_LIMIT = { hits: 60, windowSeconds: 60 } as const;

/** Where an order stands for a deletion: still under way, it blocks deleting its buyer's own account. */
const FINISHED: readonly OrderStatus[] = ["delivered", "cancelled", "refunded", "expired"];
export const isOrderUnderWay = (status: OrderStatus) => !FINISHED.includes(status);

export const DATA_RIGHTS_MESSAGES = {
  exportQueued: "We're preparing your data. We'll e-mail you when it's ready to download; it takes a minute or two.",
  exportTooMany: `You can ask for your data ${DATA_EXPORT_DAILY_LIMIT} times a day. Please try again tomorrow.`,
  confirmMissing: "Tick the box to confirm you want your account deleted.",
  passwordMissing: "Enter your password to delete your account.",
  passwordWrong: "That password isn't right.",
  signInAgain:
    "Your account has no password: sign in again with a code, then delete your account within 10 minutes of signing in.",
  deletionTooMany: "Too many attempts. Please try again in an hour.",
  ordersUnderWay: (numbers: readonly string[]) =>
    `Your ${numbers.length === 1 ? "order" : "orders"} ${numbers.join(", ")} ${numbers.length === 1 ? "is" : "are"} still under way. You can delete your account once ${numbers.length === 1 ? "it is" : "they are"} delivered or cancelled; write to us if you need it sooner.`,
  soleOwner: (organisations: readonly string[]) =>
    `You are the only owner of ${organisations.join(", ")}, which has other members. Make one of them an owner first, so the organisation keeps its orders.`,
} as const;

/** What checkout data names a person by: the contact and billing names, the delivery name, e-mail and phones. */
type PersonalCheckout = {
  details: {
    contact_name: string;
    email: string;
    phone: string;
    billing: { name: string };
  };
  shipping: {
    address: {
      firstName: string;
      lastName: string;
      name: string;
      line1: string;
      line2: string;
      city: string;
      postcode: string;
      phone: string;
    };
    notes: string;
  };
};

/**
 * An order's or a draft's checkout data with its buyer taken out: the person's name replaced by
 * DELETED_CUSTOMER, the e-mail address and phone numbers removed, and the delivery address kept to
 * its company and country. What the VAT invoice needs stays: the company billed, its address and
 * VAT number, the purchase order reference.
 */
export function withoutThePerson<T extends PersonalCheckout>(data: T): T {
  return {
    ...data,
    details: {
      ...data.details,
      contact_name: DELETED_CUSTOMER,
      email: "",
      phone: "",
      billing: { ...data.details.billing, name: DELETED_CUSTOMER },
    },
    shipping: {
      ...data.shipping,
      address: {
        ...data.shipping.address,
        firstName: "",
        lastName: "",
        name: DELETED_CUSTOMER,
        line1: "",
        line2: "",
        city: "",
        postcode: "",
        phone: "",
      },
      notes: "",
    },
  };
}

type Address = {
  company?: string;
  name?: string;
  line1?: string;
  line2?: string;
  city?: string;
  postcode?: string;
  country?: string;
};

/** Every distinct billing and delivery address in checkout data (orders' and drafts'), one a row of a CSV. */
export function givenAddressesCsv(checkouts: readonly unknown[]): string {
  const seen = new Map<string, readonly string[]>();
  for (const checkout of checkouts) {
    const data = checkout as { details?: { billing?: Address }; shipping?: { address?: Address } } | undefined;
    for (const [kind, address] of [
      ["billing", data?.details?.billing],
      ["delivery", data?.shipping?.address],
    ] as const) {
      if (!address?.line1) continue;
      const row = [
        kind,
        address.company,
        address.name,
        address.line1,
        address.line2,
        address.city,
        address.postcode,
        address.country,
      ].map((cell) => cell ?? "");
      seen.set(row.join("\u0000"), row);
    }
  }
  return toCsv(["kind", "company", "name", "line 1", "line 2", "town", "postcode", "country"], [...seen.values()]);
}

/** The download's file name: the shop's and the London day it was prepared. */
export const dataExportFileName = (day: string) => `swag-studio-data-${day}.zip`;

/** The first file of every download: what each of the others holds. */
export const DATA_EXPORT_README = `Your data from Swag Studio

account.json          your account: name, e-mail address, phone, when you joined, two-step sign-in on or off,
                      and the devices signed in (never your password or codes)
organisations.json    the organisations you belong to and your role in each
orders.json           every order you placed, with its lines, amounts, delivery details and history
orders.csv            the same orders, one a row
documents/            the VAT invoice and credit notes of each order, as PDFs
addresses.csv         every billing and delivery address you gave at checkout
drafts.json           checkouts you started and did not pay
quotes.json           the quotes made for you, and the quotes you asked for
reviews.json          the reviews you wrote
saved.json            your cart, favourites and shopping list
messages.csv          the e-mails and texts we sent you (without attachments)
consents.json         your SMS sign-ups and when you gave or withdrew consent

Artwork and logos you uploaded are not in this file: download them from your orders and your brand kit.
`;

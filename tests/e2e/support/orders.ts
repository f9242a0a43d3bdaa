import type { APIRequestContext, Page } from "@playwright/test";
import { expect, signUpOverHttp, type Buyer, type Mailbox } from "./fixtures";

// Orders made the quick way, over the same HTTP API the checkout pages use, for journeys that
// start after the checkout (the back office, the signed-in accessibility checks).

/** The address tests/e2e/start-server.ts lists in STAFF_EMAILS: it becomes staff once confirmed. */
export const STAFF: Buyer = { email: "staff@swagstudio.example", password: "marmalade skyline 42", firstName: "Olive", lastName: "Ops" };

/** Signs the staff account in over HTTP, creating and confirming it on a fresh server. */
export async function signInAsStaff(request: APIRequestContext, mailbox: Mailbox) {
  const signIn = await request.post("/sign-in", { form: { intent: "password", identifier: STAFF.email, password: STAFF.password } });
  if (!signIn.ok() || new URL(signIn.url()).pathname === "/sign-in") await signUpOverHttp(request, mailbox, STAFF);
}

/** What the checkout pages save as the buyer goes through steps 2 to 4, sent to the same draft API. */
export async function completeCheckoutSteps(request: APIRequestContext, buyer: Buyer): Promise<string> {
  const created = await request.post("/api/drafts", {
    data: {
      product_id: "8",
      patch: {
        quantity: 100,
        variant: { color_hex: "#1f2a56" },
        branding: { method: "embroidery", placement: "Front", placement_details: "Centred, 8 cm wide" },
        customization_selections: ["Front embroidery"],
        confirm: { rights_confirmed: true, lead_time_acknowledged: true },
        notes: "Navy thread please",
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  let { draft } = (await created.json()) as { draft: { id: string; version: number } };
  const save = async (step: string, patch: object) => {
    const response = await request.post(`/api/drafts/${draft.id}`, { data: { step, patch, expectedVersion: draft.version } });
    expect(response.ok(), await response.text()).toBe(true);
    ({ draft } = (await response.json()) as { draft: { id: string; version: number } });
  };
  await save("details", {
    contact_name: `${buyer.firstName} ${buyer.lastName}`,
    email: buyer.email,
    company: "Acme Events Ltd",
    phone: "020 7946 0958",
    vat_number: "GB123456789",
    billing: { company: "Acme Events Ltd", name: "Jane Smith", line1: "1 Canal Street", city: "London", postcode: "N1 9AA", country: "GB" },
    tos_accepted: true,
    use_billing_as_shipping: true,
  });
  await save("shipping", {
    address: { company: "Acme Events Ltd", firstName: "Jane", lastName: "Smith", line1: "1 Canal Street", city: "London", postcode: "N1 9AA", country: "GB", phone: "020 7946 0958" },
    method: "standard",
  });
  await save("proofing", { proof_acknowledged: true });
  return draft.id;
}

export async function payWithTestCard(page: Page, draftId: string) {
  await page.goto(`/payment?draft_id=${draftId}&product_id=8`);
  await page.getByLabel("Name on card").fill("Jane Smith");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page).toHaveURL(/\/inquiry-success\?/);
}

/** The /orders/{id} link of the newest e-mail to `to` whose subject matches. */
export async function orderLinkIn(mailbox: Mailbox, to: string, subject: RegExp): Promise<string> {
  const mail = await mailbox.latest(to, subject);
  const link = /https?:\/\/[^\s]+\/orders\/[0-9a-f-]{36}/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No order link in: ${mail.text}`);
  return new URL(link).pathname;
}


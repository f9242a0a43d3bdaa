import { describe, expect, it } from "vitest";
import { feedback, inquiries, quoteRequests, smsSignups } from "#db/schema";
import { testFileDatabase } from "../../../tests/setup/test-db";
import { createSignedInUser } from "../../../tests/setup/users";
import { INBOX_PAGE_SIZE } from "~/domain/orders/admin-orders";
import { inboxCsv, listInbox } from "./admin-inbox.server";

const handle = testFileDatabase();

const at = (iso: string) => new Date(iso);

describe("the inbox", () => {
  it("lists contact inquiries newest first and exports them with hostile cells neutralised", async () => {
    await handle.db.insert(inquiries).values([
      {
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@engine.example",
        company: "Engine, Ltd",
        notes: 'Needs "rush"',
        createdAt: at("2026-03-01T09:00:00Z"),
      },
      {
        firstName: '=HYPERLINK("http://evil")',
        lastName: "X",
        email: "x@evil.example",
        phone: "+44 20 7946 0958",
        company: "@corp",
        createdAt: at("2026-03-02T09:00:00Z"),
      },
    ]);
    const page = await listInbox(handle.db, { kind: "inquiries", page: 1 });
    expect(page.total).toBe(2);
    expect(page.columns[0]).toBe("Received");
    expect(page.rows.map((row) => row[1]?.text)).toEqual(['=HYPERLINK("http://evil")', "Ada"]);
    expect(page.rows[1]?.[0]?.text).toBe("Sun, Mar 1, 2026, 09:00");

    expect((await inboxCsv(handle.db, "inquiries")).split("\r\n")).toEqual([
      "Received,First name,Last name,E-mail,Phone,Company,Deadline,Purpose,Notes",
      `2026-03-02T09:00:00.000Z,"'=HYPERLINK(""http://evil"")",X,x@evil.example,'+44 20 7946 0958,'@corp,,,`,
      `2026-03-01T09:00:00.000Z,Ada,Lovelace,ada@engine.example,,"Engine, Ltd",,,"Needs ""rush"""`,
      "",
    ]);
  });

  it("shows SMS sign-ups with the consent wording and the time consent was given", async () => {
    const user = await createSignedInUser(handle, "sms@acme.example");
    await handle.db.insert(smsSignups).values({
      phoneE164: "+447700900123",
      consentText: "Text me offers. Reply STOP to opt out.",
      consentAt: at("2026-07-01T12:30:00Z"),
      sourcePage: "/cart",
      userId: user.userId,
    });
    const page = await listInbox(handle.db, { kind: "sms", page: 1 });
    expect(page.rows[0]?.map((cell) => cell.text).slice(0, 5)).toEqual([
      "+447700900123",
      "Wed, Jul 1, 2026, 13:30",
      "Text me offers. Reply STOP to opt out.",
      "/cart",
      "sms@acme.example",
    ]);
    expect((await inboxCsv(handle.db, "sms")).split("\r\n")[1]).toMatch(
      /^'\+447700900123,2026-07-01T12:30:00\.000Z,Text me offers\. Reply STOP to opt out\.,\/cart,sms@acme\.example,/,
    );
    expect(page.rows[0]?.at(-1)?.text).toBe("");
    expect(page.rows[0]?.at(-2)?.text).toBe("");
  });

  it("shows when an SMS sign-up opted out", async () => {
    await handle.db.insert(smsSignups).values({
      phoneE164: "+447700900124",
      consentText: "Text me offers. Reply STOP to opt out.",
      consentAt: at("2026-07-01T12:30:00Z"),
      confirmedAt: at("2026-07-01T12:40:00Z"),
      optedOutAt: at("2026-08-02T09:15:00Z"),
    });
    const page = await listInbox(handle.db, { kind: "sms", page: 1 });
    expect(page.rows[0]?.at(-1)?.text).toBe("Sun, Aug 2, 2026, 10:15");
    // When the phone confirmed (decision 034): a sign-up without it is never texted.
    expect(page.rows[0]?.at(-2)?.text).toBe("Wed, Jul 1, 2026, 13:40");
    expect((await inboxCsv(handle.db, "sms")).split("\r\n")[1]).toMatch(/,2026-08-02T09:15:00\.000Z$/);
  });

  it("lists cart feedback and quote requests, and an empty list is just the header", async () => {
    expect(await inboxCsv(handle.db, "quotes")).toBe(
      "Received,Reply by,Name,E-mail,Company,Items,Needed by,Notes,Asked on,Account e-mail\r\n",
    );
    await handle.db.insert(feedback).values({ text: "Loved it", page: "/cart" });
    await handle.db.insert(quoteRequests).values({
      userId: "u-1",
      items: [{ productId: "8", quantity: 250, notes: "navy" }],
      notes: "By June",
      createdAt: new Date("2026-07-01T12:00:00Z"),
    });
    // "Request this product" from a signed-out visitor.
    await handle.db.insert(quoteRequests).values({
      userId: null,
      contactName: "Ada Lovelace",
      email: "ada@example.co.uk",
      company: "Analytical Engines Ltd",
      neededBy: "2026-12-18",
      sourcePage: "/products/drinkware",
      items: [{ wanted: "Enamel mugs", quantity: 300 }],
      notes: "Navy",
      createdAt: new Date("2026-07-02T12:00:00Z"),
    });
    expect(
      (await listInbox(handle.db, { kind: "feedback", page: 1 })).rows[0]?.map((cell) => cell.text).slice(1),
    ).toEqual(["/cart", "Loved it", ""]);
    const quotes = await listInbox(handle.db, { kind: "quotes", page: 1 });
    expect(quotes.rows.map((row) => row.map((cell) => cell.text).slice(1))).toEqual([
      [
        // Answered within 2 working days (R-POL-07): Thursday's request by Monday.
        "Mon, Jul 6, 2026",
        "Ada Lovelace",
        "ada@example.co.uk",
        "Analytical Engines Ltd",
        "300 × Enamel mugs (to source)",
        "Fri, Dec 18, 2026",
        "Navy",
        "/products/drinkware",
        "",
      ],
      ["Fri, Jul 3, 2026", "", "", "", "250 × Custom Embroidered Cap (navy)", "", "By June", "", ""],
    ]);
  });

  it("pages long lists", async () => {
    await handle.db.insert(feedback).values(
      Array.from({ length: INBOX_PAGE_SIZE + 1 }, (_, i) => ({
        text: `note ${i}`,
        page: "/cart",
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    );
    const second = await listInbox(handle.db, { kind: "feedback", page: 2 });
    expect([second.total, second.pageCount, second.rows.length, second.rows[0]?.[2]?.text]).toEqual([
      INBOX_PAGE_SIZE + 1,
      2,
      1,
      "note 0",
    ]);
    expect((await inboxCsv(handle.db, "feedback")).trimEnd().split("\r\n")).toHaveLength(INBOX_PAGE_SIZE + 2);
  });
});

import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
import { type Buyer, clientAddress, type MailReader, newBuyer, signUpOverHttp } from "../../support/http";

export { type Buyer, clientAddress, newBuyer, signUpOverHttp };

export type Mail = {
  from: string;
  to: string[];
  subject: string;
  text: string;
  attachments: Array<{ filename: string; contentType: string }>;
};

/** Reads the mail the app sent through the loopback SMTP server started by start-server.ts. */
export class Mailbox implements MailReader {
  constructor(private readonly baseURL: string) {}

  private get api() {
    const url = new URL(this.baseURL);
    return `http://127.0.0.1:${Number(url.port) + 2}`;
  }

  async all(to: string): Promise<Mail[]> {
    const response = await fetch(`${this.api}/?to=${encodeURIComponent(to)}`);
    return (await response.json()) as Mail[];
  }

  /** The newest message to `to` whose subject matches, waiting for it to arrive. */
  async latest(to: string, subject: RegExp): Promise<Mail> {
    let found: Mail | undefined;
    await expect
      .poll(
        async () => {
          found = (await this.all(to)).filter((m) => subject.test(m.subject)).at(-1);
          return found !== undefined;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    return found!;
  }

  async code(to: string, subject: RegExp): Promise<string> {
    const mail = await this.latest(to, subject);
    const code = /Your code: (\d{6})/.exec(mail.text)?.[1];
    if (!code) throw new Error(`No code in: ${mail.text}`);
    return code;
  }
}

const WAITS_FOR_HYDRATION = Symbol("waits for hydration");

/**
 * Makes `goto` and `reload` return only once React has hydrated the document, as a person would
 * see a page that responds. A click or keystroke before that lands on server HTML whose handlers
 * are not attached yet, and the test then fails now and then on a busy machine.
 */
export function waitForHydrationOnLoad(page: Page): Page {
  const marked = page as Page & { [WAITS_FOR_HYDRATION]?: true };
  if (marked[WAITS_FOR_HYDRATION]) return page;
  marked[WAITS_FOR_HYDRATION] = true;
  const hydrated = async (response: Awaited<ReturnType<Page["goto"]>>) => {
    if (response?.headers()["content-type"]?.startsWith("text/html")) {
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    }
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => hydrated(await goto(url, options));
  page.reload = async (options) => hydrated(await reload(options));
  return page;
}

/** Every page the context opens, the test's own `page` among them, waits for hydration on load. */
export function pagesWaitForHydration(context: BrowserContext): BrowserContext {
  for (const page of context.pages()) waitForHydrationOnLoad(page);
  context.on("page", waitForHydrationOnLoad);
  return context;
}

/** Every spec takes `test` and `expect` from here, never from @playwright/test, or its pages skip the hydration wait (tests/e2e-imports.test.ts checks). */
export const test = base.extend<{ mailbox: Mailbox; signedInBuyer: Buyer }, object>({
  /** Contexts a test opens itself (a second buyer, staff) behave the same. */
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        return options?.javaScriptEnabled === false ? context : pagesWaitForHydration(context);
      };
      await use(browser);
    },
    { scope: "worker" },
  ],
  // The test's own context comes from the browser above; a test that turns JavaScript off has no
  // hydration to wait for.
  context: async ({ context, javaScriptEnabled }, use) => {
    if (javaScriptEnabled === false) context.off("page", waitForHydrationOnLoad);
    await use(context);
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, "X-Forwarded-For": clientAddress() });
  },
  mailbox: async ({ baseURL }, use) => {
    await use(new Mailbox(baseURL!));
  },
  /** A fresh, confirmed buyer signed in in this test's browser context. */
  signedInBuyer: async ({ page, mailbox }, use) => {
    const buyer = newBuyer();
    await signUpOverHttp(page.request, mailbox, buyer);
    await use(buyer);
  },
});

export async function signInThroughPage(page: Page, identifier: string, password: string) {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail or phone").fill(identifier);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

export { expect };

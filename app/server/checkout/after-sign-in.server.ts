/**
 * Where a sign-in (password, code, second factor, or the code that confirms a new account) sends
 * the buyer, and the Add to Cart they pressed before it (docs/decisions/037-choices-through-sign-in.md).
 * The request is carried in the destination as `add=1` beside the product page's choices; it is
 * done here, in the action that opened the session, so it happens once: the page it lands on, a
 * reload or Back only read the choices. The line goes through the cart's own schema and change, as
 * if the product page had posted it, so an address can never add what Add to Cart would refuse.
 */
import { shoppingSchemas } from "~/domain/checkout/shopping-rules";
import { readShelf } from "../catalogue/catalogue-store.server";
import { cartAddFormFromSearch } from "~/domain/pricing/product-choices";
import type { AccountsContext } from "../accounts/auth.server";
import { getSessionInfo, safeRedirect } from "../accounts/session.server";
import { changeCart } from "./shopping.server";

const PRODUCT_PATH = /^\/product\/([^/?#]{1,40})$/;

/** The user whose session these response headers open, or null (a second factor still to give). */
async function userOpenedBy(ctx: AccountsContext, headers: Headers): Promise<string | null> {
  const cookie = headers
    .getSetCookie()
    .map((line) => line.split(";", 1)[0]?.trim() ?? "")
    .filter((pair) => pair.includes("="))
    .join("; ");
  if (cookie === "") return null;
  const request = new Request("http://sign-in.local/", { headers: { cookie } });
  return (await getSessionInfo(ctx, request))?.user.id ?? null;
}

/**
 * The same-site destination to redirect to once `headers` have signed the buyer in. A product
 * page's `add=1` is taken off it and answered with `added=1` (the line is in the cart) or `added=0`
 * (the cart's rules refused it; the choices come back for the buyer to correct).
 */
export async function finishSignIn(
  ctx: AccountsContext,
  { redirectTo, headers }: { redirectTo: string | null | undefined; headers: Headers },
): Promise<string> {
  const target = safeRedirect(redirectTo);
  const url = new URL(target, "http://sign-in.local");
  const product = PRODUCT_PATH.exec(url.pathname);
  if (!product || url.searchParams.get("add") !== "1") return target;
  url.searchParams.delete("add");
  url.searchParams.delete("added");
  const userId = await userOpenedBy(ctx, headers);
  if (!userId) return target;
  const { cart } = shoppingSchemas((await readShelf(ctx.db)).find);
  const parsed = cart.safeParse(cartAddFormFromSearch(product[1] as string, url.searchParams));
  let added = false;
  if (parsed.success && parsed.data.intent === "add") {
    added = (await changeCart(ctx, { userId, change: parsed.data })).ok;
  }
  url.searchParams.set("added", added ? "1" : "0");
  return `${url.pathname}${url.search}`;
}

import { useRef } from "react";
import { data, Link, useFetcher } from "react-router";
import type { Route } from "./+types/shopping-list";
import { dbOf, appContextOf, sessionOf } from "~/server/accounts/request-context.server";
import { lookupIn } from "~/catalogue/lookup";
import { useLocalMirror } from "~/components/shell/local-mirror";
import { LabelledAmount } from "~/components/ui/price";
import { LIST_COLUMNS, ShoppingListRow } from "~/components/cart/shopping-list-row";
import { QuoteActions } from "~/components/orders/quote-actions";
import { SignInPrompt } from "~/components/shell/sign-in-prompt";
import { buttonClass } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form";
import { EXTERNAL } from "~/content/links";
import { useBusiness } from "~/components/ui/root-data";
import type { ErrorBody } from "~/domain/core/api-errors";
import { priceInMode } from "~/domain/pricing/price-mode";
import { STORAGE_KEYS } from "~/domain/core/storage-keys";
import { estimatedTotalPence } from "~/domain/checkout/cart-rules";
import { shoppingSchemas } from "~/domain/checkout/shopping-rules";
import { readShelf } from "~/server/catalogue/catalogue-store.server";
import { lineProducts } from "~/server/checkout/checkout.server";
import { parseForm, signInRequired, toResponse } from "~/server/platform/http.server";
import { changeShoppingList, listShoppingList, type RefusedRow } from "~/server/checkout/shopping-list.server";

export async function loader({ context }: Route.LoaderArgs) {
  const session = await sessionOf(context);
  if (!session) return { signedIn: false as const, userId: null, items: [], products: [] };
  const db = dbOf(context);
  const items = await listShoppingList(db, { userId: session.user.id });
  return {
    signedIn: true as const,
    userId: session.user.id,
    items,
    // The rows' products as they are on sale now; a row of one no longer sold is not shown.
    products: lineProducts(
      await readShelf(db),
      items.map((item) => item.productId),
    ),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await sessionOf(context);
  if (!session) return toResponse(signInRequired("Please sign in to use your shopping list."));
  const parsed = await parseForm(request, shoppingSchemas((await readShelf(dbOf(context))).find).list);
  if (!parsed.ok) return toResponse(parsed);
  const input = parsed.value;
  const result = await changeShoppingList(appContextOf(context), { userId: session.user.id, change: input });
  if (!result.ok) return toResponse(result);
  const toCart = "added" in result ? { added: result.added, refused: result.refused } : {};
  return data({ ok: true as const, intent: input.intent, ...toCart });
}

type AddAllAnswer = ErrorBody | { ok: true; added?: string[]; refused?: RefusedRow[] };

export default function ShoppingListRoute({ loaderData }: Route.ComponentProps) {
  const clear = useFetcher();
  const business = useBusiness();
  const addAll = useFetcher<AddAllAnswer>();
  // "Add all to cart"'s answer speaks of the list as it was then: once the list changes (a row
  // edited, added or removed), its reasons and summary are out of date and go.
  const answeredList = useRef<unknown>(null);
  if (addAll.state !== "idle") answeredList.current = null;
  else if (addAll.data && answeredList.current === null) answeredList.current = loaderData.items;
  useLocalMirror(
    loaderData.userId ? STORAGE_KEYS.shoppingList(loaderData.userId) : null,
    loaderData.items.map(({ productId, quantity, notes }) => ({ productId, quantity, notes })),
  );
  if (!loaderData.signedIn)
    return <SignInPrompt title="Shopping list" message="Please sign in to use your shopping list." />;
  const items = loaderData.items;
  const find = lookupIn(loaderData.products);
  const listTotal = estimatedTotalPence(
    items.flatMap((item) => {
      const product = find(item.productId);
      return product ? [{ tiers: product.tiers, quantity: item.quantity }] : [];
    }),
  );
  const answer = addAll.state === "idle" && answeredList.current === items ? addAll.data : undefined;
  const refused = new Map(
    answer && "error" in answer
      ? Object.entries(answer.error.fieldErrors ?? {})
      : (answer?.refused ?? []).map((row) => [row.id, row.message] as const),
  );
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-extrabold">Shopping list</h1>
        <a href={business.bookingUrl} {...EXTERNAL} className={buttonClass("secondary")}>
          Ask a Merch Expert
        </a>
      </div>
      <p className="mt-2 text-muted">
        Keep quantities and notes here while you get sign-off, then add them to your cart or download a quote.
      </p>
      {items.length === 0 ? (
        <div className="mt-10 rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center">
          <h2 className="text-xl font-bold">Your shopping list is empty</h2>
          <p className="mt-2 text-muted">Use "Add to shopping list" on any product page.</p>
          <Link to="/products" className={buttonClass("primary", "mt-6")}>
            Browse products
          </Link>
        </div>
      ) : (
        <>
          {/* A table from md up; below it each row is a card (components/shopping-list-row.tsx). */}
          <div className="mt-6 md:overflow-x-auto md:rounded-2xl md:border md:border-slate-200">
            <table className="w-full text-left text-sm max-md:block md:min-w-[720px]">
              <thead className="bg-slate-50 text-muted max-md:sr-only">
                <tr>
                  {LIST_COLUMNS.map((h) => (
                    <th key={h} scope="col" className="px-4 py-3 font-semibold">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="max-md:block md:divide-y md:divide-slate-100">
                {items.map((item) => {
                  const product = find(item.productId);
                  return product ? (
                    <ShoppingListRow key={item.id} item={item} product={product} refused={refused.get(item.id)} />
                  ) : null;
                })}
              </tbody>
            </table>
          </div>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
            <div className="flex flex-wrap gap-2">
              <addAll.Form method="post">
                <button
                  type="submit"
                  name="intent"
                  value="all-to-cart"
                  disabled={addAll.state !== "idle"}
                  className={buttonClass("primary")}
                >
                  {addAll.state !== "idle" ? "Adding…" : "Add all to cart"}
                </button>
              </addAll.Form>
              <clear.Form method="post">
                <button type="submit" name="intent" value="clear" className={buttonClass("ghost", "text-red-700")}>
                  Clear Shopping List
                </button>
              </clear.Form>
            </div>
            {/* A total: both ex and inc VAT whichever way prices show (decision 020); goods only. */}
            <p className="text-lg">
              Estimated Total:{" "}
              <strong>
                <LabelledAmount pence={listTotal} mode="ex" testId="list-total" />
              </strong>{" "}
              (<LabelledAmount pence={priceInMode(listTotal, "inc")} mode="inc" testId="list-total-inc" />){" "}
              <span className="text-sm text-muted">before shipping</span>
            </p>
          </div>
          <AddAllResult answer={answer} />
          <div className="mt-6 max-w-xl">
            <QuoteActions source="list" />
          </div>
        </>
      )}
    </section>
  );
}

/** What "Add all to cart" did, in words, with the way to the cart. */
function AddAllResult({ answer }: { answer: AddAllAnswer | undefined }) {
  if (!answer) return null;
  if ("error" in answer) {
    return (
      <div className="mt-4">
        <FormMessage>Nothing was added to your cart. {answer.error.message}</FormMessage>
      </div>
    );
  }
  const added = answer.added ?? [];
  const refused = answer.refused ?? [];
  return (
    <div className="mt-4">
      <FormMessage tone={refused.length > 0 ? "info" : "success"}>
        {added.length === 1 ? "Added 1 item to your cart" : `Added ${added.length} items to your cart`}
        {refused.length > 0
          ? `; ${refused.length} could not be added: ${refused.map((r) => r.message).join(" ")}`
          : "."}{" "}
        <Link to="/cart" className="font-semibold underline">
          Go to your cart
        </Link>
      </FormMessage>
    </div>
  );
}

export function meta() {
  return [{ title: "Shopping list | Swag Studio" }];
}

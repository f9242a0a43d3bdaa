import { data, Link } from "react-router";
import type { Route } from "./+types/favorites";
import { sessionOf, dbOf } from "~/server/accounts/request-context.server";
import { cardOf, onSale } from "~/catalogue/catalogue";
import { ProductCard } from "~/components/product/product-card";
import { SignInPrompt } from "~/components/shell/sign-in-prompt";
import { buttonClass } from "~/components/ui/button";
import { shoppingSchemas } from "~/domain/checkout/shopping-rules";
import { parseForm, signInRequired, toResponse } from "~/server/platform/http.server";
import { readCatalogue, readShelf } from "~/server/catalogue/catalogue-store.server";
import { listFavouriteIds, toggleFavourite } from "~/server/checkout/shopping.server";

/** The buyer's favourites that are on sale, in the order they were kept. */
export async function loader({ context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const session = await sessionOf(context);
  if (!session) return { signedIn: false as const, products: [] };
  const ids = await listFavouriteIds(db, { userId: session.user.id });
  const shelf = onSale((await readCatalogue(db)).products);
  return {
    signedIn: true as const,
    products: ids.flatMap((id) => shelf.filter((product) => product.id === id)).map(cardOf),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = dbOf(context);
  const session = await sessionOf(context);
  if (!session) return toResponse(signInRequired("Sign in required: Please sign in to manage favourites."));
  const parsed = await parseForm(request, shoppingSchemas((await readShelf(db)).find).favourite);
  if (!parsed.ok) return toResponse(parsed);
  const { productId } = parsed.value;
  const result = await toggleFavourite(db, { userId: session.user.id, productId });
  return data({ ok: true as const, productId, favourited: result.favourited });
}

export default function FavouritesRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData.signedIn) {
    return <SignInPrompt title="Your Favourites" message="Please sign in to manage favourites." />;
  }
  const { products } = loaderData;
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">Your Favourites</h1>
      <p className="mt-2 text-muted" role="status">
        You have {products.length} favourite(s)
      </p>
      {products.length === 0 ? (
        <div className="mt-10 rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center">
          <h2 className="text-xl font-bold">No favourites yet</h2>
          <p className="mt-2 text-muted">Tap the heart on any product to keep it here.</p>
          <Link to="/products" className={buttonClass("primary", "mt-6")}>
            Browse products
          </Link>
        </div>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {products.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function meta() {
  return [{ title: "Your Favourites | Swag Studio" }];
}

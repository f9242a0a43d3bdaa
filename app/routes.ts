import { type RouteConfig, index, route } from "@react-router/dev/routes";

// One line per route of SPEC.md §2 "Route list" (later issues add theirs here).
export default [
  index("routes/home.tsx"),
  route("products", "routes/products.tsx", { id: "products" }),
  route("products/:category", "routes/products.tsx", { id: "products-category" }),
  route("product/:id", "routes/product.tsx"),
  route("env", "routes/env.tsx"),
  // Accounts (issue 4)
  route("sign-in", "routes/sign-in.tsx"),
  route("sign-in/two-factor", "routes/sign-in.two-factor.tsx"),
  route("sign-up", "routes/sign-up.tsx"),
  route("verify", "routes/verify.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("sign-out", "routes/sign-out.tsx"),
  route("account", "routes/account.tsx"),
  route("accept-invitation/:id", "routes/accept-invitation.tsx"),
  route("api/auth/*", "routes/api.auth.ts"),
  route(".well-known/jwks.json", "routes/jwks.ts"),
  // Favourites, shopping list and cart (issue 5)
  route("favorites", "routes/favorites.tsx"),
  route("shopping-list", "routes/shopping-list.tsx"),
  route("cart", "routes/cart.tsx"),
  // Checkout steps 2–5, autosaved drafts and the drafts watcher (issue 7)
  route("customization", "routes/customization.tsx"),
  route("details", "routes/details.tsx"),
  route("shipping", "routes/shipping.tsx"),
  route("design-proofing", "routes/design-proofing.tsx"),
  route("debug/drafts", "routes/debug.drafts.tsx"),
  route("api/drafts", "routes/api.drafts.ts"),
  route("api/drafts/:id", "routes/api.draft.ts"),
  route("api/drafts/:id/artwork", "routes/api.draft-artwork.ts"),
  route("api/artwork/:fileId", "routes/api.artwork-file.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

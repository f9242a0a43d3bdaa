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
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

import { type RouteConfig, index, route } from "@react-router/dev/routes";

// One line per route of SPEC.md §2 "Route list" (later issues add theirs here).
export default [
  index("routes/home.tsx"),
  route("products", "routes/products.tsx", { id: "products" }),
  route("products/:category", "routes/products.tsx", { id: "products-category" }),
  route("product/:id", "routes/product.tsx"),
  route("env", "routes/env.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

import { type RouteConfig, index, route } from "@react-router/dev/routes";

// One line per route of SPEC.md §2 "Route list" (later features add theirs here).
export default [
  index("routes/home.tsx"),
  route("products", "routes/products.tsx", { id: "products" }),
  route("products/:category", "routes/products.tsx", { id: "products-category" }),
  route("product/:id", "routes/product.tsx"),
  // The header search's suggestions, worked out on the server
  route("search/suggestions", "routes/search-suggestions.ts"),
  // Pictures staff uploaded for products, as the pages fetch them
  route("product-pictures/:name", "routes/product-pictures.ts"),
  route("env", "routes/env.tsx"),
  // Accounts
  route("sign-in", "routes/sign-in.tsx"),
  route("sign-in/two-factor", "routes/sign-in.two-factor.tsx"),
  route("sign-up", "routes/sign-up.tsx"),
  route("verify", "routes/verify.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("sign-out", "routes/sign-out.tsx"),
  route("account", "routes/account.tsx", [
    index("routes/account._index.tsx"),
    route("profile", "routes/account.profile.tsx"),
    route("password", "routes/account.password.tsx"),
    route("email", "routes/account.email.tsx"),
    route("two-factor", "routes/account.two-factor.tsx"),
    route("sessions", "routes/account.sessions.tsx"),
    route("organisation", "routes/account.organisation.tsx"),
    // The brand kit: logos, colours, placement notes
    route("brand-kit", "routes/account.brand-kit.tsx"),
    // A copy of the person's data, and deleting the account (decision 084)
    route("data", "routes/account.data.tsx"),
    route("delete", "routes/account.delete.tsx"),
  ]),
  route("account/data/:id", "routes/account.data-download.ts"),
  // Paying on account, and the organisation's statement (decision 085)
  route("account/credit", "routes/account.credit.tsx"),
  route("account/credit/statement.pdf", "routes/account.credit-statement.ts"),
  route("account-deleted", "routes/account-deleted.tsx"),
  route("accept-invitation/:id", "routes/accept-invitation.tsx"),
  route("api/auth/*", "routes/api.auth.ts"),
  route(".well-known/jwks.json", "routes/jwks.ts"),
  // Favourites, shopping list and cart
  route("favorites", "routes/favorites.tsx"),
  route("shopping-list", "routes/shopping-list.tsx"),
  route("cart", "routes/cart.tsx"),
  // Checkout steps 2–5, autosaved drafts and the drafts watcher
  // Sizes collected by link (decision 090): the buyer's collection of a cart line, and its public link
  route("collections/new", "routes/collections.new.tsx"),
  route("collections/:id", "routes/collection.tsx"),
  route("collections/:id/answers.csv", "routes/collection.answers-csv.ts"),
  route("collect/:token", "routes/collect.tsx"),
  route("collect/:token/answer/:answer", "routes/collect-answer.tsx"),
  route("customization", "routes/customization.tsx"),
  route("details", "routes/details.tsx"),
  route("shipping", "routes/shipping.tsx"),
  route("design-proofing", "routes/design-proofing.tsx"),
  route("debug/drafts", "routes/debug.drafts.tsx"),
  route("api/drafts", "routes/api.drafts.ts"),
  route("api/drafts/:id", "routes/api.draft.ts"),
  route("api/drafts/:id/artwork", "routes/api.draft-artwork.ts"),
  route("api/artwork/:fileId", "routes/api.artwork-file.ts"),
  // Artwork preflight (decision 027): page one's picture, and "Use it anyway"
  route("api/artwork/:fileId/preview", "routes/api.artwork-preview.ts"),
  route("api/artwork/:fileId/use-anyway", "routes/api.artwork-use-anyway.ts"),
  // The brand kit's logos, and step 2's "Use this logo"
  route("api/brand-kit/logos", "routes/api.brand-kit-logos.ts"),
  route("api/drafts/:id/brand-logo", "routes/api.draft-brand-logo.ts"),
  route("api/drafts/:id/line-artwork", "routes/api.draft-line-artwork.ts"),
  // Payment, confirmation and order tracking pages
  route("payment", "routes/payment.tsx"),
  route("orders", "routes/orders.tsx"),
  route("orders/:id", "routes/order.tsx"),
  route("orders/:id/proofs/:version", "routes/order-proof.ts"),
  // A share link's public page and its one proof file (decision 025).
  route("proof-approval/:token", "routes/proof-approval.tsx"),
  route("proof-approval/:token/file", "routes/proof-approval-file.ts"),
  route("orders/:id/proforma.pdf", "routes/order-proforma.ts"),
  // Order again
  route("orders/:id/reorder", "routes/order-reorder.ts"),
  // A problem report's photos (decision 043; the report itself posts to the order page)
  route("orders/:id/problem-photos", "routes/order-problem-photos.ts"),
  // The order's documents (decision 019)
  route("orders/:id/invoice.pdf", "routes/order-document.ts", { id: "order-invoice" }),
  route("orders/:id/credit-notes/:number", "routes/order-document.ts", { id: "order-credit-note" }),
  route("orders/:id/guarantee-credit-note.pdf", "routes/order-document.ts", { id: "order-guarantee-credit-note" }),
  // Quotes (decision 021)
  route("quotes", "routes/quotes.tsx"),
  route("quotes/:id/quote.pdf", "routes/quote-pdf.ts"),
  // Marketing, policy and help pages
  route("how-it-works", "routes/how-it-works.tsx"),
  route("compare", "routes/compare.tsx"),
  route("customer-love", "routes/customer-love.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("faqs", "routes/faqs.tsx"),
  route("terms", "routes/terms.tsx"),
  route("guarantee", "routes/guarantee.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("cookies", "routes/cookies.tsx"),
  route("blog", "routes/blog.tsx"),
  route("quick-wins/:slug", "routes/quick-wins.tsx"),
  route("inquiry-success", "routes/inquiry-success.tsx"),
  route("api/page-views", "routes/api.page-views.ts"),
  // Prices ex or inc VAT: the header's toggle (decision 020)
  route("prices", "routes/prices.ts"),
  route("api/sms-signups", "routes/api.sms-signups.ts"),
  // The SMS list's unsubscribe link and the provider's inbound texts (STOP, START) (decision 034)
  route("sms/unsubscribe", "routes/sms.unsubscribe.tsx"),
  // The SMS list's double opt-in link (docs/decisions/034-sms-double-opt-in.md)
  route("sms/confirm", "routes/sms.confirm.tsx"),
  route("api/sms/inbound", "routes/api.sms.inbound.ts"),
  route("api/recent-purchases", "routes/api.recent-purchases.ts"),
  // Payments and orders (B-2, B-4)
  route("api/payment-intent", "routes/api.payment-intent.ts"),
  route("api/test-payments/confirm", "routes/api.test-payments.confirm.ts"),
  route("api/stripe-webhook", "routes/api.stripe-webhook.ts"),
  route("api/payment-status", "routes/api.payment-status.ts"),
  // Operator back office (B-7)
  route("admin", "routes/admin.tsx", [
    index("routes/admin._index.tsx"),
    route("orders", "routes/admin.orders.tsx"),
    route("orders/export.csv", "routes/admin.orders-export.ts"),
    route("orders/:id", "routes/admin.order.tsx"),
    route("orders/:id/job-sheet", "routes/admin.order-job-sheet.tsx"),
    route("orders/:id/proofs/:version", "routes/admin.order-proof.ts"),
    route("orders/:id/artwork/:fileId", "routes/admin.order-artwork.ts"),
    route("orders/:id/artwork/:fileId/preview", "routes/admin.order-artwork-preview.ts"),
    route("orders/:id/invoice.pdf", "routes/admin.order-document.ts", { id: "admin-order-invoice" }),
    route("orders/:id/credit-notes/:number", "routes/admin.order-document.ts", { id: "admin-order-credit-note" }),
    route("orders/:id/guarantee-credit-note.pdf", "routes/admin.order-document.ts", {
      id: "admin-order-guarantee-credit-note",
    }),
    route("inbox/:kind", "routes/admin.inbox.tsx"),
    route("inbox/:kind/export.csv", "routes/admin.inbox-export.ts"),
    route("board", "routes/admin.board.tsx"),
    route("attention", "routes/admin.attention.tsx"),
    // Days the shop is shut besides weekends and bank holidays (decision 078)
    route("closures", "routes/admin.closures.tsx"),
    // What staff did (decision 081)
    route("audit", "routes/admin.audit.tsx"),
    route("audit/export.csv", "routes/admin.audit-export.ts"),
    // Erasing what a person sent without an account (decision 082)
    route("data-requests", "routes/admin.data-requests.tsx"),
    route("data-requests/exports/:id", "routes/admin.data-export-download.ts"),
    route("vat", "routes/admin.vat.tsx"),
    // Accounts on credit terms (decision 085)
    route("credit-accounts", "routes/admin.credit-accounts.tsx"),
    route("credit-accounts/:organisationId", "routes/admin.credit-account.tsx"),
    route("credit-accounts/:organisationId/statement.pdf", "routes/admin.credit-account-statement.ts"),
    route("vat/export.csv", "routes/admin.vat-export.ts"),
    route("quotes", "routes/admin.quotes.tsx"),
    route("quotes/export.csv", "routes/admin.quotes-export.ts"),
    route("quotes/:id/quote.pdf", "routes/admin.quote-pdf.ts"),
    route("quotes/answer/:requestId", "routes/admin.quote-answer.tsx"),
    // Buyers' reviews, and hiding one (decision 023)
    route("reviews", "routes/admin.reviews.tsx"),
    // Buyers' problem reports on delivered orders, and their photos (decision 043)
    route("products", "routes/admin.products.tsx"),
    route("products/export.csv", "routes/admin.products-export.ts"),
    route("products/new", "routes/admin.product-new.tsx"),
    route("products/import", "routes/admin.products-import.tsx"),
    route("products/import/:id", "routes/admin.products-import-status.tsx"),
    route("products/:id", "routes/admin.product.tsx"),
    route("products/:id/pictures", "routes/admin.product-pictures.ts"),
    route("categories", "routes/admin.categories.tsx"),
    route("customers", "routes/admin.customers.tsx"),
    route("customers/:accountId", "routes/admin.customer.tsx"),
    route("problem-reports", "routes/admin.problem-reports.tsx"),
    route("problem-reports/:reportId/photos/:photoId", "routes/admin.problem-photo.ts"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

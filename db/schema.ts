// Every table, one module per area under db/tables (drizzle-kit reads db/tables/*.ts).
export * from "./tables/auth";
export * from "./tables/core";
export * from "./tables/platform";
export * from "./tables/marketing";
export * from "./tables/shopping";
export * from "./tables/checkout";
export * from "./tables/orders";
export * from "./tables/admin";
export * from "./tables/documents";
export * from "./tables/bank-transfers";
export * from "./tables/quotes";
export * from "./tables/reviews";
export * from "./tables/guarantee-claims";
export * from "./tables/proof-sharing";
export * from "./tables/brand-kits";
export * from "./tables/problem-reports";
export * from "./tables/catalogue";

import type { Route } from "./+types/admin.products-export";
import { catalogueCsv } from "~/domain/catalogue/catalogue-csv";
import { inFilter, parseCatalogueFilter } from "~/domain/catalogue/catalogue-list";
import { requireStaff, requireStaffBudget } from "~/server/accounts/admin-access.server";
import { dbOf, nowOf } from "~/server/accounts/request-context.server";
import { readCatalogue } from "~/server/catalogue/catalogue-store.server";
import { csvDownload } from "~/server/platform/http.server";

/** Catalogue downloads a member of staff may make in a minute, as for the orders' CSV. */
export const CATALOGUE_EXPORT_LIMIT = { hits: 10, windowSeconds: 60 } as const;

/**
 * The products list as a CSV download, with the list's search and filters
 * (docs/decisions/066-catalogue-is-data.md): every status, staff only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "products-export", limit: CATALOGUE_EXPORT_LIMIT });
  const { products, categories } = await readCatalogue(db);
  const filter = parseCatalogueFilter(
    new URL(request.url).searchParams,
    categories.map((category) => category.name),
  );
  return csvDownload(catalogueCsv(products.filter(inFilter(filter))), "products", nowOf(context));
}

import { data, Link } from "react-router";
import type { Route } from "./+types/admin.categories";
import { AddCategory, type CategoryReply, CategoryItem } from "~/components/admin/category-rows";
import { ProductHistory } from "~/components/admin/product-history";
import { CATEGORY_MESSAGES, isMoveDirection, readCategoryForm } from "~/domain/catalogue/category-rules";
import { isUuid } from "~/domain/core/ids";
import {
  ADMIN_NO_STORE,
  requireStaff,
  requireStaffBudget,
  STAFF_PAGE_LIMIT,
} from "~/server/accounts/admin-access.server";
import { dbOf } from "~/server/accounts/request-context.server";
import {
  categoriesForAdmin,
  createCategory,
  deleteCategory,
  moveCategory,
  setCategoryHidden,
  updateCategory,
} from "~/server/catalogue/categories.server";
import { failure, type Failure, readForm, toResponse } from "~/server/platform/http.server";

/**
 * The shop's categories, for staff (docs/decisions/068-categories-are-data.md): in the operator's
 * order, with their products counted by status, and the latest changes.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "categories", limit: STAFF_PAGE_LIMIT });
  return categoriesForAdmin(db);
}

const INTENTS = ["create", "rename", "move", "hide", "show", "delete"] as const;
type Intent = (typeof INTENTS)[number];
const isIntent = (value: string | undefined): value is Intent => INTENTS.some((intent) => intent === value);

/**
 * Adds, renames, moves, hides, shows or deletes a category, each recorded and seen by buyers within a
 * second. A refusal says why and sends back what was typed, so the form keeps it without JavaScript too.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "categories-edit", limit: STAFF_PAGE_LIMIT });
  const form = await readForm(request);
  if (!form.ok) return toResponse(form);
  const fields = form.value;
  const intent = fields.intent;
  const categoryId = intent === "create" ? null : (fields.categoryId ?? "");
  const refuse = (failed: Failure) =>
    toResponse(failed, { intent: intent ?? "", categoryId, fields }, { headers: ADMIN_NO_STORE });
  const done = (message: string) =>
    data({ ok: true as const, intent: intent ?? "", categoryId, message } satisfies CategoryReply, {
      headers: ADMIN_NO_STORE,
    });
  if (!isIntent(intent)) return refuse(failure(400, "UNKNOWN_INTENT", "Choose what to do with the category."));
  const { categories } = await categoriesForAdmin(db);
  if (intent === "create") {
    const read = readCategoryForm(fields, categories, { slugFromName: true });
    if (!read.ok) return refuse(failure(400, "VALIDATION_FAILED", read.message, { fieldErrors: read.fieldErrors }));
    const created = await createCategory(db, { staffId: staff.id, address: staff.address, category: read.value });
    if (!created.ok) return refuse(created);
    return done(`${read.value.name} is added, last in the order. Buyers see it once it has products on sale.`);
  }
  const current = categoryId && isUuid(categoryId) ? categories.find((c) => c.id === categoryId) : undefined;
  if (!current || !categoryId) return refuse(failure(404, "CATEGORY_NOT_FOUND", CATEGORY_MESSAGES.notFound));
  if (intent === "rename") {
    const others = categories.filter((c) => c.id !== categoryId);
    const read = readCategoryForm(fields, others, { slugFromName: false });
    if (!read.ok) return refuse(failure(400, "VALIDATION_FAILED", read.message, { fieldErrors: read.fieldErrors }));
    const saved = await updateCategory(db, {
      staffId: staff.id,
      address: staff.address,
      categoryId,
      category: read.value,
    });
    if (!saved.ok) return refuse(saved);
    return done(saved.changed === 0 ? "Nothing to save: it is as it was." : `Saved ${read.value.name}.`);
  }
  if (intent === "move") {
    const direction = fields.direction;
    if (!isMoveDirection(direction)) return refuse(failure(400, "VALIDATION_FAILED", "Choose up or down."));
    const moved = await moveCategory(db, { staffId: staff.id, address: staff.address, categoryId, direction });
    if (!moved.ok) return refuse(moved);
    return done(`${current.name} is now ${moved.position} of ${moved.of}.`);
  }
  if (intent === "delete") {
    const deleted = await deleteCategory(db, { staffId: staff.id, address: staff.address, categoryId });
    if (!deleted.ok) return refuse(deleted);
    return done(`${deleted.name} is deleted.`);
  }
  const hidden = intent === "hide";
  const changed = await setCategoryHidden(db, { staffId: staff.id, address: staff.address, categoryId, hidden });
  if (!changed.ok) return refuse(changed);
  return done(
    hidden
      ? `${current.name} is hidden: its page is not found and the menus leave it out; its products stay under All products.`
      : `${current.name} is shown to buyers again.`,
  );
}

export function headers() {
  return ADMIN_NO_STORE;
}

export default function AdminCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, history } = loaderData;
  const pageReply = actionData as CategoryReply | undefined;
  return (
    <section>
      <p className="text-sm">
        <Link to="/admin/products" className="text-brand underline-offset-2 hover:underline">
          Products
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold">Categories</h1>
      <p className="mt-1 max-w-3xl text-muted">
        Buyers see a category once it has products on sale: on the home page, in the footer and in the listing, in this
        order (Other last on the home page and in the menus). A hidden category's page is not found; its products stay
        under All products and in search.
      </p>
      <AddCategory pageReply={pageReply} />
      <h2 className="mt-8 text-xl font-bold">In the shop's order</h2>
      <ol className="mt-3 grid gap-3">
        {categories.map((row, index) => (
          <CategoryItem key={row.id} row={row} place={index + 1} of={categories.length} pageReply={pageReply} />
        ))}
      </ol>
      <ProductHistory
        entries={history.map(({ category, field, ...entry }) => ({ ...entry, field: `${category}: ${field}` }))}
        label="The categories' history"
      />
    </section>
  );
}

export function meta() {
  return [{ title: "Categories | Back office | Swag Studio" }, { name: "robots", content: "noindex" }];
}

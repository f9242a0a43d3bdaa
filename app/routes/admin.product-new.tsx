import { Link, redirect } from "react-router";
import type { Route } from "./+types/admin.product-new";
import { fieldsSentBack, ProductEditor } from "~/components/admin/product-editor";
import { newProductFields, readProductEdit } from "~/domain/catalogue/product-edit";
import {
  ADMIN_NO_STORE,
  requireStaff,
  requireStaffBudget,
  STAFF_PAGE_LIMIT,
} from "~/server/accounts/admin-access.server";
import { dbOf } from "~/server/accounts/request-context.server";
import { createProduct } from "~/server/catalogue/catalogue-edits.server";
import { categoryNames, readCatalogue } from "~/server/catalogue/catalogue-store.server";
import { failure, readForm, toResponse } from "~/server/platform/http.server";

/** A new product, for staff (docs/decisions/066-catalogue-is-data.md): the editor's form, empty. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "products", limit: STAFF_PAGE_LIMIT });
  const categories = (await readCatalogue(db)).categories.map(({ name, hidden }) => ({ name, hidden }));
  const names = categories.map((category) => category.name);
  return { fields: newProductFields(new URL(request.url).searchParams.get("category"), names), categories };
}

/**
 * Makes the form's product as a draft and opens it in its editor, where its pictures are added and
 * it is previewed and published. A refused form sends back what was typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "products-edit", limit: STAFF_PAGE_LIMIT });
  const form = await readForm(request);
  if (!form.ok) return toResponse(form);
  const fields = form.value;
  const read = readProductEdit(fields, await categoryNames(db));
  if (!read.ok) {
    const { message, fieldErrors } = read;
    return toResponse(failure(400, "VALIDATION_FAILED", message, { fieldErrors }), { fields });
  }
  const created = await createProduct(db, { staffId: staff.id, address: staff.address, edit: read.edit });
  if (!created.ok) return toResponse(created, { fields });
  return redirect(`/admin/products/${created.id}?created=1`, { headers: ADMIN_NO_STORE });
}

export function headers() {
  return ADMIN_NO_STORE;
}

export default function AdminProductNew({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = actionData && "error" in actionData ? actionData : undefined;
  return (
    <section>
      <p className="text-sm">
        <Link to="/admin/products" className="text-brand underline-offset-2 hover:underline">
          Products
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold">New product</h1>
      <p className="mt-1 max-w-2xl text-muted">
        It is made as a draft: buyers see nothing until you publish it. Add its pictures once it is made.
      </p>
      <ProductEditor
        version={0}
        published={false}
        fields={fieldsSentBack(refusal) ?? loaderData.fields}
        categories={loaderData.categories}
        refusal={refusal?.error}
      />
    </section>
  );
}

export function meta() {
  return [{ title: "New product | Back office | Swag Studio" }, { name: "robots", content: "noindex" }];
}

import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/admin.product";
import { fieldsSentBack, ProductEditor } from "~/components/admin/product-editor";
import { ProductHistory } from "~/components/admin/product-history";
import { ProductPictures } from "~/components/admin/product-pictures";
import { buttonClass } from "~/components/ui/button";
import { editFields, isProductId, readProductEdit } from "~/domain/catalogue/product-edit";
import { STATUS_LABELS, statusActions, statusChangeSchema } from "~/domain/catalogue/product-status";
import {
  ADMIN_NO_STORE,
  adminNotFound,
  requireStaff,
  requireStaffBudget,
  STAFF_PAGE_LIMIT,
} from "~/server/accounts/admin-access.server";
import { dbOf, nowOf } from "~/server/accounts/request-context.server";
import {
  changeProductStatus,
  duplicateProduct,
  productForEditing,
  saveProduct,
} from "~/server/catalogue/catalogue-edits.server";
import { movePictureEarlier, removeProductPicture } from "~/server/catalogue/catalogue-pictures.server";
import { categoryNames, readCatalogue } from "~/server/catalogue/catalogue-store.server";
import { failure, readForm, toResponse, validate } from "~/server/platform/http.server";

/** One product's editor and history, for staff (docs/decisions/066-catalogue-is-data.md). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "products", limit: STAFF_PAGE_LIMIT });
  if (!isProductId(params.id)) throw adminNotFound();
  const product = await productForEditing(db, params.id);
  if (!product) throw adminNotFound();
  const { edit, history, pictures, colours, ...rest } = product;
  return {
    // Just made from the new product's form: the next steps are its pictures and publishing.
    created: new URL(request.url).searchParams.get("created") === "1" && product.status === "draft",
    product: { ...rest, title: edit.title, slug: edit.slug, fields: editFields(edit) },
    pictures,
    colours,
    history,
    categories: (await readCatalogue(db)).categories.map(({ name, hidden }) => ({ name, hidden })),
  };
}

/**
 * Saves the editor's fields, copies the product as a new draft, or moves its status; each on the
 * version the page showed. A refused save sends back what was typed, so a page without JavaScript
 * shows it again rather than the saved values.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "products-edit", limit: STAFF_PAGE_LIMIT });
  if (!isProductId(params.id)) throw adminNotFound();
  const form = await readForm(request);
  if (!form.ok) return toResponse(form);
  const fields = form.value;
  const version = /^\d{1,9}$/.test(fields.version ?? "") ? Number(fields.version) : 0;
  if (fields.intent === "duplicate") {
    const copied = await duplicateProduct(db, { staffId: staff.id, address: staff.address, productId: params.id });
    if (!copied.ok) return toResponse(copied);
    return redirect(`/admin/products/${copied.id}`, { headers: ADMIN_NO_STORE });
  }
  if (fields.intent === "status") {
    const parsed = validate(statusChangeSchema, { ...fields, productId: params.id });
    if (!parsed.ok) return toResponse(parsed);
    const moved = await changeProductStatus(db, { staffId: staff.id, address: staff.address, ...parsed.value });
    if (!moved.ok) return toResponse(moved);
    return data({ ok: true as const, moved: parsed.value.to }, { headers: ADMIN_NO_STORE });
  }
  if (fields.intent === "remove-picture" || fields.intent === "move-picture") {
    const position = /^\d{1,3}$/.test(fields.position ?? "") ? Number(fields.position) : -1;
    const change = fields.intent === "move-picture" ? movePictureEarlier : removeProductPicture;
    const changed = await change(db, {
      staffId: staff.id,
      address: staff.address,
      productId: params.id,
      position,
      version,
      now: nowOf(context),
    });
    if (!changed.ok) return toResponse(changed);
    return data({ ok: true as const, gallery: fields.intent }, { headers: ADMIN_NO_STORE });
  }
  if (fields.intent !== "save")
    return toResponse(failure(400, "UNKNOWN_INTENT", "Choose what to do with the product."));
  const read = readProductEdit(fields, await categoryNames(db));
  if (!read.ok) {
    const { message, fieldErrors } = read;
    return toResponse(failure(400, "VALIDATION_FAILED", message, { fieldErrors }), { fields });
  }
  const saved = await saveProduct(db, {
    staffId: staff.id,
    address: staff.address,
    productId: params.id,
    version,
    edit: read.edit,
  });
  if (!saved.ok) return toResponse(saved, { fields });
  return data({ ok: true as const, changed: saved.changed, warnings: read.warnings }, { headers: ADMIN_NO_STORE });
}

export function headers() {
  return ADMIN_NO_STORE;
}

const link = "text-brand underline-offset-2 hover:underline";

export default function AdminProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, pictures, colours, history, created, categories } = loaderData;
  const refusal = actionData && "error" in actionData ? actionData : undefined;
  return (
    <section>
      <p className="text-sm">
        <Link to="/admin/products" className={link}>
          Products
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold">{product.title}</h1>
      <p className="mt-1 text-muted">
        {STATUS_LABELS[product.status]} · product {product.id} · version {product.version}
        {product.status !== "archived" ? (
          <>
            {" · "}
            <Link to={`/product/${product.slug}`} className={link}>
              {product.status === "published" ? "See it as buyers do" : "Preview it"}
            </Link>
          </>
        ) : null}
      </p>
      {created && !actionData ? (
        <p role="status" className="mt-3 text-sm font-medium text-emerald-800">
          Made as a draft. Add its pictures below, preview it, then publish it.
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <Form method="post" className="flex flex-wrap gap-2">
          <input type="hidden" name="version" value={product.version} />
          <input type="hidden" name="intent" value="status" />
          {statusActions(product.status).map((move) => (
            <button key={move.to} type="submit" name="to" value={move.to} className={buttonClass("secondary")}>
              {move.label}
            </button>
          ))}
        </Form>
        <Form method="post">
          <button type="submit" name="intent" value="duplicate" className={buttonClass("secondary")}>
            Duplicate as a new draft
          </button>
        </Form>
      </div>
      {actionData && "moved" in actionData ? (
        <p role="status" className="mt-3 text-sm font-medium text-emerald-800">
          Now {STATUS_LABELS[actionData.moved].toLowerCase()}.
        </p>
      ) : null}

      <ProductEditor
        key={product.id}
        productId={product.id}
        version={product.version}
        published={product.status === "published"}
        fields={fieldsSentBack(refusal) ?? product.fields}
        categories={categories}
        refusal={refusal?.error}
        saved={actionData && "changed" in actionData ? actionData : undefined}
      />
      <ProductPictures productId={product.id} version={product.version} pictures={pictures} colours={colours} />
      <ProductHistory entries={history} />
    </section>
  );
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return [
    { title: `${loaded?.product.title ?? "Product"} | Back office | Swag Studio` },
    { name: "robots", content: "noindex" },
  ];
}

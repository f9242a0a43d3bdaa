import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin.quote-answer";
import { readShelf } from "~/server/catalogue/catalogue-store.server";
import { buttonClass } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form";
import { SHIPPING_METHOD_IDS, SHIPPING_METHODS } from "~/domain/pricing/checkout";
import { CountryOptions } from "~/components/checkout/checkout-fields";
import { formatDisplayDate } from "~/domain/core/dates";
import { staffQuoteInput, staffQuoteSchema } from "~/domain/checkout/quote-forms";
import { ADMIN_NO_STORE, adminNotFound, requireStaff, requireStaffBudget } from "~/server/accounts/admin-access.server";
import { answerRequest, requestToAnswer, STAFF_QUOTE_LIMITS } from "~/server/admin/admin-quotes.server";
import { readForm, toResponse, validate } from "~/server/platform/http.server";
import { dbOf, appContextOf, nowOf } from "~/server/accounts/request-context.server";

/** Lines the form offers; blank ones are left out. */
const FORM_LINES = 5;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const found = await requestToAnswer(dbOf(context), params.requestId);
  if (!found) throw adminNotFound();
  const { userId: _userId, ...shown } = found;
  const { products } = await readShelf(dbOf(context));
  return { request: shown, products: products.map((p) => ({ id: p.id, title: p.title })) };
}

/** Staff answer a custom request with a priced quote (decision 021); what was typed comes back on a refusal. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = await requireStaff({ request, context });
  await requireStaffBudget(dbOf(context), {
    staffId: staff.id,
    bucket: "quote-answer",
    limit: STAFF_QUOTE_LIMITS.answer,
  });
  const form = await readForm(request);
  if (!form.ok) return toResponse(form, { values: {} as Record<string, string> });
  const fields = { ...form.value, requestId: params.requestId };
  const parsed = validate(staffQuoteSchema, staffQuoteInput(fields));
  if (!parsed.ok) return toResponse(parsed, { values: fields });
  const made = await answerRequest(appContextOf(context), {
    staffId: staff.id,
    address: staff.address,
    answer: parsed.value,
    now: nowOf(context),
  });
  if (!made.ok) return toResponse(made, { values: fields });
  // The quotes page confirms it: it names the quote it finds by this id, nothing typed.
  return redirect(`/admin/quotes?sent=${made.id}`, { status: 303, headers: ADMIN_NO_STORE });
}

export function headers() {
  return ADMIN_NO_STORE;
}

const input = "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base";

export default function AdminQuoteAnswer({ loaderData, actionData }: Route.ComponentProps) {
  const { request, products } = loaderData;
  const sending = useNavigation().state !== "idle";
  const values: Record<string, string> = actionData?.values ?? {};
  const errors = actionData?.error.fieldErrors ?? {};
  const lineError = (i: number, field: string) => errors[`lines.${i}.${field}`];
  const fieldProps = (name: string, error: string | undefined) => ({
    id: name,
    name,
    defaultValue: values[name] ?? "",
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${name}-error` : undefined,
  });
  const errorText = (name: string, error: string | undefined) =>
    error ? (
      <p id={`${name}-error`} className="mt-1 text-sm font-medium text-red-700">
        {error}
      </p>
    ) : null;
  return (
    <section>
      <Link to="/admin/quotes" className="text-sm text-muted hover:text-brand">
        ← Quotes
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold">Answer with a quote</h1>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl border border-slate-200 p-4 text-sm">
        <dt className="text-muted">Buyer</dt>
        <dd className="break-words">
          {request.name}, {request.email}
          {request.company ? `, ${request.company}` : ""}
        </dd>
        <dt className="text-muted">Wanted</dt>
        <dd className="break-words">{request.items}</dd>
        <dt className="text-muted">Needed by</dt>
        <dd>{request.neededBy ? formatDisplayDate(request.neededBy) : "—"}</dd>
        <dt className="text-muted">Reply by</dt>
        <dd>{formatDisplayDate(request.replyBy)}</dd>
        <dt className="text-muted">Notes</dt>
        <dd className="whitespace-pre-wrap break-words">{request.notes || "—"}</dd>
      </dl>
      <Form method="post" noValidate className="mt-6 space-y-6">
        {actionData?.error ? (
          <FormMessage>
            {actionData.error.fieldErrors ? "Check the fields marked below." : actionData.error.message}
          </FormMessage>
        ) : null}
        <p className="text-sm text-muted">
          To offer a product at two quantities (100 or 500, say), price it on two lines: the buyer picks one when they
          order, and the quote's totals are for the first.
        </p>
        {Array.from({ length: FORM_LINES }, (_, i) => {
          const name = (field: string) => `line-${i}-${field}`;
          return (
            <fieldset
              key={name("row")}
              className="grid gap-3 rounded-xl border border-slate-200 p-4 sm:grid-cols-2 lg:grid-cols-4"
            >
              <legend className="px-1 text-sm font-semibold">
                Line {i + 1}
                {i === 0 ? "" : " (optional)"}
              </legend>
              <div>
                <label htmlFor={name("productId")} className="block text-sm font-semibold">
                  Product
                </label>
                <select {...fieldProps(name("productId"), lineError(i, "productId"))} className={input}>
                  <option value="">Something we source</option>
                  {products.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.title}
                    </option>
                  ))}
                </select>
                {errorText(name("productId"), lineError(i, "productId"))}
              </div>
              <div>
                <label htmlFor={name("description")} className="block text-sm font-semibold">
                  Description
                </label>
                <input
                  {...fieldProps(name("description"), lineError(i, "description"))}
                  maxLength={200}
                  className={input}
                />
                {errorText(name("description"), lineError(i, "description"))}
              </div>
              <div>
                <label htmlFor={name("quantity")} className="block text-sm font-semibold">
                  Quantity
                </label>
                <input
                  {...fieldProps(name("quantity"), lineError(i, "quantity"))}
                  inputMode="numeric"
                  className={input}
                />
                {errorText(name("quantity"), lineError(i, "quantity"))}
              </div>
              <div>
                <label htmlFor={name("unitPrice")} className="block text-sm font-semibold">
                  Unit price ex VAT (£)
                </label>
                <input
                  {...fieldProps(name("unitPrice"), lineError(i, "unitPrice"))}
                  inputMode="decimal"
                  className={input}
                />
                {errorText(name("unitPrice"), lineError(i, "unitPrice"))}
              </div>
              <label className="flex items-center gap-2 text-sm sm:col-span-2 lg:col-span-4">
                <input
                  type="checkbox"
                  name={name("belowMoqAgreed")}
                  defaultChecked={values[name("belowMoqAgreed")] === "on"}
                  className="h-4 w-4"
                />
                Below-MOQ price agreed (fewer than the minimum order)
              </label>
            </fieldset>
          );
        })}
        {errorText("lines", errors.lines)}
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="shippingMethod" className="block text-sm font-semibold">
              Shipping
            </label>
            <select
              {...fieldProps("shippingMethod", errors.shippingMethod)}
              defaultValue={values.shippingMethod ?? "standard"}
              className={input}
            >
              {SHIPPING_METHOD_IDS.map((id) => (
                <option key={id} value={id}>
                  {SHIPPING_METHODS[id].label}
                </option>
              ))}
              <option value="none">Not included</option>
            </select>
          </div>
          <div>
            <label htmlFor="country" className="block text-sm font-semibold">
              Delivery country (sets VAT)
            </label>
            <select {...fieldProps("country", errors.country)} defaultValue={values.country ?? "GB"} className={input}>
              <CountryOptions />
            </select>
          </div>
        </div>
        <div>
          <label htmlFor="deliveryNote" className="block text-sm font-semibold">
            Delivery estimate
          </label>
          <textarea {...fieldProps("deliveryNote", errors.deliveryNote)} rows={2} maxLength={500} className={input} />
          {errorText("deliveryNote", errors.deliveryNote)}
        </div>
        <button type="submit" disabled={sending} className={buttonClass("primary")}>
          {sending ? "Sending…" : "Send quote"}
        </button>
      </Form>
    </section>
  );
}

export function meta() {
  return [{ title: "Answer with a quote | Back office | Swag Studio" }, { name: "robots", content: "noindex" }];
}

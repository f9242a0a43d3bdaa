/**
 * The back office's product editor (docs/decisions/066-catalogue-is-data.md): the product's texts,
 * category, minimum order, times, tags and price bands in one form, checked as the operator types by
 * the same rule the server saves with (readProductEdit). A field's problem shows once it has been
 * left or a save was tried; the bands' warnings show at once. Nothing typed is lost to a refusal.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { PRODUCT_TAGS } from "~/catalogue/types";
import {
  colourField,
  PRODUCT_LIMITS,
  readProductEdit as readEdit,
  tagField,
  tierField,
} from "~/domain/catalogue/product-edit";
import { brandingField } from "~/domain/catalogue/product-details-edit";
import { BRANDING_METHOD_IDS } from "~/domain/pricing/checkout";
import { MAX_TIER_ROWS } from "~/domain/pricing/tier-table";
import { buttonClass } from "../ui/button";
import { Field, FormMessage, TextAreaField } from "../ui/form";
import { type ColourRow, ColourRows } from "./colour-rows";
import { ProductDetailsFields } from "./product-details-fields";
import { type Band, PriceBands, TIERS_TABLE_ID } from "./price-bands";

type Refusal = { message: string; fieldErrors?: Record<string, string | undefined> };

/** What a refused save sent back of the form (the route's `{ fields }`), for the editor to show again. */
export function fieldsSentBack(answer: object | undefined): Record<string, string> | undefined {
  return answer && "fields" in answer && typeof answer.fields === "object" && answer.fields !== null
    ? (answer.fields as Record<string, string>)
    : undefined;
}

/** The bands the fields hold, and a spare empty row to add one (without JavaScript, one per save). */
function bandsOf(fields: Record<string, string>): Band[] {
  const bands: Band[] = [];
  for (let index = 0; fields[tierField(index, "from")] !== undefined; index += 1) {
    bands.push({
      key: index,
      from: fields[tierField(index, "from")] ?? "",
      to: fields[tierField(index, "to")] ?? "",
      price: fields[tierField(index, "price")] ?? "",
    });
  }
  return bands.length < MAX_TIER_ROWS ? [...bands, { key: bands.length, from: "", to: "", price: "" }] : bands;
}

/** The colours the fields hold, and a spare row to add one. */
function colourRowsOf(fields: Record<string, string>, firstKey: number): ColourRow[] {
  const rows: ColourRow[] = [];
  for (let index = 0; fields[colourField(index, "name")] !== undefined; index += 1) {
    rows.push({
      key: firstKey + index,
      name: fields[colourField(index, "name")] ?? "",
      hex: fields[colourField(index, "hex")] ?? "#000000",
    });
  }
  return [...rows, { key: firstKey + rows.length, name: "", hex: "#000000" }];
}

const formFields = (form: HTMLFormElement) =>
  Object.fromEntries(
    [...new FormData(form)].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );

const input = "mt-1 w-full rounded-lg border px-3 py-2 text-sm";
const border = (error?: string) => (error ? "border-red-600" : "border-slate-300");

export function ProductEditor(props: {
  /** None: the form makes a new draft product. */
  productId?: string;
  version: number;
  /** On sale: a saved change is what buyers see next. */
  published: boolean;
  fields: Record<string, string>;
  /** The shop's categories in the operator's order, hidden ones too (docs/decisions/068-categories-are-data.md). */
  categories: readonly { name: string; hidden: boolean }[];
  refusal?: Refusal;
  saved?: { changed: number; warnings: string[] };
}) {
  const { fields, refusal, saved } = props;
  const names = props.categories.map((category) => category.name);
  const readProductEdit = (form: Record<string, string>) => readEdit(form, names);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const busy = useNavigation().state === "submitting";
  const [bands, setBands] = useState(() => bandsOf(fields));
  // Row keys only tell rows apart: the colours' start after the bands'.
  const [colours, setColours] = useState(() => colourRowsOf(fields, 1000));
  const [check, setCheck] = useState(() => readProductEdit(fields));
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [attempted, setAttempted] = useState(Boolean(refusal));
  /** The server's answer, until the form changes again. */
  const [answered, setAnswered] = useState(true);
  const nextKey = useRef(2000);
  const newKey = () => {
    nextKey.current += 1;
    return nextKey.current;
  };

  useEffect(() => setAnswered(true), [refusal, saved]);
  // Bands or colours added or removed change the fields the check reads.
  useEffect(() => {
    if (formRef.current) setCheck(readProductEdit(formFields(formRef.current)));
  }, [bands, colours]);

  const recheck = () => {
    if (formRef.current) setCheck(readProductEdit(formFields(formRef.current)));
    setAnswered(false);
  };
  const live = check.ok ? {} : check.fieldErrors;
  // The bands are judged as a table against the minimum order, and the colours as a list: once any
  // of a group is touched, all of its problems show.
  const touchedAny = (test: (name: string) => boolean) => [...touched].some(test);
  const inBands = (name: string) => name === "tiers" || name.startsWith("tier-");
  const inColours = (name: string) => name === "colours" || name.startsWith("colour-");
  const inBranding = (name: string) => name === "branding" || name.startsWith("branding");
  const shown = (name: string) =>
    attempted ||
    touched.has(name) ||
    (inBands(name) && touchedAny((t) => t === "moq" || inBands(t))) ||
    (inColours(name) && touchedAny(inColours)) ||
    (inBranding(name) && touchedAny(inBranding));
  const errorOf = (name: string): string | undefined =>
    (answered ? refusal?.fieldErrors?.[name] : undefined) ?? (shown(name) ? live[name] : undefined);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const now = readProductEdit(formFields(event.currentTarget));
    setCheck(now);
    if (now.ok) return;
    event.preventDefault();
    setAttempted(true);
    const first = Object.keys(now.fieldErrors)[0];
    const target =
      first === "tiers"
        ? event.currentTarget.querySelector(`#${TIERS_TABLE_ID}`)
        : event.currentTarget.elements.namedItem(
            first === "colours"
              ? colourField(0, "name")
              : first === "branding"
                ? brandingField(BRANDING_METHOD_IDS[0])
                : (first ?? ""),
          );
    if (target instanceof HTMLElement) target.focus();
  };

  return (
    <Form
      method="post"
      ref={formRef}
      noValidate
      onChange={recheck}
      onBlur={(event) => {
        const field = event.target;
        const named =
          field instanceof HTMLInputElement ||
          field instanceof HTMLSelectElement ||
          field instanceof HTMLTextAreaElement;
        if (named && field.name && !touched.has(field.name)) setTouched(new Set([...touched, field.name]));
      }}
      onSubmit={onSubmit}
      className="mt-8 max-w-3xl space-y-8"
      aria-label={props.productId ? "Edit the product" : "The new product"}
    >
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="version" value={props.version} />
      {answered && refusal ? <FormMessage>{refusal.message}</FormMessage> : null}
      {!answered || !attempted || check.ok ? null : <FormMessage>Check the highlighted fields.</FormMessage>}
      {answered && saved ? (
        <FormMessage tone="success">
          {saved.changed === 0
            ? "Nothing to save: the product is as it was."
            : `Saved ${saved.changed === 1 ? "1 change" : `${saved.changed} changes`}.${props.published ? " Buyers see them within a second." : ""}`}
        </FormMessage>
      ) : null}

      <fieldset className="space-y-4">
        <legend className="text-xl font-bold">The product</legend>
        <Field
          label="Title"
          name="title"
          defaultValue={fields.title}
          maxLength={PRODUCT_LIMITS.title}
          error={errorOf("title")}
        />
        <Field
          label="URL name"
          name="slug"
          defaultValue={fields.slug}
          maxLength={PRODUCT_LIMITS.slug}
          hint={
            props.productId
              ? `Its page's address: /product/${fields.slug}. /product/${props.productId} keeps working too.`
              : "Its page's address, /product/ and this name: lower-case letters, digits and hyphens."
          }
          error={errorOf("slug")}
        />
        <Field
          label="Supplier reference (optional)"
          name="sku"
          defaultValue={fields.sku}
          maxLength={PRODUCT_LIMITS.sku}
          error={errorOf("sku")}
        />
        <div>
          <label htmlFor={`${id}-category`} className="block text-sm font-medium">
            Category
          </label>
          <select
            id={`${id}-category`}
            name="category"
            defaultValue={fields.category}
            aria-invalid={errorOf("category") ? true : undefined}
            aria-describedby={errorOf("category") ? `${id}-category-error` : undefined}
            className={`${input} h-10 bg-white ${border(errorOf("category"))}`}
          >
            {fields.category ? null : <option value="">Choose a category</option>}
            {props.categories.map((category) => (
              <option key={category.name} value={category.name}>
                {category.hidden ? `${category.name} (hidden from buyers)` : category.name}
              </option>
            ))}
          </select>
          {errorOf("category") ? (
            <p id={`${id}-category-error`} className="mt-1 text-sm text-red-700">
              {errorOf("category")}
            </p>
          ) : null}
        </div>
        <TextAreaField
          label="Description"
          name="description"
          rows={5}
          defaultValue={fields.description}
          maxLength={PRODUCT_LIMITS.description}
          error={errorOf("description")}
        />
        <fieldset>
          <legend className="text-sm font-medium">Tags</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {PRODUCT_TAGS.map((tag) => (
              <label key={tag} className="inline-flex items-center gap-2 text-sm">
                <input type="checkbox" name={tagField(tag)} defaultChecked={fields[tagField(tag)] === "on"} />
                {tag}
              </label>
            ))}
          </div>
        </fieldset>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-4 text-xl font-bold">Ordering</legend>
        <Field
          label="Minimum order (units)"
          name="moq"
          inputMode="numeric"
          defaultValue={fields.moq}
          maxLength={6}
          error={errorOf("moq")}
        />
        <Field
          label="Lead time"
          name="leadTime"
          defaultValue={fields.leadTime}
          maxLength={PRODUCT_LIMITS.leadTime}
          hint="How long making it takes, as buyers read it"
          error={errorOf("leadTime")}
        />
        <Field
          label="Delivery time"
          name="deliveryTime"
          defaultValue={fields.deliveryTime}
          maxLength={PRODUCT_LIMITS.deliveryTime}
          hint="How long it then takes to arrive"
          error={errorOf("deliveryTime")}
        />
      </fieldset>

      <ColourRows rows={colours} onChange={setColours} errorOf={errorOf} onAdd={newKey} />

      <PriceBands bands={bands} onChange={setBands} errorOf={errorOf} warnings={check.warnings} onAdd={newKey} />

      <ProductDetailsFields fields={fields} errorOf={errorOf} />

      <button type="submit" disabled={busy} className={buttonClass("primary")}>
        {props.productId ? (busy ? "Saving…" : "Save changes") : busy ? "Creating…" : "Create the draft"}
      </button>
    </Form>
  );
}

import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/collections.new";
import { buttonClass } from "~/components/ui/button";
import { PeopleField } from "~/components/checkout/collection-people";
import { CopyLink } from "~/components/ui/copy-link";
import { Field, FormMessage, TextAreaField } from "~/components/ui/form";
import { fieldErrorsOf, formMessage } from "~/components/ui/form-error";
import { colourOf } from "~/catalogue/lookup";
import { addDays, londonToday } from "~/domain/core/dates";
import { valuesFrom } from "~/domain/core/form-rules";
import {
  COLLECTION_FIELDS,
  COLLECTION_LIMITS,
  COLLECTION_MESSAGES,
  type CollectionField,
  defaultClosingDay,
  parseCollectionSettings,
} from "~/domain/teams/size-collections";
import { offeredSizes } from "~/domain/pricing/sizes";
import { appContextOf, dbOf, nowOf, requireSessionInfo } from "~/server/accounts/request-context.server";
import { collectableLine, countCollectionPageHit, startCollection } from "~/server/checkout/size-collections.server";
import { failure, readForm, toResponse } from "~/server/platform/http.server";

const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * "Collect sizes by link" for one of the buyer's cart lines (decision 090): the line must be
 * theirs and of a sized product. A line with a collection open says so and links to it (not a
 * redirect: the page that has just opened one must still show its link once).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireSessionInfo({ request, context });
  const limited = await countCollectionPageHit(dbOf(context), session.user.id);
  if (limited) throw toResponse(limited, {}, { headers: PRIVATE });
  const lineId = new URL(request.url).searchParams.get("line") ?? "";
  const found = await collectableLine(dbOf(context), { userId: session.user.id, lineId });
  if (!found.ok) throw toResponse(found, {}, { headers: PRIVATE });
  const today = londonToday(nowOf(context));
  const { product, line } = found;
  return data(
    {
      lineId: line.id,
      openCollectionId: found.openCollectionId,
      product: { title: product.title, moq: product.moq, sizes: offeredSizes(product) },
      colour: colourOf(product, line.colour)?.name ?? null,
      closesOn: defaultClosingDay(today),
      latest: addDays(today, COLLECTION_LIMITS.days),
      earliest: addDays(today, 1),
    },
    { headers: PRIVATE },
  );
}

/** Makes the collection; its link is shown here once (only its hash is kept). */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireSessionInfo({ request, context });
  const limited = await countCollectionPageHit(dbOf(context), session.user.id);
  if (limited) return toResponse(limited, {}, { headers: PRIVATE });
  const lineId = new URL(request.url).searchParams.get("line") ?? "";
  const form = await readForm(request);
  if (!form.ok) return toResponse(form, {}, { headers: PRIVATE });
  const values = valuesFrom(COLLECTION_FIELDS, new Map(Object.entries(form.value)));
  const parsed = parseCollectionSettings(values, londonToday(nowOf(context)));
  if (!parsed.ok) {
    const message = Object.values(parsed.errors)[0] ?? "";
    const refused = failure(400, "VALIDATION_FAILED", message, { fieldErrors: parsed.errors });
    return toResponse(refused, { values: parsed.values }, { headers: PRIVATE });
  }
  const started = await startCollection(appContextOf(context), {
    userId: session.user.id,
    lineId,
    settings: parsed.data,
  });
  if (!started.ok) return toResponse(started, { values }, { headers: PRIVATE });
  return data({ created: { id: started.id, url: started.url } }, { headers: PRIVATE });
}

export function headers() {
  return PRIVATE;
}

export function meta() {
  return [{ title: "Collect sizes by link | Swag Studio" }, { name: "robots", content: "noindex" }];
}

export default function NewCollectionRoute({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { product, colour } = loaderData;
  const created = actionData && "created" in actionData ? actionData.created : null;
  const typed = actionData && "values" in actionData ? (actionData.values as Record<CollectionField, string>) : null;
  const errors = fieldErrorsOf(actionData);
  const refusal = formMessage(actionData);
  const named = colour ? `${product.title} (${colour})` : product.title;
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <p className="text-sm">
        <Link to="/cart" className="underline">
          Back to your cart
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold">Collect sizes by link</h1>
      {created ? (
        <div className="mt-6 space-y-4">
          <FormMessage tone="success">
            Your collection is open. Send this link to your team: each person gives their size, and can change it until
            the collection closes.
          </FormMessage>
          <CopyLink id="collection-link" label="The collection's link" url={created.url} />
          <p className="text-sm text-muted">
            We show the link once and keep only a fingerprint of it. Lost it? Make a new one from the tally: the old one
            then stops working.
          </p>
          <Link to={`/collections/${created.id}`} className={buttonClass("primary")}>
            See the answers
          </Link>
        </div>
      ) : loaderData.openCollectionId ? (
        <div className="mt-6 space-y-4">
          <FormMessage tone="info">{COLLECTION_MESSAGES.alreadyOpen}</FormMessage>
          <Link to={`/collections/${loaderData.openCollectionId}`} className={buttonClass("primary")}>
            See the answers
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-2 text-muted">
            For {named}: one link for everyone who needs one. Each person opens it, no account needed, and gives their
            size ({product.sizes.join(", ")}). You see the answers add up by size, add spares, and close it: the sizes
            and their total go on your cart line. The minimum order is {product.moq}.
          </p>
          <Form method="post" className="mt-6 space-y-4" noValidate>
            {refusal ? <FormMessage>{refusal}</FormMessage> : null}
            <Field
              label="Title"
              name="title"
              required
              maxLength={COLLECTION_LIMITS.title}
              defaultValue={typed?.title ?? ""}
              hint="What people see first, such as “Team kit for the 10k”."
              error={errors.title}
            />
            <TextAreaField
              label="Message (optional)"
              name="message"
              rows={4}
              maxLength={COLLECTION_LIMITS.message}
              defaultValue={typed?.message ?? ""}
              hint="Who it's for, and anything people should know before they choose."
              error={errors.message}
            />
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                name="ask_names"
                value="yes"
                defaultChecked={typed ? typed.ask_names === "yes" : true}
                className="mt-1"
              />
              <span>Ask for each person's name, so you can see who has answered</span>
            </label>
            <PeopleField defaultValue={typed?.people ?? ""} error={errors.people} />
            <fieldset aria-describedby={`ask-address-hint${errors.ask_address ? " ask-address-error" : ""}`}>
              <legend className="text-sm font-medium">Delivery addresses</legend>
              <p id="ask-address-hint" className="text-xs text-muted">
                Addresses need names. You see each person's address with their answer; your checkout still sends the
                order to one address.
              </p>
              {[
                { value: "no", label: "Don't ask: the order goes to one address" },
                { value: "address", label: "Ask each person for their delivery address" },
                { value: "address_or_pickup", label: "Ask for an address, or let them pick it up at the office" },
              ].map((choice) => (
                <label key={choice.value} className="mt-2 flex items-start gap-2 text-sm">
                  <input
                    type="radio"
                    name="ask_address"
                    value={choice.value}
                    defaultChecked={(typed?.ask_address || "no") === choice.value}
                    className="mt-1"
                  />
                  <span>{choice.label}</span>
                </label>
              ))}
              {errors.ask_address ? (
                <p id="ask-address-error" className="mt-1 text-sm text-red-700">
                  {errors.ask_address}
                </p>
              ) : null}
            </fieldset>
            <Field
              label="Closes on"
              name="closes_on"
              type="date"
              required
              min={loaderData.earliest}
              max={loaderData.latest}
              defaultValue={typed?.closes_on ?? loaderData.closesOn}
              hint="The last day the link takes answers. You can close it sooner."
              error={errors.closes_on}
            />
            <Field
              label="Most answers to take (optional)"
              name="max_answers"
              inputMode="numeric"
              maxLength={5}
              defaultValue={typed?.max_answers ?? ""}
              hint={`Up to ${COLLECTION_LIMITS.answers.toLocaleString("en-GB")}. Leave it empty to take everyone's.`}
              error={errors.max_answers}
            />
            <button type="submit" className={buttonClass("primary", "w-full sm:w-auto")} disabled={busy}>
              {busy ? "Opening…" : "Open the collection"}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}

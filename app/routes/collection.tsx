import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/collection";
import { buttonClass } from "~/components/ui/button";
import { AwaitedPeople, PeopleField } from "~/components/checkout/collection-people";
import { CopyLink } from "~/components/ui/copy-link";
import { FormMessage } from "~/components/ui/form";
import { fieldErrorsOf, formMessage } from "~/components/ui/form-error";
import { UnitPrice } from "~/components/ui/price";
import { formatDisplayDate, formatLondonDateTime, londonToday } from "~/domain/core/dates";
import { stepHref } from "~/domain/checkout/steps";
import { minimumMeter, parsePeople, parseSpares, spareField } from "~/domain/teams/size-collections";
import { deliveryCounts, deliveryCountsText, deliveryText } from "~/domain/teams/collection-delivery";
import { needByAdvice } from "~/domain/teams/collection-need-by";
import { planNeedBy } from "~/domain/fulfilment/need-by";
import { unitPricePence } from "~/domain/pricing/pricing";
import { sizesTotal } from "~/domain/pricing/sizes";
import { appContextOf, dbOf, nowOf, requireSessionInfo } from "~/server/accounts/request-context.server";
import { savedNeedBy } from "~/server/checkout/checkout.server";
import {
  closeCollection,
  collectionTally,
  countCollectionPageHit,
  removeAnswer,
  replaceLink,
  savePeople,
  saveSpares,
} from "~/server/checkout/size-collections.server";
import { failure, readForm, toResponse } from "~/server/platform/http.server";

const PRIVATE = { "Cache-Control": "private, no-store" };

/** The buyer's tally of a collection (decision 090): only theirs opens; anyone else's is not found. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireSessionInfo({ request, context });
  const limited = await countCollectionPageHit(dbOf(context), session.user.id);
  if (limited) throw toResponse(limited, {}, { headers: PRIVATE });
  const tallied = await collectionTally(dbOf(context), {
    userId: session.user.id,
    id: params.id,
    today: londonToday(nowOf(context)),
  });
  if (!tallied.ok) throw toResponse(tallied, {}, { headers: PRIVATE });
  const { collection, product, answers, awaited, tally, spares, split, lineInCart, linkClosed, closeRefused } =
    tallied.value;
  const total = sizesTotal(split);
  // The cart's need-by date, as its planner saved it: when to close and pay to make it.
  const needBy = collection.closedAt === null && product ? await savedNeedBy(dbOf(context), session.user.id) : null;
  return data(
    {
      collection: {
        id: collection.id,
        title: collection.title,
        message: collection.message,
        askNames: collection.askNames,
        closesOn: formatDisplayDate(collection.closesOn),
        maxAnswers: collection.maxAnswers,
        closed: collection.closedAt !== null,
        lineId: collection.cartItemId,
        people: collection.people,
      },
      product: product ? { id: product.id, title: product.title, moq: product.moq } : null,
      // Where each one goes, in words: the address only the buyer sees (decision 092).
      answers: answers.map(({ delivery, ...answer }) => ({
        ...answer,
        at: formatLondonDateTime(answer.at),
        goesTo: delivery ? deliveryText(delivery) : null,
      })),
      deliveries: collection.askAddress === "no" ? null : deliveryCounts(answers),
      awaited,
      tally,
      spares: Object.fromEntries(spares.map((entry) => [entry.size, entry.count])),
      total,
      answered: sizesTotal(tally),
      unitPence: product && total > 0 ? unitPricePence(product.tiers, Math.max(total, product.moq)) : null,
      lineInCart,
      linkClosed,
      closeRefused,
      needByAdvice:
        needBy && product
          ? needByAdvice(planNeedBy({ products: [product], needBy, now: nowOf(context) }), collection.closesOn)
          : null,
    },
    { headers: PRIVATE },
  );
}

/** Spares, removing an answer, a new link, or closing: each only on the buyer's own collection. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const session = await requireSessionInfo({ request, context });
  const ctx = appContextOf(context);
  const limited = await countCollectionPageHit(ctx.db, session.user.id);
  if (limited) return toResponse(limited, {}, { headers: PRIVATE });
  const form = await readForm(request);
  if (!form.ok) return toResponse(form, {}, { headers: PRIVATE });
  const who = { userId: session.user.id, id: params.id };
  switch (form.value.intent) {
    case "spares": {
      const tallied = await collectionTally(ctx.db, { ...who, today: londonToday(nowOf(context)) });
      if (!tallied.ok) return toResponse(tallied, {}, { headers: PRIVATE });
      const parsed = parseSpares(
        tallied.value.tally.map((entry) => entry.size),
        form.value,
      );
      if (!parsed.ok) {
        const message = Object.values(parsed.fieldErrors)[0] ?? "";
        return toResponse(
          failure(400, "VALIDATION_FAILED", message, { fieldErrors: parsed.fieldErrors }),
          {
            typed: form.value,
          },
          { headers: PRIVATE },
        );
      }
      const saved = await saveSpares(ctx.db, { ...who, spares: parsed.spares });
      if (!saved.ok) return toResponse(saved, {}, { headers: PRIVATE });
      return data({ done: "Spares saved." }, { headers: PRIVATE });
    }
    case "people": {
      const tallied = await collectionTally(ctx.db, { ...who, today: londonToday(nowOf(context)) });
      if (!tallied.ok) return toResponse(tallied, {}, { headers: PRIVATE });
      const parsed = parsePeople(form.value.people ?? "", tallied.value.collection.askNames);
      if (!parsed.ok) {
        const refused = failure(400, "VALIDATION_FAILED", parsed.message, { fieldErrors: { people: parsed.message } });
        return toResponse(refused, { typed: form.value }, { headers: PRIVATE });
      }
      const saved = await savePeople(ctx.db, { ...who, people: parsed.people });
      if (!saved.ok) return toResponse(saved, {}, { headers: PRIVATE });
      return data({ done: "Your list is saved." }, { headers: PRIVATE });
    }
    case "remove": {
      const removed = await removeAnswer(ctx.db, { ...who, answerId: form.value.answer ?? "" });
      if (!removed.ok) return toResponse(removed, {}, { headers: PRIVATE });
      return data({ done: "Answer removed." }, { headers: PRIVATE });
    }
    case "new-link": {
      const made = await replaceLink(ctx, who);
      if (!made.ok) return toResponse(made, {}, { headers: PRIVATE });
      return data({ link: made.url }, { headers: PRIVATE });
    }
    case "close": {
      const closed = await closeCollection(ctx, { ...who, now: nowOf(context) });
      if (!closed.ok) return toResponse(closed, {}, { headers: PRIVATE });
      throw redirect(stepHref(2, { productId: closed.productId, lineId: closed.lineId }));
    }
    default:
      return toResponse(failure(400, "UNKNOWN_INTENT", "Choose what to do."), {}, { headers: PRIVATE });
  }
}

export function headers() {
  return PRIVATE;
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.collection.title ?? "Collection";
  return [{ title: `${title} | Swag Studio` }, { name: "robots", content: "noindex" }];
}

export default function CollectionRoute({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { collection, product, answers, tally, spares, total, answered, unitPence } = loaderData;
  const errors = fieldErrorsOf(actionData);
  const refusal = formMessage(actionData);
  const typed = actionData && "typed" in actionData ? (actionData.typed as Record<string, string>) : null;
  const meter = product ? minimumMeter(total, product.moq) : null;
  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <p className="text-sm">
        <Link to="/cart" className="underline">
          Back to your cart
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold">{collection.title}</h1>
      <p className="mt-1 text-muted">
        Sizes for {product?.title ?? "a product no longer sold"}, collected by link.{" "}
        {collection.closed
          ? "Closed: its sizes went on your cart line."
          : (loaderData.linkClosed ?? `The link takes answers until the end of ${collection.closesOn}.`)}
      </p>
      {actionData && "done" in actionData ? (
        <div className="mt-4">
          <FormMessage tone="success">{actionData.done}</FormMessage>
        </div>
      ) : null}
      {refusal ? (
        <div className="mt-4">
          <FormMessage>{refusal}</FormMessage>
        </div>
      ) : null}

      {collection.closed ? null : (
        <div className="mt-6 rounded-2xl border border-slate-200 p-5">
          <h2 className="text-lg font-bold">The link</h2>
          {actionData && "link" in actionData ? (
            <div className="mt-3">
              <CopyLink
                id="collection-link"
                label="The collection's new link (the old one no longer works)"
                url={actionData.link}
              />
            </div>
          ) : (
            <p className="mt-2 text-sm text-muted">
              Send the link you copied when you opened the collection. Lost it, or sent it to the wrong people? Make a
              new one: the old one stops working, and the answers stay.
            </p>
          )}
          <Form method="post" className="mt-3">
            <button type="submit" name="intent" value="new-link" className={buttonClass("secondary")} disabled={busy}>
              Make a new link
            </button>
          </Form>
        </div>
      )}

      <div className="mt-6 rounded-2xl border border-slate-200 p-5">
        <h2 className="text-lg font-bold">Sizes so far</h2>
        <Form method="post" className="mt-3" noValidate>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="collection-tally">
              <thead>
                <tr className="border-b border-slate-200">
                  <th scope="col" className="py-2 pr-3">
                    Size
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Answers
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Spares
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    In all
                  </th>
                </tr>
              </thead>
              <tbody>
                {tally.map(({ size, count }) => {
                  const field = spareField(size);
                  const error = errors[field];
                  const spare = spares[size] ?? 0;
                  return (
                    <tr key={size} className="border-b border-slate-100">
                      <th scope="row" className="py-2 pr-3">
                        {size}
                      </th>
                      <td className="py-2 pr-3">{count}</td>
                      <td className="py-2 pr-3">
                        <input
                          aria-label={`Spares of ${size}`}
                          name={field}
                          inputMode="numeric"
                          maxLength={5}
                          defaultValue={typed?.[field] ?? (spare > 0 ? String(spare) : "")}
                          disabled={collection.closed}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `${field}-error` : undefined}
                          className="h-9 w-20 rounded-lg border border-slate-300 px-2"
                        />
                        {error ? (
                          <p id={`${field}-error`} className="mt-1 text-xs text-red-700">
                            {error}
                          </p>
                        ) : null}
                      </td>
                      <td className="py-2 pr-3">{count + spare}</td>
                    </tr>
                  );
                })}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" className="py-2 pr-3">
                    Total
                  </th>
                  <td className="py-2 pr-3">{answered}</td>
                  <td className="py-2 pr-3">{total - answered}</td>
                  <td className="py-2 pr-3 font-bold" data-testid="collection-total">
                    {total}
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
          {collection.closed ? null : (
            <button
              type="submit"
              name="intent"
              value="spares"
              className={buttonClass("secondary", "mt-3")}
              disabled={busy}
            >
              Save spares
            </button>
          )}
        </Form>
        {meter ? (
          <p
            className={`mt-4 text-sm font-semibold ${meter.reached ? "text-green-800" : "text-amber-800"}`}
            data-testid="collection-minimum"
          >
            {meter.text}
          </p>
        ) : null}
        {unitPence !== null ? (
          <p className="mt-1 text-sm">
            At {Math.max(total, product?.moq ?? 0).toLocaleString("en-GB")}: <UnitPrice pence={unitPence} /> each.
          </p>
        ) : null}
        {loaderData.needByAdvice ? (
          <p
            className={`mt-2 text-sm ${loaderData.needByAdvice.tone === "warning" ? "font-semibold text-amber-800" : ""}`}
            data-testid="collection-need-by"
          >
            {loaderData.needByAdvice.text}
          </p>
        ) : collection.closed ? null : (
          <p className="mt-2 text-sm text-muted" data-testid="collection-need-by">
            Need them by a date?{" "}
            <Link to="/cart" className="underline">
              Set it on your cart
            </Link>{" "}
            and we'll tell you here when to close.
          </p>
        )}
        {collection.closed ? null : (
          <Form method="post" className="mt-4">
            {loaderData.closeRefused ? (
              <p className="mb-2 text-sm text-muted" data-testid="collection-close-refused">
                {loaderData.closeRefused}
              </p>
            ) : null}
            <button
              type="submit"
              name="intent"
              value="close"
              className={buttonClass("primary")}
              disabled={busy || loaderData.closeRefused !== null}
            >
              Close and put these sizes on your cart line
            </button>
          </Form>
        )}
      </div>

      {collection.askNames && (collection.people.length > 0 || !collection.closed) ? (
        <div className="mt-6 rounded-2xl border border-slate-200 p-5">
          <h2 className="text-lg font-bold">Who should answer</h2>
          {collection.people.length > 0 ? (
            <AwaitedPeople people={collection.people.length} awaited={loaderData.awaited} />
          ) : (
            <p className="mt-2 text-sm text-muted">
              List the people who should answer, and we'll show you who hasn't yet.
            </p>
          )}
          {collection.closed ? null : (
            <Form method="post" className="mt-4 space-y-3" noValidate>
              <PeopleField defaultValue={typed?.people ?? collection.people.join("\n")} error={errors.people} />
              <button type="submit" name="intent" value="people" className={buttonClass("secondary")} disabled={busy}>
                Save the list
              </button>
            </Form>
          )}
        </div>
      ) : null}

      <div className="mt-6 rounded-2xl border border-slate-200 p-5">
        <h2 className="text-lg font-bold">
          {answers.length === 1 ? "1 answer" : `${answers.length} answers`}
          {collection.maxAnswers ? ` of at most ${collection.maxAnswers}` : ""}
        </h2>
        {loaderData.deliveries ? (
          <p className="mt-2 text-sm" data-testid="collection-deliveries">
            {deliveryCountsText(loaderData.deliveries)}
          </p>
        ) : null}
        {answers.length > 0 ? (
          <p className="mt-2 text-sm">
            <a href={`/collections/${collection.id}/answers.csv`} download className="underline">
              Download the answers (CSV)
            </a>
            {loaderData.deliveries ? ", with each address, to pass on or to send parcels from." : null}
          </p>
        ) : null}
        {answers.length === 0 ? (
          <p className="mt-2 text-sm text-muted">Nobody has answered yet.</p>
        ) : (
          // One form for the list, each answer's button naming its answer: a form per answer would
          // add some 200 bytes each, 100 kB to a page of 500 answers (npm run bench, collections).
          <Form method="post">
            <input type="hidden" name="intent" value="remove" />
            <ul className="mt-3 divide-y divide-slate-100" aria-label="Answers">
              {answers.map((answer, index) => {
                const who = collection.askNames ? answer.name : `Answer ${index + 1}`;
                return (
                  <li key={answer.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                    <span>
                      <span className="font-semibold">{who}</span>: {answer.size}{" "}
                      <span className="text-muted">({answer.at})</span>
                      {answer.goesTo ? <span className="block text-muted">{answer.goesTo}</span> : null}
                    </span>
                    {collection.closed ? null : (
                      <button
                        type="submit"
                        name="answer"
                        value={answer.id}
                        className={buttonClass("ghost", "text-red-700")}
                        disabled={busy}
                      >
                        Remove<span className="sr-only"> {who}'s answer</span>
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          </Form>
        )}
      </div>
    </section>
  );
}

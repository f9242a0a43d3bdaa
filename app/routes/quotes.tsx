import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/quotes";
import { ProductRequestForm, type ProductRequestReply } from "~/components/product/product-request-form";
import { SignInPrompt } from "~/components/shell/sign-in-prompt";
import { buttonClass } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form";
import { useNow } from "~/components/ui/use-now";
import { POLICY } from "~/content/policy";
import { HONEYPOT_FIELD } from "~/domain/core/form-rules";
import { formatDisplayDay } from "~/domain/core/dates";
import { formatPence } from "~/domain/core/money";
import { lineTotalPence } from "~/domain/pricing/pricing";
import { EMPTY_PRODUCT_REQUEST, parseProductRequest, productRequestValuesFrom } from "~/domain/people/product-request";
import { quoteActionSchema } from "~/domain/checkout/quote-forms";
import { isQuoteValid, quoteOptions, quotedQuantities, quoteValidityText } from "~/domain/checkout/quotes";
import { isReplaceCartQuestion, quoteFiguresNote, readQuotePicks } from "~/domain/checkout/quote-conversion";
import { ReplaceCartQuestionPanel } from "~/components/cart/replace-cart-question";
import { firstOrderDiscountApplies } from "~/server/checkout/first-order-discount.server";
import { loadCheckout } from "~/server/checkout/checkout.server";
import { requestCustomQuote } from "~/server/checkout/custom-quotes.server";
import { customQuotePrefillFor } from "~/server/checkout/custom-quote-prefill.server";
import { failure, readForm, signInRequired, toResponse, validate } from "~/server/platform/http.server";
import { convertQuote, createQuote, listQuotes } from "~/server/checkout/quotes.server";
import { dbOf, appContextOf, sessionOf, nowOf } from "~/server/accounts/request-context.server";

export async function loader({ context }: Route.LoaderArgs) {
  const session = await sessionOf(context);
  if (!session) return { signedIn: false as const, quotes: [], requestPrefill: null };
  const person = { userId: session.user.id, accountId: session.accountId };
  const [quotes, requestPrefill, discountNow] = await Promise.all([
    listQuotes(dbOf(context), person),
    customQuotePrefillFor(dbOf(context), person),
    // A quote's first-order discount is decided again when the buyer pays (decision 040).
    firstOrderDiscountApplies(dbOf(context), person),
  ]);
  return {
    signedIn: true as const,
    requestPrefill,
    discountNow,
    quotes: quotes.map((quote) => ({
      id: quote.id,
      number: quote.number,
      issuedAt: quote.issuedAt,
      validUntil: quote.validUntil,
      totals: quote.totals,
      lines: quote.lines.map((line) => ({
        productId: line.productId,
        description: line.description,
        quantity: line.quantity,
        unitPence: line.unitPence,
      })),
      orderable: quote.lines.some((line) => line.productId !== null && line.choices !== null),
      placedByMe: quote.userId === session.user.id,
    })),
  };
}

/**
 * Decision 021. "Download quote" (a plain form post from the cart or the shopping list) makes a
 * quote and answers with its PDF; "Order at these prices" converts one into the cart; "Request a
 * custom quote" sends a request to the back office. Every refusal is said on this page.
 */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const session = await sessionOf(context);
  const form = await readForm(request);
  if (!form.ok) return toResponse(form, { values: EMPTY_PRODUCT_REQUEST });
  if (form.value.intent === "custom") {
    const values = productRequestValuesFrom(new URLSearchParams(form.value));
    if (!session) return toResponse(signInRequired("Please sign in to request a quote."), { values });
    const now = nowOf(context);
    const parsed = parseProductRequest(values, now);
    if (!parsed.ok) {
      const first = Object.values(parsed.errors)[0] ?? "";
      const invalid = failure(400, "VALIDATION_FAILED", first, { fieldErrors: parsed.errors });
      return toResponse(invalid, { values: parsed.values });
    }
    // A filled spam trap is answered as a person would be, and nothing is kept (B-22).
    const trapped = (form.value[HONEYPOT_FIELD] ?? "").trim() !== "";
    const sent = trapped
      ? null
      : await requestCustomQuote(appContextOf(context), {
          userId: session.user.id,
          accountId: session.accountId,
          data: parsed.data,
          now,
        });
    if (sent && !sent.ok) return toResponse(sent, { values });
    const { product, quantity, email } = parsed.data;
    return data({ requested: { product, quantity, email } }, { headers: { "Cache-Control": "no-store" } });
  }
  if (!session) return toResponse(signInRequired("Please sign in to use quotes."));
  const parsed = validate(quoteActionSchema, form.value);
  if (!parsed.ok) return toResponse(parsed);
  const input = parsed.value;
  const now = nowOf(context);
  if (input.intent === "create") {
    const { checkout } = await loadCheckout(args);
    const made = await createQuote(appContextOf(context), {
      session,
      source: input.source,
      checkout: checkout?.data ?? null,
      now,
    });
    if (!made.ok) return toResponse(made);
    // The browser downloads the PDF and stays on the page the buyer asked from.
    return redirect(`/quotes/${made.id}/quote.pdf`, 303);
  }
  const converted = await convertQuote(appContextOf(context), {
    userId: session.user.id,
    accountId: session.accountId,
    quoteId: input.quoteId,
    replaceCart: input.replaceCart,
    picks: readQuotePicks(form.value),
    now,
  });
  if (!converted.ok) return toResponse(converted);
  return redirect("/cart", 303);
}

export default function QuotesRoute({ loaderData, actionData }: Route.ComponentProps) {
  const now = useNow();
  const navigation = useNavigation();
  if (!loaderData.signedIn) return <SignInPrompt title="Your quotes" message="Please sign in to see your quotes." />;
  const reply = actionData;
  const customReply = reply && ("requested" in reply || "values" in reply) ? (reply as ProductRequestReply) : undefined;
  const error = reply && "error" in reply && !("values" in reply) ? reply.error : null;
  const asked: unknown = error?.code === "CART_NOT_EMPTY" ? error.current : null;
  const question = isReplaceCartQuestion(asked) ? asked : null;
  const refused = error && !question ? error.message : null;
  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">Your quotes</h1>
      <p className="mt-2 text-muted">
        Download a quote from your cart or shopping list, or ask us to quote something the catalogue doesn't have.{" "}
        {POLICY.quoteValidity}
      </p>
      {refused ? (
        <div className="mt-4">
          <FormMessage>{refused}</FormMessage>
        </div>
      ) : null}
      {loaderData.quotes.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center">
          <h2 className="text-xl font-bold">No quotes yet</h2>
          <p className="mt-2 text-muted">Use "Download quote" on your cart or shopping list.</p>
          <Link to="/cart" className={buttonClass("primary", "mt-6")}>
            Go to your cart
          </Link>
        </div>
      ) : (
        <ul className="mt-6 space-y-3" aria-label="Quotes">
          {loaderData.quotes.map((quote) => {
            const valid = isQuoteValid(quote, now);
            const converting = navigation.state !== "idle" && navigation.formData?.get("quoteId") === quote.id;
            return (
              <li key={quote.id} className="rounded-2xl border border-slate-200 p-4" data-testid="quote">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h2 className="text-lg font-semibold">{quote.number}</h2>
                    <p className="text-sm text-muted">
                      {formatDisplayDay(quote.issuedAt)} ·{" "}
                      <span className={valid ? "" : "font-semibold text-red-700"}>{quoteValidityText(quote, now)}</span>
                      {quote.placedByMe ? "" : " · from a colleague"}
                    </p>
                  </div>
                  <p className="text-right">
                    <span className="block text-lg font-bold">{formatPence(quote.totals.total)}</span>
                    <span className="block text-xs text-muted">
                      inc. VAT · {formatPence(quote.totals.total - quote.totals.vat)} ex. VAT
                    </span>
                  </p>
                </div>
                <p className="mt-2 break-words text-sm">
                  {quoteOptions(quote.lines)
                    .main.map(
                      (line) =>
                        `${line.productId ? quotedQuantities(quote.lines, line.productId) : line.quantity.toLocaleString("en-GB")} × ${line.description}`,
                    )
                    .join(", ")}
                </p>
                {valid ? (
                  <p className="mt-1 text-sm text-muted" data-testid="quote-figures">
                    {quoteFiguresNote(quote, loaderData.discountNow)}
                  </p>
                ) : null}
                {question?.quoteId === quote.id && error ? (
                  <ReplaceCartQuestionPanel
                    question={question}
                    quoteNumber={quote.number}
                    message={error.message}
                    busy={converting}
                  />
                ) : null}
                <div className="mt-3 flex flex-wrap gap-2">
                  <a href={`/quotes/${quote.id}/quote.pdf`} className={buttonClass("secondary")} download>
                    Download PDF<span className="sr-only"> of {quote.number}</span>
                  </a>
                  {question?.quoteId === quote.id ? null : quote.orderable ? (
                    <Form method="post" className="w-full">
                      <input type="hidden" name="quoteId" value={quote.id} />
                      <QuantityChoices lines={quote.lines} />
                      <button
                        type="submit"
                        name="intent"
                        value="convert"
                        disabled={converting}
                        className={buttonClass("primary")}
                      >
                        {valid ? "Order at these prices" : "Order at today's prices"}
                        <span className="sr-only"> ({quote.number})</span>
                      </button>
                    </Form>
                  ) : (
                    <p className="self-center text-sm text-muted">
                      Reply to our e-mail to order what we source specially.
                    </p>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <div id="custom-quote" className="mt-12 scroll-mt-24">
        <ProductRequestForm
          reply={customReply}
          copy={{ heading: "Request a custom quote", submit: "Request a custom quote", intent: "custom" }}
          prefill={loaderData.requestPrefill ?? undefined}
        />
      </div>
    </section>
  );
}

type ListedLine = { productId: string | null; description: string; quantity: number; unitPence: number };

/**
 * A quote's quantities to choose from (decision 080): one group of radios per product it prices
 * at several quantities, the quote's own first; the totals above are for that one.
 */
function QuantityChoices({ lines }: { lines: readonly ListedLine[] }) {
  const { main, options } = quoteOptions(lines);
  const offered = main.filter((line) => options.some((option) => option.productId === line.productId));
  if (offered.length === 0) return null;
  return (
    <div className="mb-3 space-y-3">
      {offered.map((first) => (
        <fieldset key={first.productId} className="rounded-xl border border-slate-200 p-3">
          <legend className="px-1 text-sm font-semibold">{first.description}: how many?</legend>
          <div className="mt-1 space-y-1">
            {lines
              .filter((line) => line.productId === first.productId)
              .map((line) => (
                <label key={line.quantity} className="flex items-start gap-2 text-sm">
                  <input
                    type="radio"
                    name={`pick-${first.productId}`}
                    value={line.quantity}
                    defaultChecked={line === first}
                    className="mt-1"
                  />
                  <span>
                    {line.quantity.toLocaleString("en-GB")} at {formatPence(line.unitPence)} each (
                    {formatPence(lineTotalPence(line.unitPence, line.quantity))} ex VAT)
                  </span>
                </label>
              ))}
          </div>
        </fieldset>
      ))}
      <p className="text-xs text-muted">The totals above are for the first quantity of each.</p>
    </div>
  );
}

export function meta() {
  return [{ title: "Your quotes | Swag Studio" }, { name: "robots", content: "noindex" }];
}

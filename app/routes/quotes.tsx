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
import { EMPTY_PRODUCT_REQUEST, parseProductRequest, productRequestValuesFrom } from "~/domain/people/product-request";
import { quoteActionSchema } from "~/domain/checkout/quote-forms";
import { isQuoteValid, quoteValidityText } from "~/domain/checkout/quotes";
import { isReplaceCartQuestion, quoteFiguresNote } from "~/domain/checkout/quote-conversion";
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
      lines: quote.lines.map((line) => ({ description: line.description, quantity: line.quantity })),
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
                  {quote.lines
                    .map((line) => `${line.quantity.toLocaleString("en-GB")} × ${line.description}`)
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
                    <Form method="post">
                      <input type="hidden" name="quoteId" value={quote.id} />
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

export function meta() {
  return [{ title: "Your quotes | Swag Studio" }, { name: "robots", content: "noindex" }];
}

import { data } from "react-router";
import type { Route } from "./+types/collect";
import { CollectAnswerForm } from "~/components/checkout/collect-answer-form";
import { CopyLink } from "~/components/ui/copy-link";
import { FormMessage } from "~/components/ui/form";
import { fieldErrorsOf, formMessage } from "~/components/ui/form-error";
import { formatDisplayDate, londonToday } from "~/domain/core/dates";
import { deliverySentence } from "~/domain/teams/collection-delivery";
import { type AnswerField, answerFormValues } from "~/domain/teams/size-collections";
import { appContextOf, nowOf } from "~/server/accounts/request-context.server";
import {
  answerCollection,
  answerFromForm,
  countCollectHit,
  openCollectLink,
} from "~/server/checkout/size-collections.server";
import { readForm, toResponse } from "~/server/platform/http.server";
import { clientIp } from "~/server/platform/rate-limit.server";

/** What a person answers is theirs and the buyer's alone: never cached anywhere. */
const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/**
 * GET /collect/:token (decision 090): whoever holds a collection's link sees the product, its size
 * guide and the buyer's message, with no account. Counted per client address; a link that opens
 * nothing is 404, a closed or full one 410, each saying why.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, business } = appContextOf(context);
  const keptDays = business.retention.unpaidDraftDays;
  const limited = await countCollectHit(db, clientIp(request));
  const opened = limited ?? (await openCollectLink(db, { token: params.token, today: londonToday(nowOf(context)) }));
  if (!opened.ok)
    return data({ page: null, problem: opened.message, keptDays }, { status: opened.status, headers: PRIVATE });
  return data({ page: opened.value, problem: null, keptDays }, { headers: PRIVATE });
}

/** A person's answer: counted per address before the body is read, then checked against the product's sizes. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = appContextOf(context);
  const limited = await countCollectHit(ctx.db, clientIp(request));
  if (limited) return toResponse(limited, {}, { headers: PRIVATE });
  const today = londonToday(nowOf(context));
  const opened = await openCollectLink(ctx.db, { token: params.token, today });
  if (!opened.ok) return toResponse(opened, {}, { headers: PRIVATE });
  const form = await readForm(request);
  if (!form.ok) return toResponse(form, {}, { headers: PRIVATE });
  const parsed = answerFromForm(form.value, opened.value);
  if (!parsed.ok) return toResponse(parsed, { values: parsed.values }, { headers: PRIVATE });
  const answered = await answerCollection(ctx, { token: params.token, answer: parsed.answer, today });
  if (!answered.ok) return toResponse(answered, { values: answerFormValues(parsed.answer) }, { headers: PRIVATE });
  return data(
    { answered: { ...parsed.answer, editUrl: answered.editUrl, closesOn: formatDisplayDate(opened.value.closesOn) } },
    { headers: PRIVATE },
  );
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.page?.title ?? "Your size"} | Swag Studio` }, { name: "robots", content: "noindex" }];
}

export default function CollectRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { page, problem } = loaderData;
  const answered = actionData && "answered" in actionData ? actionData.answered : null;
  const typed = actionData && "values" in actionData ? (actionData.values as Record<AnswerField, string>) : {};
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">{page?.title ?? "Your size"}</h1>
      {answered ? (
        <div className="mt-6 space-y-4">
          <FormMessage tone="success">
            Thanks{answered.name ? `, ${answered.name}` : ""}: size {answered.size} is in.
            {answered.delivery ? ` ${deliverySentence(answered.delivery)}` : ""}
          </FormMessage>
          <CopyLink
            id="answer-link"
            label={`Your link to change your answer (until ${answered.closesOn})`}
            url={answered.editUrl}
          />
          <p className="text-sm text-muted">Keep it to yourself: whoever has it can change your answer.</p>
        </div>
      ) : problem || !page ? (
        <div className="mt-6">
          <FormMessage>{problem ?? "This link doesn't work. Ask whoever sent it for a new one."}</FormMessage>
        </div>
      ) : (
        <CollectAnswerForm
          page={page}
          typed={typed}
          errors={fieldErrorsOf(actionData)}
          refusal={formMessage(actionData)}
          submit="Send my size"
          keptDays={loaderData.keptDays}
        />
      )}
    </section>
  );
}

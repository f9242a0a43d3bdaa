import { data } from "react-router";
import type { Route } from "./+types/collect-answer";
import { CollectAnswerForm } from "~/components/checkout/collect-answer-form";
import { FormMessage } from "~/components/ui/form";
import { fieldErrorsOf, formMessage } from "~/components/ui/form-error";
import { londonToday } from "~/domain/core/dates";
import { deliverySentence } from "~/domain/teams/collection-delivery";
import { type AnswerField, answerFormValues } from "~/domain/teams/size-collections";
import { appContextOf, nowOf } from "~/server/accounts/request-context.server";
import { answerFromForm, changeAnswer, countCollectHit, openAnswer } from "~/server/checkout/size-collections.server";
import { readForm, toResponse } from "~/server/platform/http.server";
import { clientIp } from "~/server/platform/rate-limit.server";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/**
 * GET /collect/:token/answer/:answer (decision 090): a person's private link to their own answer,
 * to change it until the collection closes. Both tokens decide; nobody else's answer is reachable.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, business } = appContextOf(context);
  const keptDays = business.retention.unpaidDraftDays;
  const limited = await countCollectHit(db, clientIp(request));
  const opened =
    limited ??
    (await openAnswer(db, { token: params.token, answerToken: params.answer, today: londonToday(nowOf(context)) }));
  if (!opened.ok)
    return data({ page: null, problem: opened.message, keptDays }, { status: opened.status, headers: PRIVATE });
  return data({ page: opened.value, problem: null, keptDays }, { headers: PRIVATE });
}

/** The changed answer, checked as a new one is. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = appContextOf(context);
  const limited = await countCollectHit(ctx.db, clientIp(request));
  if (limited) return toResponse(limited, {}, { headers: PRIVATE });
  const today = londonToday(nowOf(context));
  const opened = await openAnswer(ctx.db, { token: params.token, answerToken: params.answer, today });
  if (!opened.ok) return toResponse(opened, {}, { headers: PRIVATE });
  const form = await readForm(request);
  if (!form.ok) return toResponse(form, {}, { headers: PRIVATE });
  const parsed = answerFromForm(form.value, opened.value);
  if (!parsed.ok) return toResponse(parsed, { values: parsed.values }, { headers: PRIVATE });
  const changed = await changeAnswer(ctx, {
    token: params.token,
    answerToken: params.answer,
    answer: parsed.answer,
    today,
  });
  if (!changed.ok) return toResponse(changed, { values: answerFormValues(parsed.answer) }, { headers: PRIVATE });
  return data({ changed: parsed.answer }, { headers: PRIVATE });
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData?.page?.title ?? "Your answer"} | Swag Studio` },
    { name: "robots", content: "noindex" },
  ];
}

export default function CollectAnswerRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { page, problem } = loaderData;
  const changed = actionData && "changed" in actionData ? actionData.changed : null;
  const given = changed ?? page?.answer;
  const typed: Partial<Record<AnswerField, string>> =
    actionData && "values" in actionData
      ? (actionData.values as Record<AnswerField, string>)
      : given
        ? answerFormValues(given)
        : {};
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">{page?.title ?? "Your answer"}</h1>
      {problem || !page ? (
        <div className="mt-6">
          <FormMessage>{problem ?? "This link to your answer doesn't work."}</FormMessage>
        </div>
      ) : (
        <>
          {changed ? (
            <div className="mt-4">
              <FormMessage tone="success">
                Changed: your size is now {changed.size}.
                {changed.delivery ? ` ${deliverySentence(changed.delivery)}` : ""}
              </FormMessage>
            </div>
          ) : (
            <p className="mt-2" data-testid="your-answer">
              Your answer: size {page.answer.size}
              {page.answer.name ? `, as ${page.answer.name}` : ""}.
              {page.answer.delivery ? ` ${deliverySentence(page.answer.delivery)}` : ""} Change it below.
            </p>
          )}
          <CollectAnswerForm
            page={page}
            typed={typed}
            errors={fieldErrorsOf(actionData)}
            refusal={formMessage(actionData)}
            submit="Change my answer"
            keptDays={loaderData.keptDays}
          />
        </>
      )}
    </section>
  );
}

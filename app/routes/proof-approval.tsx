import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/proof-approval";
import { fieldErrorsOf, formMessage } from "~/components/ui/form-error";
import { ProofView } from "~/components/orders/proof-view";
import { buttonClass } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/form";
import { formatLondonDateTime } from "~/domain/core/dates";
import { valuesFrom } from "~/domain/core/form-rules";
import { PROOF_COMMENT_MAX } from "~/domain/fulfilment/orders";
import {
  GUEST_ANSWER_FIELDS,
  GUEST_NAME_MAX,
  type GuestAnswerValues,
  parseGuestAnswer,
} from "~/domain/orders/proof-sharing";
import { EMAIL_MAX_LENGTH } from "~/domain/people/contact-rules";
import { failure, readForm, toResponse } from "~/server/platform/http.server";
import { answerByShareLink, countShareLinkHit, openShareLink } from "~/server/aftercare/proof-share-links.server";
import { clientIp } from "~/server/platform/rate-limit.server";
import { dbOf, appContextOf } from "~/server/accounts/request-context.server";

/** What the guest typed and what they are answering is theirs alone: never cached anywhere. */
const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * GET /proof-approval/:token (decision 025): whoever holds a share link sees its one proof
 * version, with no account. Opening it changes nothing; a refused link says why (404 or 410).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const refused = (await countShareLinkHit(db, clientIp(request))) ?? null;
  const opened = refused ?? (await openShareLink(db, { token: params.token }));
  if (!opened.ok) return data({ proof: null, problem: opened.message }, { status: opened.status, headers: PRIVATE });
  const { orderNumber, title, version, contentType, originalName, expiresAt, facts, hasPreview } = opened.value;
  const fileUrl = `/proof-approval/${params.token}/file`;
  const proof = {
    orderNumber,
    title,
    version,
    originalName,
    fileUrl,
    pictureUrl: contentType.startsWith("image/") ? fileUrl : hasPreview ? `${fileUrl}?preview=1` : null,
    expires: formatLondonDateTime(expiresAt),
    facts,
  };
  return data({ proof, problem: null }, { headers: PRIVATE });
}

/** The guest's answer: counted per address before the body is read, then checked like the buyer's. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = appContextOf(context);
  const { db } = ctx;
  const limited = await countShareLinkHit(db, clientIp(request));
  if (limited) return toResponse(limited, {}, { headers: PRIVATE });
  const form = await readForm(request);
  if (!form.ok) return toResponse(form, {}, { headers: PRIVATE });
  const parsed = parseGuestAnswer(valuesFrom(GUEST_ANSWER_FIELDS, new Map(Object.entries(form.value))));
  if (!parsed.ok) {
    const message = Object.values(parsed.errors)[0] ?? "";
    const refused = failure(400, "VALIDATION_FAILED", message, { fieldErrors: parsed.errors });
    return toResponse(refused, { values: parsed.values }, { headers: PRIVATE });
  }
  const result = await answerByShareLink(ctx, { token: params.token, answer: parsed.data });
  const values: GuestAnswerValues = { ...parsed.data };
  if (!result.ok) return toResponse(result, { values }, { headers: PRIVATE });
  return data({ answered: result.decision, name: parsed.data.name, version: result.version }, { headers: PRIVATE });
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export default function ProofApprovalRoute({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { proof, problem } = loaderData;
  const done = actionData && "answered" in actionData ? actionData : null;
  const refusal = formMessage(actionData);
  const errors = fieldErrorsOf(actionData);
  const typed = actionData && "values" in actionData ? (actionData.values as GuestAnswerValues) : null;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">{proof ? `Proof for order ${proof.orderNumber}` : "Proof approval"}</h1>
      {done ? (
        <div className="mt-6">
          <FormMessage tone="success">
            {done.answered === "approve"
              ? `Thank you, ${done.name}: version ${done.version} is approved. We've let the buyer know.`
              : `Thank you, ${done.name}: we've passed your changes to the design team and the buyer.`}
          </FormMessage>
        </div>
      ) : problem || !proof ? (
        <div className="mt-6">
          <FormMessage>{problem ?? "This approval link is not valid."}</FormMessage>
        </div>
      ) : (
        <>
          <p className="mt-2 text-muted">
            {proof.title}, proof version {proof.version}. This link works until {proof.expires}.
          </p>
          <div className="mt-6">
            <ProofView
              title={proof.title}
              version={proof.version}
              originalName={proof.originalName}
              fileUrl={proof.fileUrl}
              pictureUrl={proof.pictureUrl}
              facts={proof.facts}
            />
          </div>
          <Form method="post" className="mt-6 space-y-4" noValidate>
            {refusal || errors.decision ? <FormMessage>{refusal ?? errors.decision}</FormMessage> : null}
            <p className="text-sm text-muted">
              Tell us who you are: the buyer sees your name and e-mail address beside your answer.
            </p>
            <Field
              label="Your name"
              name="name"
              autoComplete="name"
              maxLength={GUEST_NAME_MAX}
              defaultValue={typed?.name ?? ""}
              error={errors.name}
            />
            <Field
              label="Your e-mail address"
              name="email"
              type="email"
              autoComplete="email"
              maxLength={EMAIL_MAX_LENGTH}
              defaultValue={typed?.email ?? ""}
              error={errors.email}
            />
            <button type="submit" name="decision" value="approve" disabled={busy} className={buttonClass("primary")}>
              Approve version {proof.version}
            </button>
            <div>
              <label htmlFor="guest-comment" className="block text-sm font-medium">
                Or tell us what to change
              </label>
              <textarea
                id="guest-comment"
                name="comment"
                rows={3}
                maxLength={PROOF_COMMENT_MAX}
                defaultValue={typed?.comment ?? ""}
                aria-invalid={errors.comment ? true : undefined}
                aria-describedby={errors.comment ? "guest-comment-error" : undefined}
                className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
              />
              {errors.comment ? (
                <p id="guest-comment-error" className="mt-1 text-sm text-red-700">
                  {errors.comment}
                </p>
              ) : null}
            </div>
            <button type="submit" name="decision" value="changes" disabled={busy} className={buttonClass("secondary")}>
              Request changes
            </button>
          </Form>
        </>
      )}
    </section>
  );
}

export function meta() {
  return [{ title: "Proof approval | Swag Studio" }, { name: "robots", content: "noindex" }];
}

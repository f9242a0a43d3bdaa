import { redirect } from "react-router";
import type { Route } from "./+types/contact";
import { ContactForm } from "~/components/marketing/contact-form";
import { ExternalLink, PageHero } from "~/components/marketing/marketing-page";
import { CONTACT_PAGE } from "~/content/contact";
import { founderChatUrl, SITE } from "~/content/links";
import { useBusiness } from "~/components/ui/root-data";
import { telHref } from "~/domain/people/business-profile";
import {
  CONTACT_HONEYPOT_FIELD,
  contactValuesFrom,
  EMPTY_CONTACT_VALUES,
  parseContactForm,
} from "~/domain/people/contact-form";
import { failure, readForm, toResponse } from "~/server/platform/http.server";
import { submitInquiry } from "~/server/shop/inquiries.server";
import { clientIp } from "~/server/platform/rate-limit.server";
import { appContextOf } from "~/server/accounts/request-context.server";

/** Every refusal gives back what the visitor typed (`values`), so nothing is lost. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = appContextOf(context);
  const { supportEmail } = ctx.business;
  const form = await readForm(request);
  if (!form.ok) return toResponse(form, { values: EMPTY_CONTACT_VALUES });
  const values = contactValuesFrom(new URLSearchParams(form.value));
  const parsed = parseContactForm(values);
  if (!parsed.ok) {
    const first = Object.values(parsed.errors)[0] ?? "";
    return toResponse(failure(400, "VALIDATION_FAILED", first, { fieldErrors: parsed.errors }), {
      values: parsed.values,
    });
  }
  try {
    const outcome = await submitInquiry(ctx, {
      data: parsed.data,
      honeypot: form.value[CONTACT_HONEYPOT_FIELD] ?? "",
      ip: clientIp(request),
    });
    if (outcome.status === "rate_limited") {
      const { retryAfterSeconds } = outcome;
      return toResponse(
        failure(429, "RATE_LIMITED", CONTACT_PAGE.rateLimited(supportEmail), {
          retryAfterSeconds,
        }),
        { values },
      );
    }
  } catch (error) {
    // B-26: the visitor keeps what they typed and is told to e-mail instead.
    console.error("The contact form could not be stored:", error);
    return toResponse(failure(500, "NOT_STORED", CONTACT_PAGE.failed(supportEmail)), {
      values,
    });
  }
  return redirect("/inquiry-success");
}

export default function ContactRoute({ actionData }: Route.ComponentProps) {
  const business = useBusiness();
  return (
    <>
      <PageHero title={CONTACT_PAGE.title} lead={CONTACT_PAGE.lead} />
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-12 lg:grid-cols-[1fr_18rem]">
        <ContactForm
          values={actionData?.values}
          errors={actionData?.error.fieldErrors}
          formError={actionData?.error.fieldErrors ? null : actionData?.error.message}
        />
        <aside aria-labelledby="other-ways" className="space-y-4 text-sm">
          <h2 id="other-ways" className="text-lg font-bold text-ink">
            {CONTACT_PAGE.otherWaysHeading}
          </h2>
          <p>
            <span className="block font-semibold text-ink">{CONTACT_PAGE.emailLabel}</span>
            <a href={`mailto:${business.supportEmail}`} className="text-brand underline underline-offset-4">
              {business.supportEmail}
            </a>
          </p>
          <p>
            <span className="block font-semibold text-ink">{CONTACT_PAGE.phoneLabel}</span>
            <a href={telHref(business.phone)} className="text-brand underline underline-offset-4">
              {business.phone}
            </a>
          </p>
          <p>
            <ExternalLink href={business.bookingUrl} className="font-semibold text-brand underline underline-offset-4">
              {CONTACT_PAGE.callLabel}
            </ExternalLink>
          </p>
          <p>
            <ExternalLink
              href={founderChatUrl(business)}
              className="font-semibold text-brand underline underline-offset-4"
            >
              {CONTACT_PAGE.chatLabel}
            </ExternalLink>
          </p>
          <p className="text-muted">{CONTACT_PAGE.location}</p>
        </aside>
      </div>
    </>
  );
}

export function meta() {
  return [{ title: `Contact | ${SITE.name}` }, { name: "description", content: CONTACT_PAGE.metaDescription }];
}

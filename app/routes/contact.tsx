import { data, redirect } from "react-router";
import type { Route } from "./+types/contact";
import { ContactForm } from "~/components/contact-form";
import { ExternalLink, PageHero } from "~/components/marketing-page";
import { CONTACT_PAGE } from "~/content/contact";
import { SITE } from "~/content/links";
import {
  CONTACT_HONEYPOT_FIELD,
  contactValuesFrom,
  parseContactForm,
  type ContactErrors,
  type ContactValues,
} from "~/domain/contact-form";
import { readFormData } from "~/server/form-body.server";
import { submitInquiry } from "~/server/inquiries.server";
import { clientIp } from "~/server/rate-limit.server";

type ActionResult = { values: ContactValues; errors: ContactErrors; formError: string | null };

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  const values = contactValuesFrom(form);
  const parsed = parseContactForm(values);
  if (!parsed.ok) {
    return data<ActionResult>({ values: parsed.values, errors: parsed.errors, formError: null }, { status: 400 });
  }
  const honeypot = form.get(CONTACT_HONEYPOT_FIELD);
  try {
    const outcome = await submitInquiry({
      data: parsed.data,
      honeypot: typeof honeypot === "string" ? honeypot : "",
      ip: clientIp(request),
    });
    if (outcome.status === "rate_limited") {
      return data<ActionResult>(
        { values, errors: {}, formError: CONTACT_PAGE.rateLimited },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    }
  } catch (error) {
    // B-26: the visitor keeps what they typed and is told to e-mail instead.
    console.error("The contact form could not be stored:", error);
    return data<ActionResult>({ values, errors: {}, formError: CONTACT_PAGE.failed }, { status: 500 });
  }
  return redirect("/inquiry-success");
}

export default function ContactRoute({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero title={CONTACT_PAGE.title} lead={CONTACT_PAGE.lead} />
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-12 lg:grid-cols-[1fr_18rem]">
        <ContactForm values={actionData?.values} errors={actionData?.errors} formError={actionData?.formError} />
        <aside aria-labelledby="other-ways" className="space-y-4 text-sm">
          <h2 id="other-ways" className="text-lg font-bold text-ink">
            {CONTACT_PAGE.otherWaysHeading}
          </h2>
          <p>
            <span className="block font-semibold text-ink">{CONTACT_PAGE.emailLabel}</span>
            <a href={`mailto:${SITE.supportEmail}`} className="text-brand underline underline-offset-4">
              {SITE.supportEmail}
            </a>
          </p>
          <p>
            <ExternalLink href={SITE.bookingUrl} className="font-semibold text-brand underline underline-offset-4">
              {CONTACT_PAGE.callLabel}
            </ExternalLink>
          </p>
          <p>
            <ExternalLink href={SITE.founderChatUrl} className="font-semibold text-brand underline underline-offset-4">
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

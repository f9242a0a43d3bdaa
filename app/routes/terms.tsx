import { LegalPage } from "~/components/marketing/legal-page";
import { TERMS } from "~/content/legal-terms";
import { SITE } from "~/content/links";

// No loader: static copy (R-MKT-05).

export default function TermsRoute() {
  return <LegalPage document={TERMS} />;
}

export function meta() {
  return [{ title: `${TERMS.title} | ${SITE.name}` }, { name: "description", content: TERMS.metaDescription }];
}

import { LegalPage } from "~/components/marketing/legal-page";
import { PRIVACY } from "~/content/legal-privacy";
import { SITE } from "~/content/links";

// No loader: static copy (R-MKT-05).

export default function PrivacyRoute() {
  return <LegalPage document={PRIVACY} />;
}

export function meta() {
  return [{ title: `${PRIVACY.title} | ${SITE.name}` }, { name: "description", content: PRIVACY.metaDescription }];
}

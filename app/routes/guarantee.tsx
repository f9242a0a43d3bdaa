import { LegalPage } from "~/components/marketing/legal-page";
import { GUARANTEE } from "~/content/legal-guarantee";
import { SITE } from "~/content/links";

// No loader: static copy (R-MKT-05).

export default function GuaranteeRoute() {
  return <LegalPage document={GUARANTEE} />;
}

export function meta() {
  return [{ title: `${GUARANTEE.title} | ${SITE.name}` }, { name: "description", content: GUARANTEE.metaDescription }];
}

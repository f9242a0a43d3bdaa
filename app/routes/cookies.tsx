import { LegalPage } from "~/components/marketing/legal-page";
import { COOKIES } from "~/content/legal-cookies";
import { SITE } from "~/content/links";

// No loader: static copy (R-MKT-05).

export default function CookiesRoute() {
  return <LegalPage document={COOKIES} />;
}

export function meta() {
  return [{ title: `${COOKIES.title} | ${SITE.name}` }, { name: "description", content: COOKIES.metaDescription }];
}

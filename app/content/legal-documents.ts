/** The four policies in the footer's order, for what reads them all (the content's tests). */
import { COOKIES } from "./legal-cookies";
import { GUARANTEE } from "./legal-guarantee";
import { PRIVACY } from "./legal-privacy";
import { TERMS } from "./legal-terms";

export const LEGAL_DOCUMENTS = [TERMS, GUARANTEE, PRIVACY, COOKIES] as const;

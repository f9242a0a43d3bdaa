/**
 * Copy of /how-it-works (R-MKT-01): the home page's four steps, each told in full.
 * Its own module, so each page loads its own copy and no other page's (the shared parts are in
 * ./marketing).
 */
import { DESIGN_GUIDELINES_PATH } from "./design-guidelines";
import { CLAIMS } from "./claims";
import { HOW_IT_WORKS } from "./home";
import { POLICY } from "./policy";
import { type Paragraphs, WHAT_WE_DO } from "./marketing";

export type HowItWorksStep = { title: string; body: string; details: Paragraphs };

function homeStep(index: number): { title: string; body: string } {
  const step = HOW_IT_WORKS.steps[index];
  if (!step) throw new Error(`The home page has no step ${index + 1}`);
  return step;
}

export const HOW_IT_WORKS_PAGE = {
  title: HOW_IT_WORKS.heading,
  metaDescription: `How ordering custom branded merch with Swag Studio works: get a quote, share your design, approve your mock-up, and we deliver in ${CLAIMS.turnaround}.`,
  lead: `${HOW_IT_WORKS.intro} ${WHAT_WE_DO}`,
  // The same four steps as the home page (R-HOME-10), each with what happens in it.
  steps: [
    {
      ...homeStep(0),
      details: [
        `Minimum orders from ${CLAIMS.moq} units, and the more you order, the less each unit costs.`,
        POLICY.customQuote,
        POLICY.quoteValidity,
      ],
    },
    {
      ...homeStep(1),
      details: [
        "Send vector artwork as .EPS, .PDF or .SVG (or a .PNG or .JPG logo); our design guidelines explain formats, colours and print areas for each product.",
        "Choose embroidery, screen print, DTF transfer, laser engraving or deboss, whichever suits your logo and the product.",
        "Design help: our designers make a mock-up of your logo on the product for you to check, or ask for a manufacturer mock-up. Repeating a previous order? You can skip the proof and quote the old order's reference.",
      ],
    },
    {
      ...homeStep(2),
      details: [
        `Nothing is made until you approve your mock-up and pay. ${POLICY.production}`,
        "We produce your order at the factory and quality-check it before it ships.",
        "We e-mail you at each stage: when your proof is ready, when you approve it, when production starts, when your order ships (with the carrier and tracking number, linked to the carrier's tracking page where it has one) and when it is delivered.",
      ],
    },
    {
      ...homeStep(3),
      details: [
        `Delivery in ${CLAIMS.turnaround} from proof approval, by product and shipping method; every product page shows an estimated delivery date before you order.`,
        "UK deliveries arrive duty paid, so the price at checkout is the price you pay.",
        "If we're 5 or more days late against the date we promised, our On-Time Delivery Guarantee applies.",
      ],
    },
  ] satisfies readonly HowItWorksStep[],
  links: [
    { to: DESIGN_GUIDELINES_PATH, label: "Design guidelines (PDF)", external: true },
    { to: "/faqs", label: "FAQs", external: false },
    { to: "/guarantee", label: "On-Time Delivery Guarantee", external: false },
  ],
} as const;

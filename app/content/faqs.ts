/**
 * The FAQs (SPEC.md §2 "FAQs", REQUIREMENTS.md R-FAQ-07/09): six categories in the spec's order,
 * entries {id, question, answer}. Ids are URL-safe and unique, because /faqs#{id} deep-links to a
 * question. Business facts are quoted from ~/content/policy (R-POL-01..15) so they read the same
 * here as in the Terms and the Guarantee.
 */
import { COUNTRIES, COUNTRY_NAMES, FIRST_ORDER_DISCOUNT_PERCENT } from "~/domain/pricing/checkout";
import { CALL_TO_ACTION } from "./call-to-action";
import { CLAIMS } from "./claims";
import { DESIGN_GUIDELINES_PATH } from "./design-guidelines";
import type { PublicBusiness } from "~/domain/people/business-profile";
import { founderChatUrl } from "./links";
import { POLICY } from "./policy";

export type FaqLink = { to: string; label: string; external?: boolean };
export type FaqEntry = { id: string; question: string; answer: string; links?: readonly FaqLink[] };
export type FaqCategory = { slug: string; name: string; entries: readonly FaqEntry[] };

export const FAQ_PAGE = {
  title: "Frequently asked questions",
  metaDescription:
    "Answers about quotes, artwork, production, shipping, customs, payment and returns for custom branded merch from Swag Studio.",
  lead: "Quotes, artwork, production, delivery, payment and what happens if something goes wrong.",
  searchLabel: "Search FAQs",
  searchPlaceholder: "Search FAQs...",
  clearSearch: "Clear search",
  categoriesLabel: "FAQ categories",
  browseCategories: "Browse Categories",
  tocHeading: "In this section",
  contactHeading: "Still have a question?",
  contactBody: "E-mail us and someone on our team will answer.",
} as const;

/**
 * The worked example of price bands: the cap's first and last bands as the catalogue seeds them
 * (app/catalogue/products.ts), written out as the claims are (./claims.ts), so that the FAQ page
 * does not load the catalogue; content.test.ts holds them to the seed.
 */
export const CAP_EXAMPLE = {
  title: "Custom Embroidered Cap",
  first: { quantity: "50-399", price: "£5.50" },
  last: { quantity: "400+", price: "£3.88" },
} as const;
const { first: capFirst, last: capLast } = CAP_EXAMPLE;

const countryList = COUNTRIES.map((code) => COUNTRY_NAMES[code]).join(", ");

/** The FAQs, with the business's contact points (its profile). */
export const faqCategories = (business: PublicBusiness): readonly FaqCategory[] => [
  {
    slug: "getting-set-up",
    name: "Getting set up",
    entries: [
      {
        id: "what-does-swag-studio-do",
        question: "What does Swag Studio do?",
        answer:
          "We're a London team that sources custom branded merch straight from factories for businesses. We make the mock-ups, do the quality checks, then ship and deliver to your door. Our catalogue includes embroidered caps, running shorts, diaries and yoga mats.",
      },
      {
        id: "who-do-you-work-with",
        question: "Who do you work with?",
        answer: `Teams, start-ups, event organisers and event managers, marketers and growth managers, HR teams, GTM engineers, founders and sales people. ${POLICY.minimumAge}`,
      },
      {
        id: "minimum-order-quantity",
        question: "What is the minimum order quantity?",
        answer: `Minimum order quantities start from ${CLAIMS.moq} units: every product page shows its own minimum, and the price per unit falls as the quantity rises.`,
      },
      {
        id: "how-quickly-can-i-get-a-quote",
        question: "How quickly can I get a quote?",
        answer: `${POLICY.instantQuote} ${POLICY.customQuote} ${POLICY.quoteValidity}`,
      },
      {
        id: "do-i-need-an-account",
        question: "Do I need an account?",
        answer:
          "You can browse every product and price an order without one. You need to sign in to keep favourites and a shopping list and to pay for an order. An account can belong to your organisation.",
      },
      {
        id: "can-i-talk-to-someone",
        question: "Can I talk to someone before I order?",
        answer: `Yes. ${CALL_TO_ACTION.body} You can also chat with our founders, or e-mail ${business.supportEmail}.`,
        links: [
          { to: business.bookingUrl, label: "Book a 15-minute call", external: true },
          { to: founderChatUrl(business), label: "Chat with the founders", external: true },
        ],
      },
    ],
  },
  {
    slug: "artwork-and-design",
    name: "Artwork & design",
    entries: [
      {
        id: "artwork-file-formats",
        question: "What file format should my artwork be?",
        answer:
          "Vector artwork as .EPS, .PDF or .SVG stays sharp at any size and gives the factory clean outlines to embroider, print or engrave; convert text to outlines before you export. A .PNG or .JPG logo works too: we check its resolution at the printed size and whether its background is transparent.",
        links: [{ to: DESIGN_GUIDELINES_PATH, label: "Design guidelines (PDF)", external: true }],
      },
      {
        id: "design-guidelines",
        question: "Do you have design guidelines?",
        answer:
          "Yes: our design guidelines cover artwork formats, colours (Pantone and CMYK), placement and the print area of each product, proofs and lead times.",
        links: [{ to: DESIGN_GUIDELINES_PATH, label: "Download the design guidelines (PDF)", external: true }],
      },
      {
        id: "will-i-see-a-mock-up",
        question: "Will I see a mock-up before production?",
        answer:
          "Yes. Choose a designer mock-up, made by our designers, for a quick preview of your logo on the product, or a manufacturer mock-up made by the factory. If you're repeating an earlier order you can skip the proof and give us that order's reference. Nothing is produced until you approve.",
      },
      {
        id: "design-help",
        question: "Can you help with my design?",
        answer:
          "Yes. Our designers show your logo on the product in a mock-up, our team checks every file for print before production, and on a 15-minute call a merch expert can suggest the branding method and placement that suit your logo.",
      },
      {
        id: "branding-methods",
        question: "Which branding methods do you offer?",
        answer:
          "Embroidery, screen print, DTF transfer, laser engraving and deboss. Which ones are available depends on the product: caps are embroidered, running shorts are heat-transfer printed, diaries are debossed or foil-stamped and yoga mats are printed.",
      },
      {
        id: "brand-colours",
        question: "Can you match my brand colours?",
        answer:
          "Give us Pantone references (or CMYK values) and we match them as closely as the method allows; embroidery uses the nearest thread colour. Your proof shows the colours we'll use.",
      },
      {
        id: "artwork-rights",
        question: "Do I need permission to use my logo?",
        answer:
          "Yes. Before you order you confirm: 'I confirm I have the rights to use the supplied artwork.' We can't reproduce other companies' logos or trademarks without their permission.",
      },
    ],
  },
  {
    slug: "products-and-orders",
    name: "Products and orders",
    entries: [
      {
        id: "what-can-you-brand",
        question: "What products can you brand?",
        answer: `Everything in our catalogue: caps, running shorts, diaries and yoga mats. Need something else? Book a 15-minute call to request a new product. ${POLICY.customQuote}`,
        links: [{ to: "/products", label: "Browse all products" }],
      },
      {
        id: "what-cant-you-supply",
        question: "Is there anything you can't supply?",
        answer: POLICY.notSupplied,
      },
      {
        id: "samples",
        question: "Can I get a sample first?",
        answer: `${POLICY.noBlankSamples} E-mail ${business.supportEmail} with the product and your artwork.`,
      },
      {
        id: "production-time",
        question: "How long does production take?",
        answer: `${POLICY.production} ${POLICY.leadTimeStart} Each product page shows that product's production time.`,
      },
      {
        id: "quote-validity",
        question: "How long is a quote valid?",
        answer: POLICY.quoteValidity,
      },
      {
        id: "tiered-pricing",
        question: "How does tiered pricing work?",
        answer: `Each product has price bands by quantity, and the band your quantity falls in sets the price of every unit. Our ${CAP_EXAMPLE.title.toLowerCase()}, for example, is ${capFirst.price} each for ${capFirst.quantity} units and ${capLast.price} each for ${capLast.quantity} units.`,
      },
      {
        id: "cancel-or-change-an-order",
        question: "Can I change or cancel my order?",
        answer: `You can change anything until you approve your proof and pay. ${POLICY.salesFinal} ${POLICY.remediesUnaffected}`,
      },
    ],
  },
  {
    slug: "shipping-and-fulfilment",
    name: "Shipping & fulfilment",
    entries: [
      {
        id: "when-will-my-order-arrive",
        question: "When will my order arrive?",
        answer: `Delivery in ${CLAIMS.turnaround} from when you approve your proof, by product and shipping method. Every product page shows an estimated delivery date if you approve your proof today, and when you approve it we promise a date.`,
      },
      {
        id: "shipping-times",
        question: "How long does shipping take?",
        answer: `${POLICY.shippingEstimates} ${POLICY.catalogueShipping}`,
      },
      {
        id: "shipping-cost",
        question: "How much is shipping?",
        answer: POLICY.shippingRates,
      },
      {
        id: "customs-and-import-vat",
        question: "Will I pay customs duty or import VAT?",
        answer: `${POLICY.ukImportCharges} ${POLICY.ukDutyPaid} ${POLICY.nonUkImport}`,
      },
      {
        id: "where-do-you-deliver",
        question: "Where do you deliver?",
        answer: `${countryList}.`,
      },
      {
        id: "late-delivery",
        question: "What happens if my order is late?",
        answer: `${POLICY.lateDelivery} The remedy: ${business.lateDeliveryRemedy} See our On-Time Delivery Guarantee for how to claim.`,
        links: [{ to: "/guarantee", label: "On-Time Delivery Guarantee" }],
      },
      {
        id: "deliver-to-a-warehouse",
        question: "Can you deliver to our warehouse or 3PL?",
        answer:
          "Yes. Enter the warehouse as the ship-to address and put its booking-in reference and receiving hours in the delivery notes. We don't store stock ourselves.",
        links: [{ to: "/quick-wins/3pl", label: "Working with a 3PL" }],
      },
    ],
  },
  {
    slug: "payments-billing-and-taxes",
    name: "Payments, billing & taxes",
    entries: [
      {
        id: "payment-methods",
        question: "How can I pay?",
        answer: POLICY.paymentMethods,
      },
      {
        id: "prices-and-vat",
        question: "Do prices include VAT?",
        answer: `${POLICY.vat} Deliveries outside the UK are zero-rated.`,
      },
      {
        id: "invoices",
        question: "Will I get an invoice?",
        answer:
          "Yes. We send the invoice and your mock-ups to the work e-mail you give at checkout, and you can add a PO number or reference to appear on it.",
      },
      {
        id: "first-order-discount",
        question: `Is there a discount on my first order?`,
        answer: `Yes: ${FIRST_ORDER_DISCOUNT_PERCENT}% off. ${POLICY.firstOrder}`,
      },
      {
        id: "when-do-i-pay",
        question: "When do I pay?",
        answer: `At the last step of checkout, before production. ${POLICY.leadTimeStart}`,
      },
    ],
  },
  {
    slug: "returns-and-issues",
    name: "Returns & issues",
    entries: [
      {
        id: "something-is-wrong",
        question: "Something is wrong with my order. What now?",
        answer: `${POLICY.qualityDisputes} ${POLICY.remedies} E-mail ${business.supportEmail} with your order reference and photos.`,
      },
      {
        id: "defects",
        question: "What if I find a defect later?",
        answer: `${POLICY.defects} ${POLICY.remedies}`,
      },
      {
        id: "damaged-in-transit",
        question: "My order arrived damaged. What should I do?",
        answer: `${POLICY.transitDamage} Keep the packaging until we've replied.`,
      },
      {
        id: "returns",
        question: "Can I return items I no longer need?",
        answer: `No. ${POLICY.salesFinal} ${POLICY.remediesUnaffected}`,
      },
    ],
  },
];

/**
 * The four policy pages (SPEC.md §2 "Other pages", REQUIREMENTS.md R-MKT-05, B-23). Business rules
 * come from ~/content/policy so these pages, the FAQs and the checkout never disagree.
 * This is our plain-English draft for the owner and counsel to review before launch.
 */
import type { PublicBusiness } from "~/domain/business-profile";
import { POLICY } from "./policy";

/** A paragraph, or a bulleted list. */
export type LegalBlock = string | { list: readonly string[] };
export type LegalSection = { id: string; heading: string; body: readonly LegalBlock[] };
export type LegalDocument = {
  path: string;
  title: string;
  metaDescription: string;
  updated: string;
  /** The words, which name the business and its contact points (its profile). */
  text: (business: PublicBusiness) => { intro: string; sections: readonly LegalSection[] };
};

const UPDATED = "20 November 2026";

/** The words around every policy page. */
export const LEGAL_PAGE = { updatedLabel: "Last updated:", tocLabel: "On this page" } as const;

export const TERMS: LegalDocument = {
  path: "/terms",
  title: "Terms of Service",
  metaDescription: "The terms for ordering custom branded merchandise from Swag Studio.",
  updated: UPDATED,
  text: (business) => ({
    intro: `These terms apply when you use this website or order from ${business.legalName} (company number ${business.companyNumber}, registered office ${business.registeredOffice.join(", ")}) ("we", "us"). Please read them with our On-Time Delivery Guarantee and Privacy Policy.`,
    sections: [
      {
        id: "who-can-order",
        heading: "Who can order",
        body: [
          `We sell custom branded merchandise to businesses and organisations. By ordering you confirm that you are acting for a business, not as a consumer. ${POLICY.minimumAge}`,
          "If you create an account you are responsible for keeping your sign-in details safe and for orders placed with them.",
        ],
      },
      {
        id: "quotes-and-prices",
        heading: "Quotes and prices",
        body: [
          "Prices are in pounds sterling and depend on the quantity you order: the price for your quantity's band applies to every unit in the order.",
          POLICY.vat,
          POLICY.quoteValidity,
          POLICY.instantQuote,
          POLICY.customQuote,
          POLICY.firstOrder,
        ],
      },
      {
        id: "orders-and-proofs",
        heading: "Orders, proofs and production",
        body: [
          "Your order is confirmed when you have approved the proof of your design and we have received your payment. Before then you can change anything.",
          "You choose how you see your design before production: a mock-up made by our designers, a manufacturer mock-up, or, for a repeat of an earlier order, no proof with a reference to that order. Please check spelling, colours, size and placement on your proof: we produce what you approve.",
          POLICY.production,
          POLICY.leadTimeStart,
          "Colours on screen and on proofs are a guide. Embroidery threads and print inks are matched as closely as the method allows; small variations between the proof and the finished goods are normal and are not a defect.",
        ],
      },
      {
        id: "artwork",
        heading: "Your artwork",
        body: [
          "You confirm that you own, or have permission to use, every logo, image and text you send us, and that it does not infringe anyone else's rights. You keep all rights in your artwork; you give us permission to use it only to make your order.",
          POLICY.notSupplied,
          "We may refuse artwork that is unlawful, offensive or that we cannot produce to a good standard, and we will tell you why.",
        ],
      },
      {
        id: "payment",
        heading: "Payment",
        body: [
          POLICY.paymentMethods,
          "Card and wallet payments are processed by our payment provider; we never see or store your full card number. Bank transfer orders are confirmed when the funds arrive.",
        ],
      },
      {
        id: "delivery",
        heading: "Delivery, customs and risk",
        body: [
          POLICY.shippingEstimates,
          POLICY.catalogueShipping,
          POLICY.shippingRates,
          POLICY.ukImportCharges,
          POLICY.ukDutyPaid,
          POLICY.nonUkImport,
          "Delivery dates shown before you approve your proof are estimates. When you approve your proof we give you a promised delivery date, which our On-Time Delivery Guarantee covers.",
          "Risk in the goods passes to you on delivery, and ownership passes when we have been paid in full.",
        ],
      },
      {
        id: "cancellation",
        heading: "Cancellation",
        body: [POLICY.salesFinal, POLICY.remediesUnaffected],
      },
      {
        id: "problems",
        heading: "Quality, defects and damage",
        body: [
          {
            list: [POLICY.qualityDisputes, POLICY.defects, POLICY.transitDamage],
          },
          `${POLICY.remedies} To report a problem, e-mail ${business.supportEmail} with your order reference and photos.`,
        ],
      },
      {
        id: "samples",
        heading: "Samples",
        body: [POLICY.noBlankSamples],
      },
      {
        id: "liability",
        heading: "Our liability",
        body: [
          "Our total liability for an order is limited to the price paid for that order. We are not liable for lost profits, lost business or indirect losses.",
          "Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud, or for anything else the law does not allow us to limit.",
        ],
      },
      {
        id: "law",
        heading: "Law",
        body: [
          "These terms are governed by the law of England and Wales, and the courts of England and Wales have jurisdiction.",
          `Questions about these terms: ${business.supportEmail}.`,
        ],
      },
    ],
  }),
};

export const GUARANTEE: LegalDocument = {
  path: "/guarantee",
  title: "On-Time Delivery Guarantee",
  metaDescription: "Swag Studio's On-Time Delivery Guarantee: what we promise and how to claim if we're late.",
  updated: UPDATED,
  text: (business) => ({
    intro:
      "Merch that arrives after the event is no use to anyone. When you approve your proof we promise a delivery date, and we stand behind it.",
    sections: [
      {
        id: "promise",
        heading: "What we promise",
        body: [
          "Before you order, every product page and your cart show an estimated delivery date. When you approve your proof and your payment clears, we confirm a promised delivery date for your order.",
          POLICY.production,
        ],
      },
      {
        id: "remedy",
        heading: "If we're late",
        body: [
          POLICY.lateDelivery,
          "The remedy is a refund of 10% of the goods price of the late order, or the same amount as credit on your next order if you prefer.",
        ],
      },
      {
        id: "how-to-claim",
        heading: "How to claim",
        body: [
          `E-mail ${business.supportEmail} within 7 days of receiving your order, with your order reference and the date it arrived. We reply within 2 working days and pay accepted claims within 14 days.`,
        ],
      },
      {
        id: "exclusions",
        heading: "When the guarantee doesn't apply",
        body: [
          {
            list: [
              "Delays caused by changes you ask for after approving the proof, or by late answers to our questions about your artwork.",
              "A delivery address that is wrong or incomplete, or nobody available to receive the delivery.",
              "Customs holds outside the UK, and events beyond anyone's reasonable control such as strikes, extreme weather or port closures.",
            ],
          },
        ],
      },
      {
        id: "other-rights",
        heading: "Your other rights",
        body: [
          "The guarantee is in addition to your rights for goods that are defective or damaged in transit.",
          POLICY.qualityDisputes,
          POLICY.defects,
          POLICY.transitDamage,
        ],
      },
    ],
  }),
};

export const PRIVACY: LegalDocument = {
  path: "/privacy",
  title: "Privacy Policy",
  metaDescription: "What personal data Swag Studio collects, why, who processes it and how long it is kept.",
  updated: UPDATED,
  text: (business) => ({
    intro: `${business.legalName}, ${business.registeredOffice.join(", ")}, is the controller of the personal data described here. We collect only what we need to quote, make and deliver your order and to answer you. Contact us about your data at ${business.supportEmail}.`,
    sections: [
      {
        id: "what-we-collect",
        heading: "What we collect and why",
        body: [
          {
            list: [
              "Contact form: your name, work e-mail, phone, company, deadline, what you need and your notes, to answer your enquiry (our legitimate interest in replying to you).",
              "Account: your name and e-mail address, and your organisation if you use one, to sign you in and keep your favourites, shopping list and orders (to provide our service).",
              "Orders: contact and billing details, delivery address and phone, VAT number and PO reference, your artwork and order choices, to make, deliver and invoice your order (contract, and legal obligation for tax records).",
              "SMS updates: your phone number, the exact consent wording you agreed to, when you agreed and the page you signed up on, to send monthly product updates (your consent; reply STOP or e-mail us to withdraw it).",
              "Page views: the address of each page viewed on this site (path and query string) and the time. No cookie, IP address, device details or referrer is stored with it, so it cannot identify you; we use it to see which pages are useful.",
            ],
          },
        ],
      },
      {
        id: "recent-orders",
        heading: "Recent orders shown on the site",
        body: [
          "The site may show a short note about a real order paid in the last 14 days, with only the region it was delivered to and the product (for example, \"A team in the North West ordered Custom Embroidered Cap\"). It never shows a name, company or any other detail. E-mail us if you'd rather your order wasn't included.",
        ],
      },
      {
        id: "processors",
        heading: "Who processes your data for us",
        body: [
          {
            list: [
              "Our hosting provider, which runs the servers and the database this site uses.",
              "Our payment provider, Stripe, which processes card and wallet payments; we never receive your full card number.",
              "Our e-mail delivery provider, which sends order e-mails and sign-in codes.",
              "Our sign-in system runs on our own servers, and the contact form and page-view counter are our own: no third-party form service or analytics company receives your data.",
              "Our factories and couriers receive the details needed to make and deliver your order, such as your artwork and delivery address.",
            ],
          },
          "We don't sell personal data, and we don't use it for advertising profiles.",
        ],
      },
      {
        id: "retention",
        heading: "How long we keep it",
        body: [
          POLICY.retention,
          "Contact-form messages are kept while we are talking to you and for up to 2 years afterwards. SMS sign-ups are kept until you opt out, then deleted, except for a record of the opt-out. To protect the contact form, the SMS sign-up and the page-view counter from abuse, our server keeps a request counter per IP address, which resets every hour and holds nothing else.",
          "You can ask us to delete your account through our contact page; we delete it except for the order records the law requires us to keep.",
        ],
      },
      {
        id: "your-rights",
        heading: "Your rights",
        body: [
          `You can ask for a copy of your data, to correct it, to delete it, to restrict or object to its use, and to take it elsewhere. E-mail ${business.supportEmail}. If you're unhappy with our answer you can complain to the Information Commissioner's Office (ico.org.uk).`,
          POLICY.minimumAge,
        ],
      },
      {
        id: "cookies",
        heading: "Cookies",
        body: [
          "We use only the cookies and browser storage this site needs to work; our Cookie Policy lists each one.",
        ],
      },
    ],
  }),
};

export const COOKIES: LegalDocument = {
  path: "/cookies",
  title: "Cookie Policy",
  metaDescription: "The cookies and browser storage Swag Studio uses, and why no consent banner is needed.",
  updated: UPDATED,
  text: () => ({
    intro:
      "This site uses only cookies and browser storage that are needed for it to work or that remember a choice you made. We don't use advertising or tracking cookies, so you won't see a cookie consent banner here.",
    sections: [
      {
        id: "cookies-we-set",
        heading: "Cookies we set",
        body: [
          {
            list: [
              "promo_closed: remembers that you closed the promotion banner, so it stays closed (1 year).",
              "Sign-in session cookies: keep you signed in once you sign in, and are removed when you sign out or the session expires.",
            ],
          },
        ],
      },
      {
        id: "browser-storage",
        heading: "Browser storage",
        body: [
          "Your browser's local storage keeps things on your own device: your cart, favourites and shopping list, and for the SMS sign-up prompt, when it was last shown and whether you've signed up, so we don't ask you again. This never leaves your device unless you send it, for example by placing an order.",
        ],
      },
      {
        id: "page-views",
        heading: "Page views without cookies",
        body: [
          "We count page views ourselves: when you open a page, your browser sends our own server the page's address, and we store that address and the time, nothing more. We don't set or read a cookie for this, and we don't store an identifier, your IP address or your device details, or use any third-party analytics service, so a page view can't be linked to you or to your other visits. Because nothing is stored on your device and nobody is tracked, this needs no consent, and no consent banner is needed.",
        ],
      },
      {
        id: "third-parties",
        heading: "Third parties",
        body: [
          "When you pay, our payment provider Stripe may set cookies it needs to process the payment and prevent fraud. Links to our booking page, founder chat and charities take you to other sites, which have their own cookie policies.",
        ],
      },
      {
        id: "control",
        heading: "Your choices",
        body: [
          "You can delete cookies and local storage in your browser's settings at any time. The site still works; the promotion banner and the SMS prompt may simply show again.",
        ],
      },
    ],
  }),
};

export const LEGAL_DOCUMENTS = [TERMS, GUARANTEE, PRIVACY, COOKIES] as const;

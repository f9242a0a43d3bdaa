/** The Terms of Service (R-MKT-05), one module of its own so /terms loads only its words. */
import { LEGAL_UPDATED, type LegalDocument } from "./legal";
import { POLICY } from "./policy";

export const TERMS: LegalDocument = {
  path: "/terms",
  title: "Terms of Service",
  metaDescription: "The terms for ordering custom branded merchandise from Swag Studio.",
  updated: LEGAL_UPDATED,
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

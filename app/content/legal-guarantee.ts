/** The On-time Guarantee's terms (R-MKT-05, decision 026), one module of its own so /guarantee loads only its words. */
import { LEGAL_UPDATED, type LegalDocument } from "./legal";
import { POLICY } from "./policy";

export const GUARANTEE: LegalDocument = {
  path: "/guarantee",
  title: "On-Time Delivery Guarantee",
  metaDescription: "Swag Studio's On-Time Delivery Guarantee: what we promise and how to claim if we're late.",
  updated: LEGAL_UPDATED,
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
        body: [POLICY.lateDelivery, `The remedy: ${business.lateDeliveryRemedy}`],
      },
      {
        id: "how-to-claim",
        heading: "How to claim",
        body: [
          `Within 7 days of receiving your order, open it under Orders and choose "Claim the On-time Guarantee" (the button shows while a claim is open to you), or e-mail ${business.supportEmail} with your order reference and the date it arrived. We reply within 2 working days and pay accepted claims within 14 days; where the remedy is a credit, you get a credit note you can download from the order.`,
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

/**
 * Decision 024: the Privacy and Cookie Policies say what the code stores, where and for how
 * long. The periods are the operator's (business profile, BUSINESS_RETENTION_*), and the hourly
 * purge (app/server/edge/retention-purges.server.ts) deletes what is past them, as the policy says.
 */

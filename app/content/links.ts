/** Every external address and contact detail the site shows (REQUIREMENTS.md A-55): one place to change them. */
export const SITE = {
  name: "Swag Studio",
  city: "London",
  supportEmail: "hello@swagstudio.example",
  salesEmail: "sales@swagstudio.example",
  bookingUrl: "https://cal.com/swagstudio/merch-expert-15min",
  founderChatUrl: "https://wa.me/442079460958?text=Hi%20Swag%20Studio%20founders",
  rushChatBaseUrl: "https://wa.me/442079460958",
  charities: [
    { name: "Cancer Research UK", url: "https://www.cancerresearchuk.org" },
    { name: "Macmillan Cancer Support", url: "https://www.macmillan.org.uk" },
  ],
  charityShare: "5% of our profits",
} as const;

/**
 * The seller as a VAT invoice must name it (REQUIREMENTS B-9; HMRC's full VAT invoice: name,
 * address, VAT registration number). PLACEHOLDERS until the owner supplies the company's real
 * registered details; an invoice with these numbers is not valid for VAT.
 */
export const SELLER = {
  legalName: "Swag Studio Ltd",
  addressLines: ["1 Example Yard", "London", "EC1A 1AA", "United Kingdom"],
  companyNumber: "00000000",
  vatNumber: "GB000000000",
} as const;

/** Attributes every link that leaves the site carries (R-HEAD-12). */
export const EXTERNAL = { target: "_blank", rel: "noopener noreferrer" } as const;

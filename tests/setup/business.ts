import type { BusinessVariable } from "~/domain/people/business-variables";

/** A complete, real-looking business profile (decision 059): every value passes its rule. */
export const GOOD_BUSINESS: Record<BusinessVariable, string> = {
  BUSINESS_LEGAL_NAME: "Swag Studio Ltd",
  BUSINESS_COMPANY_NUMBER: "sc 123456",
  BUSINESS_VAT_NUMBER: "gb 123 4567 89",
  BUSINESS_REGISTERED_OFFICE: "2 Market Street, Edinburgh, eh1 1aa, United Kingdom",
  BUSINESS_SUPPORT_EMAIL: "help@swagstudio.co.uk",
  BUSINESS_SALES_EMAIL: "sales@swagstudio.co.uk",
  BUSINESS_PHONE: "0131 496 0000",
  BUSINESS_CHAT_URL: "https://wa.me/441314960000",
  BUSINESS_BOOKING_URL: "https://cal.com/swagstudio/15min",
  BUSINESS_CHARITY_PLEDGE: "5% of our profits",
  BUSINESS_LATE_DELIVERY_REMEDY: "A refund of 10% of the goods price of the late order.",
  BUSINESS_BANK_ACCOUNT_NAME: "Swag Studio Ltd",
  BUSINESS_BANK_SORT_CODE: "20 20 15",
  BUSINESS_BANK_ACCOUNT_NUMBER: "55555555",
  BUSINESS_BANK_IBAN: "gb33 bukb 2020 1555 5555 55",
};

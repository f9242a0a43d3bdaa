import { describe, expect, it } from "vitest";
import { BUSINESS_SAMPLES } from "~/domain/people/business-variables";
import { GOOD_BUSINESS } from "../../../tests/setup/business";
import { BACKUP_BUCKET_NEEDS_KEYS, parseEnv } from "./env.server";
import { vatCheckConfig } from "../providers/vat-check.server";

describe("parseEnv", () => {
  it("applies the embedded defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.DATA_DIR).toBe("./data");
    expect(env.BASE_URL).toBe("http://localhost:3000");
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("runs several processes only on PostgreSQL, and says so (decision 031)", () => {
    expect(parseEnv({}).WEB_CONCURRENCY).toBe(1);
    expect(() => parseEnv({ WEB_CONCURRENCY: "2" })).toThrow(
      "WEB_CONCURRENCY: is 2, but the embedded database (PGlite) can be opened by one process only: set DATABASE_URL to a PostgreSQL server to run 2 processes, or set WEB_CONCURRENCY=1",
    );
    expect(parseEnv({ WEB_CONCURRENCY: "4", DATABASE_URL: "postgres://db/shop" }).WEB_CONCURRENCY).toBe(4);
    expect(() => parseEnv({ WEB_CONCURRENCY: "two" })).toThrow(/WEB_CONCURRENCY/);
    expect(() => parseEnv({ WEB_CONCURRENCY: "0" })).toThrow(/WEB_CONCURRENCY/);
    expect(() => parseEnv({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });

  it("derives BASE_URL from PORT", () => {
    expect(parseEnv({ PORT: "4123" }).BASE_URL).toBe("http://localhost:4123");
  });

  it("treats empty strings as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", STRIPE_SECRET_KEY: "" }).DATABASE_URL).toBeUndefined();
  });

  it("names the bad variable", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must start with postgres/);
    expect(() => parseEnv({ BASE_URL: "not a url" })).toThrow(/BASE_URL/);
    expect(() => parseEnv({ AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET: must be at least 32/);
  });

  it("reads TRUST_PROXY as a number of proxies or a list of them, and names a bad entry", () => {
    expect(parseEnv({}).TRUST_PROXY).toEqual({ hops: 0 });
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toEqual({ hops: 1 });
    expect(parseEnv({ TRUST_PROXY: "10.0.0.0/8" }).TRUST_PROXY).toHaveProperty("proxies");
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0.0/8,load-balancer" })).toThrow(
      /TRUST_PROXY: .*not an address: "load-balancer"/,
    );
  });

  it("does not start an https:// shop without Stripe keys unless PAYMENT_PROVIDER=test", () => {
    const keys = {
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_PUBLISHABLE_KEY: "pk_test_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
    };
    expect(() => parseEnv({ BASE_URL: "https://shop.example" })).toThrow(
      /PAYMENT_PROVIDER: BASE_URL is https:\/\/ and no STRIPE_\* keys are set: set the Stripe keys, or PAYMENT_PROVIDER=test/,
    );
    expect(() => parseEnv({ BASE_URL: "https://shop.example", PAYMENT_PROVIDER: "stripe" })).toThrow(
      /PAYMENT_PROVIDER: BASE_URL is https/,
    );
    const https = { BASE_URL: "https://shop.example", SMTP_URL: "smtp://mail.example:587", ...GOOD_BUSINESS };
    expect(parseEnv({ ...https, PAYMENT_PROVIDER: "test" }).PAYMENT_PROVIDER).toBe("test");
    expect(parseEnv({ ...https, ...keys }).PAYMENT_PROVIDER).toBeUndefined();
    expect(parseEnv({ BASE_URL: "http://localhost:3000" }).PAYMENT_PROVIDER).toBeUndefined();
    expect(() => parseEnv({ PAYMENT_PROVIDER: "test", ...keys })).toThrow(
      /PAYMENT_PROVIDER: is test, but STRIPE_\* keys are set/,
    );
    expect(() => parseEnv({ PAYMENT_PROVIDER: "free" })).toThrow(/PAYMENT_PROVIDER: must be stripe or test/);
  });

  it("does not start an https:// shop without SMTP_URL, saying why", () => {
    const https = { BASE_URL: "https://shop.example", PAYMENT_PROVIDER: "test", ...GOOD_BUSINESS };
    expect(() => parseEnv(https)).toThrow(
      "Invalid environment variables:\n  SMTP_URL: not set, and BASE_URL is https://: set SMTP_URL to the mail server (smtp:// or smtps://), or sign-in codes and reset links would stay in the outbox and the log instead of being sent",
    );
    expect(parseEnv({ ...https, SMTP_URL: "smtps://mail.example:465" }).SMTP_URL).toBe("smtps://mail.example:465");
    // A local or test shop (http://) keeps its mail in the outbox, as before.
    expect(parseEnv({ BASE_URL: "http://localhost:3000" }).SMTP_URL).toBeUndefined();
  });

  it("reads the online VAT check's settings; HMRC's three variables come together (decision 018)", () => {
    expect(vatCheckConfig(parseEnv({}))).toEqual({ viesUrl: undefined, hmrc: undefined });
    const hmrc = {
      VAT_CHECK_HMRC_URL: "https://api.service.hmrc.gov.uk",
      VAT_CHECK_HMRC_CLIENT_ID: "id",
      VAT_CHECK_HMRC_CLIENT_SECRET: "secret",
    };
    const env = parseEnv({ ...hmrc, VAT_CHECK_VIES_URL: "https://ec.europa.eu/taxation_customs/vies/rest-api" });
    expect(vatCheckConfig(env)).toEqual({
      viesUrl: "https://ec.europa.eu/taxation_customs/vies/rest-api",
      hmrc: { url: "https://api.service.hmrc.gov.uk", clientId: "id", clientSecret: "secret" },
    });
    expect(() => parseEnv({ ...hmrc, VAT_CHECK_HMRC_CLIENT_SECRET: "" })).toThrow(
      /VAT_CHECK_HMRC_\*: set the URL, client id and client secret together, or none/,
    );
    expect(() => parseEnv({ VAT_CHECK_VIES_URL: "ftp://vies" })).toThrow(/VAT_CHECK_VIES_URL/);
  });

  it("reads an S3 bucket's variables, which come together or not at all (decision 028)", () => {
    const s3 = {
      S3_BUCKET: "swag-uploads",
      S3_REGION: "eu-west-2",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "secret",
    };
    expect(parseEnv({}).S3_BUCKET).toBeUndefined();
    expect(parseEnv({}).S3_FORCE_PATH_STYLE).toBe(false);
    expect(parseEnv(s3)).toMatchObject({ ...s3, S3_FORCE_PATH_STYLE: false });
    expect(parseEnv({ ...s3, S3_ENDPOINT: "http://127.0.0.1:9000", S3_FORCE_PATH_STYLE: "true" })).toMatchObject({
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_FORCE_PATH_STYLE: true,
    });
    const half =
      /S3_\*: S3_REGION, S3_SECRET_ACCESS_KEY not set: set S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together/;
    expect(() => parseEnv({ S3_BUCKET: "swag-uploads", S3_ACCESS_KEY_ID: "AKIAEXAMPLE" })).toThrow(half);
    expect(() => parseEnv({ ...s3, S3_BUCKET: "" })).toThrow(/S3_\*: S3_BUCKET not set/);
    expect(() => parseEnv({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(/S3_\*: S3_BUCKET, S3_REGION/);
    expect(() => parseEnv({ ...s3, S3_BUCKET: "ab" })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => parseEnv({ ...s3, S3_BUCKET: "Swag_Uploads" })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => parseEnv({ ...s3, S3_FORCE_PATH_STYLE: "yes" })).toThrow(/S3_FORCE_PATH_STYLE: must be true or false/);
    expect(() => parseEnv({ ...s3, S3_ENDPOINT: "minio:9000" })).toThrow(/S3_ENDPOINT/);
  });

  it("reads where backups go and how many are kept (decision 083)", () => {
    expect(parseEnv({})).toMatchObject({ BACKUP_DIR: "./backups", BACKUP_KEEP_DAILY: 7, BACKUP_KEEP_WEEKLY: 4 });
    expect(parseEnv({ BACKUP_DIR: "/srv/backups", BACKUP_KEEP_DAILY: "14", BACKUP_KEEP_WEEKLY: "0" })).toMatchObject({
      BACKUP_DIR: "/srv/backups",
      BACKUP_KEEP_DAILY: 14,
      BACKUP_KEEP_WEEKLY: 0,
    });
    expect(() => parseEnv({ BACKUP_KEEP_DAILY: "0" })).toThrow(/BACKUP_KEEP_DAILY/);
    expect(() => parseEnv({ BACKUP_KEEP_WEEKLY: "1.5" })).toThrow(/BACKUP_KEEP_WEEKLY: must be a whole number/);
    const keys = { S3_REGION: "eu-west-2", S3_ACCESS_KEY_ID: "AKIAEXAMPLE", S3_SECRET_ACCESS_KEY: "secret" };
    expect(() => parseEnv({ BACKUP_S3_BUCKET: "swag-backups" })).toThrow(BACKUP_BUCKET_NEEDS_KEYS);
    expect(() => parseEnv({ BACKUP_S3_BUCKET: "Backups!" })).toThrow(/BACKUP_S3_BUCKET: must be a bucket name/);
    // The uploads may stay on disk while the backups go to a bucket: the keys serve the backups alone.
    expect(parseEnv({ BACKUP_S3_BUCKET: "swag-backups", ...keys }).S3_BUCKET).toBeUndefined();
    expect(() => parseEnv(keys)).toThrow(/S3_\*: S3_BUCKET not set/);
    expect(parseEnv({ BACKUP_S3_BUCKET: "swag-backups", S3_BUCKET: "swag-uploads", ...keys }).BACKUP_S3_BUCKET).toBe(
      "swag-backups",
    );
  });

  it("reads STAFF_EMAILS as a lower-case list and names a bad entry", () => {
    expect(parseEnv({}).STAFF_EMAILS).toEqual([]);
    expect(parseEnv({ STAFF_EMAILS: " Ops@Swag.example , ,second@swag.example" }).STAFF_EMAILS).toEqual([
      "ops@swag.example",
      "second@swag.example",
    ]);
    expect(() => parseEnv({ STAFF_EMAILS: "ops@swag.example,nobody" })).toThrow(
      /STAFF_EMAILS.*comma-separated list of e-mail addresses/,
    );
  });

  it("reads the business profile, with marked samples on a local shop (decision 059)", () => {
    const local = parseEnv({});
    expect(local.business.legalName).toBe(BUSINESS_SAMPLES.BUSINESS_LEGAL_NAME);
    expect(local.MAIL_FROM).toBe(`Swag Studio <${BUSINESS_SAMPLES.BUSINESS_SUPPORT_EMAIL}>`);
    const real = parseEnv({ ...GOOD_BUSINESS, MAIL_FROM: "Orders <orders@swagstudio.co.uk>" });
    expect(real.business.companyNumber).toBe("SC123456");
    expect(real.business.bank.sortCode).toBe("20-20-15");
    expect(real.MAIL_FROM).toBe("Orders <orders@swagstudio.co.uk>");
    expect(parseEnv(GOOD_BUSINESS).MAIL_FROM).toBe("Swag Studio <help@swagstudio.co.uk>");
    expect(() => parseEnv({ ...GOOD_BUSINESS, BUSINESS_VAT_NUMBER: "GB12", BUSINESS_BANK_IBAN: "GB00" })).toThrow(
      /BUSINESS_VAT_NUMBER: must be a UK VAT registration number, e\.g\. GB123456789\n {2}BUSINESS_BANK_IBAN: must be an IBAN/,
    );
  });

  it("does not start an https:// shop while any business value is a sample, naming each", () => {
    const https = { BASE_URL: "https://shop.example", PAYMENT_PROVIDER: "test", SMTP_URL: "smtp://mail.example:587" };
    let message = "";
    try {
      parseEnv(https);
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of Object.keys(BUSINESS_SAMPLES)) {
      expect(message).toContain(`  ${name}: is still the local sample, and BASE_URL is https://`);
    }
    expect(() => parseEnv({ ...https, ...GOOD_BUSINESS, BUSINESS_PHONE: "", BUSINESS_BANK_IBAN: "" })).toThrow(
      /^Invalid environment variables:\n {2}BUSINESS_PHONE: is still the local sample.*\n {2}BUSINESS_BANK_IBAN: is still the local sample[^\n]*$/,
    );
    expect(parseEnv({ ...https, ...GOOD_BUSINESS }).business.legalName).toBe("Swag Studio Ltd");
  });

  it("reads testimonials and client logos as given, none when unset, and starts an https:// shop either way (decision 024)", () => {
    const https = {
      BASE_URL: "https://shop.example",
      PAYMENT_PROVIDER: "test",
      SMTP_URL: "smtp://mail.example:587",
      ...GOOD_BUSINESS,
    };
    const bare = parseEnv(https).business;
    expect(bare.testimonials).toEqual([]);
    expect(bare.clientLogos).toEqual([]);
    const logo = { name: "Analytical Ltd", src: "/clients/analytical.svg", permissionDate: "2026-03-01" };
    const quote = {
      name: "Ada Lovelace",
      company: "Analytical Ltd",
      text: "Lovely caps, early.",
      permissionDate: "2026-03-01",
    };
    const shown = parseEnv({
      ...https,
      BUSINESS_TESTIMONIALS: JSON.stringify([quote]),
      BUSINESS_CLIENT_LOGOS: JSON.stringify([logo]),
    }).business;
    expect(shown.testimonials).toEqual([quote]);
    expect(shown.clientLogos).toEqual([logo]);
    expect(() => parseEnv({ ...https, BUSINESS_CLIENT_LOGOS: "[{}]" })).toThrow(
      /BUSINESS_CLIENT_LOGOS: item 1, name: /,
    );
  });
});

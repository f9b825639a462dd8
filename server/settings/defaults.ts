/**
 * What the site runs with until an admin saves its settings: a database that was migrated
 * but never seeded has no settings row, and every page, form and mail must still work.
 * The columns with a default in the schema take it from here, so the two never differ.
 *
 * The company's public details (address, phone, CVR, social links) have no default: the
 * pages leave them out until they are saved ("Our company details are being updated" on
 * the legal pages), since made-up details would be published as RCL's. RCL's bank account
 * has none either, and no commission invoice is issued without a saved row (`rclSeller`).
 */
export const SITE_SETTINGS_DEFAULTS = {
  /** The company's own address on its own domain, as the sample settings and MAIL_FROM use it. */
  contactInboxEmail: "hello@rethinkcorporatelife.dk",
  defaultCancellationTerms:
    "What is refunded when you cancel follows the event's cancellation policy, shown with its dates on the event page and in your confirmation. You may hand your team's place to another team from your company at any time.",
  defaultCancellationTermsDa:
    "Hvad der tilbagebetales, når I afbestiller, følger eventets regler for refusion ved afmelding, som står med datoer på eventets side og i jeres bekræftelse. I kan til enhver tid overdrage holdets plads til et andet hold fra jeres virksomhed.",
  legalName: "Rethink Corporate Life ApS",
  invoicePrefix: "RCL-",
  invoiceEmail: "faktura@rethinkcorporatelife.dk",
} as const;

/** A complete, valid site settings form as the admin's page posts it; each test changes what it is about. */
export const siteSettingsForm = (): Record<string, string> => ({
  contactEmail: "hello@rethinkcorporatelife.dk",
  contactPhone: "+45 33 12 45 78",
  addressLine: "Strandvejen 100",
  postalCode: "2900",
  city: "Hellerup",
  companyRegistrationNumber: "43218765",
  facebookUrl: "https://www.facebook.com/rethinkcorporatelife",
  instagramUrl: "https://www.instagram.com/rethinkcorporatelife",
  linkedinUrl: "https://www.linkedin.com/company/rethink-corporate-life",
  defaultCancellationTerms: "Free cancellation until the registration deadline.",
  defaultCancellationTermsDa: "Gratis afbestilling indtil tilmeldingsfristen.",
  contactInboxEmail: "hello@rethinkcorporatelife.dk",
});

import { type RouteConfig, type RouteConfigEntry, index, prefix, route } from "@react-router/dev/routes";

/**
 * The public pages, in English at their own paths (the specification's) and in Danish
 * under /da (ADR 033). Both share one module per page; the Danish routes' ids are the
 * English ones with a `da/` prefix, and the page's language comes from its URL (app/lib/i18n/locale.ts).
 */
function publicPages(language: "en" | "da"): RouteConfigEntry[] {
  const id = (file: string) => (language === "en" ? {} : { id: `da/${file.replace(/\.tsx?$/, "")}` });
  const page = (path: string, file: string) => route(path, file, id(file));
  return [
    index("routes/home.tsx", id("routes/home.tsx")),
    page("events", "routes/events._index.tsx"),
    page("events/:slug", "routes/events.$slug.tsx"),
    page("events/:slug/calendar.ics", "routes/events.$slug.calendar.ts"),
    page("events/:slug/register", "routes/events.$slug.register.tsx"),
    page("events/:slug/registered/:id", "routes/events.$slug.registered.$id.tsx"),
    page("events/:slug/availability", "routes/events.$slug.availability.ts"),
    page("partners", "routes/partners._index.tsx"),
    page("partners/apply", "routes/partners.apply.tsx"),
    page("partners/apply/submitted", "routes/partners.apply.submitted.tsx"),
    page("partners/:slug", "routes/partners.$slug.tsx"),
    page("partners/:slug/inquire", "routes/partners.$slug.inquire.tsx"),
    page("frggermania", "routes/frggermania.ts"),
    page("networking", "routes/networking.tsx"),
    page("contact", "routes/contact.tsx"),
    page("about", "routes/about.tsx"),
    page("terms", "routes/terms.tsx"),
    page("privacy", "routes/privacy.tsx"),
    page("login", "routes/login.tsx"),
    page("signup", "routes/signup.tsx"),
    page("forgot-password", "routes/forgot-password.tsx"),
    page("reset-password", "routes/reset-password.tsx"),
    page("invitations/:token", "routes/invitations.$token.tsx"),
    // A rower's own seat, opened from the link mailed to them (ADR 038).
    page("rower/:token", "routes/rower.$token.tsx"),
    // A team captain's crew page, by the link mailed to them (ADR 038).
    page("crew/:token", "routes/crew.$token.tsx"),
    // The link in a rower's reminders that stops them, for that seat (ADR 038).
    page("stop-reminders/:token", "routes/stop-reminders.$token.tsx"),
    // The test payment provider's checkout and onboarding (ADR 036); not found with Stripe.
    page("test-payment/:checkoutId", "routes/test-payment.$checkoutId.tsx"),
    page("test-payment/onboarding/:accountId", "routes/test-payment.onboarding.$accountId.tsx"),
  ];
}

export default [
  ...publicPages("en"),
  ...prefix("da", publicPages("da")),
  // Every page below checks the visitor's rights in its own loader and action; the
  // layouts check too, but loaders run in parallel, so theirs protects nothing alone.
  route("dashboard", "routes/dashboard/layout.tsx", [
    index("routes/dashboard/index.tsx"),
    route("bookings", "routes/dashboard/bookings/index.tsx"),
    route("bookings/:id", "routes/dashboard/bookings/$id.tsx"),
    route("bookings/:id/calendar.ics", "routes/dashboard/bookings/$id.calendar.ts"),
    route("bookings/:id/team-card", "routes/dashboard/bookings/$id.team-card.tsx"),
    route("documents/:id/:format", "routes/dashboard/documents/$id.$format.ts"),
    route("statements/:id/:format", "routes/dashboard/statements/$id.$format.ts"),
    route("profile", "routes/dashboard/profile/index.tsx"),
    route("profile/data.json", "routes/dashboard/profile/data.ts"),
    route("partner", "routes/dashboard/partner/layout.tsx", [
      index("routes/dashboard/partner/index.tsx"),
      route("events", "routes/dashboard/partner/events/index.tsx"),
      route("events/new", "routes/dashboard/partner/events/new.tsx"),
      route("events/:id", "routes/dashboard/partner/events/$id.tsx"),
      route("events/:id/preview", "routes/dashboard/partner/events/$id.preview.tsx"),
      route("events/:id/crew-list", "routes/dashboard/partner/events/$id.crew-list.tsx"),
      route("events/:id/day", "routes/dashboard/partner/events/$id.day.tsx"),
      route("events/:id/messages", "routes/dashboard/partner/events/$id.messages.tsx"),
      route("events/:id/weather", "routes/dashboard/partner/events/$id.weather.tsx"),
      route("events/:id/weather/decide", "routes/dashboard/partner/events/$id.weather.decide.tsx"),
      route("registrations", "routes/dashboard/partner/registrations/index.tsx"),
      route("registrations/export.csv", "routes/dashboard/partner/registrations/export.ts"),
      route("registrations/:id", "routes/dashboard/partner/registrations/$id.tsx"),
      route("invoices", "routes/dashboard/partner/invoices/index.tsx"),
      route("invoices/export.csv", "routes/dashboard/partner/invoices/export.ts"),
      route("invoices/bank-statement", "routes/dashboard/partner/invoices/bank-statement.tsx"),
      route("invoices/:id", "routes/dashboard/partner/invoices/$id.tsx"),
      route("statements", "routes/dashboard/partner/statements.tsx"),
      route("discount-codes", "routes/dashboard/partner/discount-codes.tsx"),
      route("analytics", "routes/dashboard/partner/analytics.tsx"),
      route("inquiries", "routes/dashboard/partner/inquiries/index.tsx"),
      route("inquiries/:id", "routes/dashboard/partner/inquiries/$id.tsx"),
      route("profile", "routes/dashboard/partner/profile.tsx"),
      route("billing", "routes/dashboard/partner/billing.tsx"),
      route("staff", "routes/dashboard/partner/staff.tsx"),
      // The check-in page (ADR 038): a page without React, its service worker beside it.
      route("check-in/sw.js", "routes/dashboard/partner/check-in/sw.ts"),
      route("check-in/:eventId", "routes/dashboard/partner/check-in/$eventId.tsx"),
      // The check-in page's data and queue: resource routes that check rights themselves and
      // answer in JSON (401 when signed out, never a redirect), so no layout gate applies.
      route("check-in/:eventId/roster.json", "routes/dashboard/partner/check-in/$eventId.roster-json.ts"),
      route("check-in/:eventId/sync", "routes/dashboard/partner/check-in/$eventId.sync.ts"),
      route("images", "routes/dashboard/partner/images.ts"),
      route("*", "routes/dashboard/partner/not-found.tsx"),
    ]),
    route("admin", "routes/dashboard/admin/layout.tsx", [
      index("routes/dashboard/admin/index.tsx"),
      route("events", "routes/dashboard/admin/events/index.tsx"),
      route("events/:id", "routes/dashboard/admin/events/$id.tsx"),
      route("partners", "routes/dashboard/admin/partners/index.tsx"),
      route("partners/new", "routes/dashboard/admin/partners/new.tsx"),
      route("partners/applications", "routes/dashboard/admin/partners/applications/index.tsx"),
      route("partners/applications/:id", "routes/dashboard/admin/partners/applications/$id.tsx"),
      route("partners/:id", "routes/dashboard/admin/partners/$id.tsx"),
      route("audit", "routes/dashboard/admin/audit.tsx"),
      route("users", "routes/dashboard/admin/users/index.tsx"),
      route("users/:id", "routes/dashboard/admin/users/$id.tsx"),
      route("settings", "routes/dashboard/admin/settings.tsx"),
      route("reports", "routes/dashboard/admin/reports/index.tsx"),
      route("reports/export.csv", "routes/dashboard/admin/reports/export.ts"),
      route("invoices", "routes/dashboard/admin/invoices/index.tsx"),
      route("invoices/export.csv", "routes/dashboard/admin/invoices/export.ts"),
      route("invoices/bank-statement", "routes/dashboard/admin/invoices/bank-statement.tsx"),
      route("invoices/:id", "routes/dashboard/admin/invoices/$id.tsx"),
      route("statements", "routes/dashboard/admin/statements.tsx"),
      route("discount-codes", "routes/dashboard/admin/discount-codes.tsx"),
      route("payments", "routes/dashboard/admin/payments/index.tsx"),
      route("payments/export.csv", "routes/dashboard/admin/payments/export.ts"),
      route("*", "routes/dashboard/admin/not-found.tsx"),
    ]),
    route("*", "routes/dashboard/not-found.tsx"),
  ]),
  route("logout", "routes/logout.ts"),
  route("language", "routes/language.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
  route("manifest.webmanifest", "routes/manifest.webmanifest.ts"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("sitemaps/:file", "routes/sitemaps.$file.ts"),
  // An unknown path under /da gets the Danish page; any other prefix (/de/…) is unknown.
  route("da/*", "routes/not-found.tsx", { id: "da/routes/not-found" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

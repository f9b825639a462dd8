import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("events", "routes/events._index.tsx"),
  route("events/:slug", "routes/events.$slug.tsx"),
  route("events/:slug/calendar.ics", "routes/events.$slug.calendar.ts"),
  route("events/:slug/register", "routes/events.$slug.register.tsx"),
  route("events/:slug/registered/:id", "routes/events.$slug.registered.$id.tsx"),
  route("events/:slug/availability", "routes/events.$slug.availability.ts"),
  route("partners", "routes/partners._index.tsx"),
  route("partners/apply", "routes/partners.apply.tsx"),
  route("partners/apply/submitted", "routes/partners.apply.submitted.tsx"),
  route("partners/:slug", "routes/partners.$slug.tsx"),
  route("partners/:slug/inquire", "routes/partners.$slug.inquire.tsx"),
  route("frggermania", "routes/frggermania.ts"),
  route("networking", "routes/networking.tsx"),
  route("contact", "routes/contact.tsx"),
  route("about", "routes/about.tsx"),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  // Every page below checks the visitor's rights in its own loader and action; the
  // layouts check too, but loaders run in parallel, so theirs protects nothing alone.
  route("dashboard", "routes/dashboard/layout.tsx", [
    index("routes/dashboard/index.tsx"),
    route("bookings", "routes/dashboard/bookings/index.tsx"),
    route("bookings/:id", "routes/dashboard/bookings/$id.tsx"),
    route("bookings/:id/calendar.ics", "routes/dashboard/bookings/$id.calendar.ts"),
    route("profile", "routes/dashboard/profile/index.tsx"),
    route("profile/data.json", "routes/dashboard/profile/data.ts"),
    route("partner", "routes/dashboard/partner/layout.tsx", [
      index("routes/dashboard/partner/index.tsx"),
      route("*", "routes/dashboard/partner/not-found.tsx"),
    ]),
    route("admin", "routes/dashboard/admin/layout.tsx", [
      index("routes/dashboard/admin/index.tsx"),
      route("*", "routes/dashboard/admin/not-found.tsx"),
    ]),
    route("*", "routes/dashboard/not-found.tsx"),
  ]),
  route("login", "routes/login.tsx"),
  route("signup", "routes/signup.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("logout", "routes/logout.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

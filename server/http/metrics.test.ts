import { describe, expect, it } from "vitest";
import type { ServerBuild } from "react-router";
import { routeLabel } from "./metrics";

// The shape of a React Router build's route manifest: flat, each route naming its parent.
const manifest = {
  root: { id: "root", path: "" },
  "routes/home": { id: "routes/home", parentId: "root", index: true },
  "routes/events.$slug": { id: "routes/events.$slug", parentId: "root", path: "events/:slug" },
  "routes/dashboard": { id: "routes/dashboard", parentId: "root", path: "dashboard" },
  "routes/dashboard/partner/event": {
    id: "routes/dashboard/partner/event",
    parentId: "routes/dashboard",
    path: "partner/events/:id/edit",
  },
  "routes/sitemap.xml": { id: "routes/sitemap.xml", parentId: "root", path: "sitemap.xml" },
  "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*" },
} as unknown as ServerBuild["routes"];

describe("routeLabel", () => {
  it.each([
    ["/", 200, "/"],
    ["/_root.data", 200, "/"],
    ["/events/riverside-team-racing", 200, "/events/:slug"],
    ["/events/another-event.data", 200, "/events/:slug"],
    [
      "/dashboard/partner/events/5b0e6a3c-1f2d-4e5f-8a9b-0c1d2e3f4a5b/edit",
      200,
      "/dashboard/partner/events/:id/edit",
    ],
    ["/sitemap.xml", 200, "/sitemap.xml"],
    ["/no/such/page", 404, "/*"],
    ["/favicon.svg", 200, "static"],
    ["/missing.png", 404, "/*"],
  ])("labels %s (%i) as %s", (path, status, label) => {
    expect(routeLabel(path, status, manifest)).toBe(label);
  });

  it.each([
    ["/healthz", "/healthz"],
    ["/livez", "/livez"],
    ["/readyz", "/readyz"],
    ["/metrics", "/metrics"],
    ["/assets/entry.client-3f9a.js", "/assets/*"],
    ["/uploads/abc123.webp", "/uploads/:key"],
    ["/api/auth/verify-email", "/api/auth/*"],
    ["/api/client-errors", "/api/client-errors"],
  ])("labels the host's own %s as %s", (path, label) => {
    expect(routeLabel(path, 200, manifest)).toBe(label);
  });
});

import { SITE_NAME } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { BACKGROUND_COLOR, MANIFEST_ICONS, THEME_COLOR } from "~/lib/site-icons";

/**
 * GET /manifest.webmanifest: what a phone needs to put the site on its home screen, and a
 * browser to install it. The same for every request; a query string changes nothing.
 */
export function loader() {
  const manifest = {
    id: "/",
    name: SITE_NAME,
    short_name: "RCL",
    description: m.site_description({}, { locale: "en" }),
    lang: "en",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: MANIFEST_ICONS.map(({ src, size, purpose }) => ({
      src,
      sizes: `${size}x${size}`,
      type: "image/png",
      purpose,
    })),
  };
  return new Response(JSON.stringify(manifest), {
    headers: {
      "Content-Type": "application/manifest+json",
      "Cache-Control": "public, max-age=3600",
    },
  });
}

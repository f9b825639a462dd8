/**
 * How browsers and home screens show the site: the colours of the web manifest and of the
 * theme-color meta (navy-900 and the page's white, app/app.css), and the icons, PNGs made
 * from public/favicon.svg by scripts/generate-raster-images.ts.
 */
export const THEME_COLOR = "#0f2742";
export const BACKGROUND_COLOR = "#ffffff";

/** The manifest's icons: the favicon as it is, and a maskable one whose picture keeps to the safe zone. */
export const MANIFEST_ICONS = [
  { src: "/icons/icon-192.png", size: 192, purpose: "any" },
  { src: "/icons/icon-512.png", size: 512, purpose: "any" },
  { src: "/icons/maskable-512.png", size: 512, purpose: "maskable" },
] as const;

/** iOS's home-screen icon, square and opaque (iOS rounds it); iOS also asks for this address unlinked. */
export const APPLE_TOUCH_ICON = { src: "/apple-touch-icon.png", size: 180 } as const;

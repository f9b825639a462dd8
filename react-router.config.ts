import type { Config } from "@react-router/dev/config";

export default {
  // Every page is rendered on the server: link previews, search engines and the
  // first paint on a phone all need real HTML.
  ssr: true,
  future: {
    // Loaders and components ship as separate chunks, so a page fetches less JavaScript.
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;

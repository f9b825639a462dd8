import type { Config } from "@react-router/dev/config";

export default {
  // Every page is rendered on the server: link previews, search engines and the
  // first paint on a phone all need real HTML.
  ssr: true,
  future: {
    // Loaders and components ship as separate chunks, so a page fetches less JavaScript.
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
    // Loaders get a RouterContextProvider (server/context.ts), ready for route middleware.
    v8_middleware: true,
    // Builds the client and server through Vite's Environment API, as React Router 8 will.
    v8_viteEnvironmentApi: true,
    // Loaders get the request as it came (a client-side navigation's ends in `.data`);
    // code that needs the page's address uses React Router's `url` (see server/auth/viewer.ts).
    v8_passThroughRequests: true,
  },
} satisfies Config;

import type { Database } from "./db/client";
import type { Auth } from "./auth/auth";
import type { BackgroundTasks } from "./background-tasks";
import type { Mailer } from "./email/mailer";

/** What the HTTP host hands to every loader and action. */
declare module "react-router" {
  interface AppLoadContext {
    db: Database;
    /** The public origin (BASE_URL), for canonical URLs, sitemaps and links in mail. */
    baseUrl: string;
    mailer: Mailer;
    auth: Auth;
    /** Work that runs after the response, such as sending booking emails. */
    background: BackgroundTasks;
    /** The visitor's IP address, for rate limits; "unknown" when it cannot be told. */
    clientIp: string;
    /** Per-response nonce that lets the document's own inline scripts run under the CSP. */
    cspNonce?: string;
  }
}

export {};

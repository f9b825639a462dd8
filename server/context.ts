import type { RouterContextProvider } from "react-router";
import type { Database } from "./db/client";
import type { Unavailability } from "./db/unavailable";
import type { Auth } from "./auth/auth";
import type { MailQueue } from "./email/enqueue-email";
import type { FileStore } from "./storage/file-store";
import type { PaymentProvider } from "./online-payments/providers/payment-provider";
import type { ForecastSource } from "./weather/fetch-forecasts";

/**
 * What the HTTP host hands to every loader and action. With middleware on (the
 * v8_middleware flag) React Router passes loaders a RouterContextProvider; the host
 * copies these fields onto it, React Router's documented way to keep reading
 * `context.db` without a `context.get` for each of them.
 */
declare module "react-router" {
  interface RouterContextProvider {
    db: Database;
    /** The public origin (BASE_URL), for canonical URLs, sitemaps and links in mail. */
    baseUrl: string;
    auth: Auth;
    /** The job queue, for mail and other work queued in the transaction that causes it. */
    jobs: MailQueue;
    /** Where uploads are stored (the local disk or S3). */
    files: FileStore;
    /** Who takes online payments: Stripe, or the test provider (`isTest`) that moves no money. */
    payments: PaymentProvider;
    /** What signs rowers' seat links, which need no account (ADR 038). */
    seatLinks: { authSecret: string };
    /** Where "Fetch now" asks DMI for a forecast (ADR 038); its URL is empty when not configured. */
    forecast: ForecastSource;
    /** The visitor's IP address, for rate limits; "unknown" when it cannot be told. */
    clientIp: string;
    /** Per-response nonce that lets the document's own inline scripts run under the CSP. */
    cspNonce?: string;
    /** Aborted when the server stops accepting at shutdown: long responses (live streams) end then. */
    closing: AbortSignal;
    /**
     * Called by the error handler (app/entry.server.tsx) when a loader or action failed
     * because the database was short (busy, unreachable, too slow); the host then
     * answers 503 with Retry-After, not 500.
     */
    reportUnavailable: (why: Unavailability) => void;
  }
}

/** The `context` of loaders and actions, for helpers that take it from them. */
export type LoadContext = Readonly<RouterContextProvider>;

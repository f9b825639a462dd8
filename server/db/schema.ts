/**
 * The whole product's data model. One PostgreSQL dialect serves both the embedded
 * PGlite store and a real PostgreSQL server; migrations are generated from this file
 * with drizzle-kit (`npm run db:generate`) and committed under ./migrations.
 */
import { sql } from "drizzle-orm";
import { newBookingReference } from "./booking-reference";
import { SITE_SETTINGS_DEFAULTS } from "../settings/defaults";
import type { EventRevisionValues } from "~/lib/event-fields";
import type { DocumentContent } from "#server/invoices/document";
import type { CollectionAnswer, ForecastHour } from "#server/weather/dmi-forecast";
import type { RefundWindow } from "~/lib/billing/refund-policy";
import { NON_SWIMMER_RULE_DA, NON_SWIMMER_RULE_EN } from "~/lib/non-swimmers";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * The language a partner writes in, or the language an event's texts are written in: its
 * main language. Each text column holds the main language's text; its `…_translation`
 * sibling the other language's, empty where none was written (ADR 034).
 */
const mainLanguage = () =>
  text("language", { enum: ["en", "da"] })
    .notNull()
    .default("en");
/** A text in the other language than the row's main one; empty when not translated. */
const translation = (name: string) => text(name).notNull().default("");
/** A latitude or longitude in degrees, to five decimals (about a metre). */
const coordinate = (name: string) => numeric(name, { precision: 8, scale: 5 });

/**
 * A text and its translation as one searchable value, for a trigram index and the search
 * that uses it (one index, so the search plans as it did with one language). A line break
 * keeps a match from spanning the two: the search box sends none.
 */
export const bothLanguages = (main: AnyPgColumn, translated: AnyPgColumn) =>
  sql`(${main} || E'\\n' || ${translated})`;

/**
 * A registration's team, company and captain as one searchable value, for the partner's
 * registrations search and its trigram index; line breaks keep a match within one of them,
 * as `bothLanguages` does.
 */
export const registrationSearchText = (team: AnyPgColumn, company: AnyPgColumn, captain: AnyPgColumn) =>
  sql`(${team} || E'\\n' || ${company} || E'\\n' || coalesce(${captain}, ''))`;

// ---------------------------------------------------------------------------
// Shared value types kept in jsonb columns
// ---------------------------------------------------------------------------

/** One resized copy of an uploaded image (WebP), for `srcset`. */
export type ImageVariant = { src: string; width: number; height: number };

/**
 * An image as a page shows it. Uploaded images also carry their `images` row id, their
 * resized variants and a 1200×630 JPEG for link previews; sample images are plain files.
 */
export type ImageRef = {
  src: string;
  alt: string;
  /** The alt text in the other language than the owner's main one (ADR 034). */
  altTranslation?: string;
  width: number;
  height: number;
  imageId?: string;
  variants?: ImageVariant[];
  previewSrc?: string;
};
/** Rows of lists carry their other-language texts beside the main ones (ADR 034). */
export type Testimonial = {
  name: string;
  position: string;
  comment: string;
  positionTranslation?: string;
  commentTranslation?: string;
};
export type ScheduleItem = { time: string; activity: string; activityTranslation?: string };
export type Faq = {
  question: string;
  answer: string;
  questionTranslation?: string;
  answerTranslation?: string;
};
/**
 * A question a partner asks for each team or each rower of an event (ADR 038), in the
 * event's language with its translation. `id` stays while the question keeps its kind, so
 * answers follow an edited label; a changed kind is a new question with a new id.
 */
export type QuestionKind = "short" | "long" | "yes_no" | "one_of" | "some_of";
export type QuestionOption = { id: string; label: string; labelTranslation: string };
export type EventQuestion = {
  id: string;
  scope: "team" | "rower";
  kind: QuestionKind;
  label: string;
  labelTranslation: string;
  options: QuestionOption[];
  required: boolean;
};
/** An answer as stored: text for short and long, yes or no, an option's id, or several. */
export type QuestionAnswerValue = string | boolean | string[];
/**
 * One rower on a booking's roster. `id` is stable across edits and is the rower's seat id
 * (`rower_seats.id`): the database gives an entry without one an id (migration 0031), so
 * every writer may leave it out; `updateRegistration` keeps only ids the roster had.
 */
/** A forecast's model answers as the adapter gives them (server/weather/dmi-forecast.ts). */
export type ForecastModelRun = CollectionAnswer;
/** A forecast's hours, and whether some lie beyond the wind model's reach when it was fetched. */
export type ForecastSeries = { hours: ForecastHour[]; windNotForecastYet: boolean };
/** A figure against the club's limit: unknown when either is missing. */
export type LimitMark = "within" | "outside" | "unknown";
/**
 * The forecast a weather decision was taken on, copied when it was taken (ADR 038): which
 * forecast (its id and checkpoint, kept as text, since a move deletes the event's
 * forecasts), when it was fetched, the worst of the event's hours (highest mean wind and
 * gusts, lowest water) and how each stood against the limits as they then were.
 */
export type DecisionForecast = {
  forecastId: string;
  checkpoint: "72h" | "48h" | "24h" | "manual";
  fetchedAt: string;
  windMs: number | null;
  gustMs: number | null;
  waterC: number | null;
  limits: { maxWindMs: string | null; maxGustMs: string | null; minWaterC: string | null };
  marks: { wind: LimitMark; gust: LimitMark; water: LimitMark };
  /** Outside if any figure is, within if all are, unknown otherwise. */
  verdict: LimitMark;
  /** Water under 10 °C: DFfR's winter rules. */
  winter: boolean;
};
export type RosterMember = { id?: string; name: string; email?: string };

// ---------------------------------------------------------------------------
// Partners
// ---------------------------------------------------------------------------

export const partnerStatus = pgEnum("partner_status", ["pending", "approved", "suspended"]);
export const partnerTier = pgEnum("partner_tier", ["basic", "premium"]);

export const partners = pgTable(
  "partners",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    location: text("location").notNull(),
    address: text("address").notNull().default(""),
    phone: text("phone").notNull().default(""),
    email: text("email").notNull().default(""),
    /** Host only (for example `germania-frankfurt.de`); pages link it as https. */
    website: text("website"),
    facebookUrl: text("facebook_url"),
    instagramUrl: text("instagram_url"),
    linkedinUrl: text("linkedin_url"),
    foundedYear: smallint("founded_year"),
    /** Display text such as 'Corporate & Individual' or 'Corporate'. */
    memberships: text("memberships").notNull().default(""),
    /** The language the partner writes in: its profile's texts, and the default for its new events. */
    language: mainLanguage(),
    description: text("description").notNull(),
    descriptionTranslation: translation("description_translation"),
    /** Sanitized HTML; only ever written through the sanitizer. */
    fullDescriptionHtml: text("full_description_html").notNull().default(""),
    fullDescriptionHtmlTranslation: translation("full_description_html_translation"),
    facilities: text("facilities")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Each facility in the other language, by position; an empty entry is not translated. */
    facilitiesTranslation: text("facilities_translation")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    services: text("services")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    servicesTranslation: text("services_translation")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    testimonials: jsonb("testimonials").$type<Testimonial[]>().notNull().default([]),
    gallery: jsonb("gallery").$type<ImageRef[]>().notNull().default([]),
    logo: jsonb("logo").$type<ImageRef>(),
    cover: jsonb("cover").$type<ImageRef>(),
    status: partnerStatus("status").notNull().default("pending"),
    tier: partnerTier("tier").notNull().default("basic"),
    /** Share of booking revenue kept by RCL; only premium partners have one. */
    revenueSharePercent: smallint("revenue_share_percent"),
    featured: boolean("featured").notNull().default(false),
    /**
     * The partner's usual place on the water (WGS 84 degrees), the forecast point of its events
     * that name none of their own (ADR 038); null until the partner sets it.
     */
    forecastLat: coordinate("forecast_lat"),
    forecastLon: coordinate("forecast_lon"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("partners_slug_key").on(t.slug),
    index("partners_status_idx").on(t.status),
    index("partners_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("partners_location_trgm_idx").using("gin", t.location.op("gin_trgm_ops")),
    check("partners_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("partners_language_check", sql`${t.language} in ('en', 'da')`),
    check("partners_forecast_point_pair", sql`(${t.forecastLat} IS NULL) = (${t.forecastLon} IS NULL)`),
    check(
      "partners_founded_year_range",
      sql`${t.foundedYear} IS NULL OR ${t.foundedYear} BETWEEN 1700 AND 2200`,
    ),
    check(
      "partners_revenue_share_by_tier",
      sql`(${t.tier} = 'basic' AND ${t.revenueSharePercent} IS NULL) OR (${t.tier} = 'premium' AND ${t.revenueSharePercent} IS NOT NULL AND ${t.revenueSharePercent} BETWEEN 0 AND 100)`,
    ),
  ],
);

// ---------------------------------------------------------------------------
// Users and profiles
// ---------------------------------------------------------------------------

/** Account identity; shaped for better-auth's core `user` model. */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    // The admin's people list, newest first, read in index order instead of sorting every
    // account. NULLS FIRST is what ORDER BY … DESC means, so the index matches it.
    index("users_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id),
    // The admin's people search ("contains", server/users/queries.ts), by name and email.
    index("users_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("users_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
  ],
);

/** A signed-in browser: better-auth's `session` model, kept in the database. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("sessions_token_key").on(t.token), index("sessions_user_idx").on(t.userId)],
);

/** Credentials of a user: better-auth's `account` model (the password hash lives here). */
export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

/** Single-use tokens for email verification and password reset: better-auth's `verification` model. */
export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

export const userRole = pgEnum("user_role", ["user", "partner", "admin"]);

export const profiles = pgTable(
  "profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    company: text("company"),
    role: userRole("role").notNull().default("user"),
    /** The language of their dashboards and of every mail to them (ADR 033). */
    language: text("language", { enum: ["en", "da"] })
      .notNull()
      .default("en"),
    /** Set by an admin: the person cannot sign in, and their sessions were ended. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("profiles_role_idx").on(t.role),
    // The admin's people search, by the full name as the list shows it and by company.
    index("profiles_full_name_trgm_idx").using(
      "gin",
      sql`trim(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`,
    ),
    index("profiles_company_trgm_idx").using("gin", t.company.op("gin_trgm_ops")),
    check("profiles_language_check", sql`${t.language} in ('en', 'da')`),
  ],
);

/** Which partner organisations a person may act for (partner role). */
/**
 * A full member runs the partner's whole area; check-in staff only check teams in and
 * read the crew list of the partner's events on the day (ADR 038).
 */
export const partnerMemberRole = pgEnum("partner_member_role", ["member", "check_in"]);

export const partnerMembers = pgTable(
  "partner_members",
  {
    partnerId: uuid("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: partnerMemberRole("role").notNull().default("member"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.userId] }), index("partner_members_user_idx").on(t.userId)],
);

// ---------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------

export { NON_SWIMMER_RULE_DA, NON_SWIMMER_RULE_EN };

export const eventType = pgEnum("event_type", ["traditional_rowing", "indoor_rowing", "team_building"]);

export const eventStatus = pgEnum("event_status", [
  "draft",
  "pending_review",
  "changes_requested",
  "published",
  "cancelled",
]);

export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    /** The language of the event's texts; set from its partner's when it is created. */
    language: mainLanguage(),
    title: text("title").notNull(),
    titleTranslation: translation("title_translation"),
    /** Short text for cards (clamped to two lines). */
    description: text("description").notNull(),
    descriptionTranslation: translation("description_translation"),
    /** Sanitized HTML; only ever written through the sanitizer. */
    detailedDescriptionHtml: text("detailed_description_html").notNull().default(""),
    detailedDescriptionHtmlTranslation: translation("detailed_description_html_translation"),
    type: eventType("type").notNull(),
    status: eventStatus("status").notNull().default("draft"),
    isNetworking: boolean("is_networking").notNull().default(false),
    partnerId: uuid("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "restrict" }),
    location: text("location").notNull(),
    locationTranslation: translation("location_translation"),
    locationDetails: text("location_details").notNull().default(""),
    locationDetailsTranslation: translation("location_details_translation"),
    /** Where at the venue the teams meet ("At the boathouse's jetty, gate B"); empty when not given. */
    meetingPoint: text("meeting_point").notNull().default(""),
    meetingPointTranslation: translation("meeting_point_translation"),
    image: jsonb("image").$type<ImageRef>(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    registrationDeadline: timestamp("registration_deadline", { withTimezone: true }).notNull(),
    /**
     * The day the event moves to when the weather calls it off (ADR 038): both or neither,
     * after the start, as long as the event. Reviewed, so bookers can trust the date shown.
     */
    backupStartsAt: timestamp("backup_starts_at", { withTimezone: true }),
    backupEndsAt: timestamp("backup_ends_at", { withTimezone: true }),
    /** Price per team in øre, excluding moms; the partner's moms status decides what is added. */
    priceMinor: integer("price_minor").notNull(),
    currency: text("currency").notNull().default("DKK"),
    maxTeams: integer("max_teams").notNull(),
    /**
     * Confirmed plus waitlisted teams one account may hold at this event, so one booker
     * cannot take every place; the organiser raises it for a customer who asks.
     */
    maxTeamsPerAccount: smallint("max_teams_per_account").notNull().default(5),
    teamSize: smallint("team_size").notNull().default(9),
    schedule: jsonb("schedule").$type<ScheduleItem[]>().notNull().default([]),
    faqs: jsonb("faqs").$type<Faq[]>().notNull().default([]),
    /** The questions asked per team and per rower (ADR 038), reviewed like the event's texts. */
    rowerQuestions: jsonb("rower_questions").$type<EventQuestion[]>().notNull().default([]),
    /** The event's own cancellation terms; null means the site's default terms apply. */
    cancellationTerms: text("cancellation_terms"),
    /**
     * Refund windows for a booker who cancels, widest first (`~/lib/billing/refund-policy.ts`):
     * reviewed, and stored with each booking when it is made.
     */
    refundPolicy: jsonb("refund_policy")
      .$type<RefundWindow[]>()
      .notNull()
      .default(sql`'[{"daysBefore":30,"percent":100},{"daysBefore":8,"percent":50}]'::jsonb`),
    /** How bookers may pay: by invoice, online at once (card, MobilePay), or either. */
    paymentMethods: text("payment_methods", { enum: ["invoice", "online", "both"] })
      .notNull()
      .default("invoice"),
    cancellationTermsTranslation: translation("cancellation_terms_translation"),
    /** Set when an admin asks for changes during review, or unpublishes the event. */
    reviewNote: text("review_note"),
    /** When the event last went into review: the admins' queue is oldest first. */
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** Why the event was called off, as mailed to every team and shown on its page. */
    cancellationReason: text("cancellation_reason"),
    /**
     * Raised by every change to the event or its pending revision. An admin's decision
     * carries the version they looked at, so a change made since is never approved unseen.
     */
    version: integer("version").notNull().default(1),
    /**
     * The calendar files' SEQUENCE: raised by the database whenever the time, the place or
     * whether the event is called off changes, so a file sent later replaces the entry a
     * calendar holds under the same UID (RFC 5545 §3.8.7.4; migration 0029).
     */
    calendarSequence: integer("calendar_sequence").notNull().default(0),
    /**
     * Whether rowers who cannot swim may row, and on what rule (ADR 038); prefilled with
     * DFfR's rule, the main text in the event's language (ADR 034). Reviewed fields of the
     * event form.
     */
    nonSwimmers: text("non_swimmers", { enum: ["not_allowed", "with_rule"] })
      .notNull()
      .default("with_rule"),
    nonSwimmerRule: text("non_swimmer_rule").notNull().default(NON_SWIMMER_RULE_EN),
    nonSwimmerRuleTranslation: text("non_swimmer_rule_translation").notNull().default(NON_SWIMMER_RULE_DA),
    /**
     * The club's own limits for rowing (ADR 038, not reviewed): mean wind and gusts in m/s, the
     * lowest water temperature in °C; null when the partner set none. Exact decimals, read as
     * strings, so what the partner typed is what the board compares.
     */
    maxWindMs: numeric("max_wind_ms", { precision: 4, scale: 1 }),
    maxGustMs: numeric("max_gust_ms", { precision: 4, scale: 1 }),
    minWaterC: numeric("min_water_c", { precision: 3, scale: 1 }),
    /** Where the forecast is asked for; null: the partner's point. */
    forecastLat: coordinate("forecast_lat"),
    forecastLon: coordinate("forecast_lon"),
    /** One per create form, so a double submit makes one event. */
    createKey: text("create_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("events_slug_key").on(t.slug),
    uniqueIndex("events_create_key").on(t.partnerId, t.createKey),
    index("events_submitted_idx")
      .on(t.submittedAt)
      .where(sql`${t.status} = 'pending_review'`),
    // Lists in date order. The end time is in the key so "not ended yet" is checked in the
    // index while walking it, without reading the thousands of past events from the table.
    index("events_status_starts_at_ends_at_idx").on(t.status, t.startsAt, t.endsAt),
    index("events_partner_idx").on(t.partnerId, t.startsAt),
    // The reports' months and the registrations file walk the events in start order.
    index("events_starts_at_id_idx").on(t.startsAt, t.id),
    // The events search matches title and location, each in both languages, and organiser
    // name with ILIKE '%…%' (server/events/queries.ts, the same expressions).
    index("events_title_trgm_idx").using(
      "gin",
      sql`${bothLanguages(t.title, t.titleTranslation)} gin_trgm_ops`,
    ),
    index("events_location_trgm_idx").using(
      "gin",
      sql`${bothLanguages(t.location, t.locationTranslation)} gin_trgm_ops`,
    ),
    check("events_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("events_language_check", sql`${t.language} in ('en', 'da')`),
    check("events_max_teams_positive", sql`${t.maxTeams} > 0`),
    check("events_team_size_positive", sql`${t.teamSize} > 0`),
    // The editor's range (TEAMS_PER_ACCOUNT_LIMIT in app/lib/forms/event-schema.ts).
    check("events_max_teams_per_account_range", sql`${t.maxTeamsPerAccount} between 1 and 50`),
    check("events_price_not_negative", sql`${t.priceMinor} >= 0`),
    // Every price is in Danish kroner, net of moms (ADR 035).
    check("events_currency_dkk", sql`${t.currency} = 'DKK'`),
    check("events_ends_after_start", sql`${t.endsAt} > ${t.startsAt}`),
    check("events_deadline_before_start", sql`${t.registrationDeadline} <= ${t.startsAt}`),
    check("events_payment_methods_check", sql`${t.paymentMethods} in ('invoice', 'online', 'both')`),
    check("events_non_swimmers_check", sql`${t.nonSwimmers} in ('not_allowed', 'with_rule')`),
    check("events_forecast_point_pair", sql`(${t.forecastLat} IS NULL) = (${t.forecastLon} IS NULL)`),
    // The backup date is a whole second sitting of the same event: both ends or none, later
    // than the first, and as long, so the schedule and the boats fit it unchanged.
    check(
      "events_backup_date_check",
      sql`(${t.backupStartsAt} IS NULL AND ${t.backupEndsAt} IS NULL) OR (${t.backupStartsAt} IS NOT NULL AND ${t.backupEndsAt} IS NOT NULL AND ${t.backupStartsAt} > ${t.startsAt} AND ${t.backupEndsAt} - ${t.backupStartsAt} = ${t.endsAt} - ${t.startsAt})`,
    ),
  ],
);

/**
 * Places taken at each event (confirmed and held teams), kept exact by database triggers
 * (migration 0025): one row per event, made with the event, changed by every insert,
 * delete, status change or move of a registration, whichever code does it. A booking reads
 * it under the event's lock instead of counting the event's rows (ADR 007). No foreign
 * key: the event's delete trigger removes the row, after the registrations deleted with
 * the event have updated it.
 */
export const eventPlaces = pgTable(
  "event_places",
  {
    eventId: uuid("event_id").primaryKey(),
    taken: integer("taken").notNull().default(0),
  },
  (t) => [check("event_places_taken_check", sql`${t.taken} >= 0`)],
);

export const revisionStatus = pgEnum("revision_status", ["draft", "pending_review", "changes_requested"]);

/**
 * A change to a published event that needs review. The published row stays public and
 * unchanged until an admin approves; then these values are copied onto it and the
 * revision goes. At most one per event.
 */
export const eventRevisions = pgTable(
  "event_revisions",
  {
    eventId: uuid("event_id")
      .primaryKey()
      .references(() => events.id, { onDelete: "cascade" }),
    /** What the partner proposes, field by field as `events` stores them (moments as ISO text). */
    values: jsonb("values").$type<EventRevisionValues>().notNull(),
    status: revisionStatus("status").notNull().default("draft"),
    reviewNote: text("review_note"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("event_revisions_submitted_idx")
      .on(t.submittedAt)
      .where(sql`${t.status} = 'pending_review'`),
  ],
);

/**
 * Every note an admin sent an event's partner (changes requested, or an unpublish's
 * reason), oldest first, with the reviewed values the admin had in front of them, so the
 * next review shows what changed since and the notes stay after the next one replaces them.
 */
export const eventReviewNotes = pgTable(
  "event_review_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    note: text("note").notNull(),
    /** The reviewed values sent back; null for notes kept from before this table. */
    values: jsonb("values").$type<EventRevisionValues>(),
    writtenBy: text("written_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("event_review_notes_event_idx").on(t.eventId, t.createdAt)],
);

// ---------------------------------------------------------------------------
// Team registrations: "teams registered" is always counted from these rows.
// ---------------------------------------------------------------------------

/**
 * `held`: places kept for 15 minutes while the booker pays online, counted against
 * capacity like confirmed ones, until the provider's webhook confirms them or the hold ends.
 */
export const registrationStatus = pgEnum("registration_status", [
  "confirmed",
  "waitlisted",
  "cancelled",
  "held",
]);

export const teamRegistrations = pgTable(
  "team_registrations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Short code people quote (RCL-7K3Q9P): on the confirmation page, in mail and in .ics files. */
    reference: text("reference").notNull().$defaultFn(newBookingReference),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "restrict" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    teamName: text("team_name").notNull(),
    company: text("company").notNull(),
    status: registrationStatus("status").notNull(),
    billingCompany: text("billing_company"),
    /** Danish company registration number: 8 digits. */
    cvr: text("cvr"),
    /** EAN location number for public institutions: 13 digits. */
    ean: text("ean"),
    poReference: text("po_reference"),
    billingEmail: text("billing_email"),
    /** The invoice's address: every new booking gives one; bookings from before invoices have none. */
    billingAddressLine: text("billing_address_line").notNull().default(""),
    billingPostalCode: text("billing_postal_code").notNull().default(""),
    billingCity: text("billing_city").notNull().default(""),
    /** "Att." on the invoice: the person in the buyer's finance department it goes to. */
    personReference: text("person_reference"),
    captainName: text("captain_name"),
    captainEmail: text("captain_email"),
    captainPhone: text("captain_phone"),
    /**
     * Part of the captain's crew-link signature (ADR 038), as a seat's `token_version`:
     * raised when the captain's address changes, which ends the links sent before.
     */
    captainTokenVersion: smallint("captain_token_version").notNull().default(1),
    /** When the captain's crew link was mailed at its current version; cleared with a new address. */
    captainInvitedAt: timestamp("captain_invited_at", { withTimezone: true }),
    roster: jsonb("roster").$type<RosterMember[]>().notNull().default([]),
    notes: text("notes"),
    /** The language the booking was made in: every mail about it and its .ics use it (ADR 033). */
    language: text("language", { enum: ["en", "da"] })
      .notNull()
      .default("en"),
    /** One per submitted form, so a double submit cannot create two registrations. */
    idempotencyKey: text("idempotency_key"),
    /** How the booking is paid: by invoice, or online through the payment provider. */
    paymentMethod: text("payment_method", { enum: ["invoice", "online"] })
      .notNull()
      .default("invoice"),
    /** While `held`: when the places go back if the payment has not arrived. */
    heldUntil: timestamp("held_until", { withTimezone: true }),
    /** The event's refund windows when it was booked; null for bookings made before there were any. */
    refundPolicy: jsonb("refund_policy").$type<RefundWindow[]>(),
    discountCodeId: uuid("discount_code_id").references((): AnyPgColumn => discountCodes.id, {
      onDelete: "restrict",
    }),
    /** The code's reduction of the team price, net of moms, in øre. */
    discountMinor: integer("discount_minor").notNull().default(0),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** When the "roster incomplete" reminder (7 days before) was enqueued; set once. */
    rosterReminderSentAt: timestamp("roster_reminder_sent_at", { withTimezone: true }),
    /** When the "know before you go" mail (2 days before) was enqueued; set once. */
    arrivalInfoSentAt: timestamp("arrival_info_sent_at", { withTimezone: true }),
    /**
     * When the booking's `finish-booking` job committed its invoice and mails; set once, so
     * the job run again (its worker stopped before telling the queue) sends nothing twice.
     * A guard for that job only: bookings from before it, and holds later paid (confirmed by
     * their payment, with no such job), have none.
     */
    bookingFinishedAt: timestamp("booking_finished_at", { withTimezone: true }),
    /**
     * When the event was moved to its backup date for the weather (ADR 038): from then until
     * the new start, cancelling this booking gives all of it back, whatever the policy.
     */
    movedByWeatherAt: timestamp("moved_by_weather_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("team_registrations_event_status_idx").on(t.eventId, t.status, t.createdAt),
    // An account's teams at one event, counted under the event's lock by every booking (ADR 020).
    index("team_registrations_user_event_idx").on(t.userId, t.eventId),
    // Registration lists newest first, and the activity chart's last weeks, without a table scan.
    index("team_registrations_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id),
    // One event's registrations in the list's order (newest first): its page, its export's
    // keyset pages, and read backwards, the admin's registrations file.
    index("team_registrations_event_created_idx").on(t.eventId, t.createdAt.desc().nullsFirst(), t.id),
    // An event's cancellations by when, for the analytics' range; only cancelled rows are in
    // it, so a booking writes nothing to it.
    index("team_registrations_event_cancelled_idx")
      .on(t.eventId, t.cancelledAt)
      .where(sql`${t.cancelledAt} is not null`),
    uniqueIndex("team_registrations_idempotency_key").on(t.userId, t.idempotencyKey),
    uniqueIndex("team_registrations_reference_key").on(t.reference),
    // The partner's registrations search matches team, company and captain with ILIKE '%…%':
    // one trigram index over the three together (`registrationSearchText`), so a booking
    // adds one index entry where three indexes took one each (ADR 007).
    index("team_registrations_search_trgm_idx").using(
      "gin",
      sql`${registrationSearchText(t.teamName, t.company, t.captainName)} gin_trgm_ops`,
    ),
    check("team_registrations_reference_format", sql`${t.reference} ~ '^RCL-[0-9A-Z]{6}$'`),
    check("team_registrations_cvr_format", sql`${t.cvr} IS NULL OR ${t.cvr} ~ '^[0-9]{8}$'`),
    check("team_registrations_ean_format", sql`${t.ean} IS NULL OR ${t.ean} ~ '^[0-9]{13}$'`),
    check("team_registrations_language_check", sql`${t.language} in ('en', 'da')`),
    check("team_registrations_payment_method_check", sql`${t.paymentMethod} in ('invoice', 'online')`),
    check("team_registrations_discount_not_negative", sql`${t.discountMinor} >= 0`),
    check("team_registrations_captain_token_version_positive", sql`${t.captainTokenVersion} > 0`),
    // Only rows with a code: the code's bookings and the foreign key's check look up one code,
    // and a booking without one writes nothing here.
    index("team_registrations_discount_code_idx")
      .on(t.discountCodeId)
      .where(sql`${t.discountCodeId} is not null`),
  ],
);

// ---------------------------------------------------------------------------
// The day on the water: rower seats and declarations (ADR 038)
// ---------------------------------------------------------------------------

/**
 * One rower of a booking's roster, kept by database triggers (migration 0031): a roster
 * entry's id is its seat's id; an entry added makes a seat, a name or address changed is
 * copied, an entry removed deletes its seat, whoever writes the roster. A changed address
 * is a new person: `token_version` is raised (ending the old link) and the answers and
 * acceptance are cleared. Answers are pruned 30 days after the event (`pruned_at`).
 */
export const rowerSeats = pgTable(
  "rower_seats",
  {
    id: uuid("id").primaryKey(),
    registrationId: uuid("registration_id")
      .notNull()
      .references(() => teamRegistrations.id, { onDelete: "cascade" }),
    eventId: uuid("event_id").notNull(),
    name: text("name").notNull(),
    email: text("email"),
    /** The booking's language, until the rower opens the link in the other. */
    language: text("language", { enum: ["en", "da"] })
      .notNull()
      .default("en"),
    /** Part of the link's signature: raising it ends every link sent before. */
    tokenVersion: smallint("token_version").notNull().default(1),
    invitedAt: timestamp("invited_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** Null until the rower answers. */
    swims: boolean("swims"),
    emergencyName: text("emergency_name"),
    emergencyPhone: text("emergency_phone"),
    addedAtJetty: boolean("added_at_jetty").notNull().default(false),
    prunedAt: timestamp("pruned_at", { withTimezone: true }),
    /** Set by the UPDATE that queues the reminder 7 (2) days before, matching only unmarked rows. */
    reminded7dAt: timestamp("reminded_7d_at", { withTimezone: true }),
    reminded2dAt: timestamp("reminded_2d_at", { withTimezone: true }),
    /**
     * Set when the rower stops the reminders by the link in one (ADR 038), cleared when they
     * turn them on again on their page, or by a changed address (a new person).
     */
    remindersStoppedAt: timestamp("reminders_stopped_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("rower_seats_registration_id_key").on(t.registrationId, t.id),
    // The retention job walks an event's seats.
    index("rower_seats_event_idx").on(t.eventId),
    check("rower_seats_language_check", sql`${t.language} in ('en', 'da')`),
    check("rower_seats_token_version_positive", sql`${t.tokenVersion} > 0`),
  ],
);

/**
 * An event's declaration, append-only: a changed text is version n+1; rowers' acceptances
 * stay on the version they accepted.
 */
export const eventDeclarations = pgTable(
  "event_declarations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    language: mainLanguage(),
    text: text("text").notNull(),
    textTranslation: translation("text_translation"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("event_declarations_event_version_key").on(t.eventId, t.version),
    check("event_declarations_version_positive", sql`${t.version} > 0`),
    check("event_declarations_language_check", sql`${t.language} in ('en', 'da')`),
  ],
);

/** A rower's acceptance of one version of the event's declaration, by link or by staff. */
/**
 * The answers to an event's questions (ADR 038): a team question's by the booker or the
 * captain (no seat), a rower question's by the rower on their link. One answer per question, team and
 * seat; a team answer's null seat counts as one value, which a plain unique index would
 * not (NULLS NOT DISTINCT is PostgreSQL 15 and not in PGlite's dialect everywhere), so the
 * two scopes have one partial unique index each. Cleared 30 days after the event.
 */
export const questionAnswers = pgTable(
  "question_answers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id").notNull(),
    registrationId: uuid("registration_id")
      .notNull()
      .references(() => teamRegistrations.id, { onDelete: "cascade" }),
    seatId: uuid("seat_id").references(() => rowerSeats.id, { onDelete: "cascade" }),
    questionId: text("question_id").notNull(),
    value: jsonb("value").$type<QuestionAnswerValue>().notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Who gave the answer: a team answer the booker on their booking or the captain by
     * their crew link, a rower answer the rower. The booker and the captain see it beside
     * the team's answers, as either may change what the other gave.
     */
    answeredBy: text("answered_by", { enum: ["booker", "captain", "rower"] }),
  },
  (t) => [
    uniqueIndex("question_answers_team_key")
      .on(t.registrationId, t.questionId)
      .where(sql`${t.seatId} is null`),
    uniqueIndex("question_answers_seat_key")
      .on(t.registrationId, t.seatId, t.questionId)
      .where(sql`${t.seatId} is not null`),
    index("question_answers_seat_idx").on(t.seatId),
    // The retention job and the crew list walk an event's answers.
    index("question_answers_event_idx").on(t.eventId),
    check("question_answers_answered_by_check", sql`${t.answeredBy} in ('booker', 'captain', 'rower')`),
  ],
);

export const declarationAcceptances = pgTable(
  "declaration_acceptances",
  {
    seatId: uuid("seat_id")
      .primaryKey()
      .references(() => rowerSeats.id, { onDelete: "cascade" }),
    declarationId: uuid("declaration_id")
      .notNull()
      .references(() => eventDeclarations.id, { onDelete: "restrict" }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
    method: text("method", { enum: ["link", "staff"] }).notNull(),
    staffUserId: text("staff_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Copied, so the record names the staff member after the account is gone. */
    staffEmail: text("staff_email"),
  },
  (t) => [
    index("declaration_acceptances_declaration_idx").on(t.declarationId),
    check("declaration_acceptances_method_check", sql`${t.method} in ('link', 'staff')`),
  ],
);

/**
 * One tap of the check-in page (ADR 038), stored once by the id the phone gave it, so a
 * batch sent again changes nothing and is answered with each op's first outcome. The
 * table is the check-ins' record: they are not audit rows (a regatta writes thousands).
 * Ops refused before they could name one of the event's teams (malformed, another event's
 * team) are answered and not stored.
 */
export const checkInOps = pgTable(
  "check_in_ops",
  {
    /** Made on the phone (`crypto.randomUUID()`) when tapped. */
    id: uuid("id").primaryKey(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    registrationId: uuid("registration_id")
      .notNull()
      .references(() => teamRegistrations.id, { onDelete: "cascade" }),
    /** Null for an op on the whole team ("all present"); no key, as a seat may leave the roster. */
    seatId: uuid("seat_id"),
    kind: text("kind", { enum: ["present", "absent", "undo", "substitute", "declare"] }).notNull(),
    /**
     * A substitute's name, swim answer, declaration version and the seat it replaces; a
     * rower's declaration at the jetty (swim answer, emergency contact, version).
     */
    payload: jsonb("payload").$type<CheckInOpPayload>(),
    byUserId: text("by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Copied, so the record names the staff member after the account is gone. */
    byEmail: text("by_email").notNull(),
    deviceId: uuid("device_id").notNull(),
    /** When it was tapped, by the phone's clock. */
    clientAt: timestamp("client_at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    outcome: text("outcome", { enum: ["applied", "duplicate", "refused"] }).notNull(),
    /** Why it was a duplicate or refused (`CheckInCode`); the words are made when answering. */
    code: text("code"),
  },
  (t) => [
    index("check_in_ops_event_received_idx").on(t.eventId, t.receivedAt),
    index("check_in_ops_registration_idx").on(t.registrationId),
    check(
      "check_in_ops_kind_check",
      sql`${t.kind} in ('present', 'absent', 'undo', 'substitute', 'declare')`,
    ),
    check("check_in_ops_outcome_check", sql`${t.outcome} in ('applied', 'duplicate', 'refused')`),
  ],
);

export type SubstitutePayload = {
  name: string;
  swims: boolean;
  acceptDeclarationVersion: number | null;
  replacesSeatId?: string | null;
};

/** A named rower's declaration given at the jetty and recorded by staff. */
export type JettyDeclarationPayload = {
  swims: boolean;
  emergencyName: string;
  emergencyPhone: string;
  /** The version read to the rower; null only for an event with no declaration text. */
  acceptDeclarationVersion: number | null;
};

export type CheckInOpPayload = SubstitutePayload | JettyDeclarationPayload;

/**
 * Whether a rower is at the jetty: one row per seat, so the first phone's 'present' wins
 * (`INSERT … ON CONFLICT (seat_id)`) and a second is a duplicate naming who and when.
 */
export const seatAttendance = pgTable(
  "seat_attendance",
  {
    seatId: uuid("seat_id")
      .primaryKey()
      .references(() => rowerSeats.id, { onDelete: "cascade" }),
    state: text("state", { enum: ["present", "absent"] }).notNull(),
    opId: uuid("op_id")
      .notNull()
      .references(() => checkInOps.id, { onDelete: "cascade" }),
    /** The phone that made it: only it may undo it or turn its 'present' into 'absent'. */
    deviceId: uuid("device_id").notNull(),
    byEmail: text("by_email").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("seat_attendance_op_idx").on(t.opId),
    check("seat_attendance_state_check", sql`${t.state} in ('present', 'absent')`),
  ],
);

/**
 * A forecast of an event's hours, fetched from DMI (ADR 038): one per scheduled checkpoint
 * (72, 48 and 24 hours before the start, by the hourly `fetch-forecasts` job) and any number
 * fetched by hand ('manual'). A failed try keeps its error (`ok` false) and the board shows
 * the last good one; the job replaces a failed checkpoint row until one succeeds.
 */
export const eventForecasts = pgTable(
  "event_forecasts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    checkpoint: text("checkpoint", { enum: ["72h", "48h", "24h", "manual"] }).notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
    ok: boolean("ok").notNull(),
    /** The adapter's failure and its detail when `ok` is false. */
    error: text("error"),
    /** Per collection that answered: its grid point and first and last step. */
    modelRuns: jsonb("model_runs").$type<ForecastModelRun[]>().notNull().default([]),
    /** The event's hours: wind, gusts, direction, air and water. */
    series: jsonb("series").$type<ForecastSeries>(),
  },
  (t) => [
    // The scheduled checkpoints once each, whatever runs the job; manual fetches any number.
    uniqueIndex("event_forecasts_checkpoint_key")
      .on(t.eventId, t.checkpoint)
      .where(sql`${t.checkpoint} <> 'manual'`),
    // The board's latest per event, and the hourly limit on manual fetches.
    index("event_forecasts_event_fetched_idx").on(t.eventId, t.fetchedAt),
    check("event_forecasts_checkpoint_check", sql`${t.checkpoint} in ('72h', '48h', '24h', 'manual')`),
    check("event_forecasts_error_when_failed", sql`${t.ok} OR ${t.error} IS NOT NULL`),
  ],
);

/**
 * The partner's call on the weather (ADR 038), one row per call, newest last: go, move to
 * the backup date, or cancel. The event pages show the latest; the dates kept are those
 * before and after, so the history reads right after later changes.
 */
export const weatherDecisions = pgTable(
  "weather_decisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    decision: text("decision", { enum: ["go", "move", "cancel"] }).notNull(),
    /** The partner's words: what they saw, or for a cancel, the reason mailed to every team. */
    note: text("note").notNull().default(""),
    fromStartsAt: timestamp("from_starts_at", { withTimezone: true }).notNull(),
    /** The new start, for a move only. */
    toStartsAt: timestamp("to_starts_at", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    /** Copied, so the record names who decided after the account is gone. */
    decidedEmail: text("decided_email").notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull().defaultNow(),
    /** The forecast the partner saw, copied; null when none had been fetched (or none is configured). */
    forecast: jsonb("forecast").$type<DecisionForecast>(),
  },
  (t) => [
    index("weather_decisions_event_idx").on(t.eventId, t.decidedAt),
    check("weather_decisions_decision_check", sql`${t.decision} in ('go', 'move', 'cancel')`),
    check("weather_decisions_move_has_date", sql`(${t.decision} = 'move') = (${t.toStartsAt} IS NOT NULL)`),
  ],
);

// ---------------------------------------------------------------------------
// Inquiries, partner applications, site settings, outgoing mail
// ---------------------------------------------------------------------------

export const inquiryStatus = pgEnum("inquiry_status", ["new", "answered", "archived"]);

/** Contact messages: to RCL (no partner) or to one partner, who answers them from the dashboard. */
export const inquiries = pgTable(
  "inquiries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    partnerId: uuid("partner_id").references(() => partners.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    subject: text("subject"),
    message: text("message").notNull(),
    preferredDate: text("preferred_date"),
    groupSize: integer("group_size"),
    status: inquiryStatus("status").notNull().default("new"),
    /** The partner's answer, as emailed to the visitor. */
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    repliedBy: text("replied_by").references(() => users.id, { onDelete: "set null" }),
    /** The language the visitor wrote in: the partner's answer is mailed in it (ADR 033). */
    language: text("language", { enum: ["en", "da"] })
      .notNull()
      .default("en"),
    createdAt: createdAt(),
  },
  (t) => [
    index("inquiries_partner_idx").on(t.partnerId, t.createdAt),
    index("inquiries_partner_status_idx").on(t.partnerId, t.status, t.createdAt),
    check("inquiries_group_size_positive", sql`${t.groupSize} IS NULL OR ${t.groupSize} > 0`),
    check("inquiries_language_check", sql`${t.language} in ('en', 'da')`),
  ],
);

export const applicationStatus = pgEnum("application_status", ["pending", "approved", "rejected"]);

export const organizationType = pgEnum("organization_type", [
  "rowing_club",
  "event_organiser",
  "venue",
  "coaching_service",
]);

export const partnerApplications = pgTable(
  "partner_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationName: text("organization_name").notNull(),
    organizationType: organizationType("organization_type").notNull(),
    location: text("location").notNull(),
    website: text("website"),
    contactName: text("contact_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    /** What the organisation offers. */
    description: text("description").notNull(),
    /** Why it wants to partner with RCL. */
    message: text("message").notNull(),
    status: applicationStatus("status").notNull().default("pending"),
    /** The partner created when the application was approved. */
    partnerId: uuid("partner_id").references(() => partners.id, { onDelete: "set null" }),
    /** Why it was declined, as emailed to the applicant. */
    declineReason: text("decline_reason"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    /** The language the application was made in: every mail to the applicant uses it (ADR 033). */
    language: text("language", { enum: ["en", "da"] })
      .notNull()
      .default("en"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("partner_applications_status_idx").on(t.status, t.createdAt),
    check("partner_applications_language_check", sql`${t.language} in ('en', 'da')`),
  ],
);

/**
 * Exactly one row (id = 1): the footer's contact block and company details. Before an admin
 * first saves it (or the seed writes it) there is none, and readers use SITE_SETTINGS_DEFAULTS.
 */
export const siteSettings = pgTable(
  "site_settings",
  {
    id: smallint("id").primaryKey().default(1),
    contactEmail: text("contact_email").notNull(),
    contactPhone: text("contact_phone").notNull(),
    companyRegistrationNumber: text("company_registration_number").notNull(),
    /** Where contact-form messages are delivered; may differ from the public address. */
    contactInboxEmail: text("contact_inbox_email").notNull(),
    addressLine: text("address_line").notNull(),
    postalCode: text("postal_code").notNull(),
    city: text("city").notNull(),
    facebookUrl: text("facebook_url"),
    instagramUrl: text("instagram_url"),
    linkedinUrl: text("linkedin_url"),
    /** Shown on events whose partner has not set terms of their own. */
    defaultCancellationTerms: text("default_cancellation_terms")
      .notNull()
      .default(SITE_SETTINGS_DEFAULTS.defaultCancellationTerms),
    /** The same terms in Danish, for the Danish pages and mail. */
    defaultCancellationTermsDa: text("default_cancellation_terms_da")
      .notNull()
      .default(SITE_SETTINGS_DEFAULTS.defaultCancellationTermsDa),
    /** RCL as the seller of its commission invoices; its CVR is `companyRegistrationNumber`. */
    legalName: text("legal_name").notNull().default(SITE_SETTINGS_DEFAULTS.legalName),
    bankRegistration: text("bank_registration").notNull().default("0000"),
    bankAccount: text("bank_account").notNull().default("0000000000"),
    fiCreditorNumber: text("fi_creditor_number"),
    invoicePrefix: text("invoice_prefix").notNull().default(SITE_SETTINGS_DEFAULTS.invoicePrefix),
    paymentTermsDays: smallint("payment_terms_days").notNull().default(14),
    invoiceEmail: text("invoice_email").notNull().default(SITE_SETTINGS_DEFAULTS.invoiceEmail),
    updatedAt: updatedAt(),
  },
  (t) => [check("site_settings_single_row", sql`${t.id} = 1`)],
);

/** Mail recorded instead of sent when no SMTP server is configured. */
export const outboxEmails = pgTable(
  "outbox_emails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_emails_to_idx").on(t.to, t.createdAt)],
);

/** The people shown on the About page. */
export const teamMembers = pgTable(
  "team_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    role: text("role").notNull(),
    bio: text("bio").notNull(),
    /** The title and bio in Danish, for /da/about; empty shows the English with a note. */
    roleDa: text("role_da").notNull().default(""),
    bioDa: text("bio_da").notNull().default(""),
    photo: jsonb("photo").$type<ImageRef>(),
    position: smallint("position").notNull(),
  },
  (t) => [uniqueIndex("team_members_position_key").on(t.position)],
);

/**
 * Fixed-window counters for rate limits (contact form, sign-in). Kept in the database
 * so a limit holds across several app instances.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
  },
  // No index on the window's start: the daily prune deletes about every window older than a
  // day, which a scan of the table finds as fast, and every attempt would otherwise write
  // the index (a new key's row, and each window started again: an update that could not be HOT).
);

/**
 * What each committed write changed on the public pages (ADR 024), written by the
 * triggers of migrations 0009 and 0022. Each instance reads the rows of transactions
 * at or after the oldest one running when it last looked; the daily prune deletes old ones.
 */
export const pageChanges = pgTable(
  "page_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The writing transaction's id. */
    xid: bigint("xid", { mode: "number" })
      .notNull()
      .default(sql`(pg_current_xact_id()::text)::bigint`),
    /** `event:<slug>`, `registration:<slug>` (the event's), `partner:<slug>`, `team` or `site`. */
    tag: text("tag").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Read by transaction id. No index on `changed_at`: the daily prune deletes about every
    // row (they are kept an hour), which a scan of the table does as fast, and every write to
    // a public page would otherwise add an entry to it.
    uniqueIndex("page_changes_xid_tag_key").on(t.xid, t.tag),
  ],
);

// ---------------------------------------------------------------------------
// Partner invitations, uploaded images and the audit log
// ---------------------------------------------------------------------------

/**
 * A link that lets a person join a partner: it sets their password (or signs in an
 * existing account) and adds the membership. Only the token's SHA-256 is stored; a
 * link is single-use (`acceptedAt`) and expires.
 */
export const partnerInvitations = pgTable(
  "partner_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    partnerId: uuid("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    /** The language of the page the invitation was sent from: its mail is in it (ADR 033). */
    language: text("language", { enum: ["en", "da"] })
      .notNull()
      .default("en"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("partner_invitations_token_hash_key").on(t.tokenHash),
    index("partner_invitations_partner_idx").on(t.partnerId, t.createdAt),
    index("partner_invitations_email_idx").on(sql`lower(${t.email})`),
    check("partner_invitations_language_check", sql`${t.language} in ('en', 'da')`),
  ],
);

/**
 * An uploaded image, owned by a partner. Its files (the resized WebP variants and the
 * link-preview JPEG) live in the image store under `storageKey`; pages refer to it
 * through an ImageRef. An upload no save ever used (`attachedAt` null) is removed by the
 * daily prune.
 */
export const images = pgTable(
  "images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    partnerId: uuid("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    /** The content hash every stored file's name starts with. */
    storageKey: text("storage_key").notNull(),
    /** Every stored file's key, so removing the image removes exactly these. */
    fileKeys: text("file_keys").array().notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    variants: jsonb("variants").$type<ImageVariant[]>().notNull(),
    previewSrc: text("preview_src").notNull(),
    byteSize: integer("byte_size").notNull(),
    attachedAt: timestamp("attached_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("images_partner_idx").on(t.partnerId),
    index("images_unattached_idx")
      .on(t.createdAt)
      .where(sql`${t.attachedAt} IS NULL`),
  ],
);

/** Before and after of each changed field. */
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

/**
 * Every change an admin or partner makes: who, when, what, and the fields that changed.
 * The actor's email is copied, so the record still names them after the account is gone.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    /** What was done, as `subject.verb`: `partner.update`, `application.approve`. */
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    /** The partner the change concerns, for the admin list's filter. */
    partnerId: uuid("partner_id").references(() => partners.id, { onDelete: "set null" }),
    /** A short human line: the partner's name, the declined reason, the invited address. */
    summary: text("summary").notNull().default(""),
    changes: jsonb("changes").$type<AuditChanges>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    // In the list's order, (created_at, id), so a page starts from the row before it by the
    // index alone, however deep, with or without the partner filter.
    index("audit_log_created_id_idx").on(t.createdAt, t.id),
    index("audit_log_partner_created_id_idx").on(t.partnerId, t.createdAt, t.id),
    index("audit_log_actor_idx").on(t.actorUserId, t.createdAt),
    // The person filter is a substring of the address.
    index("audit_log_actor_email_trgm_idx").using("gin", t.actorEmail.op("gin_trgm_ops")),
  ],
);

// ---------------------------------------------------------------------------
// Running events: page views, messages to participants
// ---------------------------------------------------------------------------

/**
 * Views of an event's public page, one counter per event and Copenhagen day. Counted on
 * the server from page requests without a cookie or an address: nothing about the
 * visitor is kept, and requests from bots are not counted.
 */
export const eventPageViews = pgTable(
  "event_page_views",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.day] }), index("event_page_views_day_idx").on(t.day)],
);

/** Who a message to participants goes to: the captains only, or also every named rower with an email. */
export const messageAudience = pgEnum("message_audience", ["captains", "everyone"]);

/** Which teams a message goes to. */
export const messageTeams = pgEnum("message_teams", ["confirmed", "waitlisted", "both"]);

/** A message a partner sent to the participants of one of their events. */
export const participantMessages = pgTable(
  "participant_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    sentBy: text("sent_by").references(() => users.id, { onDelete: "set null" }),
    /** Copied, so the history still names the sender after their account is gone. */
    senderEmail: text("sender_email").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    audience: messageAudience("audience").notNull(),
    teams: messageTeams("teams").notNull(),
    recipientCount: integer("recipient_count").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("participant_messages_event_idx").on(t.eventId, t.createdAt)],
);

export const deliveryStatus = pgEnum("delivery_status", ["queued", "delivered", "failed"]);

/** One address a participant message goes to, with how its delivery went. */
export const participantMessageRecipients = pgTable(
  "participant_message_recipients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => participantMessages.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    status: deliveryStatus("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    index("participant_message_recipients_message_idx").on(t.messageId, t.status),
    uniqueIndex("participant_message_recipients_email_key").on(t.messageId, sql`lower(${t.email})`),
  ],
);

// ---------------------------------------------------------------------------
// Money: billing details, issued invoices and credit notes, payments, statements (ADR 035)
// ---------------------------------------------------------------------------

/** Registered for moms (25 %), or exempt under momsloven § 13, stk. 1, nr. 5. */
export const vatStatus = pgEnum("vat_status", ["registered", "exempt"]);

/**
 * What a partner's invoices say about it as the seller, and where buyers pay. An admin
 * confirms the moms status before the first invoice (`vatConfirmedAt`); a changed status
 * needs confirming again.
 */
export const partnerBillingProfiles = pgTable(
  "partner_billing_profiles",
  {
    partnerId: uuid("partner_id")
      .primaryKey()
      .references(() => partners.id, { onDelete: "cascade" }),
    legalName: text("legal_name").notNull(),
    addressLine: text("address_line").notNull(),
    postalCode: text("postal_code").notNull(),
    city: text("city").notNull(),
    cvr: text("cvr").notNull(),
    vatStatus: vatStatus("vat_status").notNull(),
    vatConfirmedAt: timestamp("vat_confirmed_at", { withTimezone: true }),
    vatConfirmedBy: text("vat_confirmed_by").references(() => users.id, { onDelete: "set null" }),
    bankRegistration: text("bank_registration").notNull(),
    bankAccount: text("bank_account").notNull(),
    /** For +71 payment lines; null when the partner takes bank transfers only. */
    fiCreditorNumber: text("fi_creditor_number"),
    /** Printed before each number of the partner's series ("KR-0042"). */
    invoicePrefix: text("invoice_prefix").notNull().default(""),
    paymentTermsDays: smallint("payment_terms_days").notNull().default(14),
    /** Where buyers' questions and copies of the partner's documents go. */
    invoiceEmail: text("invoice_email").notNull(),
    /** The partner's account with the payment provider (Stripe Connect), once onboarding began. */
    payoutAccountId: text("payout_account_id"),
    /** Whether the provider lets that account take charges; until then payments are settled monthly. */
    payoutAccountReady: boolean("payout_account_ready").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("partner_billing_profiles_cvr_format", sql`${t.cvr} ~ '^[0-9]{8}$'`),
    check("partner_billing_profiles_bank_registration_format", sql`${t.bankRegistration} ~ '^[0-9]{4}$'`),
    check("partner_billing_profiles_bank_account_format", sql`${t.bankAccount} ~ '^[0-9]{1,10}$'`),
    check(
      "partner_billing_profiles_fi_creditor_format",
      sql`${t.fiCreditorNumber} IS NULL OR ${t.fiCreditorNumber} ~ '^[0-9]{8}$'`,
    ),
    check("partner_billing_profiles_prefix_format", sql`${t.invoicePrefix} ~ '^[A-Z0-9-]{0,12}$'`),
    check("partner_billing_profiles_terms_range", sql`${t.paymentTermsDays} between 0 and 90`),
  ],
);

/**
 * One numbering series per seller (`partner:<id>`, or `rcl` for RCL's own): the last number
 * given out. A document takes the next one by updating this row in the transaction that
 * issues it, so numbers are gapless and unique however many are issued at once: a rolled
 * back transaction gives its number back, which a sequence would not.
 */
export const documentSeries = pgTable("document_series", {
  key: text("key").primaryKey(),
  lastNumber: integer("last_number").notNull().default(0),
});

export const documentKind = pgEnum("document_kind", ["invoice", "credit_note"]);
/** A booking's invoice in the partner's name, or RCL's monthly commission invoice to a partner. */
export const documentPurpose = pgEnum("document_purpose", ["booking", "commission"]);

/**
 * An issued invoice or credit note. `content` is the snapshot every rendering reads
 * (server/invoices/document.ts); the columns beside it are copies for lists and sums. A
 * database trigger refuses every update and delete (migration 0018): what was issued
 * stays issued, and a mistake is corrected by a credit note. The booking and the booker are
 * kept as plain ids, not references, because the documents outlive both by law.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: documentKind("kind").notNull(),
    purpose: documentPurpose("purpose").notNull(),
    seriesKey: text("series_key").notNull(),
    sequenceNumber: integer("sequence_number").notNull(),
    number: text("number").notNull(),
    /** The seller: a partner, or null for RCL's own documents. */
    sellerPartnerId: uuid("seller_partner_id").references(() => partners.id, { onDelete: "restrict" }),
    /** The buyer, for RCL's commission documents to a partner. */
    buyerPartnerId: uuid("buyer_partner_id").references(() => partners.id, { onDelete: "restrict" }),
    registrationId: uuid("registration_id"),
    bookerUserId: text("booker_user_id"),
    eventId: uuid("event_id").references(() => events.id, { onDelete: "restrict" }),
    /** Credit notes: the invoice they reduce. */
    creditsInvoiceId: uuid("credits_invoice_id").references((): AnyPgColumn => invoices.id, {
      onDelete: "restrict",
    }),
    language: text("language", { enum: ["en", "da"] }).notNull(),
    issueDate: date("issue_date", { mode: "string" }).notNull(),
    deliveryDate: date("delivery_date", { mode: "string" }).notNull(),
    dueDate: date("due_date", { mode: "string" }),
    currency: text("currency").notNull().default("DKK"),
    netMinor: integer("net_minor").notNull(),
    vatMinor: integer("vat_minor").notNull(),
    grossMinor: integer("gross_minor").notNull(),
    /** The buyer's e-invoice address, copied for the e-invoice queue and filters. */
    buyerEan: text("buyer_ean"),
    /** The +71 payment id, or null: bank lines are matched by it or by the number. */
    paymentId: text("payment_id"),
    content: jsonb("content").$type<DocumentContent>().notNull(),
    /** Who issued it by hand (a partial credit); null when a booking's change issued it. */
    issuedBy: text("issued_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invoices_series_number_key").on(t.seriesKey, t.sequenceNumber),
    index("invoices_seller_issue_idx").on(t.sellerPartnerId, t.issueDate),
    index("invoices_buyer_partner_idx").on(t.buyerPartnerId, t.issueDate),
    index("invoices_issue_idx").on(t.issueDate, t.id),
    index("invoices_registration_idx").on(t.registrationId),
    index("invoices_booker_idx").on(t.bookerUserId),
    index("invoices_event_idx").on(t.eventId),
    index("invoices_credits_idx").on(t.creditsInvoiceId),
    // The Invoices lists' "open" filter: the invoices not yet due (server/invoices/queries.ts).
    index("invoices_due_idx")
      .on(t.dueDate)
      .where(sql`${t.kind} = 'invoice'`),
    index("invoices_payment_id_idx").on(t.paymentId),
    index("invoices_number_idx").on(t.number),
    check("invoices_currency_dkk", sql`${t.currency} = 'DKK'`),
    check(
      "invoices_amounts",
      sql`${t.netMinor} >= 0 AND ${t.vatMinor} >= 0 AND ${t.grossMinor} = ${t.netMinor} + ${t.vatMinor}`,
    ),
    check(
      "invoices_credit_refers",
      sql`(${t.kind} = 'invoice' AND ${t.creditsInvoiceId} IS NULL AND ${t.dueDate} IS NOT NULL) OR (${t.kind} = 'credit_note' AND ${t.creditsInvoiceId} IS NOT NULL)`,
    ),
    check("invoices_language_check", sql`${t.language} in ('en', 'da')`),
  ],
);

export const paymentSource = pgEnum("payment_source", ["manual", "bank_statement", "online"]);

/** Money received against an invoice: marked by hand, or matched from a bank statement line. */
export const invoicePayments = pgTable(
  "invoice_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    amountMinor: integer("amount_minor").notNull(),
    source: paymentSource("source").notNull(),
    /** The statement line it came from; unique, so no line pays twice. */
    bankLineId: uuid("bank_line_id").references((): AnyPgColumn => bankStatementLines.id, {
      onDelete: "restrict",
    }),
    recordedBy: text("recorded_by").references(() => users.id, { onDelete: "set null" }),
    /** The online payment it came from; unique, so no payment pays twice. */
    onlinePaymentId: uuid("online_payment_id").references((): AnyPgColumn => payments.id, {
      onDelete: "restrict",
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index("invoice_payments_invoice_idx").on(t.invoiceId),
    uniqueIndex("invoice_payments_online_payment_key").on(t.onlinePaymentId),
    uniqueIndex("invoice_payments_bank_line_key").on(t.bankLineId),
    check("invoice_payments_amount_positive", sql`${t.amountMinor} > 0`),
  ],
);

/**
 * A line of an uploaded bank statement, kept whether or not it matched an invoice, so an
 * unmatched line can be looked at and the same line uploaded again is recognised.
 */
export const bankStatementLines = pgTable(
  "bank_statement_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Whose account: `partner:<id>`, or `rcl`, as document series are keyed. */
    ownerKey: text("owner_key").notNull(),
    bookedOn: date("booked_on", { mode: "string" }).notNull(),
    text: text("text").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    /** Date, text, amount and how many such lines came before it in its file. */
    fingerprint: text("fingerprint").notNull(),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("bank_statement_lines_fingerprint_key").on(t.ownerKey, t.fingerprint),
    index("bank_statement_lines_owner_idx").on(t.ownerKey, t.bookedOn),
  ],
);

/** The one reminder an overdue invoice gets (3 days after its due date). */
export const invoiceReminders = pgTable("invoice_reminders", {
  invoiceId: uuid("invoice_id")
    .primaryKey()
    .references(() => invoices.id, { onDelete: "restrict" }),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
});

export const transmissionStatus = pgEnum("transmission_status", ["pending", "sent", "failed", "retried"]);

/** An e-invoice on its way to a public buyer's EAN through a Peppol access point. */
export const einvoiceTransmissions = pgTable(
  "einvoice_transmissions",
  {
    invoiceId: uuid("invoice_id")
      .primaryKey()
      .references(() => invoices.id, { onDelete: "restrict" }),
    status: transmissionStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** The access point's id for the message, once it took it. */
    accessPointId: text("access_point_id"),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("einvoice_transmissions_status_idx").on(t.status)],
);

/**
 * A partner's monthly statement: its documents of the month, RCL's commission on them
 * for premium partners, and what the partner keeps. Every document is in exactly one.
 */
export const partnerStatements = pgTable(
  "partner_statements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    partnerId: uuid("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "restrict" }),
    /** The month's first day. */
    month: date("month", { mode: "string" }).notNull(),
    /** Invoices less credit notes. */
    netMinor: integer("net_minor").notNull(),
    vatMinor: integer("vat_minor").notNull(),
    grossMinor: integer("gross_minor").notNull(),
    revenueSharePercent: smallint("revenue_share_percent"),
    commissionNetMinor: integer("commission_net_minor").notNull().default(0),
    commissionVatMinor: integer("commission_vat_minor").notNull().default(0),
    /** Gross sales less the commission with its moms. */
    partnerKeepsMinor: integer("partner_keeps_minor").notNull(),
    /**
     * Paid online to RCL for the partner in the month (payments without a connected
     * account), less what was refunded of them in the month: RCL holds it for the partner.
     */
    onlineCollectedMinor: integer("online_collected_minor").notNull().default(0),
    /** RCL's commission already kept as application fees on the month's destination charges, less fees refunded. */
    applicationFeesMinor: integer("application_fees_minor").notNull().default(0),
    /** What RCL pays the partner: what it collected, less the commission not yet kept as fees; negative when the partner owes RCL. */
    payoutMinor: integer("payout_minor").notNull().default(0),
    commissionInvoiceId: uuid("commission_invoice_id").references(() => invoices.id, {
      onDelete: "restrict",
    }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("partner_statements_partner_month_key").on(t.partnerId, t.month)],
);

export const statementDocuments = pgTable(
  "statement_documents",
  {
    invoiceId: uuid("invoice_id")
      .primaryKey()
      .references(() => invoices.id, { onDelete: "restrict" }),
    statementId: uuid("statement_id")
      .notNull()
      .references(() => partnerStatements.id, { onDelete: "restrict" }),
  },
  (t) => [index("statement_documents_statement_idx").on(t.statementId)],
);

// ---------------------------------------------------------------------------
// Online payments, refunds and discount codes
// ---------------------------------------------------------------------------

export const onlinePaymentStatus = pgEnum("online_payment_status", ["pending", "paid", "failed", "expired"]);

/**
 * A checkout at the payment provider for one booking's price. Kept by plain ids, as
 * invoices are: a payment outlives the booking and the booker. Refunds are rows of
 * `payment_refunds`; what is left is the amount less the refunds that succeeded.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    registrationId: uuid("registration_id").notNull(),
    bookerUserId: text("booker_user_id").notNull(),
    partnerId: uuid("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "restrict" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "restrict" }),
    /** Which provider took it: `stripe`, or `test` (the provider that ships with RCL). */
    provider: text("provider", { enum: ["stripe", "test"] }).notNull(),
    /** The provider's hosted checkout (a Stripe Checkout Session id). */
    checkoutId: text("checkout_id").notNull(),
    checkoutUrl: text("checkout_url").notNull(),
    /** The provider's payment once paid (a Stripe PaymentIntent id). */
    providerPaymentId: text("provider_payment_id"),
    /** `card` or `mobilepay`, as the provider reports it. */
    method: text("method"),
    status: onlinePaymentStatus("status").notNull().default("pending"),
    /** The booking's net price after its discount, and its moms, when the checkout was made: what its invoice states. */
    netMinor: integer("net_minor").notNull(),
    vatMinor: integer("vat_minor").notNull(),
    /** Net plus moms: what the booker pays. */
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull().default("DKK"),
    /** RCL's commission with its moms, kept as the application fee of a destination charge. */
    applicationFeeMinor: integer("application_fee_minor").notNull().default(0),
    /** The partner's connected account the charge went to; null when settled monthly. */
    destinationAccountId: text("destination_account_id"),
    /** The invoice issued, already paid, when the payment confirmed the booking. */
    invoiceId: uuid("invoice_id").references(() => invoices.id, { onDelete: "restrict" }),
    failureReason: text("failure_reason"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payments_provider_checkout_key").on(t.provider, t.checkoutId),
    index("payments_registration_idx").on(t.registrationId),
    index("payments_partner_created_idx").on(t.partnerId, t.createdAt),
    index("payments_event_idx").on(t.eventId),
    index("payments_created_idx").on(t.createdAt, t.id),
    check("payments_amount_positive", sql`${t.amountMinor} > 0`),
    check("payments_amount_sum", sql`${t.amountMinor} = ${t.netMinor} + ${t.vatMinor}`),
    check("payments_fee_range", sql`${t.applicationFeeMinor} between 0 and ${t.amountMinor}`),
    check("payments_currency_dkk", sql`${t.currency} = 'DKK'`),
  ],
);

export const refundStatus = pgEnum("refund_status", ["pending", "succeeded", "failed"]);

/**
 * Money returned on a payment. The row's id is the idempotency key sent to the provider,
 * so a refund retried after a crash is made once. Pending and succeeded refunds together
 * never exceed the payment (checked under the payment's row lock).
 */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    amountMinor: integer("amount_minor").notNull(),
    /** `cancellation`, `event_cancelled`, `late_payment`, or `provider` (made at the provider). */
    reason: text("reason", {
      enum: ["cancellation", "event_cancelled", "late_payment", "provider"],
    }).notNull(),
    status: refundStatus("status").notNull().default("pending"),
    providerRefundId: text("provider_refund_id"),
    /** The credit note issued for it, where the payment had an invoice. */
    creditNoteId: uuid("credit_note_id").references(() => invoices.id, { onDelete: "restrict" }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("payment_refunds_payment_idx").on(t.paymentId),
    uniqueIndex("payment_refunds_provider_key").on(t.providerRefundId),
    check("payment_refunds_amount_positive", sql`${t.amountMinor} > 0`),
  ],
);

/** Every provider webhook event handled: a repeated delivery finds its row and changes nothing. */
export const paymentWebhookEvents = pgTable(
  "payment_webhook_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    checkoutId: text("checkout_id"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * The test provider's own checkouts: it ships with RCL and keeps its state in the app's
 * database, so a payment made there survives a restart like one at a real provider.
 */
export const testProviderCheckouts = pgTable("test_provider_checkouts", {
  id: text("id").primaryKey(),
  amountMinor: integer("amount_minor").notNull(),
  currency: text("currency").notNull(),
  description: text("description").notNull(),
  destinationAccountId: text("destination_account_id"),
  applicationFeeMinor: integer("application_fee_minor").notNull().default(0),
  successUrl: text("success_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  status: text("status", { enum: ["open", "paid", "failed", "pending", "expired"] })
    .notNull()
    .default("open"),
  method: text("method"),
  paymentId: text("payment_id"),
  /** Refunds made: `{ id, amountMinor, idempotencyKey }`. */
  refunds: jsonb("refunds")
    .$type<{ id: string; amountMinor: number; idempotencyKey: string }[]>()
    .notNull()
    .default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const discountKind = pgEnum("discount_kind", ["percent", "amount"]);

/**
 * A partner's discount code, for one of its events or all of them. `uses` counts bookings
 * that applied it; it is raised in the booking's transaction by a guarded update, and the
 * check below makes going past `max_uses` impossible whatever the code does.
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    partnerId: uuid("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "restrict" }),
    /** Null: every event of the partner. */
    eventId: uuid("event_id").references(() => events.id, { onDelete: "restrict" }),
    /** Upper case, as bookers' input is compared. */
    code: text("code").notNull(),
    kind: discountKind("kind").notNull(),
    percent: smallint("percent"),
    /** Net of moms, off each team's price. */
    amountMinor: integer("amount_minor"),
    maxUses: integer("max_uses"),
    uses: integer("uses").notNull().default(0),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    /** The teams the booking account must hold at the event, this one included. */
    minTeams: smallint("min_teams").notNull().default(1),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    disabledBy: text("disabled_by").references(() => users.id, { onDelete: "set null" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("discount_codes_partner_code_key").on(t.partnerId, t.code),
    index("discount_codes_event_idx").on(t.eventId),
    check("discount_codes_code_format", sql`${t.code} ~ '^[A-Z0-9-]{3,32}$'`),
    check(
      "discount_codes_kind_value",
      sql`(${t.kind} = 'percent' AND ${t.percent} BETWEEN 1 AND 100 AND ${t.amountMinor} IS NULL) OR (${t.kind} = 'amount' AND ${t.amountMinor} > 0 AND ${t.percent} IS NULL)`,
    ),
    check(
      "discount_codes_uses_limit",
      sql`${t.uses} >= 0 AND (${t.maxUses} IS NULL OR ${t.uses} <= ${t.maxUses})`,
    ),
    check("discount_codes_max_uses_positive", sql`${t.maxUses} IS NULL OR ${t.maxUses} > 0`),
    check("discount_codes_min_teams_range", sql`${t.minTeams} between 1 and 50`),
    check(
      "discount_codes_validity",
      sql`${t.validFrom} IS NULL OR ${t.validUntil} IS NULL OR ${t.validFrom} < ${t.validUntil}`,
    ),
  ],
);

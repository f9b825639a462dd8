import { sql, type SQL } from "drizzle-orm";
import type { Database } from "./client";
import type { Transaction } from "./rows";
import { SITE_ZONE_SQL } from "./site-zone";

/**
 * How many of each the bench data holds; `largeEventTeams` more registrations fill one more
 * event, a company regatta of that many teams, the biggest crew list and export a partner has.
 */
export type BenchDataSizes = {
  events: number;
  partners: number;
  users: number;
  registrations: number;
  largeEventTeams: number;
  /** Rows of the audit log, by the partners' members and three admins over two years (none if left out). */
  auditEntries?: number;
  /** Page views of every published event, one counter a day from its publishing to its start or today. */
  pageViews?: boolean;
};

/** A text array literal for SQL, from constant words (no quotes in them). */
const words = (list: string[]) => sql.raw(`(array[${list.map((word) => `'${word}'`).join(",")}])`);

const CITIES = [
  "Copenhagen",
  "Aarhus",
  "Odense",
  "Aalborg",
  "Roskilde",
  "Frankfurt am Main",
  "Hamburg",
  "Berlin",
  "Oxford",
  "London",
  "Malmö",
  "Stockholm",
  "Oslo",
  "Amsterdam",
];
const COUNTRIES = [
  "Denmark",
  "Denmark",
  "Denmark",
  "Denmark",
  "Denmark",
  "Germany",
  "Germany",
  "Germany",
  "United Kingdom",
  "United Kingdom",
  "Sweden",
  "Sweden",
  "Norway",
  "Netherlands",
];
const CLUB_KINDS = ["Rowing Club", "Boat Club", "Regatta Society", "Rowing Centre", "Paddle Club"];
/** Event titles with the type each one is; the fifth is a networking event. */
const TITLES = [
  ["Harbour Rowing Regatta", "traditional_rowing"],
  ["Indoor Rowing Challenge", "indoor_rowing"],
  ["Corporate Rowing Cup", "traditional_rowing"],
  ["Team Building on the Water", "team_building"],
  ["Canal Row and Networking", "team_building"],
  ["Erg Sprint Championship", "indoor_rowing"],
  ["Sunrise Sculling Session", "traditional_rowing"],
  ["Leadership Rowing Retreat", "team_building"],
  ["Dragon Boat Team Day", "team_building"],
  ["Coastal Rowing Adventure", "traditional_rowing"],
] as const;
const FIRST_NAMES = ["Anna", "Mads", "Sofie", "Lars", "Emma", "Jonas", "Ida", "Felix", "Clara", "Oliver"];
const LAST_NAMES = ["Jensen", "Nielsen", "Hansen", "Schmidt", "Müller", "Smith", "Berg", "Larsen", "Weber"];
const COMPANIES = [
  "Nordhavn Analytics",
  "Fjord Logistics",
  "Baltic Energy",
  "Harbour Bank",
  "Skyline Software",
];
const TEAM_WORDS = ["Blue", "Harbour", "Fjord", "North", "Storm", "Viking", "Tide", "Swift"];
const TEAM_NOUNS = ["Rowers", "Oars", "Crew", "Eight", "Paddlers"];

/** Six base-36 digits of a number below 36^6, as booking references use. */
function base36Digits(number: SQL): SQL {
  const digits = [5, 4, 3, 2, 1, 0].map(
    (place) =>
      sql`substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', ((${number} / ${36 ** place}::bigint) % 36)::int + 1, 1)`,
  );
  return sql.join(digits, sql` || `);
}
/** 36^6 and a prime that does not divide it: g·prime mod 36^6 is a different reference for every g. */
const REFERENCE_SPACE = 36 ** 6;
const REFERENCE_STEP = 1_000_003;

/**
 * Loads a catalogue at scale with set-based SQL in one transaction (scripts/bench-data.ts
 * explains the shape). `tag` ([a-z0-9]) goes into every slug, id and address, so runs never
 * clash; every account gets `passwordHash`.
 */
export async function loadBenchData(
  db: Database,
  sizes: BenchDataSizes,
  { tag, passwordHash, now }: { tag: string; passwordHash: string; now: Date },
) {
  const prefix = `bench-${tag}`;
  const cities = words(CITIES);
  const countries = words(COUNTRIES);
  const referenceOffset = Math.floor(Math.random() * REFERENCE_SPACE);
  const nowIso = now.toISOString();
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into partners (slug, name, location, description, email, status, tier, featured, founded_year, created_at, updated_at)
      select ${prefix}::text || '-partner-' || g,
        ${cities}[1 + g % ${CITIES.length}] || ' ' || ${words(CLUB_KINDS)}[1 + (g / ${CITIES.length}) % ${CLUB_KINDS.length}] || ' ' || g,
        ${cities}[1 + g % ${CITIES.length}] || ', ' || ${countries}[1 + g % ${CITIES.length}],
        'Corporate rowing, regattas and team days on the water.',
        'club' || g || '@' || ${tag} || '.bench.example',
        (case when g % 25 = 0 then 'pending' when g % 50 = 1 then 'suspended' else 'approved' end)::partner_status,
        'basic', g % 50 = 2, 1850 + g % 170,
        ${nowIso}::timestamptz - (g % 900) * interval '1 day', ${nowIso}::timestamptz
      from generate_series(1, ${sizes.partners}::int) g`);

    const titles = words(TITLES.map(([title]) => title));
    const types = words(TITLES.map(([, type]) => type));
    await tx.execute(sql`
      with p as (
        select id, location, row_number() over (order by slug) - 1 as n
        from partners where slug like ${`${prefix}-partner-%`}
      ),
      e as (
        select g, date_trunc('hour', ${nowIso}::timestamptz)
          + ((g * 7919) % 1096 - 548) * interval '1 day' + (g % 9) * interval '1 hour' as starts_at
        from generate_series(1, ${sizes.events}::int) g
      )
      insert into events (slug, title, description, type, status, is_networking, partner_id, location,
        location_details, starts_at, ends_at, registration_deadline, price_minor, currency, max_teams,
        team_size, published_at, submitted_at, cancelled_at, cancellation_reason, created_at, updated_at)
      select ${prefix}::text || '-event-' || e.g,
        ${titles}[1 + e.g % ${TITLES.length}] || ' ' || split_part(p.location, ',', 1) || ' ' || e.g,
        'A day of rowing for teams of colleagues, with coaching, a race and lunch by the water.',
        ${types}[1 + e.g % ${TITLES.length}]::event_type,
        (case when e.g % 100 < 4 then 'draft' when e.g % 100 < 7 then 'pending_review'
          when e.g % 100 < 10 then 'cancelled' else 'published' end)::event_status,
        e.g % ${TITLES.length} = 4,
        p.id, p.location, 'Meet at the boathouse', e.starts_at,
        e.starts_at + (3 + e.g % 5) * interval '1 hour',
        e.starts_at - interval '7 days',
        25000 + (e.g % 20) * 2500,
        -- Every price is in DKK (events_currency_dkk).
        'DKK',
        6 + e.g % 25, (array[9, 5, 2, 8])[1 + e.g % 4],
        case when e.g % 100 >= 7 then e.starts_at - interval '60 days' end,
        case when e.g % 100 between 4 and 6 then ${nowIso}::timestamptz - interval '1 day' end,
        case when e.g % 100 between 7 and 9 then e.starts_at - interval '14 days' end,
        case when e.g % 100 between 7 and 9 then 'Not enough teams signed up.' end,
        e.starts_at - interval '90 days', e.starts_at - interval '60 days'
      from e join p on p.n = e.g % (select count(*) from p)`);

    await tx.execute(sql`
      insert into users (id, name, email, email_verified, created_at, updated_at)
      select ${`${prefix}-user-`} || g,
        ${words(FIRST_NAMES)}[1 + g % ${FIRST_NAMES.length}] || ' ' || ${words(LAST_NAMES)}[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
        'person' || g || '@' || ${tag} || '.bench.example', true,
        ${nowIso}::timestamptz - (g % 730) * interval '1 day', ${nowIso}::timestamptz - (g % 730) * interval '1 day'
      from generate_series(1, ${sizes.users}::int) g`);
    await tx.execute(sql`
      insert into accounts (id, account_id, provider_id, user_id, password, created_at, updated_at)
      select ${`${prefix}-account-`} || g, ${`${prefix}-user-`} || g, 'credential', ${`${prefix}-user-`} || g,
        ${passwordHash}, ${nowIso}::timestamptz, ${nowIso}::timestamptz
      from generate_series(1, ${sizes.users}::int) g`);
    // The first person of each partner acts for it; everyone else books.
    await tx.execute(sql`
      insert into profiles (user_id, first_name, last_name, company, role, created_at, updated_at)
      select ${`${prefix}-user-`} || g,
        ${words(FIRST_NAMES)}[1 + g % ${FIRST_NAMES.length}],
        ${words(LAST_NAMES)}[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
        ${words(COMPANIES)}[1 + g % ${COMPANIES.length}],
        (case when g <= ${sizes.partners} then 'partner' else 'user' end)::user_role,
        ${nowIso}::timestamptz, ${nowIso}::timestamptz
      from generate_series(1, ${sizes.users}::int) g`);
    await tx.execute(sql`
      insert into partner_members (partner_id, user_id)
      select p.id, ${`${prefix}-user-`} || p.n
      from (select id, row_number() over (order by slug) as n from partners
            where slug like ${`${prefix}-partner-%`}) p
      where p.n <= ${sizes.users}`);

    // Registrations go round the public events, so each gets its share; the k-th team of
    // an event is waitlisted once the event is full, and every tenth was cancelled.
    await tx.execute(sql`
      with ev as (
        select id, max_teams, registration_deadline, row_number() over (order by slug) - 1 as n
        from events where slug like ${`${prefix}-event-%`} and status in ('published', 'cancelled')
      ),
      r as (
        select g, (g - 1) % (select count(*) from ev) as n, (g - 1) / (select count(*) from ev) as k,
          (g::bigint * ${REFERENCE_STEP} + ${referenceOffset}) % ${REFERENCE_SPACE} as code
        from generate_series(1, ${sizes.registrations}::int) g
      )
      insert into team_registrations (reference, event_id, user_id, team_name, company, status,
        captain_name, captain_email, roster, cancelled_at, created_at, updated_at)
      select 'RCL-' || ${base36Digits(sql`r.code`)},
        ev.id,
        ${`${prefix}-user-`} || (1 + (r.g * 7) % ${sizes.users}),
        ${words(TEAM_WORDS)}[1 + r.g % ${TEAM_WORDS.length}] || ' ' || ${words(TEAM_NOUNS)}[1 + (r.g / ${TEAM_WORDS.length}) % ${TEAM_NOUNS.length}] || ' ' || r.g,
        ${words(COMPANIES)}[1 + r.g % ${COMPANIES.length}],
        (case when r.g % 10 = 0 then 'cancelled' when r.k >= ev.max_teams then 'waitlisted'
          else 'confirmed' end)::registration_status,
        ${words(FIRST_NAMES)}[1 + r.g % ${FIRST_NAMES.length}] || ' ' || ${words(LAST_NAMES)}[1 + r.g % ${LAST_NAMES.length}],
        'captain' || r.g || '@' || ${tag} || '.bench.example',
        jsonb_build_array(jsonb_build_object('name', 'Rower ' || r.g), jsonb_build_object('name', 'Rower ' || (r.g + 1))),
        case when r.g % 10 = 0 then least(${nowIso}::timestamptz, ev.registration_deadline) end,
        least(${nowIso}::timestamptz, ev.registration_deadline) - (1 + r.g % 60) * interval '1 day',
        least(${nowIso}::timestamptz, ev.registration_deadline) - (1 + r.g % 60) * interval '1 day'
      from r join ev on ev.n = r.n`);

    if (sizes.largeEventTeams > 0) await loadLargeEvent(tx, sizes, { prefix, tag, nowIso, referenceOffset });
    if (sizes.auditEntries) await loadAuditLog(tx, sizes.auditEntries, { prefix, tag, nowIso });
    if (sizes.pageViews) await loadPageViews(tx, { prefix, nowIso });
  });
  // Fresh statistics, and the trigram indexes' pending entries merged (as autovacuum would
  // do in time), so the plans measured are the ones a settled database gets.
  await db.execute(sql`vacuum analyze`);
}

/**
 * One published event a month ahead, of the first approved partner, with `largeEventTeams`
 * confirmed teams of up to 50 per account, their references after every other registration's.
 */
async function loadLargeEvent(
  tx: Transaction,
  sizes: BenchDataSizes,
  {
    prefix,
    tag,
    nowIso,
    referenceOffset,
  }: { prefix: string; tag: string; nowIso: string; referenceOffset: number },
) {
  const startsAt = sql`date_trunc('hour', ${nowIso}::timestamptz) + interval '30 days'`;
  await tx.execute(sql`
    insert into events (slug, title, description, type, status, partner_id, location, location_details,
      starts_at, ends_at, registration_deadline, price_minor, currency, max_teams, max_teams_per_account,
      team_size, published_at, created_at, updated_at)
    select ${`${prefix}-event-large`}, 'Company Regatta ' || split_part(p.location, ',', 1),
      'The whole company on the water: heats all morning, finals after lunch.',
      'traditional_rowing'::event_type, 'published'::event_status, p.id, p.location, 'Meet at the boathouse',
      ${startsAt}, ${startsAt} + interval '8 hours', ${startsAt} - interval '7 days', 30000, 'DKK',
      ${sizes.largeEventTeams}::int, 50, 8,
      ${nowIso}::timestamptz - interval '30 days', ${nowIso}::timestamptz - interval '45 days', ${nowIso}::timestamptz
    from partners p where p.slug like ${`${prefix}-partner-%`} and p.status = 'approved'
    order by p.slug limit 1`);
  await tx.execute(sql`
    with r as (
      select g, ((g + ${sizes.registrations})::bigint * ${REFERENCE_STEP} + ${referenceOffset}) % ${REFERENCE_SPACE} as code
      from generate_series(1, ${sizes.largeEventTeams}::int) g
    )
    insert into team_registrations (reference, event_id, user_id, team_name, company, status,
      captain_name, captain_email, roster, created_at, updated_at)
    select 'RCL-' || ${base36Digits(sql`r.code`)}, e.id,
      ${`${prefix}-user-`} || (1 + r.g % ${sizes.users}),
      'Regatta Crew ' || r.g, ${words(COMPANIES)}[1 + r.g % ${COMPANIES.length}], 'confirmed'::registration_status,
      ${words(FIRST_NAMES)}[1 + r.g % ${FIRST_NAMES.length}] || ' ' || ${words(LAST_NAMES)}[1 + r.g % ${LAST_NAMES.length}],
      'regatta' || r.g || '@' || ${tag} || '.bench.example',
      jsonb_build_array(jsonb_build_object('name', 'Rower ' || r.g), jsonb_build_object('name', 'Rower ' || (r.g + 1))),
      ${nowIso}::timestamptz - (1 + r.g % 30) * interval '1 day', ${nowIso}::timestamptz - (1 + r.g % 30) * interval '1 day'
    from r cross join (select id from events where slug = ${`${prefix}-event-large`}) e`);
}

/**
 * What a partner's member does, and what an admin does, as `subject.verb` with the entity type
 * recordAudit files it under; `partner` says whether the row concerns a partner.
 */
const MEMBER_ACTIONS = [
  ["event.update", "event"],
  ["event.create", "event"],
  ["event.submit", "event"],
  ["event.submit_changes", "event"],
  ["registration.confirm", "registration"],
  ["registration.move", "registration"],
  ["registration.cancel", "registration"],
  ["image.upload", "image"],
  ["event.message_participants", "event"],
  ["partner.update_settings", "partner"],
] as const;
const ADMIN_ACTIONS = [
  ["event.approve", "event"],
  ["event.request_changes", "event"],
  ["partner.update", "partner"],
  ["invoice.record_payment", "invoice"],
  ["invoice.credit", "invoice"],
  ["user.change_role", "user"],
  ["application.approve", "partner_application"],
  ["discount_code.create", "discount_code"],
  ["settings.update", "site_settings"],
  ["inquiry.reply", "inquiry"],
] as const;
/** Admin actions that concern no partner. */
const ADMIN_ACTIONS_WITHOUT_PARTNER = new Set([
  "user.change_role",
  "discount_code.create",
  "settings.update",
]);

/**
 * `count` audit rows over the two years before now, newest at now: three in four by the member
 * acting for a partner (round the partners), the rest by one of three admins (whose accounts
 * are not in the bench data, as after an admin's account is deleted), each about a partner
 * unless its subject has none. Updates carry a changed field, as the log shows them.
 */
async function loadAuditLog(
  tx: Transaction,
  count: number,
  { prefix, tag, nowIso }: { prefix: string; tag: string; nowIso: string },
) {
  const memberActions = words(MEMBER_ACTIONS.map(([action]) => action));
  const memberTypes = words(MEMBER_ACTIONS.map(([, type]) => type));
  const adminActions = words(ADMIN_ACTIONS.map(([action]) => action));
  const adminTypes = words(ADMIN_ACTIONS.map(([, type]) => type));
  const withoutPartner = words([...ADMIN_ACTIONS_WITHOUT_PARTNER]);
  const twoYears = 730 * 86_400;
  await tx.execute(sql`
    with p as (
      select p.id, p.n, m.user_id, m.email
      from (select id, row_number() over (order by slug) as n from partners
            where slug like ${`${prefix}-partner-%`}) p
      left join lateral (select u.id as user_id, u.email from partner_members pm join users u on u.id = pm.user_id
        where pm.partner_id = p.id order by u.id limit 1) m on true
    ),
    a as (
      select g, g % 4 = 0 as by_admin, 1 + (g / 4) % ${MEMBER_ACTIONS.length} as m, 1 + (g / 4) % ${ADMIN_ACTIONS.length} as k,
        (g - 1) % (select count(*) from p) + 1 as pn
      from generate_series(1, ${count}::int) g
    ),
    rows as (
      select a.g, a.by_admin, p.id as partner_id, p.user_id, p.email,
        case when a.by_admin then ${adminActions}[a.k] else ${memberActions}[a.m] end as action,
        case when a.by_admin then ${adminTypes}[a.k] else ${memberTypes}[a.m] end as entity_type
      from a join p on p.n = a.pn
    )
    insert into audit_log (actor_user_id, actor_email, action, entity_type, entity_id, partner_id, summary, changes, created_at)
    select case when by_admin then null else user_id end,
      case when by_admin then 'admin' || (1 + g % 3) || '@' || ${tag} || '.bench.example' else coalesce(email, '') end,
      action, entity_type,
      case when entity_type = 'partner' then partner_id::text else md5(${tag} || g)::uuid::text end,
      case when action = any(${withoutPartner}) then null else partner_id end,
      case when entity_type = 'event' then 'Harbour Rowing Regatta ' || g else '' end,
      case when action like '%.update%' then jsonb_build_object('title', jsonb_build_object(
        'before', 'Harbour Rowing Regatta ' || g, 'after', 'Harbour Rowing Regatta ' || (g + 1)))
        else '{}'::jsonb end,
      ${nowIso}::timestamptz - ((g::bigint * 7919) % ${twoYears}) * interval '1 second'
    from rows`);
}

/**
 * One counter a day for each published event, from the day it was published to the day it
 * starts or is called off, or today if sooner: the rows the partner analytics read.
 */
async function loadPageViews(tx: Transaction, { prefix, nowIso }: { prefix: string; nowIso: string }) {
  const day = (instant: SQL) => sql`(${instant} at time zone ${SITE_ZONE_SQL})::date`;
  await tx.execute(sql`
    insert into event_page_views (event_id, day, views)
    select e.id, d::date, 1 + abs(hashtext(e.slug || d::date)) % 40
    from events e
    cross join lateral generate_series(${day(sql`e.published_at`)},
      ${day(sql`least(e.starts_at, e.cancelled_at, ${nowIso}::timestamptz)`)}, interval '1 day') d
    where e.slug like ${`${prefix}-event-%`} and e.published_at is not null`);
}

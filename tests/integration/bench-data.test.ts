import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmptyDatabaseTarget, type EmptyDatabaseTarget } from "../support/database";
import { scaled } from "../support/timeouts";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const SMALL = [
  ...["--events", "40", "--partners", "4", "--users", "12", "--registrations", "60"],
  ...["--large-event-teams", "30", "--audit-entries", "400"],
];

/** Where `npm run bench:data` loads: a new PostgreSQL database, or a new PGlite folder. */
let target: EmptyDatabaseTarget;

beforeAll(async () => {
  target = await createEmptyDatabaseTarget("rcl-bench-data");
}, scaled(60_000));

afterAll(async () => {
  await target?.drop();
});

async function benchData(args: string[]) {
  // Only the target's variable: a DATABASE_URL from the caller's shell must not win over DATA_DIR.
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
  const env = { ...inherited, ...target.env };
  return run(process.execPath, ["--import", "tsx", "scripts/bench-data.ts", ...args], {
    cwd: ROOT,
    env,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

async function figures() {
  const handle = await target.open();
  try {
    const { rows } = await handle.runSql(`select
      (select count(*)::int from partners) as partners,
      (select count(*)::int from events) as events,
      (select count(*)::int from events where starts_at < now()) as past,
      (select count(distinct type)::int from events) as types,
      (select count(distinct status)::int from events) as event_statuses,
      (select count(*)::int from users) as users,
      (select count(*)::int from profiles) as profiles,
      (select count(*)::int from accounts where password is not null) as accounts,
      (select count(*)::int from team_registrations) as registrations,
      (select count(*)::int from team_registrations r join events e on e.id = r.event_id
        where e.slug like '%-event-large' and r.status = 'confirmed' and e.status = 'published') as large_event_confirmed,
      (select count(*)::int from team_registrations r join events e on e.id = r.event_id
        where e.status not in ('published', 'cancelled')) as registrations_on_private_events,
      (select count(*)::int from (select event_id from team_registrations where status = 'confirmed'
        group by event_id having count(*) > (select max_teams from events e where e.id = event_id)) o) as overbooked,
      (select count(*)::int from audit_log) as audit,
      (select count(distinct action)::int from audit_log) as audit_actions,
      (select count(*)::int from audit_log where actor_user_id is not null) as audit_by_members,
      (select count(*)::int from audit_log where partner_id is not null) as audit_of_partners,
      (select count(*)::int from audit_log where created_at > now() or created_at < now() - interval '731 days') as audit_out_of_range,
      (select count(*)::int from event_page_views) as view_days,
      (select count(distinct event_id)::int from event_page_views) as viewed_events,
      (select count(*)::int from event_page_views v join events e on e.id = v.event_id
        where e.published_at is null or v.day > current_date + 1 or v.views < 1) as stray_views`);
    return rows[0] as Record<string, number>;
  } finally {
    await handle.close();
  }
}

describe("npm run bench:data", () => {
  it(
    "loads an empty database with data that keeps every rule, refuses it again, and adds with --add",
    async () => {
      const first = await benchData(SMALL);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toMatch(
        /4 partners, 41 events, 12 people, 90 registrations, 400 audit entries, \d+ days of page views/,
      );
      const loaded = await figures();
      expect(loaded).toMatchObject({
        partners: 4,
        events: 41,
        users: 12,
        profiles: 12,
        accounts: 12,
        registrations: 90,
        large_event_confirmed: 30,
        types: 3,
        event_statuses: 4,
        registrations_on_private_events: 0,
        overbooked: 0,
        audit: 400,
        audit_actions: 20,
        audit_by_members: 300,
        audit_out_of_range: 0,
        stray_views: 0,
      });
      // The log is about partners mostly, and the analytics have views of past and running events.
      expect(loaded.audit_of_partners).toBeGreaterThan(300);
      expect(loaded.view_days).toBeGreaterThan(loaded.viewed_events ?? 0);
      expect(loaded.viewed_events).toBeGreaterThan(10);
      // Past and future both.
      expect(loaded.past).toBeGreaterThan(0);
      expect(loaded.past).toBeLessThan(41);

      const again = await benchData(SMALL);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain("pass --add to add to this one");
      expect((await figures()).events).toBe(41);

      const added = await benchData([...SMALL, "--add"]);
      expect(added.code, added.stderr).toBe(0);
      expect(await figures()).toMatchObject({
        partners: 8,
        events: 82,
        users: 24,
        registrations: 180,
        audit: 800,
      });
    },
    scaled(240_000),
  );

  it.each([
    ["--events", "0"],
    ["--events", "6"],
    ["--users", "2.5"],
    ["--registrations", "many"],
    ["--large-event-teams", "many"],
    ["--audit-entries", "many"],
  ])(
    "refuses %s %s",
    async (flag, value) => {
      const result = await benchData([flag, value]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`${flag} must be a whole number`);
    },
    60_000,
  );
});

import { spawnSync } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "#server/db/client";
import { runMigrations } from "#server/db/migrate";
import { enqueueEmail, enqueueEmails } from "#server/email/enqueue-email";
import type { MailDraft } from "#server/email/templates";
import { listFailedJobs } from "#server/jobs/list-failed-jobs";
import { QUEUE_NAMES, QUEUES } from "#server/jobs/queues";
import { retryFailedJob } from "#server/jobs/retry-failed-job";
import { createServices } from "#server/services";
import { postForm } from "../support/accounts";
import { createTestDatabase, testDatabaseKind } from "../support/database";
import { createTestSite, TEST_AUTH_SECRET, TEST_BASE_URL, type TestSite } from "../support/http-app";
import { startSmtpServer } from "../support/smtp";
import { scaled } from "../support/timeouts";

const mail = (to: string, subject = `Hello ${to}`): MailDraft => ({
  to,
  subject,
  content: { heading: subject, paragraphs: [] },
});

type MailJob = {
  to: string;
  state: string;
  retry_count: number;
  start_after: Date;
  output: { message?: string } | null;
};

async function mailJobs(database: DatabaseHandle, to?: string): Promise<MailJob[]> {
  const { rows } = await database.runSql(
    `select data->>'to' as "to", state, retry_count, start_after, output from pgboss.job
     where name = 'send-email' ${to ? "and data->>'to' = $1" : ""} order by created_on`,
    to ? [to] : [],
  );
  return rows as MailJob[];
}

/** Lets the clock jump past the back-off: every waiting retry becomes due now. */
async function makeRetriesDue(database: DatabaseHandle) {
  await database.runSql("update pgboss.job set start_after = now() where state = 'retry'");
}

const contact = (email: string) => ({
  name: "Lars Holm",
  email,
  company: "Fjord Logistics",
  subject: "Team day for 40 people",
  message: "We would like to book a rowing day for our sales team in August.",
  website: "",
});

describe(`the job queue on ${testDatabaseKind}`, () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  const servicesWith = (smtpUrl?: string) =>
    createServices({ database, baseUrl: TEST_BASE_URL, authSecret: TEST_AUTH_SECRET, smtpUrl });

  it("queues nothing for a change that rolls back, and keeps the mail of one that commits", async () => {
    const services = servicesWith();
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueEmail(services.jobs, tx, mail("rolled-back@fjord.example"));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await database.db.transaction((tx) => enqueueEmail(services.jobs, tx, mail("committed@fjord.example")));

    // Committed means stored: the job is a row before any worker has seen it.
    expect(await mailJobs(database, "rolled-back@fjord.example")).toEqual([]);
    expect((await mailJobs(database, "committed@fjord.example")).map((job) => job.state)).toEqual([
      "created",
    ]);
    expect(await services.runDueJobs()).toEqual({ completed: 1, failed: 0 });
    expect((await mailJobs(database, "committed@fjord.example")).map((job) => job.state)).toEqual([
      "completed",
    ]);
    // Done once: running the queue again sends nothing more.
    expect(await services.runDueJobs()).toEqual({ completed: 0, failed: 0 });
  });

  it("queues a batch of mails in one go, in the transaction given", async () => {
    const services = servicesWith();
    await database.db.transaction((tx) =>
      enqueueEmails(services.jobs, tx, [mail("batch-a@fjord.example"), mail("batch-b@fjord.example")]),
    );
    expect(await mailJobs(database, "batch-a@fjord.example")).toHaveLength(1);
    expect(await mailJobs(database, "batch-b@fjord.example")).toHaveLength(1);
    await services.runDueJobs();
  });

  it("writes a queue's policy again on start only when it differs from the code's", async () => {
    type StoredQueue = { name: string; retry_limit: number; updated_on: Date };
    const queues = async () =>
      new Map(
        (
          (await database.runSql("select name, retry_limit, updated_on from pgboss.queue"))
            .rows as StoredQueue[]
        ).map((row) => [row.name, row]),
      );
    await database.runSql("update pgboss.queue set retry_limit = 0 where name = 'send-email'");
    const before = await queues();
    await runMigrations(database);
    const after = await queues();
    expect(after.get("send-email")!.retry_limit).toBe(QUEUES["send-email"].retryLimit);
    expect(after.get("send-email")!.updated_on).not.toEqual(before.get("send-email")!.updated_on);
    // The others already had their policies: nothing was written to them.
    for (const name of QUEUE_NAMES.filter((each) => each !== "send-email")) {
      expect(after.get(name)!.updated_on).toEqual(before.get(name)!.updated_on);
    }
  });

  it("leaves jobs to other instances when this one runs no workers (WORKERS=0)", async () => {
    const services = servicesWith();
    await services.startWorkers(0);
    await database.db.transaction((tx) => enqueueEmail(services.jobs, tx, mail("for-later@fjord.example")));
    // Longer than a worker's polling interval.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await mailJobs(database, "for-later@fjord.example")).map((job) => job.state)).toEqual([
      "created",
    ]);
    await services.runDueJobs();
  });

  it("runs workers alone only on PostgreSQL, which several processes can share", () => {
    const result = spawnSync(path.resolve("node_modules/.bin/tsx"), ["server/worker.ts"], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("npm run worker needs DATABASE_URL");
  });

  it("gives a mail server that hangs a short timeout, then retries", async () => {
    // A server that accepts connections and never greets.
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    const services = servicesWith(`smtp://127.0.0.1:${port}?greetingTimeout=300&connectionTimeout=300`);
    await database.db.transaction((tx) => enqueueEmail(services.jobs, tx, mail("hanging@fjord.example")));
    const started = Date.now();
    expect(await services.runDueJobs()).toEqual({ completed: 0, failed: 1 });
    expect(Date.now() - started).toBeLessThan(scaled(5_000));
    const [job] = await mailJobs(database, "hanging@fjord.example");
    expect(job?.state).toBe("retry");
    expect(job?.output?.message).toMatch(/greeting|timeout/i);
    silent.close();
  });
});

describe(`mail when the mail server misbehaves, on ${testDatabaseKind}`, () => {
  it("keeps a contact message's mail when the server refuses, retries with back-off, and delivers it once", async () => {
    let refusals = 2;
    const smtp = await startSmtpServer({ refuse: () => refusals-- > 0 });
    const site = await createTestSite({ smtpUrl: smtp.url });
    try {
      // The person's action succeeds whatever the mail server says.
      const response = await postForm(site, "/contact", contact("refused@fjord.example"));
      expect(response.status).toBe(303);

      expect(await site.runDueJobs()).toEqual({ completed: 0, failed: 1 });
      const [first] = await mailJobs(site.database);
      // retry_count counts retries begun; this one has not begun yet.
      expect(first).toMatchObject({ state: "retry", retry_count: 0 });
      expect(first?.output?.message).toContain("451");
      // Back-off: the next try waits at least the queue's first delay (60 s).
      expect(new Date(first!.start_after).getTime()).toBeGreaterThan(Date.now() + 50_000);
      // Not due yet, so nothing runs.
      expect(await site.runDueJobs()).toEqual({ completed: 0, failed: 0 });

      await makeRetriesDue(site.database);
      expect(await site.runDueJobs()).toEqual({ completed: 0, failed: 1 });
      await makeRetriesDue(site.database);
      expect(await site.runDueJobs()).toEqual({ completed: 1, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.raw).toContain("Subject: Contact form: Team day for 40 people");
      expect(smtp.attempts()).toBe(3);
    } finally {
      await site.close();
      await smtp.close();
    }
  });

  it("answers a contact form when the mail server is down, lists the mail once retries run out, and sends it on retry", async () => {
    // A port that was just free: nothing listens there.
    const gone = await startSmtpServer();
    await gone.close();
    const site = await createTestSite({ smtpUrl: gone.url });
    try {
      const response = await postForm(site, "/contact", contact("down@fjord.example"));
      expect(response.status).toBe(303);

      // One try and five retries; the last failure is logged as an error, with its stack.
      const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
      for (let attempt = 0; attempt < 6; attempt++) {
        expect(await site.runDueJobs()).toEqual({ completed: 0, failed: 1 });
        await makeRetriesDue(site.database);
      }
      expect(logged).toHaveBeenCalledTimes(1);
      expect(logged).toHaveBeenCalledWith(
        expect.stringMatching(/^(?=.*Job send-email failed on its last try)(?=.*ECONNREFUSED)/),
      );
      logged.mockClear();
      expect(await site.runDueJobs()).toEqual({ completed: 0, failed: 0 });
      const failed = await listFailedJobs(site.database.db);
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatchObject({
        queue: "send-email",
        to: "hello@rethinkcorporatelife.dk",
        subject: "Contact form: Team day for 40 people",
        tries: 6,
      });
      expect(failed[0]!.lastError).toMatch(/ECONNREFUSED/);

      // The server is back (here: a new one, and services that point at it).
      const smtp = await startSmtpServer();
      const revived = createServices({
        database: site.database,
        baseUrl: TEST_BASE_URL,
        authSecret: TEST_AUTH_SECRET,
        smtpUrl: smtp.url,
      });
      await expect(retryFailedJob({ db: site.database.db, jobs: revived.jobs }, "not-an-id")).rejects.toThrow(
        "No failed job",
      );
      await retryFailedJob({ db: site.database.db, jobs: revived.jobs }, failed[0]!.id);
      expect(await revived.runDueJobs()).toEqual({ completed: 1, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      expect(await listFailedJobs(site.database.db)).toEqual([]);
      await smtp.close();
    } finally {
      await site.close();
    }
  });

  it("lets a mail in flight finish when the workers stop", async () => {
    let started!: () => void;
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    const smtp = await startSmtpServer({ holdMs: 1_500, onMessageStarted: () => started() });
    const database = await createTestDatabase();
    try {
      const services = createServices({
        database,
        baseUrl: TEST_BASE_URL,
        authSecret: TEST_AUTH_SECRET,
        smtpUrl: smtp.url,
      });
      await database.db.transaction((tx) => enqueueEmail(services.jobs, tx, mail("in-flight@fjord.example")));
      await services.startWorkers(1);
      await inFlight;
      // SIGTERM's path: stop taking jobs, wait for the running one.
      await services.jobs.stop();
      expect(smtp.received).toHaveLength(1);
      expect((await mailJobs(database, "in-flight@fjord.example")).map((job) => job.state)).toEqual([
        "completed",
      ]);
    } finally {
      await database.close();
      await smtp.close();
    }
  });
});

// Several instances on one database is a PostgreSQL setup: PGlite belongs to one process.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("two app instances on one PostgreSQL", () => {
  let site: TestSite;
  const instances: DatabaseHandle[] = [];

  beforeAll(async () => {
    site = await createTestSite({ seed: false });
  });
  afterAll(async () => {
    for (const instance of instances) await instance?.close();
    await site?.close();
  });

  it(
    "send each of 100 queued mails exactly once",
    async () => {
      const smtp = await startSmtpServer();
      const url = site.database.pool?.options.connectionString;
      if (!url) throw new Error("The PostgreSQL test database has no connection string.");
      await site.database.db.transaction(async (tx) => {
        for (let index = 0; index < 100; index++) {
          await enqueueEmail(site.jobs, tx, mail(`person${index}@fjord.example`, `Mail ${index}`));
        }
      });

      const apps = [];
      for (let index = 0; index < 2; index++) {
        const database = await openDatabase({ kind: "postgres", url, poolMax: 5 });
        instances.push(database);
        const app = createServices({
          database,
          baseUrl: TEST_BASE_URL,
          authSecret: TEST_AUTH_SECRET,
          smtpUrl: smtp.url,
        });
        await app.startWorkers(3);
        apps.push(app);
      }
      const deadline = Date.now() + 60_000;
      while (smtp.received.length < 100 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 200));
      // Time for a second, wrong delivery to show up.
      await new Promise((r) => setTimeout(r, 3_000));
      for (const app of apps) await app.jobs.stop();

      const recipients = smtp.received.flatMap((message) => message.to);
      expect(recipients).toHaveLength(100);
      expect(new Set(recipients).size).toBe(100);
      const states = await mailJobs(site.database);
      expect(states.every((job) => job.state === "completed")).toBe(true);
      await smtp.close();
    },
    scaled(90_000),
  );
});

/**
 * Who a mail goes to and in which language (ADR 033): a person with an account reads
 * mail in their profile's language; a booking, an inquiry, an application and an
 * invitation keep the language they were made in, which their own mails use.
 */
import { and, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { BASE_LOCALE, isLocale, type Locale } from "~/lib/i18n/locale";
import type { Database } from "#server/db/client";
import { partnerMembers, profiles, users } from "#server/db/schema";

export type Recipient = { email: string; locale: Locale };

const asLocale = (value: unknown, fallback: Locale = BASE_LOCALE): Locale =>
  isLocale(value) ? value : fallback;

/**
 * The verified full members of a partner, each with their profile's language. Check-in
 * staff are left out: bookings, reviews and the partner's standing are not theirs to read
 * (ADR 038).
 */
export async function partnerMemberRecipients(
  db: Pick<Database, "select">,
  partnerId: string,
): Promise<Recipient[]> {
  const members = await db
    .select({ email: users.email, language: profiles.language })
    .from(partnerMembers)
    .innerJoin(users, eq(users.id, partnerMembers.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        eq(partnerMembers.partnerId, partnerId),
        eq(partnerMembers.role, "member"),
        eq(users.emailVerified, true),
      ),
    );
  return members.map((member) => ({ email: member.email, locale: asLocale(member.language) }));
}

/**
 * The language of whoever has an account with `email`, from their profile; `fallback`
 * for an address without one (the language of the page that sends the mail, say).
 */
export async function addressLocale(
  db: Pick<Database, "select">,
  email: string,
  fallback: Locale = BASE_LOCALE,
): Promise<Locale> {
  const [row] = await db
    .select({ language: profiles.language })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return asLocale(row?.language, fallback);
}

/**
 * The language of someone a partner's message to its participants reaches (`email`, at
 * the event `eventId`): that of the booking that gave the address (as its captain, its
 * booker or on its roster; a live booking before a cancelled one, the oldest first),
 * else their profile's, else English. One column of the delivery's select.
 */
export function participantLocaleOf(eventId: AnyColumn, email: AnyColumn): SQL<Locale> {
  return sql`coalesce(
    (select registration.language from team_registrations registration
      inner join users booker on booker.id = registration.user_id
      where registration.event_id = ${eventId}
        and (lower(registration.captain_email) = lower(${email})
          or lower(booker.email) = lower(${email})
          or exists (select 1 from jsonb_array_elements(registration.roster) named
            where lower(named->>'email') = lower(${email})))
      order by registration.status = 'cancelled', registration.created_at
      limit 1),
    (select person_profile.language from users person
      inner join profiles person_profile on person_profile.user_id = person.id
      where lower(person.email) = lower(${email})
      limit 1),
    'en')`.mapWith((value: unknown) => asLocale(value));
}

/**
 * The language of a partner's contact address: its account's, when a person signs in
 * with it, else that of the partner's longest-standing member, else English.
 */
export async function partnerAddressLocale(
  db: Pick<Database, "select">,
  partnerId: string,
  address: string,
): Promise<Locale> {
  const [row] = await db
    .select({
      language: sql<string | null>`coalesce(
        (select address_profile.language from users address_user
          inner join profiles address_profile on address_profile.user_id = address_user.id
          where lower(address_user.email) = ${address.trim().toLowerCase()}
          limit 1),
        (select member_profile.language from partner_members membership
          inner join profiles member_profile on member_profile.user_id = membership.user_id
          where membership.partner_id = ${partnerId} and membership.role = 'member'
          order by membership.created_at
          limit 1))`,
    })
    .from(sql`(select 1) as one`);
  return asLocale(row?.language);
}

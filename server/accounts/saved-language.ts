import { eq } from "drizzle-orm";
import { BASE_LOCALE, type Locale } from "~/lib/i18n/locale";
import type { Database } from "#server/db/client";
import { profiles } from "#server/db/schema";

/** The language a person saved (ADR 033): their signed-in pages' and mails'. */
export async function savedLanguage(db: Database, userId: string): Promise<Locale> {
  const [profile] = await db
    .select({ language: profiles.language })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return profile?.language ?? BASE_LOCALE;
}

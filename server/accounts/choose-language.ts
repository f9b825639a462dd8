import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { LOCALES, type Locale } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";
import type { Actor } from "#server/auth/actor";
import type { Database } from "#server/db/client";
import { profiles } from "#server/db/schema";
import { notFound, parseInput } from "#server/errors";

const languageSchema = z.object({
  language: z.enum(LOCALES, { error: () => m.valid_language_choose() }),
});

/**
 * Saves the language of the actor's signed-in pages and mails (ADR 033). Only their own
 * profile is in reach: there is no id to point elsewhere.
 */
export async function chooseLanguage(
  { db }: { db: Database },
  { actor, input }: { actor: Actor; input: unknown },
): Promise<Locale> {
  const { language } = parseInput(languageSchema, input);
  const [profile] = await db
    .update(profiles)
    .set({ language, updatedAt: sql`now()` })
    .where(eq(profiles.userId, actor.userId))
    .returning({ language: profiles.language });
  if (!profile) throw notFound(m.err_profile_not_found());
  return profile.language;
}

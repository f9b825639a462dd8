import { data, redirect, redirectDocument } from "react-router";
import { z } from "zod";
import { chooseLanguage } from "#server/accounts/choose-language";
import { getViewer, safeRedirectPath } from "#server/auth/viewer";
import { languageCookie } from "#server/http/language";
import { LOCALES, localizedPath } from "~/lib/i18n/locale";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/language";

const switchSchema = z.object({
  language: z.enum(LOCALES),
  next: z.string().max(2048).optional(),
});

/**
 * POST /language, the language switch (ADR 033): keeps the choice in the `lang` cookie,
 * saves it to the signed-in person's profile, and opens the page they were on in it.
 * A document redirect: every word of the page changes, not only its data.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = switchSchema.safeParse({
    language: form.get("language"),
    next: form.get("next") ?? undefined,
  });
  if (!parsed.success) return data(`${m.valid_language_choose()}.`, { status: 400 });
  const { language, next } = parsed.data;
  const viewer = await getViewer(request, context);
  if (viewer) await chooseLanguage(context, { actor: viewer.actor, input: { language } });
  return redirectDocument(localizedPath(safeRedirectPath(next, "/"), language), {
    status: 303,
    headers: { "Set-Cookie": languageCookie(language), "Cache-Control": "private, no-store" },
  });
}

/** The switch is a form; a plain visit leads back to the site. */
export function loader() {
  return redirect("/");
}

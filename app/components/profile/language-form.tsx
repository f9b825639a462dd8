import { IntentForm } from "~/components/forms/intent-form";
import { Button } from "~/components/ui/button";
import { SelectField } from "~/components/ui/form-field";
import type { Locale } from "~/lib/i18n/locale";
import { useAppForm, type FormReply } from "~/lib/forms/use-app-form";
import { PROFILE_PATH } from "~/lib/paths";
import { m } from "~/paraglide/messages";

/** Each language is named in itself, so anyone can find their own (ADR 033). */
const languages = (): { value: Locale; label: string }[] => [
  { value: "en", label: m.language_name_en() },
  { value: "da", label: m.language_name_da() },
];

/**
 * The language of the person's signed-in pages and mails. Saving it reloads the whole
 * page, since every word on it changes; the server checks the choice.
 */
export function LanguageForm({
  saved,
  lastResult,
  busy,
}: {
  saved: Locale;
  lastResult: FormReply | undefined;
  busy: boolean;
}) {
  const [form, fields] = useAppForm<{ language: string }>("language", {
    lastResult,
    defaultValue: { language: saved },
  });
  return (
    <IntentForm form={form} action={PROFILE_PATH} intent="language" className="space-y-5">
      <SelectField
        field={fields.language}
        label={m.profile_language_label()}
        options={languages()}
        className="sm:max-w-xs"
        required
      />
      <Button type="submit" disabled={busy}>
        {busy ? m.form_saving() : m.profile_language_save()}
      </Button>
    </IntentForm>
  );
}

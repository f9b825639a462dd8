import { RichTextPair, TextPair } from "~/components/forms/translation-fields";
import type { FormFieldMeta } from "~/components/ui/form-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useIsPending } from "~/lib/use-is-pending";
import { m } from "~/paraglide/messages";

/**
 * The parts the partner's two editors share, the event editor and the profile editor:
 * the pair of descriptions, and their "Save" and preview buttons.
 */

/**
 * The short description for cards and search results, and the rich one for the page
 * itself, each with its translation.
 */
export function DescriptionPair({
  formId,
  short,
  shortTranslation,
  shortHint,
  full,
  fullTranslation,
  fullLabel,
  fullHint,
}: {
  formId: string;
  short: FormFieldMeta;
  shortTranslation: FormFieldMeta;
  shortHint: string;
  full: FormFieldMeta;
  fullTranslation: FormFieldMeta;
  fullLabel: string;
  fullHint: string;
}) {
  return (
    <>
      <TextPair
        main={short}
        translation={shortTranslation}
        label={m.form_short_description()}
        hint={shortHint}
        rows={3}
        required
      />
      <RichTextPair
        formId={formId}
        main={full}
        translation={fullTranslation}
        label={fullLabel}
        hint={fullHint}
      />
    </>
  );
}

/**
 * "Save" and the preview, both sending the form (intent "save" or "preview"). Either
 * waits while the form, or another on the page, is being sent.
 */
export function SaveAndPreviewButtons({
  action,
  saveLabel,
  previewLabel,
  previewPendingLabel,
}: {
  /** Where the form is sent; its pending state is read from the path alone. */
  action: string;
  saveLabel: string;
  previewLabel: string;
  previewPendingLabel: string;
}) {
  const sending = useIsPending({ formAction: action.split("?")[0] });
  return (
    <div className="flex flex-wrap gap-3">
      <SubmitButton name="intent" value="save" pendingLabel={m.form_saving()} disabled={sending}>
        {saveLabel}
      </SubmitButton>
      <SubmitButton
        name="intent"
        value="preview"
        pendingLabel={previewPendingLabel}
        disabled={sending}
        variant="outline"
      >
        {previewLabel}
      </SubmitButton>
    </div>
  );
}

import type { ChangeEvent, ReactNode } from "react";
import type { ImageRef } from "#server/db/schema";
import { labelIn, useWrittenLanguages } from "~/components/forms/translation-fields";
import { IMAGE_ACCEPT } from "~/lib/images";
import { cn } from "~/lib/utils";
import { m } from "~/paraglide/messages";
import type { useImageUpload } from "./use-image-upload";

/** The parts both image fields are made of (`image-upload-field.tsx`). */

type UploadState = ReturnType<typeof useImageUpload>["state"];

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 h-10 text-sm text-slate-900 aria-[invalid=true]:border-red-600";

/** An image field's frame: its legend, and what it accepts (the hint its file input points to). */
export function ImageFieldset({
  label,
  hintId,
  hint,
  className,
  children,
}: {
  label: string;
  hintId: string;
  hint: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={cn("rounded-lg border border-slate-200 p-4", className)}>
      <legend className="px-1 text-sm font-semibold text-navy-900">{label}</legend>
      <p id={hintId} className="text-xs text-slate-500">
        {hint}
      </p>
      {children}
    </fieldset>
  );
}

/** The hidden inputs that tell the save which image this is. */
export function ImageIdentity({ name, image }: { name: string; image: ImageRef }) {
  return image.imageId ? (
    <input type="hidden" name={`${name}.imageId`} value={image.imageId} />
  ) : (
    <input type="hidden" name={`${name}.src`} value={image.src} />
  );
}

function AltTextInput({
  id,
  name,
  value,
  onChange,
  error,
  errorId,
  label,
  lang,
  optional = false,
}: {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  errorId: string;
  label: string;
  lang?: string;
  optional?: boolean;
}) {
  return (
    <div className="mt-3">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
        {optional && <span className="font-normal text-slate-500">{` ${m.ui_optional()}`}</span>}
      </label>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        {m.images_alt_hint()}
      </p>
      <input
        id={id}
        name={name}
        required={!optional}
        maxLength={200}
        value={value}
        lang={lang}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={[`${id}-hint`, error && errorId].filter(Boolean).join(" ")}
        className={inputClass}
      />
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export type AltTexts = { alt: string; altTranslation: string };

/**
 * An image's alt text (`<name>.alt`), and in a two-language editor its translation
 * (`<name>.altTranslation`) beside it, each labelled with its language.
 */
export function AltTextInputs({
  id,
  name,
  value,
  onChange,
  errors,
}: {
  id: string;
  name: string;
  value: AltTexts;
  onChange: (value: AltTexts) => void;
  errors: { alt?: string; altTranslation?: string };
}) {
  const languages = useWrittenLanguages();
  const main = (
    <AltTextInput
      id={`${id}-alt`}
      name={`${name}.alt`}
      value={value.alt}
      onChange={(alt) => onChange({ ...value, alt })}
      error={errors.alt}
      errorId={`${id}-alt-error`}
      label={languages ? labelIn(m.images_alt(), languages.main) : m.images_alt()}
      lang={languages?.main}
    />
  );
  if (!languages) return main;
  return (
    <div className="grid gap-x-4 sm:grid-cols-2">
      {main}
      <AltTextInput
        id={`${id}-alt-translation`}
        name={`${name}.altTranslation`}
        value={value.altTranslation}
        onChange={(altTranslation) => onChange({ ...value, altTranslation })}
        error={errors.altTranslation}
        errorId={`${id}-alt-translation-error`}
        label={labelIn(m.images_alt(), languages.other)}
        lang={languages.other}
        optional
      />
    </div>
  );
}

/**
 * Under a field's images: its file input (`chooseLabel`; left out when the field is
 * full), the upload's progress and outcome, and the server's message about the field.
 * Ids follow the field's: `${id}-file`, `${id}-status`, `${id}-error`.
 */
export function UploadControls({
  id,
  hintId,
  label,
  chooseLabel,
  multiple = false,
  canChoose = true,
  state,
  error,
  onFiles,
}: {
  id: string;
  hintId: string;
  /** The field's label, which the progress bar names. */
  label: string;
  chooseLabel: string;
  multiple?: boolean;
  canChoose?: boolean;
  state: UploadState;
  /** The server's message about the field, from the form's answer. */
  error?: string;
  onFiles: (files: File[]) => void;
}) {
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  const message = state.kind === "failed" ? state.message : error;
  return (
    <>
      {canChoose && (
        <ImageFileInput
          id={`${id}-file`}
          label={chooseLabel}
          multiple={multiple}
          describedBy={[hintId, statusId, message && errorId].filter(Boolean).join(" ")}
          invalid={Boolean(message)}
          disabled={state.kind === "uploading"}
          onFiles={onFiles}
        />
      )}
      <UploadStatus state={state} statusId={statusId} errorId={errorId} label={label} />
      {state.kind !== "failed" && error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

/** Progress and the outcome, announced politely to screen readers. */
function UploadStatus({
  state,
  statusId,
  errorId,
  label,
}: {
  state: UploadState;
  statusId: string;
  errorId: string;
  label: string;
}) {
  return (
    <>
      <p id={statusId} role="status" className="mt-2 text-sm text-slate-600">
        {state.kind === "uploading" &&
          m.images_uploading_file({ fileName: state.fileName, percent: state.percent })}
      </p>
      {state.kind === "uploading" && (
        <progress
          className="mt-1 h-2 w-full"
          max={100}
          value={state.percent}
          aria-label={m.images_uploading({ label })}
        />
      )}
      {state.kind === "failed" && (
        // Announced at once: the person chose a file and is waiting for the outcome.
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {state.message}
        </p>
      )}
    </>
  );
}

/** A file input for images: not part of the form's data (it has no name), only its trigger. */
function ImageFileInput({
  id,
  label,
  describedBy,
  invalid,
  disabled,
  multiple,
  onFiles,
}: {
  id: string;
  label: string;
  describedBy: string;
  invalid: boolean;
  disabled: boolean;
  multiple: boolean;
  onFiles: (files: File[]) => void;
}) {
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Cleared, so choosing the same file again after a refusal tries again.
    event.target.value = "";
    if (files.length > 0) onFiles(files);
  };
  return (
    <div className="mt-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple={multiple}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        onChange={onChange}
        className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-slate-50"
      />
    </div>
  );
}

import { useId, useRef, useState, type ChangeEvent } from "react";
import type { ImageRef } from "#server/db/schema";
import { Button } from "~/components/ui/button";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { IMAGE_ACCEPT } from "~/lib/images";
import { cn } from "~/lib/utils";
import { UPLOAD_HINT, useImageUpload } from "./use-image-upload";

/**
 * Image fields of the partner dashboard's forms. The file goes to the upload endpoint
 * at once (with progress); the surrounding form receives only hidden inputs naming the
 * stored image (`<name>.imageId`, or `<name>.src` for a sample picture it already had)
 * and the alt text (`<name>.alt`), which its save command passes to attachImages. A
 * refused file leaves every other field of the form as it was typed.
 */

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 h-10 text-sm text-slate-900 aria-[invalid=true]:border-red-600";

/** The hidden inputs that tell the save which image this is. */
function ImageIdentity({ name, image }: { name: string; image: ImageRef }) {
  return image.imageId ? (
    <input type="hidden" name={`${name}.imageId`} value={image.imageId} />
  ) : (
    <input type="hidden" name={`${name}.src`} value={image.src} />
  );
}

/** Progress and the outcome, announced politely to screen readers. */
function UploadStatus({
  state,
  statusId,
  errorId,
  label,
}: {
  state: ReturnType<typeof useImageUpload>["state"];
  statusId: string;
  errorId: string;
  label: string;
}) {
  return (
    <>
      <p id={statusId} role="status" className="mt-2 text-sm text-slate-600">
        {state.kind === "uploading" && `Uploading ${state.fileName}: ${state.percent}%`}
      </p>
      {state.kind === "uploading" && (
        <progress
          className="mt-1 h-2 w-full"
          max={100}
          value={state.percent}
          aria-label={`Uploading ${label}`}
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
  multiple = false,
  onFiles,
}: {
  id: string;
  label: string;
  describedBy: string;
  invalid: boolean;
  disabled: boolean;
  multiple?: boolean;
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

function AltTextInput({
  id,
  name,
  value,
  onChange,
  error,
  errorId,
}: {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  errorId: string;
}) {
  return (
    <div className="mt-3">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Alt text
      </label>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        What the image shows, for people who cannot see it.
      </p>
      <input
        id={id}
        name={name}
        required
        maxLength={200}
        value={value}
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

type SingleFieldProps = {
  /** The form field's name: `logo` sends `logo.imageId` and `logo.alt`. */
  name: string;
  label: string;
  partnerId: string;
  defaultValue?: ImageRef | null;
  /** The server's message about this image or its alt text, from the form's answer. */
  error?: string;
  altError?: string;
  /** Told of every change, for a preview of the page before saving. */
  onChange?: (image: ImageRef | null) => void;
  className?: string;
};

/** One image (a logo, a cover): upload, preview, alt text, replace and remove. */
export function ImageUploadField({
  name,
  label,
  partnerId,
  defaultValue = null,
  error,
  altError,
  onChange,
  className,
}: SingleFieldProps) {
  const id = useId();
  const [image, setImage] = useState<ImageRef | null>(defaultValue);
  const [alt, setAlt] = useState(defaultValue?.alt ?? "");
  const { state, upload } = useImageUpload(partnerId);
  const fileInput = `${id}-file`;
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  const message = state.kind === "failed" ? state.message : error;

  const change = (next: ImageRef | null, nextAlt = alt) => {
    setImage(next);
    onChange?.(next ? { ...next, alt: nextAlt } : null);
  };

  const choose = async ([file]: File[]) => {
    if (!file) return;
    const uploaded = await upload(file);
    if (uploaded) change(uploaded);
  };

  return (
    <fieldset className={cn("rounded-lg border border-slate-200 p-4", className)}>
      <legend className="px-1 text-sm font-semibold text-navy-900">{label}</legend>
      <p id={hintId} className="text-xs text-slate-500">
        {UPLOAD_HINT}
      </p>
      {image && (
        <div className="mt-3">
          <ResponsiveImage
            image={{ ...image, alt: alt || `Current ${label.toLowerCase()}` }}
            sizes="320px"
            className="max-h-48 w-auto rounded-md border border-slate-200 object-contain"
          />
          <ImageIdentity name={name} image={image} />
          <AltTextInput
            id={`${id}-alt`}
            name={`${name}.alt`}
            value={alt}
            onChange={(value) => {
              setAlt(value);
              onChange?.({ ...image, alt: value });
            }}
            error={altError}
            errorId={`${id}-alt-error`}
          />
        </div>
      )}
      <ImageFileInput
        id={fileInput}
        label={image ? `Replace ${label.toLowerCase()}` : `Choose ${label.toLowerCase()}`}
        describedBy={[hintId, statusId, message && errorId].filter(Boolean).join(" ")}
        invalid={Boolean(message)}
        disabled={state.kind === "uploading"}
        onFiles={choose}
      />
      <UploadStatus state={state} statusId={statusId} errorId={errorId} label={label} />
      {state.kind !== "failed" && error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
      {image && (
        <Button type="button" variant="outline" size="sm" className="mt-3" onClick={() => change(null)}>
          Remove {label.toLowerCase()}
        </Button>
      )}
    </fieldset>
  );
}

type GalleryItem = { key: string; image: ImageRef; alt: string };

type GalleryFieldProps = {
  /** The form field's name: `gallery` sends `gallery[0].imageId`, `gallery[0].alt`, … */
  name: string;
  label: string;
  partnerId: string;
  defaultValue?: readonly ImageRef[];
  error?: string;
  /** The server's messages about each image's alt text, by position. */
  altErrors?: readonly (string | undefined)[];
  onChange?: (images: ImageRef[]) => void;
  /** How many images the gallery may hold. */
  max?: number;
  className?: string;
};

/** Several images (a gallery): add, reorder with buttons, remove, each with its alt text. */
export function ImageGalleryField({
  name,
  label,
  partnerId,
  defaultValue = [],
  error,
  altErrors = [],
  onChange,
  max = 24,
  className,
}: GalleryFieldProps) {
  const id = useId();
  const [items, setItems] = useState<GalleryItem[]>(() =>
    defaultValue.map((image, index) => ({ key: `saved-${index}`, image, alt: image.alt })),
  );
  // The list as last set, for uploads that finish one after another while people type.
  const latest = useRef(items);
  const added = useRef(0);
  const [announcement, setAnnouncement] = useState("");
  const { state, upload } = useImageUpload(partnerId);
  const list = useRef<HTMLOListElement>(null);
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  const message = state.kind === "failed" ? state.message : error;

  const update = (next: GalleryItem[]) => {
    latest.current = next;
    setItems(next);
    onChange?.(next.map((item) => ({ ...item.image, alt: item.alt })));
  };

  const add = async (files: File[]) => {
    const room = max - latest.current.length;
    for (const file of files.slice(0, room)) {
      const uploaded = await upload(file);
      if (!uploaded) break;
      added.current += 1;
      update([...latest.current, { key: `added-${added.current}`, image: uploaded, alt: "" }]);
    }
    if (files.length > room) setAnnouncement(`The gallery holds at most ${max} images.`);
  };

  /** Moves an item and keeps focus on the same button of the moved image. */
  const move = (index: number, offset: -1 | 1, control: string) => {
    const target = index + offset;
    const item = items[index];
    if (!item || target < 0 || target >= items.length) return;
    const next = items.filter((_, position) => position !== index);
    next.splice(target, 0, item);
    update(next);
    setAnnouncement(`Image moved to position ${target + 1} of ${next.length}.`);
    requestAnimationFrame(() => {
      const button = list.current?.querySelector<HTMLButtonElement>(
        `[data-key="${item.key}"] [data-control="${control}"]:not(:disabled)`,
      );
      (button ?? list.current?.querySelector<HTMLButtonElement>(`[data-key="${item.key}"] button`))?.focus();
    });
  };

  const remove = (index: number) => {
    update(items.filter((_, position) => position !== index));
    setAnnouncement(`Image removed. ${items.length - 1} left.`);
  };

  return (
    <fieldset className={cn("rounded-lg border border-slate-200 p-4", className)}>
      <legend className="px-1 text-sm font-semibold text-navy-900">{label}</legend>
      <p id={hintId} className="text-xs text-slate-500">
        {UPLOAD_HINT} Each image needs alt text.
      </p>
      {items.length > 0 && (
        <ol ref={list} className="mt-3 grid gap-4 sm:grid-cols-2">
          {items.map((item, index) => (
            <li key={item.key} data-key={item.key} className="rounded-md border border-slate-200 p-3">
              <p className="text-xs font-medium text-slate-500">
                Image {index + 1} of {items.length}
              </p>
              <ResponsiveImage
                image={{ ...item.image, alt: item.alt || `Gallery image ${index + 1}` }}
                sizes="320px"
                className="mt-1 aspect-[4/3] w-full rounded-md object-cover"
              />
              <ImageIdentity name={`${name}[${index}]`} image={item.image} />
              <AltTextInput
                id={`${id}-alt-${item.key}`}
                name={`${name}[${index}].alt`}
                value={item.alt}
                onChange={(value) =>
                  update(items.map((other) => (other.key === item.key ? { ...other, alt: value } : other)))
                }
                error={altErrors[index]}
                errorId={`${id}-alt-error-${item.key}`}
              />
              <div className="mt-3 flex flex-wrap gap-2">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  data-control="up"
                  disabled={index === 0}
                  onClick={() => move(index, -1, "up")}
                  aria-label={`Move image ${index + 1} earlier`}
                >
                  Move up
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  data-control="down"
                  disabled={index === items.length - 1}
                  onClick={() => move(index, 1, "down")}
                  aria-label={`Move image ${index + 1} later`}
                >
                  Move down
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => remove(index)}
                  aria-label={`Remove image ${index + 1}`}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {items.length < max && (
        <ImageFileInput
          id={`${id}-file`}
          label="Add images"
          multiple
          describedBy={[hintId, statusId, message && errorId].filter(Boolean).join(" ")}
          invalid={Boolean(message)}
          disabled={state.kind === "uploading"}
          onFiles={add}
        />
      )}
      <UploadStatus state={state} statusId={statusId} errorId={errorId} label={label} />
      {state.kind !== "failed" && error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  );
}

import { useId, useRef, useState } from "react";
import type { ImageRef } from "#server/db/schema";
import { Button } from "~/components/ui/button";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { GalleryItemCard, type GalleryItem } from "./gallery-item";
import {
  AltTextInputs,
  ImageFieldset,
  ImageIdentity,
  UploadControls,
  type AltTexts,
} from "./image-field-parts";
import { m } from "~/paraglide/messages";
import { uploadHint, useImageUpload } from "./use-image-upload";

/**
 * Image fields of the partner dashboard's forms. The file goes to the upload endpoint
 * at once (with progress); the surrounding form receives only hidden inputs naming the
 * stored image (`<name>.imageId`, or `<name>.src` for a sample picture it already had)
 * and the alt text (`<name>.alt`), which its save command passes to attachImages. A
 * refused file leaves every other field of the form as it was typed.
 */

type SingleFieldProps = {
  /** The form field's name: `logo` sends `logo.imageId` and `logo.alt`. */
  name: string;
  label: string;
  partnerId: string;
  defaultValue?: ImageRef | null;
  /** The server's message about this image or its alt texts, from the form's answer. */
  error?: string;
  altError?: string;
  altTranslationError?: string;
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
  altTranslationError,
  onChange,
  className,
}: SingleFieldProps) {
  const id = useId();
  const [image, setImage] = useState<ImageRef | null>(defaultValue);
  const [alts, setAlts] = useState<AltTexts>({
    alt: defaultValue?.alt ?? "",
    altTranslation: defaultValue?.altTranslation ?? "",
  });
  const { state, upload } = useImageUpload(partnerId);
  const hintId = `${id}-hint`;

  const change = (next: ImageRef | null, nextAlts = alts) => {
    setImage(next);
    onChange?.(next ? { ...next, ...nextAlts } : null);
  };

  const choose = async ([file]: File[]) => {
    if (!file) return;
    const uploaded = await upload(file);
    if (uploaded) change(uploaded);
  };

  return (
    <ImageFieldset label={label} hintId={hintId} hint={uploadHint()} className={className}>
      {image && (
        <div className="mt-3">
          <ResponsiveImage
            image={{ ...image, alt: alts.alt || m.images_current({ label: label.toLowerCase() }) }}
            sizes="320px"
            className="max-h-48 w-auto rounded-md border border-slate-200 object-contain"
          />
          <ImageIdentity name={name} image={image} />
          <AltTextInputs
            id={id}
            name={name}
            value={alts}
            onChange={(value) => {
              setAlts(value);
              onChange?.({ ...image, ...value });
            }}
            errors={{ alt: altError, altTranslation: altTranslationError }}
          />
        </div>
      )}
      <UploadControls
        id={id}
        hintId={hintId}
        label={label}
        chooseLabel={
          image
            ? m.images_replace({ label: label.toLowerCase() })
            : m.images_choose({ label: label.toLowerCase() })
        }
        state={state}
        error={error}
        onFiles={choose}
      />
      {image && (
        <Button type="button" variant="outline" size="sm" className="mt-3" onClick={() => change(null)}>
          {m.images_remove_named({ label: label.toLowerCase() })}
        </Button>
      )}
    </ImageFieldset>
  );
}

type GalleryFieldProps = {
  /** The form field's name: `gallery` sends `gallery[0].imageId`, `gallery[0].alt`, … */
  name: string;
  label: string;
  partnerId: string;
  defaultValue?: readonly ImageRef[];
  error?: string;
  /** The server's messages about each image's alt texts, by position. */
  altErrors?: readonly ({ alt?: string; altTranslation?: string } | undefined)[];
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
    defaultValue.map((image, index) => ({
      key: `saved-${index}`,
      image,
      alts: { alt: image.alt, altTranslation: image.altTranslation ?? "" },
    })),
  );
  // The list as last set, for uploads that finish one after another while people type.
  const latest = useRef(items);
  const added = useRef(0);
  const [announcement, setAnnouncement] = useState("");
  const { state, upload } = useImageUpload(partnerId);
  const list = useRef<HTMLOListElement>(null);
  const hintId = `${id}-hint`;

  const update = (next: GalleryItem[]) => {
    latest.current = next;
    setItems(next);
    onChange?.(next.map((item) => ({ ...item.image, ...item.alts })));
  };

  const add = async (files: File[]) => {
    const room = max - latest.current.length;
    for (const file of files.slice(0, room)) {
      const uploaded = await upload(file);
      if (!uploaded) break;
      added.current += 1;
      update([
        ...latest.current,
        { key: `added-${added.current}`, image: uploaded, alts: { alt: "", altTranslation: "" } },
      ]);
    }
    if (files.length > room) setAnnouncement(m.images_gallery_full({ max }));
  };

  /** Moves an item and keeps focus on the same button of the moved image. */
  const move = (index: number, offset: -1 | 1, control: string) => {
    const target = index + offset;
    const item = items[index];
    if (!item || target < 0 || target >= items.length) return;
    const next = items.filter((_, position) => position !== index);
    next.splice(target, 0, item);
    update(next);
    setAnnouncement(m.images_moved({ position: target + 1, count: next.length }));
    requestAnimationFrame(() => {
      const button = list.current?.querySelector<HTMLButtonElement>(
        `[data-key="${item.key}"] [data-control="${control}"]:not(:disabled)`,
      );
      (button ?? list.current?.querySelector<HTMLButtonElement>(`[data-key="${item.key}"] button`))?.focus();
    });
  };

  const remove = (index: number) => {
    update(items.filter((_, position) => position !== index));
    setAnnouncement(m.images_removed({ count: items.length - 1 }));
  };

  return (
    <ImageFieldset
      label={label}
      hintId={hintId}
      hint={m.images_gallery_hint({ hint: uploadHint() })}
      className={className}
    >
      {items.length > 0 && (
        <ol ref={list} className="mt-3 grid gap-4 sm:grid-cols-2">
          {items.map((item, index) => (
            <GalleryItemCard
              key={item.key}
              fieldId={id}
              name={name}
              item={item}
              index={index}
              count={items.length}
              altErrors={altErrors[index] ?? {}}
              onAltChange={(value) =>
                update(items.map((other) => (other.key === item.key ? { ...other, alts: value } : other)))
              }
              onMove={(offset, control) => move(index, offset, control)}
              onRemove={() => remove(index)}
            />
          ))}
        </ol>
      )}
      <UploadControls
        id={id}
        hintId={hintId}
        label={label}
        chooseLabel={m.images_add()}
        multiple
        canChoose={items.length < max}
        state={state}
        error={error}
        onFiles={add}
      />
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </ImageFieldset>
  );
}

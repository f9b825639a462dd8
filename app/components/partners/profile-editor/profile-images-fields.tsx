import type { FieldMetadata } from "@conform-to/react";
import type { ImageRef } from "#server/db/schema";
import { ImageGalleryField, ImageUploadField } from "~/components/images/image-upload-field";
import { MAX_GALLERY_IMAGES } from "~/lib/forms/partner-profile-schema";
import { SectionLegend } from "~/components/forms/form-section";
import { m } from "~/paraglide/messages";

type SubmittedImage = { imageId?: string; src?: string; alt: string; altTranslation?: string };
type ImageFieldMeta = FieldMetadata<SubmittedImage | null>;
type GalleryFieldMeta = FieldMetadata<SubmittedImage[]>;

/**
 * The logo, the cover and the gallery. Each upload goes to the server as soon as it is
 * chosen (with progress), so a refused file never costs what is typed elsewhere; the save
 * then keeps the uploads the form still holds and removes the ones it dropped.
 */
export function ProfileImagesFields({
  partnerId,
  saved,
  fields,
}: {
  partnerId: string;
  saved: { logo: ImageRef | null; cover: ImageRef | null; gallery: ImageRef[] };
  fields: { logo: ImageFieldMeta; cover: ImageFieldMeta; gallery: GalleryFieldMeta };
}) {
  const single = (field: ImageFieldMeta) => ({
    error: field.errors?.[0],
    altError: field.getFieldset().alt.errors?.[0],
    altTranslationError: field.getFieldset().altTranslation.errors?.[0],
  });
  return (
    <fieldset className="space-y-5 rounded-lg border border-slate-200 p-4 sm:p-6">
      <SectionLegend>{m.partner_page_edit_images()}</SectionLegend>
      <div className="grid gap-5 sm:grid-cols-2">
        <ImageUploadField
          name="logo"
          label={m.partner_page_edit_logo()}
          partnerId={partnerId}
          defaultValue={saved.logo}
          {...single(fields.logo)}
        />
        <ImageUploadField
          name="cover"
          label={m.partner_page_edit_cover()}
          partnerId={partnerId}
          defaultValue={saved.cover}
          {...single(fields.cover)}
        />
      </div>
      <ImageGalleryField
        name="gallery"
        label={m.partner_page_edit_gallery()}
        partnerId={partnerId}
        defaultValue={saved.gallery}
        max={MAX_GALLERY_IMAGES}
        error={fields.gallery.errors?.[0]}
        altErrors={fields.gallery.getFieldList().map((item) => {
          const alts = item.getFieldset();
          return { alt: alts.alt.errors?.[0], altTranslation: alts.altTranslation.errors?.[0] };
        })}
      />
    </fieldset>
  );
}

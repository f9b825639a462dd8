import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ImageRef } from "#server/db/schema";
import { ImageGalleryField, ImageUploadField } from "./image-upload-field";

const uploaded: ImageRef = {
  src: "/uploads/0123456789abcdef01234567-1280.webp",
  alt: "The boathouse at dawn",
  width: 1280,
  height: 720,
  imageId: "9f1c7a52-54a4-4d6e-8d0e-3f1c2b7a9e10",
  variants: [
    { src: "/uploads/0123456789abcdef01234567-320.webp", width: 320, height: 180 },
    { src: "/uploads/0123456789abcdef01234567-1280.webp", width: 1280, height: 720 },
  ],
  previewSrc: "/uploads/0123456789abcdef01234567-preview.jpg",
};
const sample: ImageRef = { src: "/images/partners/gallery-1.svg", alt: "Rowers", width: 800, height: 600 };

// The fields as the server renders them: what the form submits before any script runs,
// and what people read before they upload.
describe("ImageUploadField", () => {
  it("says what it accepts, and labels its file input", () => {
    const html = renderToStaticMarkup(<ImageUploadField name="logo" label="Logo" partnerId="p" />);
    expect(html).toContain("JPEG, PNG or WebP, up to 10 MB.");
    expect(html).toMatch(
      /<label for="([^"]+)-file"[^>]*>Choose logo<\/label><input id="\1-file" type="file"/,
    );
    expect(html).not.toMatch(/type="file"[^>]*name=/);
    expect(html).not.toContain("logo.imageId");
  });

  it("sends the stored image's id and its required alt text, with a preview offering every variant", () => {
    const html = renderToStaticMarkup(
      <ImageUploadField
        name="logo"
        label="Logo"
        partnerId="p"
        defaultValue={uploaded}
        altError="Describe it"
      />,
    );
    expect(html).toContain(`<input type="hidden" name="logo.imageId" value="${uploaded.imageId}"/>`);
    expect(html).toMatch(
      /<input id="[^"]+-alt" required="" [^>]*aria-invalid="true"[^>]*name="logo\.alt" value="The boathouse at dawn"/,
    );
    expect(html).toContain("Describe it");
    expect(html).toContain(
      'srcSet="/uploads/0123456789abcdef01234567-320.webp 320w, /uploads/0123456789abcdef01234567-1280.webp 1280w"',
    );
    expect(html).toContain('width="1280" height="720"');
    expect(html).toContain("Replace logo");
    expect(html).toContain("Remove logo");
  });
});

describe("ImageGalleryField", () => {
  it("numbers each image's fields in order, sample pictures by their address", () => {
    const html = renderToStaticMarkup(
      <ImageGalleryField name="gallery" label="Gallery" partnerId="p" defaultValue={[uploaded, sample]} />,
    );
    expect(html).toContain(`name="gallery[0].imageId" value="${uploaded.imageId}"`);
    expect(html).toContain('name="gallery[1].src" value="/images/partners/gallery-1.svg"');
    expect(html).toContain('name="gallery[1].alt"');
    // The first cannot move up nor the last down; every button says which image it moves.
    expect(html).toMatch(/disabled="" aria-label="Move image 1 earlier"/);
    expect(html).toMatch(/disabled="" aria-label="Move image 2 later"/);
    expect(html).toContain('aria-label="Remove image 2"');
    expect(html).toContain("Add images");
  });
});

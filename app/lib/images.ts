/** Upload limits, shared by the upload field (which says them before upload) and the server. */
export const MAX_IMAGE_MEGABYTES = 10;
export const MAX_IMAGE_BYTES = MAX_IMAGE_MEGABYTES * 1024 * 1024;

// The refusal of a file over the limit is one message, `images_file_too_large`, wherever
// it is caught; the formats the server reads (JPEG, PNG or WebP; not HEIC, ADR 010) are
// named in `images_upload_hint`.

/** The file picker's filter; only a hint, the server judges each file by its content. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp";

/** Where the site serves a stored file. */
export const uploadUrl = (key: string) => `/uploads/${key}`;

/** The partner area's upload endpoint. */
export const IMAGE_UPLOAD_PATH = "/dashboard/partner/images";

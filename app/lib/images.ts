/** Upload limits, shared by the upload field (which says them before upload) and the server. */
export const MAX_IMAGE_MEGABYTES = 10;
export const MAX_IMAGE_BYTES = MAX_IMAGE_MEGABYTES * 1024 * 1024;

/** The refusal of a file over the limit, in the same words wherever it is caught. */
export const TOO_LARGE_MESSAGE = `This file is larger than ${MAX_IMAGE_MEGABYTES} MB. Please choose a smaller image.`;

/** The formats the server reads (HEIC is not among them: see docs/decisions/010-image-storage.md). */
export const IMAGE_TYPES_TEXT = "JPEG, PNG or WebP";

/** The file picker's filter; only a hint, the server judges each file by its content. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp";

/** Where the site serves a stored file. */
export const uploadUrl = (key: string) => `/uploads/${key}`;

/** The partner area's upload endpoint. */
export const IMAGE_UPLOAD_PATH = "/dashboard/partner/images";

import { data } from "react-router";
import { requireApiArea } from "#server/auth/viewer";
import { AppError } from "#server/errors";
import { apiRefusal } from "#server/http/respond";
import { uploadImage } from "#server/images/upload-image";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/images";

const noFile = () => {
  const message = m.images_choose_file();
  return new AppError("invalid", message, { fields: { file: message } });
};

/**
 * POST /dashboard/partner/images: one image for a partner's page, as multipart with
 * `partnerId` and `file`. Answers 201 with the ImageRef, or `{ error, fields }` with
 * 400, 404 (not this person's partner) or 413. The host lets this path alone take a
 * body of 10 MB and the multipart framing (server/http/app.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireApiArea(request, context, "partner");
  try {
    const form = await request.formData().catch(() => {
      throw noFile();
    });
    const file = form.get("file");
    const partnerId = form.get("partnerId");
    if (!(file instanceof File) || file.size === 0) throw noFile();
    const image = await uploadImage(context, {
      actor: viewer.actor,
      partnerId: typeof partnerId === "string" ? partnerId : "",
      file: Buffer.from(await file.arrayBuffer()),
    });
    return data(image, { status: 201 });
  } catch (error) {
    return apiRefusal(error);
  }
}

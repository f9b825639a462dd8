import { data } from "react-router";

const UNREADABLE_FORM = "The form could not be read. Please reload the page and try again.";

/**
 * The submitted form of an action. A body that is not a form (JSON, broken multipart) or
 * that carries a NUL character, which no field accepts and PostgreSQL refuses to store,
 * answers 400 with a message instead of failing later as a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw data(UNREADABLE_FORM, { status: 400 });
  }
  for (const [, value] of formData) {
    if (typeof value === "string" && value.includes("\u0000")) throw data(UNREADABLE_FORM, { status: 400 });
  }
  return formData;
}

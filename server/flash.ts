import { createCookie } from "react-router";
import { isFlashKey, type FlashKey } from "~/lib/flash-messages";

// Lives for one page view after a redirect; it holds a message key, nothing personal.
const flashCookie = createCookie("rcl_flash", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });

/** A Set-Cookie header that shows `key`'s toast on the next page. */
export function setFlash(key: FlashKey): Promise<string> {
  return flashCookie.serialize(key);
}

/** Reads the pending flash, with the header that clears it once shown. */
export async function takeFlash(request: Request): Promise<{ flash: FlashKey | null; clear: string | null }> {
  const value: unknown = await flashCookie.parse(request.headers.get("Cookie"));
  if (!isFlashKey(value)) return { flash: null, clear: null };
  return { flash: value, clear: await flashCookie.serialize("", { maxAge: 0 }) };
}

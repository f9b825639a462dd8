import { expect } from "vitest";
import { cookiesFrom } from "./accounts";
import type { TestSite } from "./http-app";

/** `cookie` with the response's new cookies set over it, as a browser would keep them. */
function mergeCookies(cookie: string | undefined, response: Response): string {
  const jar = new Map<string, string>();
  for (const pair of [...(cookie ?? "").split("; "), ...cookiesFrom(response).split("; ")]) {
    const name = pair.split("=")[0];
    if (name) jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

/**
 * Checks that an action answered the way every success does (303 with the toast's flash
 * cookie) and opens the page it leads to, as the browser would: with the toast's cookie
 * and the session's. Returns that page and the cookies to go on with.
 */
export async function followToast(site: TestSite, response: Response, cookie?: string) {
  expect(response.status).toBe(303);
  expect(response.headers.getSetCookie().some((header) => header.startsWith("rcl_flash="))).toBe(true);
  const cookies = mergeCookies(cookie, response);
  const page = await site.request(response.headers.get("location")!, {
    headers: { Cookie: cookies },
    redirect: "manual",
  });
  return { page, html: await page.text(), cookies };
}

import type { ShouldRevalidateFunctionArgs } from "react-router";

// Apart from the tabs (~/components/ui/link-tabs), so that a route's first load need not
// bring the tabs' code, which hydrates later on the public pages (ADR 027).

/**
 * For a route's `shouldRevalidate`: switching tabs only changes `?tab=`, which the
 * loader does not read, so the page's data need not be fetched again.
 */
export function onlyTabChanged(
  { currentUrl, nextUrl, formMethod }: ShouldRevalidateFunctionArgs,
  param = "tab",
) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return false;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete(param);
    params.sort();
    return params.toString();
  };
  return strip(currentUrl) === strip(nextUrl);
}

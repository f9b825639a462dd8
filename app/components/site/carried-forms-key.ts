/** Where the language switch keeps what the page's forms held (./carried-forms.ts). */
export const CARRIED_FORMS_KEY = "rcl.carried-forms";

/**
 * Puts back what was typed before the language switch, in the page it opened. The code
 * that does it is fetched only when there is something to put back.
 */
export function restoreCarriedFormsIfAny(): void {
  let waiting = false;
  try {
    waiting = sessionStorage.getItem(CARRIED_FORMS_KEY) !== null;
  } catch {
    // Storage refused: nothing was kept.
  }
  if (!waiting) return;
  const path = `${window.location.pathname}${window.location.search}`;
  import("./carried-forms").then((carried) => carried.restoreCarriedForms(path)).catch(() => undefined);
}

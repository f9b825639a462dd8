import { lazy, type ComponentType } from "react";

/**
 * A component whose code is not part of the page's first load: the browser fetches it as
 * the page hydrates, and until it arrives React leaves the server's HTML of it in place
 * (a dehydrated Suspense boundary), so what a person types meanwhile stays, and a submit
 * before then is an ordinary form post that the server answers. The account pages use it
 * for their forms, whose checks (Conform and the schemas) would otherwise double their
 * JavaScript (ADR 027).
 *
 * The route's loader awaits `ready()`: the server then has the code before it renders, and
 * React gets the component at once, so the server never streams a fallback in its place.
 */
export function deferredComponent<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  const ready = async () => {
    loaded ??= await load();
  };
  const Component = lazy<ComponentType<Props>>(() => {
    if (!loaded) return ready().then(() => ({ default: loaded! }));
    const module = { default: loaded };
    // A thenable that answers at once: React's lazy reads the component in the same render
    // instead of suspending for a tick.
    return { then: (resolve: (value: typeof module) => void) => resolve(module) } as Promise<typeof module>;
  });
  return { Component, ready };
}

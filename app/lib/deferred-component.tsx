import { lazy, memo, Suspense, type ComponentType } from "react";

/**
 * A component whose code is not part of the page's first load (ADR 027): the public
 * pages' forms, and the content pages' sections below their top. The browser fetches it
 * as the page hydrates, and until it arrives React leaves the server's HTML of it in
 * place (a dehydrated Suspense boundary), so what a person types meanwhile stays, a
 * submit then is an ordinary form post that the server answers, and links work as links.
 *
 * The route's loader awaits `ready()`: the server then has the code before it renders, and
 * React gets the component at once, so the server never streams a fallback in its place.
 */
export function deferredComponent<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<void> | undefined;
  const ready = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        // A later render may try again (a network blip, say).
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy<ComponentType<Props>>(() => {
    if (!loaded) return ready().then(() => ({ default: loaded! }));
    const module = { default: loaded };
    // A thenable that answers at once: React's lazy reads the component in the same render
    // instead of suspending for a tick.
    return { then: (resolve: (value: typeof module) => void) => resolve(module) } as Promise<typeof module>;
  });
  // In the browser the code starts loading when the page's module runs: on the first load
  // it arrives as the page hydrates, and after a client-side navigation with the page's
  // data, so the section rarely has to wait. A failure is left to the render.
  if (typeof document !== "undefined") ready().catch(() => undefined);
  /**
   * With its own boundary, and memoised: a parent's re-render (a live count, the layout's
   * state) with the same props must not reach the boundary while it waits for its code,
   * or React would drop the server's HTML and show nothing until the code arrives.
   */
  const Component = memo(function Deferred(props: Props) {
    return (
      <Suspense>
        <Lazy {...props} />
      </Suspense>
    );
  });
  return { Component, ready };
}

// When a page with unsaved work is being left, decided apart from React and the DOM's globals so
// that the rules are tested on their own; use-leave-guard.ts wires them to the window.

/** What a click on a link says about where it goes. */
export interface LinkClick {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  /** the link clicked (its resolved href, target, whether it downloads), or null when none was */
  link: { href: string; target: string; download: boolean } | null;
}

/**
 * Where a click the browser or Next's <Link> would turn into a same-origin page change goes
 * (path, query and hash), or null when it leaves nothing: a modified click (a new tab), another
 * window, a download, another origin, or a jump within this page.
 */
export function leavingHref(click: LinkClick, here: URL): string | null {
  if (click.defaultPrevented || click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey)
    return null;
  const { link } = click;
  if (!link || link.download) return null;
  if (link.target && link.target !== '_self') return null;
  const to = new URL(link.href, here);
  if (to.origin !== here.origin) return null;
  if (to.pathname === here.pathname && to.search === here.search) return null;
  return `${to.pathname}${to.search}${to.hash}`;
}

export interface WatchLeaving {
  /** stop links within the console and hand their destination to `onLink` */
  inApp: boolean;
  /** ask the browser's own question on a reload or a closed tab */
  unload: boolean;
  here(): URL;
  /** what a click event says, read from the DOM (use-leave-guard.ts) */
  clickOf(event: Event): LinkClick;
  onLink(href: string): void;
  /** the user chose to leave: nothing is held from then on */
  released(): boolean;
}

/**
 * Listens on `target` (the window) while work is unsaved; answers the function that stops. The
 * app router has no route-change events, so a capture-phase listener stops same-origin link
 * clicks before <Link> sees them; reloads and closing get the browser's `beforeunload` prompt.
 */
export function watchLeaving(target: EventTarget, options: WatchLeaving): () => void {
  const onClick = (event: Event) => {
    if (options.released()) return;
    const href = leavingHref(options.clickOf(event), options.here());
    if (!href) return;
    event.preventDefault();
    event.stopPropagation();
    options.onLink(href);
  };
  const onBeforeUnload = (event: Event) => {
    if (options.released()) return;
    event.preventDefault();
    // Older browsers show the prompt only when returnValue is set.
    (event as unknown as { returnValue: string }).returnValue = '';
  };
  if (options.inApp) target.addEventListener('click', onClick, { capture: true });
  if (options.unload) target.addEventListener('beforeunload', onBeforeUnload);
  return () => {
    target.removeEventListener('click', onClick, { capture: true });
    target.removeEventListener('beforeunload', onBeforeUnload);
  };
}

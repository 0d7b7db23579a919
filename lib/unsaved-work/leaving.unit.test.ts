import { describe, expect, it } from 'vitest';
import { leavingHref, watchLeaving, type LinkClick } from './leaving.ts';

const here = new URL('https://console.example/approvals/new?workflow=wf_1');
const click = (href: string | null, over: Partial<LinkClick> = {}): LinkClick => ({
  defaultPrevented: false,
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  link: href === null ? null : { href, target: '', download: false },
  ...over,
});

describe('leavingHref', () => {
  it('names a same-origin page change by path, query and hash', () => {
    expect(leavingHref(click('/approvals?page=2#top'), here)).toBe('/approvals?page=2#top');
    expect(leavingHref(click('https://console.example/packages'), here)).toBe('/packages');
  });

  it('leaves alone what does not leave the page: no link, another origin, a new tab, a download, a jump within it', () => {
    expect(leavingHref(click(null), here)).toBeNull();
    expect(leavingHref(click('https://elsewhere.example/'), here)).toBeNull();
    expect(leavingHref(click('/packages', { metaKey: true }), here)).toBeNull();
    expect(leavingHref(click('/packages', { ctrlKey: true }), here)).toBeNull();
    expect(leavingHref(click('/packages', { button: 1 }), here)).toBeNull();
    expect(leavingHref(click('/packages', { defaultPrevented: true }), here)).toBeNull();
    expect(leavingHref(click('/packages', { link: { href: '/packages', target: '_blank', download: false } }), here)).toBeNull();
    expect(leavingHref(click('/packages', { link: { href: '/file.csv', target: '', download: true } }), here)).toBeNull();
    expect(leavingHref(click('/approvals/new?workflow=wf_1#fields'), here)).toBeNull();
  });
});

/** A click or beforeunload event as the window dispatches it (clickOf reads the rest). */
function fire(target: EventTarget, type: 'click' | 'beforeunload') {
  const event = new Event(type, { cancelable: true });
  // As browsers have a beforeunload event: returnValue is a string the page may set.
  if (type === 'beforeunload') Object.defineProperty(event, 'returnValue', { value: true, writable: true });
  target.dispatchEvent(event);
  return event as Event & { returnValue: unknown };
}

describe('watchLeaving', () => {
  const watch = (target: EventTarget, over: { inApp?: boolean; unload?: boolean; released?: boolean } = {}) => {
    const asked: string[] = [];
    const stop = watchLeaving(target, {
      inApp: over.inApp ?? true,
      unload: over.unload ?? true,
      here: () => here,
      clickOf: () => click('/packages'),
      onLink: (href) => asked.push(href),
      released: () => over.released ?? false,
    });
    return { asked, stop };
  };

  it('stops a link within the console and a reload, and stops no more once it is stopped itself', () => {
    const target = new EventTarget();
    const { asked, stop } = watch(target);
    expect(fire(target, 'click').defaultPrevented).toBe(true);
    expect(asked).toEqual(['/packages']);
    const unload = fire(target, 'beforeunload');
    expect(unload.defaultPrevented).toBe(true);
    expect(unload.returnValue).toBe('');
    stop();
    expect(fire(target, 'click').defaultPrevented).toBe(false);
    expect(fire(target, 'beforeunload').defaultPrevented).toBe(false);
    expect(asked).toEqual(['/packages']);
  });

  it('asks only within the console for work kept in this browser, and only on a reload for an upload', () => {
    const kept = new EventTarget();
    watch(kept, { unload: false });
    expect(fire(kept, 'beforeunload').defaultPrevented).toBe(false);
    expect(fire(kept, 'click').defaultPrevented).toBe(true);
    const upload = new EventTarget();
    const { asked } = watch(upload, { inApp: false });
    expect(fire(upload, 'click').defaultPrevented).toBe(false);
    expect(asked).toEqual([]);
    expect(fire(upload, 'beforeunload').defaultPrevented).toBe(true);
  });

  it('holds nothing once the user chose to leave', () => {
    const target = new EventTarget();
    const { asked } = watch(target, { released: true });
    expect(fire(target, 'click').defaultPrevented).toBe(false);
    expect(fire(target, 'beforeunload').defaultPrevented).toBe(false);
    expect(asked).toEqual([]);
  });
});

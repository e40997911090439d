// ir/navigation-walk.ts — every target of the navigation in document order: link items (and push
// buttons) first
// (they are drawn content), then bookmarks depth first, destinations, and reader.open_on; actions'
// own targets and `next` chains included. The names check, the place table and the emitter all walk
// targets through here, so none of them can miss one.
import type { Action, Navigation, PageTarget, Target } from './navigation-types.js';
import type { Item } from './types.js';

/** Calls `fn` on a target and on every target inside it (a go_to action's page or name, `next` actions). */
export function walkTarget(t: Target | undefined, fn: (t: Target) => void, onAction?: (a: Action) => void): void {
  if (!t) return;
  fn(t);
  if (t.kind === 'action') walkAction(t.action, fn, onAction);
}

function walkAction(a: Action, fn: (t: Target) => void, onAction?: (a: Action) => void): void {
  onAction?.(a);
  if (a.type === 'go_to') fn(a.target);
  for (const n of a.next) walkAction(n, fn, onAction);
}

/** Every target of the request, in document order; `onAction` also sees every action. */
export function forEachTarget(
  nav: Navigation | undefined,
  items: readonly Pick<Item, 'type'>[],
  fn: (t: Target) => void,
  onAction?: (a: Action) => void,
): void {
  for (const item of items) {
    if (item.type === 'link') walkTarget((item as Extract<Item, { type: 'link' }>).target, fn, onAction);
    // A push button's click leads somewhere the way a link does (passes/names/forms.ts, issue 11).
    else if (item.type === 'push_button')
      walkTarget((item as Extract<Item, { type: 'push_button' }>).target, fn, onAction);
  }
  if (!nav) return;
  const bookmarks = (list: Navigation['bookmarks']) => {
    for (const b of list) {
      walkTarget(b.target, fn, onAction);
      bookmarks(b.children);
    }
  };
  bookmarks(nav.bookmarks);
  for (const d of nav.destinations) if (d.target) fn(d.target);
  walkTarget(nav.reader?.openOn, fn, onAction);
}

/** Just the page targets. */
export function forEachPageTarget(
  nav: Navigation | undefined,
  items: readonly Pick<Item, 'type'>[],
  fn: (t: PageTarget) => void,
): void {
  forEachTarget(nav, items, (t) => {
    if (t.kind === 'page') fn(t);
  });
}

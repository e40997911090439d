// passes/pagination/relative.ts — pagination sub-step: `relative_to` resolved into an order of
// placement. Item ids are unique; every relative_to names an id some item carries; no chain of
// relative_to goes round in a circle; an item hung with relative_to states no `pages` of its own (it
// lands on the page of the part it hangs from). Returns the items in an order where every item comes
// after the one it hangs from, otherwise in drawing order.

import { refuse } from '../../ir/messages.js';
import type { LicensedItem } from '../../ir/types.js';

export function placementOrder(items: readonly LicensedItem[]): {
  order: LicensedItem[];
  byId: Map<string, LicensedItem>;
} {
  const byId = new Map<string, LicensedItem>();
  for (const item of items) {
    if (item.id === undefined) continue;
    const earlier = byId.get(item.id);
    if (earlier)
      refuse('itemIdTwice', `${item.at}/id`, { id: item.id, at: `${item.at}/id`, earlier: `${earlier.at}/id` });
    byId.set(item.id, item);
  }
  for (const item of items) {
    const rel = item.relativeTo;
    if (!rel) continue;
    if (!byId.has(rel.id)) refuse('relativeUnknownId', `${rel.at}/id`, { at: rel.at, id: rel.id });
    if (item.pages.select || item.pages.list.length)
      refuse('relativeWithPages', item.pages.at, { key: item.pages.at, other: rel.at });
  }
  const order: LicensedItem[] = [];
  const state = new Map<LicensedItem, 1 | 2>(); // 1 visiting, 2 done
  const visit = (item: LicensedItem) => {
    // Walk the chain iteratively: a chain of thousands of hung items must not blow the stack.
    const chain: LicensedItem[] = [];
    let cur: LicensedItem | undefined = item;
    while (cur && state.get(cur) === undefined) {
      state.set(cur, 1);
      chain.push(cur);
      cur = cur.relativeTo ? byId.get(cur.relativeTo.id) : undefined;
    }
    if (cur && state.get(cur) === 1) {
      const start = chain.indexOf(cur);
      const ring = [...chain.slice(start), cur].map((i) => `"${i.id}"`).join(' → ');
      refuse('relativeCycle', cur.relativeTo!.at, { at: cur.relativeTo!.at, ring });
    }
    for (let i = chain.length - 1; i >= 0; i--) {
      state.set(chain[i], 2);
      order.push(chain[i]);
    }
  };
  for (const item of items) visit(item);
  return { order, byId };
}

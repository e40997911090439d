// verifier/checks/optional-content.ts — optional content configurations (ISO 19005-2/3 §6.9,
// 19005-4 §6.10): each configuration dictionary (D and every entry of Configs) has a Name unique among
// them, an Order that reaches every optional content group of the file, and no AS entry.

import { pushAll } from '../../ir/bounded.js';
import {
  arrayItems,
  dictOf,
  get,
  getArray,
  getDict,
  has,
  PDFArray,
  type PDFDict,
  PDFHexString,
  type PDFObject,
  PDFRef,
  PDFString,
} from '../cos.js';
import type { Check } from './check.js';

export const optionalContent: Check = ({ l, add }) => {
  const ctx = l.context;
  const oc = getDict(ctx, l.catalog, 'OCProperties');
  if (!oc) return;
  const groups = (getArray(ctx, oc, 'OCGs')?.asArray() ?? []).filter((x): x is PDFRef => x instanceof PDFRef);
  const configs: PDFDict[] = [];
  const d = getDict(ctx, oc, 'D');
  if (d) configs.push(d);
  for (const c of arrayItems(ctx, getArray(ctx, oc, 'Configs'))) {
    const cd = dictOf(c);
    if (cd) configs.push(cd);
  }
  const names = new Map<string, number>();
  for (const c of configs) {
    const n = get(ctx, c, 'Name');
    const text = n instanceof PDFString || n instanceof PDFHexString ? n.decodeText() : undefined;
    // veraPDF: `Name != null && Name.length() > 0` — an empty Name is none
    if (text === undefined || text === '') add('oc-config-name', 'PDOCConfig', { present: false });
    else names.set(text, (names.get(text) ?? 0) + 1);
    if (has(c, 'AS')) add('oc-config-as', 'PDOCConfig');
    const order = getArray(ctx, c, 'Order');
    if (!order) continue;
    const reached = new Set<string>();
    const stack: (PDFObject | undefined)[] = [order];
    for (let i = 0; stack.length && i < 100_000; i++) {
      const x = stack.pop();
      if (x instanceof PDFRef) {
        reached.add(x.toString());
        const v = ctx.lookup(x);
        if (v instanceof PDFArray) pushAll(stack, v.asArray());
      } else if (x instanceof PDFArray) pushAll(stack, x.asArray());
    }
    const absent = groups.filter((g) => !reached.has(g.toString()));
    if (absent.length) add('oc-order-incomplete', 'PDOCConfig', { groups: absent.map((g) => g.toString()).join(', ') });
  }
  for (const [name, n] of names) if (n > 1) add('oc-config-name', 'PDOCConfig', { present: true, duplicate: name });
};

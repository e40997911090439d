// test/refusal-cases/items.ts — refusal cases of the items messages of ir/messages.ts, walked by
// test/refusals.test.ts, which renders each one in-process (or posts it to one server: see server.ts)
// and checks status, x-svc-refusal word, JSON pointer, that the sentence is the message's own and
// names what `says` lists. Every entry of REFUSALS needs at least one case somewhere under
// test/refusal-cases/, or the walk fails.
//
// To add a case: copy one below, set `key` to the message's key, give the smallest description
// (and `parts`, `licensed`, `client` when the case needs them) that meets that refusal first, the
// status and word of the table entry, the pointer the refusal names, and in `says` the key or name
// at fault as the sentence spells it.
import type { RefusalCase } from './support.js';


export const CASES: RefusalCase[] = [
  {
    key: 'codeDataRefused',
    description: { items: [{ rect: { llx: 0, lly: 0, urx: 100, ury: 100 }, type: 'ean13', data: '59012341234A' }] },
    status: 400, word: 'description', pointer: '/items/0/data',
    says: ['data'],
  },
];

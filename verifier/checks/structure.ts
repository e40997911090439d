// verifier/checks/structure.ts — tagged PDF (ISO 32000-1 §14.7–14.9) for the level-A rules of PDF/A
// (19005-1 §6.8, -2/-3 §6.7) and PDF/UA-1 (ISO 14289-1 §5, §7.1, §7.3, §7.18): MarkInfo, the
// structure tree and its role map (types standard or mapped onto one, no circular mapping, no
// standard type remapped), language identifiers, figures' alternate text, how page content is marked
// (real content in the tree, artifacts, neither), annotations in the tree with their tab order and
// descriptions, the title shown, the PDF/UA identification. Facts only; the standards bind them.
import type { PDFContext } from 'pdf-lib';
import { STANDARD_STRUCTURE_TYPES } from '../../ir/structure-types.js';
import type { Operand } from '../content.js';
import {
  arrayItems,
  dictOf,
  get,
  getArray,
  getBool,
  getDict,
  getName,
  getNumber,
  has,
  nameOf,
  PDFArray,
  type PDFDict,
  type PDFObject,
  resolve,
  textOf,
} from '../cos.js';
import type { Check } from './check.js';
import { documentXmp } from './metadata.js';

const STANDARD: ReadonlySet<string> = new Set(STANDARD_STRUCTURE_TYPES);
/** A language identifier as PDF/A and PDF/UA test it (RFC 3066 subtags). */
const LANG = /^[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*$/;
const MAX_ELEMENTS = 200_000;
/** What some elements may hold (ISO 32000-1 Tables 336–337, as PDF/UA-1 7.2 checks them). */
const MAY_HOLD: Partial<Record<string, readonly string[]>> = {
  Table: ['TR', 'THead', 'TBody', 'TFoot', 'Caption'],
  L: ['L', 'LI', 'Caption'],
  LI: ['Lbl', 'LBody'],
  TOC: ['TOC', 'TOCI', 'Caption'],
};
/** Operators that put marks on the page (a content item in veraPDF's terms). */
const PAINT = new Set(['Tj', 'TJ', "'", '"', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'S', 's', 'sh', 'Do', 'BI']);

/** The standard type a structure type stands for through the role map: the type, 'circular', or undefined (unmapped). */
function standardOf(ctx: PDFContext, roleMap: PDFDict | undefined, type: string): string | undefined {
  const seen = new Set<string>();
  let t = type;
  for (;;) {
    if (STANDARD.has(t)) return t;
    if (seen.has(t)) return 'circular';
    seen.add(t);
    const next = getName(ctx, roleMap, t);
    if (next === undefined) return undefined;
    t = next;
  }
}

export const structure: Check = ({ l, u, add }) => {
  const ctx = l.context;
  const cat = l.catalog;
  if (!cat) return;
  const markInfo = getDict(ctx, cat, 'MarkInfo');
  const marked = getBool(ctx, markInfo, 'Marked');
  if (getBool(ctx, markInfo, 'Suspects') === true) add('markinfo-suspects', 'CosDocument');
  if (marked !== true)
    add('markinfo-not-marked', 'CosDocument', {
      MarkInfo: markInfo ? 'present' : 'absent',
      Marked: String(marked ?? 'absent'),
    });
  const lang = (o: unknown, where: string) => {
    const s = textOf(o as never);
    if (s !== undefined && s !== '' && !LANG.test(s)) add('lang-invalid', 'CosLang', { value: s }, where);
    if (s === '') add('lang-empty', 'CosLang', {}, where);
  };
  if (has(cat, 'Lang')) lang(get(ctx, cat, 'Lang'), 'catalog');
  const catalogLang = has(cat, 'Lang');
  const vp = getDict(ctx, cat, 'ViewerPreferences');
  if (getBool(ctx, vp, 'DisplayDocTitle') !== true) add('display-doc-title-off', 'CosDocument');

  // The structure tree: every element's type through the role map, its language, a figure's alternate text.
  const root = getDict(ctx, cat, 'StructTreeRoot');
  if (!root) add('struct-tree-missing', 'PDDocument');
  const roleMap = getDict(ctx, root, 'RoleMap');
  // the structure types the elements use: a remapped standard type is judged where an element has it
  // (veraPDF's remappedStandardType is a property of the element, PDStructElem / SENonStandard)
  const used = new Set<string>();
  // Depth first in reading order (kids pushed last to first), so headings are seen in sequence.
  const stack = arrayItems(ctx, getArray(ctx, root, 'K')).reverse();
  const single = dictOf(get(ctx, root, 'K'));
  if (single) stack.push(single);
  const headings: { level: number; type: string }[] = [];
  const langAbove = new Set<PDFDict>();
  const seen = new Set<PDFDict>();
  while (stack.length && seen.size < MAX_ELEMENTS) {
    const e = dictOf(stack.pop());
    if (!e || seen.has(e)) continue;
    const type = getName(ctx, e, 'Type');
    if (type === 'MCR' || type === 'OBJR') continue;
    if (!has(e, 'S')) continue;
    seen.add(e);
    const s = getName(ctx, e, 'S') ?? '';
    used.add(s);
    if (!has(e, 'P')) add('struct-elem-no-parent', 'PDStructElem', { type: s });
    const std = standardOf(ctx, roleMap, s);
    if (std === undefined) add('struct-type-unmapped', 'SENonStandard', { type: s });
    else if (std === 'circular') add('struct-role-circular', 'SENonStandard', { type: s });
    if (has(e, 'Lang')) lang(get(ctx, e, 'Lang'), `structure element ${s}`);
    // An ActualText present, even empty, counts: the corpus's passing files hold `/ActualText ()` on figures whose text is drawn.
    if (std === 'Figure' && !textOf(get(ctx, e, 'Alt')) && !has(e, 'ActualText'))
      add('figure-no-alt', 'SEFigure', { type: s });
    if (std === 'H') headings.push({ level: 0, type: s });
    else if (std && /^H[1-6]$/.test(std)) headings.push({ level: Number(std[1]), type: s });
    const k = get(ctx, e, 'K');
    const kids = k instanceof PDFArray ? arrayItems(ctx, k) : k && dictOf(k) ? [k] : [];
    let hKids = 0;
    for (const kid of kids) {
      const d = dictOf(kid);
      if (d && has(d, 'S') && standardOf(ctx, roleMap, getName(ctx, d, 'S') ?? '') === 'H') hKids++;
    }
    if (hKids > 1) add('h-twice', 'PDStructElem', { type: s });
    if (std === 'Form') {
      // PDF/UA-1 7.18.4 t02: a Role attribute, or exactly one child, an OBJR to a widget annotation
      const only = kids.length === 1 ? dictOf(kids[0]) : undefined;
      const target = only && getName(ctx, only, 'Type') === 'OBJR' ? dictOf(get(ctx, only, 'Obj')) : undefined;
      const oneWidget = target !== undefined && getName(ctx, target, 'Subtype') === 'Widget';
      add('form-elem', 'SEForm', { type: s, role: hasRoleAttribute(ctx, e), oneWidget });
    }
    // What a table, list, list item or TOC holds (PDF/UA-1 7.2).
    const holds = std ? MAY_HOLD[std] : undefined;
    if (holds) {
      const bad = new Set<string>();
      for (const kid of kids) {
        const d = dictOf(kid);
        if (!d || !has(d, 'S')) continue;
        const t = standardOf(ctx, roleMap, getName(ctx, d, 'S') ?? '') ?? '?';
        if (!holds.includes(t)) bad.add(t);
      }
      if (bad.size) add('struct-children', `SE${std}`, { type: std!, kids: [...bad].join(', ') });
    }
    // A language is determined by the element's Lang, an ancestor's, or the catalog's.
    const langHere = has(e, 'Lang') || langAbove.has(e);
    if (has(e, 'ActualText') && !langHere && !catalogLang) add('actualtext-no-lang', 'PDStructElem', { type: s });
    if (langHere)
      for (const kid of kids) {
        const d = dictOf(kid);
        if (d) langAbove.add(d);
      }
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  if (roleMap) {
    for (const [k, v] of roleMap.entries()) {
      const from = k.decodeText();
      if (STANDARD.has(from) && nameOf(v) !== from && used.has(from))
        add('struct-standard-remapped', 'SENonStandard', { type: from }, 'RoleMap');
    }
  }
  // Headings (PDF/UA-1 7.4): numbered ones start at H1 and descend without skipping; H and Hn not mixed.
  const numbered = headings.filter((h) => h.level > 0);
  let prev = 0;
  for (const h of numbered) {
    if (h.level > prev + 1) {
      add('headings-numbered', 'PDStructElem', { type: h.type, previous: prev ? `H${prev}` : 'none' });
      break;
    }
    prev = h.level;
  }
  if (numbered.length && numbered.length < headings.length) {
    add('h-with-hn', 'SEH');
    add('hn-with-h', 'SEHn');
  }

  // Pages with annotations tabbed by structure (the annotations themselves: structure-ua1.ts, annot-ua).
  const parents = parentTreeNums(ctx, getDict(ctx, root, 'ParentTree'));
  u.pages.forEach((p, i) => {
    const annots = arrayItems(ctx, getArray(ctx, p, 'Annots')).filter((a) => !!dictOf(a));
    if (annots.length && getName(ctx, p, 'Tabs') !== 'S') add('tabs-not-structure', 'PDPage', {}, `page ${i + 1}`);
  });

  // Page content: each mark inside real content or an artifact. Real content is an MCID the page's
  // parent-tree entry maps to a structure element (ISO 32000-1 §14.7.4.4): an MCID no element
  // claims is not tagged (veraPDF's isTaggedContent reads the tree the same way), so content marked
  // with an orphan MCID is neither tagged nor an artifact (PDF/UA-1 7.1-3).
  const claimedByPage = new Map<string, Set<number>>();
  const claimed = (where: string, mcid: Operand | undefined): boolean => {
    let set = claimedByPage.get(where);
    if (!set) {
      set = new Set();
      const page = u.pages[Number(/^page (\d+)$/.exec(where)?.[1] ?? 0) - 1];
      const key = page ? getNumber(ctx, page, 'StructParents') : undefined;
      const entry = key === undefined ? undefined : parents.get(key);
      const arr = entry ? ctx.lookup(entry) : undefined;
      if (arr instanceof PDFArray) for (let k = 0; k < arr.size(); k++) if (dictOf(ctx.lookup(arr.get(k)))) set.add(k);
      claimedByPage.set(where, set);
    }
    return mcid?.t === 'num' && set.has(mcid.v);
  };
  for (const sc of u.scopes) {
    if (sc.kind !== 'page') continue;
    const marks: ('mcid' | 'artifact' | 'other')[] = [];
    let tagged = 0,
      artifact = 0,
      untaggedReported = false;
    for (const op of sc.marks ?? []) {
      if (op.op === 'BDC' || op.op === 'BMC') {
        const tag = op.args[0]?.t === 'name' ? op.args[0].v : '';
        const props = op.op === 'BDC' && op.args[1]?.t === 'dict' ? op.args[1].v : undefined;
        const kind =
          tag === 'Artifact'
            ? 'artifact'
            : props?.has('MCID') && claimed(sc.where, props.get('MCID'))
              ? 'mcid'
              : 'other';
        if (kind === 'artifact' && tagged > 0) add('artifact-in-tagged', 'SEMarkedContent', {}, sc.where);
        if (kind === 'mcid' && artifact > 0) add('tagged-in-artifact', 'SEMarkedContent', {}, sc.where);
        marks.push(kind);
        if (kind === 'mcid') tagged++;
        if (kind === 'artifact') artifact++;
      } else if (op.op === 'EMC') {
        const k = marks.pop();
        if (k === 'mcid') tagged--;
        if (k === 'artifact') artifact--;
      } else if (PAINT.has(op.op) && tagged === 0 && artifact === 0 && !untaggedReported) {
        add('content-untagged', 'SESimpleContentItem', { op: op.op }, sc.where);
        untaggedReported = true;
      }
    }
  }

  // PDF/UA identification and the title (ISO 14289-1 §5, §7.1).
  const x = documentXmp(l);
  const props = x.packet?.properties ?? [];
  const ua = props.filter((p) => p.ns === 'http://www.aiim.org/pdfua/ns/id/' && p.name === 'part');
  if (ua.length === 0) add('pdfuaid-missing', 'MainXMPPackage');
  else if (ua[0].value.kind !== 'simple' || ua[0].value.text.trim() !== '1')
    add('pdfuaid-part', 'PDFUAIdentification', { part: ua[0].value.kind === 'simple' ? ua[0].value.text.trim() : '?' });
  if (!props.some((p) => p.ns === 'http://purl.org/dc/elements/1.1/' && p.name === 'title'))
    add('dc-title-missing', 'MainXMPPackage');
};

/** The parent tree's number → value pairs (§7.9.7), leaves and kids, flattened. */
export function parentTreeNums(ctx: PDFContext, tree: PDFDict | undefined): Map<number, PDFObject> {
  const out = new Map<number, PDFObject>();
  const stack = tree ? [tree] : [];
  const seen = new Set<PDFDict>();
  while (stack.length && seen.size < 100_000) {
    const n = stack.pop()!;
    if (seen.has(n)) continue;
    seen.add(n);
    const nums = arrayItems(ctx, getArray(ctx, n, 'Nums'));
    for (let i = 0; i + 1 < nums.length; i += 2) {
      const k = Number(nums[i]?.toString());
      if (Number.isFinite(k)) out.set(k, nums[i + 1]);
    }
    for (const kid of arrayItems(ctx, getArray(ctx, n, 'Kids'))) {
      const d = dictOf(kid);
      if (d) stack.push(d);
    }
  }
  return out;
}

/** A Role entry in one of the element's attribute objects (A: a dictionary, or an array of them with
 * revision numbers), as PDF/UA-1 7.18.4 reads a Form element's role. */
function hasRoleAttribute(ctx: PDFContext, e: PDFDict): boolean {
  const a = get(ctx, e, 'A');
  const items = a instanceof PDFArray ? arrayItems(ctx, a) : a ? [a] : [];
  return items.some((x) => {
    const d = dictOf(resolve(ctx, x));
    return d !== undefined && has(d, 'Role');
  });
}

// ir/read.ts — the front of the pipeline: description bytes (or an already parsed value) → ReadIr.
// Strict JSON (duplicate keys refused), the ajv schema, then the shapes the passes work on:
// coordinates parsed once into expression nodes, colours typed, font bytes decoded. Every refusal
// here names the key and its JSON pointer; nothing after a refusal runs. Each area's reading lives
// in ir/read/<area>.ts.

import { pushAll } from './bounded.js';
import { DEFAULT_PAGE } from './defaults.js';
import type * as D from './description.generated.js';
import type { Remark } from './diagnostics.js';
import { readJson } from './json-reader.js';
import { refuse } from './messages.js';
import { at } from './pointer.js';
import { readFileSettings } from './read/attachments.js';
import { ajv, check } from './read/common.js';
import {
  readFontChainDecl,
  readFontDecl,
  readFontVariantDecl,
  readSimpleFontDecl,
  readStandardFontDecl,
  readType1FontDecl,
  readType3FontDecl,
} from './read/fonts.js';
import { readGraphics } from './read/graphics.js';
import { readImageDecls } from './read/images.js';
import { readItem } from './read/items.js';
import { checkNavigationSchema, readNavigation, readPageSettings } from './read/navigation.js';
import { readEncryption } from './read/security.js';
import { readStandards } from './read/standards.js';
import { readStructure } from './read/structure.js';
import { readTemplates } from './read/supplied.js';
import { unknownKeyRemarks } from './read/unknown-keys.js';
import { descriptionSchema } from './schema/description.js';
import type { PageSize, ReadIr, RenumberEntry } from './types.js';

export { DEFAULT_LEADING_FACTOR, DEFAULT_PAGE } from './defaults.js';
export { readColour, readCoord, refuseSchema } from './read/common.js';

/**
 * The top level, checked at once. What it leaves loose (each item, the graphics and navigation areas)
 * is checked by its own schema before it is read, so a reader holds its part of a `D.Description`.
 */
const validateDescription = ajv.compile<D.Description>(descriptionSchema);

/**
 * Reads a description into the first IR stage, or throws a RefusalError. `remarks`, when given,
 * receives a warning for each key the format does not know (ignored, as the spec says).
 */
export function readDescription(description: unknown, remarks?: Remark[]): ReadIr {
  const value = parseDescription(description);
  check(validateDescription, value, '');
  const d = value;
  if (remarks) pushAll(remarks, unknownKeyRemarks(d));
  checkNavigationSchema(d);
  const page = d.page ?? {};
  checkSheets(d);
  const list = <K extends DeclarationKey, T>(
    key: K,
    read: (raw: NonNullable<D.Description[K]>[number], p: string) => T,
  ): T[] => (d[key] ?? []).map((raw, i) => read(raw, at('', key, i)));
  return {
    stage: 'read',
    doc: {
      pageSizes: readPageSizes(d.page_sizes),
      renumber: readRenumber(d.renumber),
      templates: readTemplates(d.templates, at('', 'templates')),
      unpackLimit: d.supplied_pdfs?.unpack_limit,
      images: readImageDecls(d.images),
      standards: readStandards(d),
      files: readFileSettings(d),
      check: readCheck(d.check),
      navigation: readNavigation(d),
      pageSettings: readPageSettings(d),
      graphics: readGraphics(d),
      structure: readStructure(d.structure),
      encryption: readEncryption(d.encryption),
    },
    page: { width: page.width ?? DEFAULT_PAGE.width, height: page.height ?? DEFAULT_PAGE.height },
    fonts: list('fonts', readFontDecl),
    standardFonts: list('standard_fonts', readStandardFontDecl),
    type1Fonts: list('type1_fonts', readType1FontDecl),
    type3Fonts: list('type3_fonts', readType3FontDecl),
    simpleFonts: list('simple_fonts', readSimpleFontDecl),
    fontVariants: list('font_variants', readFontVariantDecl),
    fontChains: list('font_chains', readFontChainDecl),
    items: d.items.map((raw, i) => readItem(raw, i)),
  };
}

/** The top-level keys that declare a list of fonts, read one entry at a time. */
type DeclarationKey =
  | 'fonts'
  | 'standard_fonts'
  | 'type1_fonts'
  | 'type3_fonts'
  | 'simple_fonts'
  | 'font_variants'
  | 'font_chains';

/**
 * Largest sheet side taken, in points (decision, docs/reference.md "page"): 14 400, 200 inches, the
 * page limit of ISO 32000-1 Annex C that PDF/A-1 to 3 keep (19005-2 6.1.13) and the largest page
 * Acrobat shows without a UserUnit, which this build never writes. A page of 1e9 points (issue 20)
 * leaves every reader's range.
 */
export const MAX_PAGE_SIDE = 14_400;

/** `page` and every `page_sizes` entry against MAX_PAGE_SIDE. */
function checkSheets(d: D.Description): void {
  const sheets: [{ width?: number; height?: number }, string][] = d.page ? [[d.page, '/page']] : [];
  (d.page_sizes ?? []).forEach((e, i) => {
    sheets.push([e, at('', 'page_sizes', i)]);
  });
  for (const [sheet, p] of sheets)
    for (const k of ['width', 'height'] as const) {
      const value = sheet[k];
      if (value !== undefined && value > MAX_PAGE_SIDE)
        refuse('pageSizePastLimit', at(p, k), { key: at(p, k), value, limit: MAX_PAGE_SIDE });
    }
}

/** `page_sizes`: a page named twice takes the last entry (as page_boxes does). */
function readPageSizes(raw: D.PageSizeEntry[] | undefined): Map<number, PageSize> | undefined {
  if (!raw?.length) return undefined;
  return new Map(raw.map((e) => [e.page, { width: e.width, height: e.height }]));
}

/** `renumber`: sorted by page; a page named twice takes the last entry (as page_sizes). Defaults: decimal, no prefix, from 1. */
function readRenumber(raw: D.RenumberEntry[] | undefined): RenumberEntry[] | undefined {
  if (!raw?.length) return undefined;
  const byPage = new Map<number, RenumberEntry>();
  raw.forEach((e, i) =>
    byPage.set(e.page, {
      at: at('', 'renumber', i),
      page: e.page,
      style: e.style ?? 'decimal',
      prefix: e.prefix ?? '',
      start: e.start ?? 1,
    }),
  );
  return [...byPage.values()].sort((a, b) => a.page - b.page);
}

/** `check`: each standard once, in the order given. */
function readCheck(raw: D.CheckStandard[] | undefined): string[] | undefined {
  if (!raw?.length) return undefined;
  return [...new Set(raw)];
}

function parseDescription(description: unknown): unknown {
  if (typeof description === 'string' || description instanceof Uint8Array) {
    const r = readJson(description);
    if (r.ok) return r.value;
    if (r.kind === 'duplicate')
      refuse('duplicateKey', at(r.pointer, r.key), {
        key: r.key,
        where: r.pointer ? `the object at ${r.pointer}` : 'the top level of the description',
      });
    refuse('jsonUnreadable', '', { detail: r.detail });
  }
  return description;
}

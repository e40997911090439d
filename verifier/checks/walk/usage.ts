// verifier/checks/walk/usage.ts — what the walk (verifier/checks/walk.ts) records of a document: the
// colour spaces, fonts, graphics states, images, shadings, patterns and content streams it USES, with
// where. The checks (verifier/checks/*.ts) read this record; they never walk the document themselves.

import type { ContentStats, Operand, Operation } from '../../content.js';
import type { PDFDict, PDFObject, PDFStream } from '../../cos.js';

/** Default colour spaces in force where a device space is used (DefaultRGB … in the resources). */
export interface Defaults {
  gray: boolean;
  rgb: boolean;
  cmyk: boolean;
}

export interface ColourUse {
  /** Family: DeviceRGB, DeviceCMYK, DeviceGray, ICCBased, Indexed, Separation, DeviceN, Pattern, Lab, CalRGB… */
  family: string;
  /** The colour space object (array) for non-device families. */
  obj?: PDFObject;
  defaults: Defaults;
  /** Where: 'page 3', 'form 12 0 obj'… */
  where: string;
  /** Reached through an operator painting with it, an image, a shading, a group… */
  via: 'operator' | 'image' | 'inline-image' | 'shading' | 'group' | 'annotation';
  /** Used only as an alternate / base inside another space (veraPDF still checks it). */
  nested?: boolean;
  /** The family it is nested in (Indexed, Separation, DeviceN, Pattern). */
  parent?: string;
  /** The current transparency blending space where it is used (the nearest group's CS, as veraPDF's
   * colorSpaceType: an ICC profile's header space 'RGB ', 'CMYK', 'GRAY', or CalRGB, CalGray, Lab, Device…). */
  blend?: string;
}

export interface FontUse {
  font: PDFDict;
  /** Text rendering modes it was shown with. */
  modes: Set<number>;
  /** Byte strings shown in it (for glyph checks), capped. */
  shown: Uint8Array[];
  /** The codes of each text-showing operator outside every marked-content sequence with /ActualText
   * (a TJ's strings joined, so a cluster split by a kerning number stays whole), capped. */
  plain: Uint8Array[];
  /** Where it was first selected. */
  where: string;
}

export interface ScopeUse {
  where: string;
  /** Operand facts gathered while tokenizing (limits, hex strings). The operations themselves are
   * not kept: every rule that reads them is served in the one pass of verifier/checks/walk/content.ts
   * (undefined operators, marked-content property lists), so a large document's operations become
   * garbage early. */
  stats: ContentStats;
  /** Operators ISO 32000 does not define, each with whether it stood inside BX/EX. */
  unknownOps: { op: string; compat: boolean }[];
  /** The property lists of BDC operators (inline dictionaries, or names of Properties resources). */
  markedContent: Operand[];
  /** A page's marked-content skeleton for the structure rules: BDC / BMC / EMC with their operands,
   * and every painting operator without its operands (text is most of a page's operations). */
  marks?: Operation[];
  resources?: PDFDict;
  kind: 'page' | 'form' | 'pattern' | 'glyph' | 'appearance';
}

export interface Usage {
  colours: ColourUse[];
  fonts: Map<PDFDict, FontUse>;
  extGStates: { dict: PDFDict; where: string }[];
  images: { dict: PDFDict; stream?: PDFStream; where: string }[];
  inlineImages: { dict: Map<string, Operand>; where: string }[];
  forms: { stream: PDFStream; where: string }[];
  /** How many times each form XObject is painted by Do (a form is walked once, painted maybe more). */
  formPaints: Map<PDFStream, number>;
  shadings: { dict: PDFDict; where: string }[];
  patterns: { dict: PDFDict; where: string }[];
  scopes: ScopeUse[];
  /** Pages in order with their dictionaries. */
  pages: PDFDict[];
  /** Deepest q nesting seen in one content stream. */
  maxQDepth: number;
  /** Rendering intents named by `ri`, graphics states and images. */
  intents: { value: string; where: string }[];
  /** Named resources found only in an enclosing scope's dictionary (a form or glyph without its own). */
  inherited: { kind: string; name: string; where: string }[];
  /** Where ICCBased CMYK is painted with overprinting on and overprint mode 1. */
  overprintIccCmyk: string[];
  /** Pages that have no Resources of their own and take the page tree's. */
  pagesInheritingResources: number[];
  /** Named resources an operator uses that no resource dictionary in scope holds. */
  missing: { kind: string; name: string; where: string }[];
  /** Pages (1-based) on which something transparent is painted. */
  transparentPages: Set<number>;
  /** Transparency groups (page or form /Group with /S /Transparency). */
  groups: { dict: PDFDict; owner: 'page' | 'form'; where: string }[];
}

export function emptyUsage(): Usage {
  return {
    colours: [],
    fonts: new Map(),
    extGStates: [],
    images: [],
    inlineImages: [],
    forms: [],
    formPaints: new Map(),
    shadings: [],
    patterns: [],
    scopes: [],
    pages: [],
    maxQDepth: 0,
    intents: [],
    groups: [],
    missing: [],
    inherited: [],
    pagesInheritingResources: [],
    overprintIccCmyk: [],
    transparentPages: new Set(),
  };
}

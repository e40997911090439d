// passes/cross-refusals/standards.ts — cross-refusals of the standards area (called by passes/cross-refusals/cross-refusals.ts):
// what the archive claim sets aside (spec Errors 400: "a standard declared contradicts a setting
// that standard sets aside", named both), what the declared version is too old for, the invoice's
// conditions and XML, the output intent's profile, attachments against the claim, collection
// column values against their columns, and claimed attachment names. Everything here runs before
// anything is measured or drawn; what a check reads from a part it reads again when writing.

import { XMLValidator } from 'fast-xml-parser';
import { Face } from '../../engines/fonts/face.js';
import { programOf } from '../../engines/fonts/styled-font.js';
import { NON_SPOT_INKS, separationOf } from '../../engines/pdf/color-spaces.js';
import type { IccFacts } from '../../engines/pdf/icc-profile.js';
import { checkInvoiceXml } from '../../engines/pdf/invoice.js';
import { outputIntentProfile } from '../../engines/pdf/output-intent-profile.js';
import { SRGB_DESCRIPTION } from '../../engines/pdf/srgb.js';
import { pushAll } from '../../ir/bounded.js';
import { refuse } from '../../ir/messages.js';
import type { JsonPointer } from '../../ir/pointer.js';
import type { ArchiveLevel, FileSettings, Standards } from '../../ir/standards-types.js';
import type { TextRun } from '../../ir/text-types.js';
import type { DocSettings, FontResource, PageSize, ResolvedItem } from '../../ir/types.js';
import { requireVersion } from '../../ir/version.js';
import type { PassContext } from '../pass.js';
import { checkSvgImages } from './svg.js';

/** The output intent's colour space in words, by component count. */
const SPACE_WORDS: Record<number, string> = {
  1: 'grey (1 component)',
  3: 'RGB (3 components)',
  4: 'CMYK (4 components)',
};

/** An attachment's own PDF/A part, read from its metadata packet as written (undefined: not PDF/A). */
export function pdfaPartOf(bytes: Uint8Array): number | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 8)).toString('latin1');
  if (!head.startsWith('%PDF-')) return undefined;
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  // Attribute form (pdfaid:part="2") or element form (<pdfaid:part>2</pdfaid:part>).
  const m = /pdfaid:part\s*(?:=\s*["']|>)\s*(\d)/.exec(text);
  return m ? Number(m[1]) : undefined;
}

function checkOutputIntent(doc: DocSettings, std: Standards, ctx: PassContext): IccFacts | undefined {
  const oi = std.outputIntent;
  if (!oi && !std.archive) return undefined;
  const { facts } = outputIntentProfile(std, ctx);
  if (oi?.profile) {
    const p = oi.profile;
    // ISO 32000-1 §14.11.5: the destination profile of an output intent is an output profile;
    // PDF/A (19005-1 6.2.2, -2 6.2.3) takes printer ('prtr') or display ('mntr') profiles.
    if (facts.deviceClass !== 'prtr' && facts.deviceClass !== 'mntr')
      refuse('iccUnusable', p.at, {
        profile: p.part,
        at: p.at,
        reason: `its class is "${facts.deviceClass.trim()}", not an output (prtr) or display (mntr) profile`,
      });
    if (!facts.n)
      refuse('iccUnusable', p.at, {
        profile: p.part,
        at: p.at,
        reason: `its colour space "${facts.space.trim()}" is not grey, RGB or CMYK`,
      });
    if (facts.major !== 2 && facts.major !== 4)
      refuse('iccUnusable', p.at, {
        profile: p.part,
        at: p.at,
        reason: `it is ICC version ${facts.major}, and PDF takes versions 2 and 4`,
      });
    // ICC v4 profiles arrive with PDF 1.5 (ISO 32000-1 §8.6.5.5, Table 67).
    if (facts.major === 4) {
      if (std.archive?.level.part === 1)
        refuse('archiveSetsAside', std.archive.at, {
          key: std.archive.at,
          claim: std.archive.level.claim,
          what: `${p.at} ("${p.part}")`,
          reason: 'PDF/A-1 takes ICC profiles of version 2 only',
        });
      requireVersion(doc, '1.5', p.at, 'an ICC profile of version 4');
    }
  }
  if (oi?.components && oi.components.n !== facts.n) {
    refuse('iccComponents', oi.components.at, {
      key: oi.components.at,
      components: oi.components.n,
      profile: oi.profile?.part ?? SRGB_DESCRIPTION,
      profileComponents: facts.n,
    });
  }
  if (oi) requireVersion(doc, '1.4', oi.at, 'output_intent');
  return facts;
}

/** Walks plain objects of an item for colour values ({space, c}), with their pointers. */
function colours(v: unknown, p: JsonPointer, out: [JsonPointer, string][], depth = 0): void {
  if (depth > 8 || v === null || typeof v !== 'object' || ArrayBuffer.isView(v)) return;
  if (Array.isArray(v)) {
    v.forEach((x, i) => colours(x, `${p}/${i}`, out, depth + 1));
    return;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return;
  const o = v as Record<string, unknown>;
  if ((o.space === 'gray' || o.space === 'rgb' || o.space === 'cmyk') && Array.isArray(o.c)) {
    out.push([p, o.space]);
    return;
  }
  for (const k of Object.keys(o)) {
    // `at` pointers and resolved faces are not part of what is drawn.
    if (k === 'at' || k === 'fontRes' || k === 'standard' || k === 'rect' || k === 'pages') continue;
    colours(o[k], `${p}/${k}`, out, depth + 1);
  }
}

/**
 * PDF/A (19005-1 6.2.3.3, -2/-3 6.2.4.3, -4 6.2.4.3): DeviceRGB only under an RGB output intent,
 * DeviceCMYK only under a CMYK one; DeviceGray under any. Device colours of items are refused
 * when the output intent is of another space, naming the colour and the intent.
 */
function checkColours(items: readonly ResolvedItem[], std: Standards, facts: IccFacts): void {
  const archive = std.archive!;
  const intentAt = std.outputIntent?.at ?? "(the service's sRGB, written because output_intent is absent)";
  for (const item of items) {
    const found: [JsonPointer, string][] = [];
    colours(item, item.at, found);
    for (const [p, space] of found) {
      if (space === 'gray') continue;
      const n = space === 'rgb' ? 3 : 4;
      if (n !== facts.n)
        refuse('colourOutsideIntent', p, {
          colour: p,
          space: space === 'rgb' ? 'RGB (3 numbers)' : 'CMYK (4 numbers)',
          claim: archive.level.claim,
          intent: intentAt,
          intentSpace: SPACE_WORDS[facts.n],
        });
    }
  }
}

/**
 * Colour fonts (COLR v0, passes/layout/colour-layers.ts) fill their layers in RGB palette colours:
 * under an output intent that is not RGB, PDF/A refuses them as it refuses an RGB colour.
 */
function checkColourFonts(items: readonly ResolvedItem[], std: Standards, facts: IccFacts): void {
  const intentAt = std.outputIntent?.at ?? "(the service's sRGB, written because output_intent is absent)";
  const fontsOf = (item: ResolvedItem): FontResource[] => {
    const out: FontResource[] = [];
    const it = item as { fontRes?: FontResource | Map<string, FontResource>; runs?: TextRun[] };
    if (it.fontRes instanceof Map) pushAll(out, it.fontRes.values());
    else if (it.fontRes) out.push(it.fontRes);
    for (const r of it.runs ?? []) if (r.style?.fontRes) out.push(r.style.fontRes);
    return out;
  };
  for (const item of items) {
    for (const res of fontsOf(item)) {
      const face = programOf(res.face);
      if (!(face instanceof Face) || !face.font.directory?.tables?.COLR || !face.paletteColours) continue;
      refuse('colourOutsideIntent', res.at, {
        colour: `in the colour layers of the font "${res.name}" (${res.at})`,
        space: 'RGB (its CPAL palette)',
        claim: std.archive!.level.claim,
        intent: intentAt,
        intentSpace: SPACE_WORDS[facts.n],
      });
    }
  }
}

function setAside(std: Standards, what: string, why: string): never {
  const a = std.archive!;
  refuse('archiveSetsAside', a.at, { key: a.at, claim: a.level.claim, what, reason: why });
}

/** The declared version against the claim: PDF/A-1 is PDF 1.4 at most, 2 and 3 PDF 1.7 at most, 4 PDF 2.0. */
function checkVersionAgainstClaim(std: Standards): void {
  const a = std.archive;
  const v = std.declaredVersion;
  if (!a || !v) return;
  const part = a.level.part;
  const n = Number(v.version);
  if (part === 1 && n > 1.4) setAside(std, `${v.at} = "${v.version}"`, 'PDF/A-1 files declare PDF 1.4 or older');
  if ((part === 2 || part === 3) && n > 1.7)
    setAside(std, `${v.at} = "${v.version}"`, `PDF/A-${part} files declare PDF 1.7 or older`);
  if (part === 4 && v.version !== '2.0') setAside(std, `${v.at} = "${v.version}"`, 'PDF/A-4 files declare PDF 2.0');
}

function checkInvoice(std: Standards, files: FileSettings | undefined, ctx: PassContext): void {
  const inv = std.invoice;
  if (!inv) return;
  // spec, invoice: "the request must state archive = pdfa3b; with no archiving standard the invoice is
  // refused; with pdfa4 it is refused too."
  const claim = std.archive?.level.claim;
  if (claim !== 'pdfa3b') {
    refuse('invoiceNeedsPdfa3b', inv.at, {
      at: inv.at,
      reason:
        claim === undefined
          ? 'the request claims no archive'
          : `${std.archive!.at} = "${claim}" is not the Factur-X carrier`,
    });
  }
  const xml = ctx.parts.get(inv.xml.part);
  if (!xml) refuse('partMissing', inv.xml.at, { part: inv.xml.part, at: inv.xml.at });
  checkInvoiceXml(inv, xml);
  for (const a of files?.attachments ?? []) {
    if (a.fileName === 'factur-x.xml') refuse('invoiceFileNameTaken', `${a.at}/file_name`, { at: `${a.at}/file_name` });
    if (a.name === inv.xml.part)
      refuse('invoicePartAttached', `${a.at}/name`, { part: a.name, at: a.at, invoiceAt: inv.xml.at });
  }
}

function checkAttachments(doc: DocSettings, std: Standards | undefined, files: FileSettings, ctx: PassContext): void {
  const level: ArchiveLevel | undefined = std?.archive?.level;
  const byName = new Map(files.attachments.map((a) => [a.name, a]));
  for (const a of files.attachments) {
    const bytes = ctx.parts.get(a.name);
    if (!bytes) refuse('partMissing', `${a.at}/name`, { part: a.name, at: `${a.at}/name` });
    requireVersion(doc, '1.3', a.at, 'an embedded file');
    if (!level) continue;
    if (level.part === 1) setAside(std!, a.at, 'PDF/A-1 carries no embedded files');
    // PDF/A-2 6.8 and PDF/A-4 (not 4f/4e) 6.9: an embedded file is itself a PDF/A file.
    const onlyPdfa = level.part === 2 || (level.part === 4 && !level.conformance);
    if (onlyPdfa && pdfaPartOf(bytes) === undefined) {
      setAside(
        std!,
        `${a.at} ("${a.name}")`,
        `PDF/A-${level.part}${level.conformance?.toLowerCase() ?? ''} carries only PDF/A files as attachments, and this one is not one (no pdfaid:part in its metadata)`,
      );
    }
  }
  if (level?.part === 1 && files.collection)
    setAside(std!, files.collection.at, 'PDF/A-1 carries no embedded files, so no portfolio');
  // Column values against the collection's columns.
  const columns = new Map((files.collection?.columns ?? []).map((c) => [c.key, c]));
  for (const a of files.attachments) {
    for (const v of a.columns) {
      const col = columns.get(v.key);
      if (!col)
        refuse('columnUnknown', `${v.at}/key`, {
          column: v.key,
          at: `${v.at}/key`,
          collection: files.collection ? files.collection.at : 'a collection (the request has none)',
        });
      if (col.data === 'file_name' || col.data === 'description' || col.data === 'modified' || col.data === 'size') {
        refuse('columnReadOff', v.at, { key: v.at, column: v.key, data: col.data });
      }
      if (col.data !== v.value.kind)
        refuse('columnKindMismatch', v.at, {
          key: v.at,
          kind: v.value.kind,
          column: col.key,
          at: col.at,
          holds: col.data,
        });
    }
  }
  for (const pf of files.pageFiles) {
    for (const f of pf.files)
      if (!byName.has(f.name)) refuse('attachmentUnknown', f.at, { attachment: f.name, at: f.at });
  }
}

function checkPageMetadata(doc: DocSettings, files: FileSettings, ctx: PassContext): void {
  for (const pm of files.pageMetadata) {
    requireVersion(doc, '1.4', pm.at, 'a page metadata stream');
    if (pm.packet) {
      const bytes = ctx.parts.get(pm.packet.part);
      if (!bytes) refuse('partMissing', pm.packet.at, { part: pm.packet.part, at: pm.packet.at });
      // A supplied packet is passed on as given (as an image's is), but it must at least read as XML.
      const r = XMLValidator.validate(Buffer.from(bytes).toString('utf8'));
      if (r !== true)
        refuse('xmpPacketMalformed', pm.packet.at, {
          part: pm.packet.part,
          at: pm.packet.at,
          detail: `${r.err.msg.replace(/\.$/, '')} (line ${r.err.line})`,
        });
    }
  }
}

/** Longest string (bytes) a PDF/A part takes: 19005-1 6.1.12 (PDF 1.4 Annex C), 19005-2/-3 6.1.13; PDF/A-4 sets none. */
export const PDFA_STRING_LIMIT: Record<number, number | undefined> = { 1: 65535, 2: 32767, 3: 32767, 4: undefined };
/** Page boundaries of 3 to 14 400 units each way (19005-2/-3 6.1.13; PDF 1.4 Annex C for PDF/A-1). */
export const PDFA_PAGE_MIN = 3;
export const PDFA_PAGE_MAX = 14400;

/** Bytes a text string takes as written (engines/pdf/pdf-text.ts): literal ASCII, else UTF-16BE with BOM. */
function textBytes(s: string): number {
  return /^[\x20-\x7e]*$/.test(s) ? s.length : 2 + 2 * s.length;
}

/** The strings the standards area writes, with their keys, against the claim's implementation limit. */
function checkStringLimits(std: Standards, files: FileSettings | undefined): void {
  const limit = std.archive ? PDFA_STRING_LIMIT[std.archive.level.part] : undefined;
  if (!limit) return;
  const strings: [string | undefined, string][] = [];
  const m = std.metadata;
  if (m)
    for (const k of ['title', 'author', 'subject', 'keywords', 'creator', 'producer'] as const)
      strings.push([m[k], `${m.at}/${k}`]);
  const oi = std.outputIntent;
  if (oi)
    for (const k of ['identifier', 'info', 'condition', 'registry'] as const) strings.push([oi[k], `${oi.at}/${k}`]);
  for (const a of files?.attachments ?? []) {
    strings.push([a.fileName, `${a.at}/file_name`], [a.description, `${a.at}/description`]);
    for (const c of a.columns) if (c.value.kind === 'text') strings.push([c.value.value, `${c.at}/text`]);
  }
  for (const c of files?.collection?.columns ?? []) strings.push([c.title, `${c.at}/title`]);
  for (const [s, at] of strings) {
    if (s !== undefined && textBytes(s) > limit)
      setAside(
        std,
        at,
        `PDF/A-${std.archive!.level.part} strings are at most ${limit} bytes, and this one is ${textBytes(s)}`,
      );
  }
}

/** Sheet sizes against the claim's page limits (page, page_sizes). */
function checkPageSizes(doc: DocSettings, std: Standards, page: PageSize | undefined): void {
  if (!std.archive || std.archive.level.part === 4) return;
  const sizes: [PageSize, (k: string) => string][] = page ? [[page, (k) => `/page/${k}`]] : [];
  for (const [n, size] of doc.pageSizes ?? []) sizes.push([size, (k) => `the ${k} page_sizes gives page ${n}`]);
  for (const [size, name] of sizes) {
    for (const k of ['width', 'height'] as const) {
      if (size[k] < PDFA_PAGE_MIN || size[k] > PDFA_PAGE_MAX)
        setAside(
          std,
          `${name(k)} (${size[k]})`,
          `PDF/A-${std.archive.level.part} pages measure ${PDFA_PAGE_MIN} to ${PDFA_PAGE_MAX} points each way`,
        );
    }
  }
}

/** Every cross-refusal of the standards and attachments areas, in the order a reader meets the keys. */
export function checkStandards(
  doc: DocSettings,
  items: readonly ResolvedItem[],
  ctx: PassContext,
  page?: PageSize,
): void {
  const std = doc.standards;
  const files = doc.files;
  if (std) {
    checkVersionAgainstClaim(std);
    checkPageSizes(doc, std, page);
    checkStringLimits(std, files);
    const facts = checkOutputIntent(doc, std, ctx);
    if (std.archive && facts) checkColours(items, std, facts);
    checkSvgImages(items, std, facts, SPACE_WORDS);
    if (std.archive && facts && facts.n !== 3) checkColourFonts(items, std, facts);
    if (std.metadata || std.archive) requireVersion(doc, '1.4', std.metadata?.at ?? std.archive!.at, 'XMP metadata');
    const c = std.compression;
    if (c?.objectStreams) {
      if (std.archive?.level.part === 1)
        setAside(std, c.objectStreamsAt!, 'PDF/A-1 files have no object streams (PDF 1.4)');
      requireVersion(doc, '1.5', c.objectStreamsAt!, 'object streams');
    }
    const a = std.archive;
    for (const c of std.conflicts) {
      // PDF/A-1 has no transparency and no optional content (PDF 1.4); no part takes transfer functions.
      if (c.what === 'transfer function') setAside(std, c.at, 'no PDF/A part takes transfer functions');
      else if (a?.level.part === 1)
        setAside(
          std,
          c.at,
          c.what === 'transparency'
            ? 'PDF/A-1 has no transparency (opacity, blend modes, soft masks)'
            : 'PDF/A-1 has no optional content (layers)',
        );
    }
    // PDF/A-2 and 3 set aside the AS entries a layer kept off paper rests on (ISO 19005-2 §6.9)
    const unprinted =
      a?.level.part === 2 || a?.level.part === 3 ? doc.graphics?.layers.find((l) => !l.printable) : undefined;
    if (unprinted)
      setAside(
        std,
        `${unprinted.at}/printable`,
        `PDF/A-${a!.level.part} sets aside the usage application dictionaries (AS) that keep a layer off paper`,
      );
    if (a && a.level.part >= 2) checkSpotInks(doc, a);
    if (a?.level.claim === 'pdfa4f' && !files?.attachments.length)
      refuse('archiveNeeds', a.at, {
        key: a.at,
        claim: a.level.claim,
        what: 'at least one attachment (ISO 19005-4 6.9: a PDF/A-4f file embeds files)',
      });
    checkInvoice(std, files, ctx);
  }
  // Every document carries compressed content streams (PDF 1.2) and text in CID fonts (PDF 1.3).
  requireVersion(doc, '1.2', '/items', 'Flate-compressed content streams');
  const text = items.find((i) => i.type === 'text');
  if (text) requireVersion(doc, '1.3', text.at, 'text in an embedded CID font');
  if (files) {
    checkAttachments(doc, std, files, ctx);
    checkPageMetadata(doc, files, ctx);
  }
}

/**
 * PDF/A-2, 3 and 4 (ISO 19005-2 6.2.4.4): every spot ink of a DeviceN space has its entry in the
 * space's Colorants, a Separation showing the ink alone. The emitter writes that entry from the
 * declared `separation` of the same ink (engines/pdf/color-spaces.ts); an ink with none is refused.
 */
function checkSpotInks(doc: DocSettings, a: NonNullable<Standards['archive']>): void {
  const g = doc.graphics;
  if (!g) return;
  for (const d of g.colorSpaces.values()) {
    if (d.type !== 'device_n') continue;
    d.inks.forEach((ink, k) => {
      if (NON_SPOT_INKS.has(ink) || separationOf(g, ink)) return;
      refuse('archiveNeeds', `${d.at}/inks/${k}`, {
        key: a.at,
        claim: a.level.claim,
        what: `a separation declared under color_spaces for the spot ink "${ink}" of ${d.at}/inks/${k}, which gives the ink its Colorants entry (ISO 19005-2 6.2.4.4)`,
      });
    });
  }
}

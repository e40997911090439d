// passes/names/fonts.ts — names pass, fonts: every font declaration of every kind built once (spec
// Conventions, "Names": one namespace for every font kind; a name declared twice is refused). Files
// (inline, a supplied part, or the service's library) become faces; standard and Type 3 fonts are
// built; simple fonts, variants and chains are built over the fonts they name.

import { cffTablesOf } from '../../engines/fonts/cff-tables.js';
import { FontChain } from '../../engines/fonts/chain.js';
import { Face, type FeatureSet, isColourFace, loadFace } from '../../engines/fonts/face.js';
import { chargeFont } from '../../engines/fonts/font-memory.js';
import { axesOf, instanceFace, namedInstancesOf } from '../../engines/fonts/instance.js';
import { LIBRARY_FACES, libraryFile } from '../../engines/fonts/library.js';
import { SIMPLE_MAX_CODES, SimpleFace } from '../../engines/fonts/simple-face.js';
import { StandardFace, standardFace } from '../../engines/fonts/standard-face.js';
import { guarded, StyledFont } from '../../engines/fonts/styled-font.js';
import { loadType1 } from '../../engines/fonts/type1-face.js';
import { TYPE3_MAX_GLYPHS, Type3Face } from '../../engines/fonts/type3-face.js';
import type { FeatureSwitches, FontSource } from '../../ir/font-types.js';
import { refuse } from '../../ir/messages.js';
import type { JsonPointer } from '../../ir/pointer.js';
import type { FontDecl, FontResource, ReadIr } from '../../ir/types.js';
import type { PassContext } from '../pass.js';

/** The declared fonts by name, and where each name was declared (any kind). */
export interface DeclaredFonts {
  fonts: Map<string, FontResource>;
  declaredAt: Map<string, JsonPointer>;
}

/** font_variants switches → OpenType feature tags (ISO/IEC 14496-22 feature registry). */
const VARIANT_FEATURES: Record<string, string[]> = {
  ligatures: ['liga', 'clig'],
  small_caps: ['smcp'],
  oldstyle_figures: ['onum'],
  kerning: ['kern'],
};

/** The bytes a font source names; refused when the part was not sent or the library holds no such face. */
export function sourceBytes(src: FontSource, ctx: PassContext): Uint8Array {
  if (src.kind === 'data') return src.bytes;
  if (src.kind === 'part') {
    const part = ctx.parts.get(src.part);
    if (!part) refuse('partMissing', src.at, { part: src.part, at: src.at });
    return part;
  }
  const bytes = libraryFile(src.face);
  if (!bytes)
    refuse('libraryFaceUnknown', src.at, { face: src.face, at: src.at, faces: Object.keys(LIBRARY_FACES).join(', ') });
  return bytes;
}

/** A character as refusals quote it. */
function showChar(s: string): string {
  return JSON.stringify(s);
}

/** Builds every declared font, in the order the kinds build on each other. */
export function resolveFonts(ir: ReadIr, ctx: PassContext): DeclaredFonts {
  const declaredAt = claimNames(ir);
  const fonts = new Map<string, FontResource>();
  fileFonts(ir, ctx, fonts);
  for (const decl of ir.standardFonts) {
    fonts.set(decl.name, { name: decl.name, at: decl.at, face: standardFace(decl.face) });
  }
  type1Fonts(ir, ctx, fonts);
  type3Fonts(ir, fonts);
  // Declarations built over other fonts: each names a font of the kinds above.
  const built = { fonts, declaredAt };
  simpleFonts(ir, built);
  fontVariants(ir, built);
  fontChains(ir, built);
  return built;
}

/** One namespace for every font kind: the same name under `fonts` and `standard_fonts` is refused. */
function claimNames(ir: ReadIr): Map<string, JsonPointer> {
  const declaredAt = new Map<string, JsonPointer>();
  const claim = (name: string, p: JsonPointer) => {
    const earlier = declaredAt.get(name);
    if (earlier !== undefined)
      refuse('nameDeclaredTwice', `${p}/name`, { name, at: `${p}/name`, earlier: `${earlier}/name` });
    declaredAt.set(name, p);
  };
  for (const list of [
    ir.fonts,
    ir.standardFonts,
    ir.type1Fonts,
    ir.type3Fonts,
    ir.simpleFonts,
    ir.fontVariants,
    ir.fontChains,
  ]) {
    for (const decl of list) claim(decl.name, decl.at);
  }
  return declaredAt;
}

/** Fonts from files (`fonts`): loaded into faces, always wrapped in their declaration's rules. */
function fileFonts(ir: ReadIr, ctx: PassContext, fonts: Map<string, FontResource>): void {
  for (const decl of ir.fonts) {
    const bytes = sourceBytes(decl.source, ctx);
    // A supplied file is charged to the render's memory budget before it is parsed (issue 20).
    if (decl.source.kind !== 'library') chargeFont(bytes.byteLength, decl.name, decl.source.at);
    const loaded = loadFace(bytes);
    if (!loaded.ok) refuse('fontUnreadable', decl.source.at, { font: decl.name, at: decl.at, detail: loaded.detail });
    if (loaded.face.outlines === 'cff2')
      refuse('fontKindUnsupported', decl.source.at, { font: decl.name, at: decl.at, outlines: 'CFF2 (variable)' });
    const program = decl.variation ? setVariation(loaded.face, decl) : loaded.face;
    const features = decl.features ? checkedFeatures(program, decl.name, decl.features) : undefined;
    if (decl.missing.kind === 'replace' && !program.covers(decl.missing.with.codePointAt(0)!)) {
      refuse('replacementMissing', decl.missing.at, {
        character: showChar(decl.missing.with),
        at: decl.missing.at,
        font: decl.name,
      });
    }
    // Always wrapped: the wrapper applies the missing rule and turns a glyph that breaks in use into a 400 naming this declaration.
    const face = new StyledFont(program, features, decl.missing, {
      name: decl.name,
      at: decl.at,
      sourceAt: decl.source.at,
    });
    fonts.set(decl.name, { name: decl.name, at: decl.at, face, keep: decl.keep });
  }
}

/**
 * A variable font set where its declaration says (`instance`, then `variations` over it), as the
 * static face written into the PDF (engines/fonts/instance.ts). Axes and instances are checked here,
 * so a value the font cannot take is refused naming it rather than clamped.
 */
function setVariation(face: Face, decl: FontDecl): Face {
  const { instance, axes } = decl.variation!;
  const key = instance?.at ?? axes!.at;
  const known = axesOf(face);
  if (known.length === 0) refuse('fontNotVariable', key, { font: decl.name, key });
  const coords: Record<string, number> = Object.fromEntries(known.map((a) => [a.tag, a.default]));
  const label: string[] = [];
  if (instance) {
    const named = namedInstancesOf(face);
    const at = named.get(instance.name);
    if (!at)
      refuse('fontInstanceUnknown', instance.at, {
        key: instance.at,
        instance: instance.name,
        font: decl.name,
        instances: named.size ? [...named.keys()].map((n) => `"${n}"`).join(', ') : 'none',
      });
    Object.assign(coords, at);
    label.push(instance.name.replace(/[^A-Za-z0-9]/g, ''));
  }
  for (const [tag, value] of Object.entries(axes?.values ?? {})) {
    const axis = known.find((a) => a.tag === tag);
    const at = `${axes!.at}/${tag}`;
    if (!axis)
      refuse('fontAxisUnknown', at, {
        key: at,
        axis: tag,
        font: decl.name,
        axes: known.map((a) => `"${a.tag}"`).join(', '),
      });
    if (value < axis.min || value > axis.max)
      refuse('fontAxisOutOfRange', at, { key: at, value, axis: tag, font: decl.name, min: axis.min, max: axis.max });
    coords[tag] = value;
    label.push(`${tag.trim()}${value}`.replace(/[^A-Za-z0-9.]/g, ''));
  }
  const made = instanceFace(face, coords, label.join('_') || 'Default');
  if (!made.ok) refuse('fontUnreadable', decl.source.at, { font: decl.name, at: decl.at, detail: made.detail });
  return made.face;
}

/** A declaration's `features`, each one switched on present in the font (refused naming it otherwise). */
function checkedFeatures(face: Face | StandardFace, font: string, switches: FeatureSwitches): FeatureSet {
  for (const [tag, on] of Object.entries(switches.tags)) {
    const has = face instanceof Face ? face.features.has(tag) : tag === 'kern';
    if (on && !has)
      refuse('variantFeatureMissing', `${switches.at}/${tag}`, { font, feature: tag, key: `${switches.at}/${tag}` });
  }
  return switches.tags;
}

/** Type 1 programs (`type1_fonts`), with their AFM metrics where given. */
function type1Fonts(ir: ReadIr, ctx: PassContext, fonts: Map<string, FontResource>): void {
  for (const decl of ir.type1Fonts) {
    const afm = decl.afm ? sourceBytes(decl.afm, ctx) : undefined;
    const program = sourceBytes(decl.source, ctx);
    if (decl.source.kind !== 'library')
      chargeFont(program.byteLength + (afm?.byteLength ?? 0), decl.name, decl.source.at);
    const loaded = loadType1(program, afm);
    if (!loaded.ok) {
      if (loaded.inAfm) refuse('afmUnreadable', decl.afm!.at, { at: decl.afm!.at, detail: loaded.detail });
      refuse('type1Unreadable', decl.source.at, { font: decl.name, at: decl.at, detail: loaded.detail });
    }
    fonts.set(decl.name, { name: decl.name, at: decl.at, face: loaded.face });
  }
}

/** Fonts whose glyphs are drawings (`type3_fonts`): each character once, at most TYPE3_MAX_GLYPHS. */
function type3Fonts(ir: ReadIr, fonts: Map<string, FontResource>): void {
  for (const decl of ir.type3Fonts) {
    if (decl.glyphs.length > TYPE3_MAX_GLYPHS)
      refuse('type3TooManyGlyphs', `${decl.at}/glyphs`, {
        font: decl.name,
        at: decl.at,
        glyphs: decl.glyphs.length,
        limit: TYPE3_MAX_GLYPHS,
      });
    const seen = new Map<string, JsonPointer>();
    for (const g of decl.glyphs) {
      const earlier = seen.get(g.character);
      if (earlier)
        refuse('type3CharacterTwice', `${g.at}/character`, { character: showChar(g.character), earlier, at: g.at });
      seen.set(g.character, g.at);
    }
    fonts.set(decl.name, { name: decl.name, at: decl.at, face: new Type3Face(decl) });
  }
}

/** The font a declaration built over others names, refused when undeclared or of another kind. */
function leaf(
  { fonts, declaredAt }: DeclaredFonts,
  name: string,
  at: JsonPointer,
  key: string,
  wanted: string,
): FontResource {
  const res = fonts.get(name);
  if (!res) {
    if (declaredAt.has(name))
      refuse('fontRefKind', at, { font: name, at, kind: `declared at ${declaredAt.get(name)}`, list: key, wanted });
    refuse('fontUndeclared', at, { font: name, at });
  }
  return res;
}

/** One-byte fonts over a declared TrueType or CFF face (`simple_fonts`). */
function simpleFonts(ir: ReadIr, built: DeclaredFonts): void {
  const { fonts } = built;
  for (const decl of ir.simpleFonts) {
    const base = leaf(built, decl.font.name, decl.font.at, 'simple_fonts', 'a font declared under fonts');
    const face = base.face instanceof StyledFont ? base.face.base : base.face;
    if (!(face instanceof Face))
      refuse('fontRefKind', decl.font.at, {
        font: decl.font.name,
        at: decl.font.at,
        kind: `a ${face.kind} font`,
        list: 'simple_fonts',
        wanted: 'a font declared under fonts',
      });
    // One byte per glyph and no layers: a colour font's colours would be lost.
    if (isColourFace(face))
      refuse('fontRefKind', decl.font.at, {
        font: decl.font.name,
        at: decl.font.at,
        kind: 'a colour font (COLR layers)',
        list: 'simple_fonts',
        wanted: 'a font declared under fonts without colour layers',
      });
    // CFF outlines are written as a name-keyed Type1C program: glyphs are chosen by name, which a CID-keyed CFF lacks.
    if (face.outlines === 'cff' && cffIsCidKeyed(face, base))
      refuse('fontKindUnsupported', decl.at, { font: decl.name, at: decl.at, outlines: 'CID-keyed CFF' });
    const chars = new Set(decl.text);
    if (chars.size > SIMPLE_MAX_CODES)
      refuse('simpleFontTooManyCharacters', `${decl.at}/text`, {
        key: `${decl.at}/text`,
        count: chars.size,
        limit: SIMPLE_MAX_CODES,
      });
    const simple = new SimpleFace(face, decl.text, base.face instanceof StyledFont ? base.face.origin : undefined);
    fonts.set(decl.name, { name: decl.name, at: decl.at, face: simple, basedOn: [base.name] });
  }
}

/** OpenType switches over a declared face or a standard font (`font_variants`). */
function fontVariants(ir: ReadIr, built: DeclaredFonts): void {
  const { fonts } = built;
  for (const decl of ir.fontVariants) {
    const base = leaf(
      built,
      decl.font.name,
      decl.font.at,
      'font_variants',
      'a font declared under fonts or standard_fonts',
    );
    const b = base.face instanceof StyledFont ? base.face.base : base.face;
    if (!(b instanceof Face) && !(b instanceof StandardFace))
      refuse('fontRefKind', decl.font.at, {
        font: decl.font.name,
        at: decl.font.at,
        kind: `a ${b.kind} font`,
        list: 'font_variants',
        wanted: 'a font declared under fonts or standard_fonts',
      });
    const features: Record<string, boolean> = {};
    for (const [k, on] of Object.entries(decl.switches)) {
      for (const tag of VARIANT_FEATURES[k]) {
        const has = b instanceof Face ? b.features.has(tag) : tag === 'kern';
        // Switching a feature off that the font lacks changes nothing; switching one on that it lacks is refused.
        if (on && !has && (tag !== 'clig' || k !== 'ligatures'))
          refuse('variantFeatureMissing', `${decl.at}/${k}`, {
            font: decl.font.name,
            feature: tag,
            key: `${decl.at}/${k}`,
          });
        features[tag] = on;
      }
    }
    const tagged = decl.features ? checkedFeatures(b, decl.font.name, decl.features) : undefined;
    // The base declaration's own features hold unless the variant switches them itself; a named
    // switch wins over `features` for the same tag.
    const inherited = base.face instanceof StyledFont ? base.face.features : undefined;
    const merged = { ...inherited, ...tagged, ...features };
    const missing = base.face instanceof StyledFont ? base.face.missing : { kind: 'refuse' as const };
    const origin = base.face instanceof StyledFont ? base.face.origin : undefined;
    const face = new StyledFont(b, merged as FeatureSet, missing, origin);
    fonts.set(decl.name, { name: decl.name, at: decl.at, face, keep: base.keep, basedOn: [base.name] });
  }
}

/** Fonts tried in order per character (`font_chains`); a chain holds no chain. */
function fontChains(ir: ReadIr, { fonts, declaredAt }: DeclaredFonts): void {
  for (const decl of ir.fontChains) {
    const members = decl.fonts.map((ref) => {
      const m = fonts.get(ref.name);
      if (!m || m.face instanceof FontChain) {
        if (declaredAt.has(ref.name))
          refuse('fontRefKind', ref.at, {
            font: ref.name,
            at: ref.at,
            kind: 'a font chain',
            list: 'font_chains',
            wanted: 'fonts of the other kinds',
          });
        refuse('fontUndeclared', ref.at, { font: ref.name, at: ref.at });
      }
      return m;
    });
    if (
      decl.missing.kind === 'replace' &&
      !members.some((m) => m.face.covers(decl.missing.kind === 'replace' ? decl.missing.with.codePointAt(0)! : 0))
    ) {
      refuse('replacementMissing', decl.missing.at, {
        character: showChar(decl.missing.with),
        at: decl.missing.at,
        font: decl.name,
      });
    }
    fonts.set(decl.name, {
      name: decl.name,
      at: decl.at,
      face: new FontChain(members, decl.missing),
      basedOn: members.map((m) => m.name),
    });
  }
}

/** Whether the CFF table of a face is CID-keyed; a table that cannot be followed is refused as an unreadable font, naming its declaration. */
function cffIsCidKeyed(face: Face, base: FontResource): boolean {
  const origin = base.face instanceof StyledFont ? base.face.origin : undefined;
  return guarded(origin, () => cffTablesOf(face).cidKeyed);
}

/** A run's `features` applied to the font it is set in (resolved per font and feature set once). */
export type RunFeatures = (res: FontResource, features: FeatureSwitches, at: JsonPointer) => FontResource;

/**
 * A run's own `features` over its font: a declared face (`fonts`, a variant over one) or a standard
 * font (`kern` only), its own features holding unless the run switches them (the run wins per tag).
 * The result keeps the font's name, so it shares the font's embedded subset; other kinds are refused.
 */
export function runFeatures(): RunFeatures {
  const made = new Map<string, FontResource>();
  return (res, switches, at) => {
    const key = `${res.name}\u0000${Object.entries(switches.tags)
      .sort()
      .map(([k, v]) => `${k}=${v ? 1 : 0}`)
      .join(',')}`;
    const had = made.get(key);
    if (had) return had;
    const styled = res.face instanceof StyledFont ? res.face : undefined;
    const b = styled ? styled.base : res.face;
    if (!(b instanceof Face) && !(b instanceof StandardFace))
      refuse('fontRefKind', at, {
        font: res.name,
        at,
        kind: `a ${b.kind === 'chain' ? 'chain' : `${b.kind} font`}`,
        list: 'a run with features',
        wanted: 'a font declared under fonts, font_variants or standard_fonts',
      });
    const tags = checkedFeatures(b, res.name, switches);
    const merged = { ...styled?.features, ...tags } as FeatureSet;
    const face = new StyledFont(b, merged, styled?.missing ?? { kind: 'refuse' }, styled?.origin);
    const out: FontResource = { ...res, face };
    made.set(key, out);
    return out;
  };
}

// passes/emit/graphics/graphics.ts — emit sub-step: the graphics resources of the document, each written once
// through DocumentResources and named per page or form by ResourceScope: ExtGState (graphics
// states), Properties (layers), ColorSpace (declared spaces, [/Pattern base] for uncoloured cells),
// Pattern (shading patterns, tiling patterns), XObject (declared drawings as forms). Also the page
// spaces of a page (Default… and the page group), /OCProperties, and the declarations nothing drew
// with (still written: spec, remark texts).
import { deflateSync } from 'node:zlib';
import { type PDFContext, PDFName, type PDFObject, type PDFRef } from 'pdf-lib';
import { DEVICE_NAMES, writeColorSpace } from '../../../engines/pdf/color-spaces.js';
import type { GraphicsDecls, SpaceRef } from '../../../ir/graphics-types.js';
import type { Colour, DocSettings, DrawOp } from '../../../ir/types.js';
import type { DocumentResources, ResourceScope } from '../pages/resources.js';
import { writeGraphicsState } from './graphics-states.js';
import { ocProperties, writeLayer } from './layers.js';
import { writeShading, writeShadingPattern } from './shadings.js';

/** Writes one content stream (page or form) for `ops`, recording resources in `scope`. */
export type ContentWriter = (ops: readonly DrawOp[], scope: ResourceScope, uncoloured: boolean) => Uint8Array;

/** Flate level of form and pattern content (as page content: spec Limits, compression 1 to 9). */
const FORM_FLATE_LEVEL = 6;

export class GraphicsEmitter {
  private readonly g: GraphicsDecls;
  private readonly context: PDFContext;
  private readonly spaceRefs = new Map<string, PDFRef>();
  private readonly layerRefs = new Map<string, PDFRef>();
  private readonly shadingRefs = new Map<string, PDFRef>();
  private readonly maskGroups = new Map<string, PDFRef>();
  /** Whether something written needs PDF 2.0 (halftone_origin). */
  needs20 = false;

  constructor(
    private readonly resources: DocumentResources,
    private readonly doc: DocSettings,
    private readonly content: ContentWriter,
  ) {
    this.context = resources.context;
    this.g = doc.graphics!;
    // Layers get their objects up front, in declaration order, so the catalog lists every one.
    for (const l of this.g.layers) this.layerRefs.set(l.name, writeLayer(this.context, l));
  }

  /** A colour space as an object: a device family's name, or the declared space's (one) object. */
  space = (s: SpaceRef): PDFObject =>
    s.kind === 'device' ? PDFName.of(DEVICE_NAMES[s.family]) : this.declaredSpace(s.ref.name);

  private declaredSpace(name: string): PDFRef {
    let ref = this.spaceRefs.get(name);
    if (!ref) {
      ref = writeColorSpace(this.context, this.g.colorSpaces.get(name)!, this.g, this.space);
      this.spaceRefs.set(name, ref);
    }
    return ref;
  }

  private shading(name: string): PDFRef {
    let ref = this.shadingRefs.get(name);
    if (!ref) {
      ref = writeShading(this.context, this.g.shadings.get(name)!, this.space);
      this.shadingRefs.set(name, ref);
    }
    return ref;
  }

  extGState(scope: ResourceScope, name: string): string {
    return scope.use('ExtGState', name, (ctx) => {
      const s = this.g.graphicsStates.get(name)!;
      if (s.halftoneOrigin) this.needs20 = true;
      return writeGraphicsState(ctx, s, (d, sp) => this.maskGroup(d, sp));
    });
  }

  /** The OCG of a declared layer, for what names it directly (a link annotation's /OC). */
  layerRef(name: string): PDFRef {
    return this.layerRefs.get(name)!;
  }

  layer(scope: ResourceScope, name: string): string {
    return scope.use('Properties', name, () => this.layerRefs.get(name)!);
  }

  colorSpaceRes(scope: ResourceScope, name: string): string {
    return scope.use('ColorSpace', name, () => this.declaredSpace(name));
  }

  /** `[/Pattern base]`: the space an uncoloured tiling is painted through, base the colour it takes. */
  patternSpaceRes(scope: ResourceScope, under: Colour): string {
    const base =
      under.space === 'declared'
        ? { kind: 'declared' as const, ref: { at: under.at, name: under.name } }
        : { kind: 'device' as const, family: under.space as 'gray' | 'rgb' | 'cmyk' };
    const key = `[pattern ${base.kind === 'declared' ? `"${base.ref.name}"` : base.family}]`;
    return scope.use('ColorSpace', key, (ctx) => ctx.register(ctx.obj([PDFName.of('Pattern'), this.space(base)])));
  }

  shadingPattern(scope: ResourceScope, name: string): string {
    return scope.use('Pattern', `shading ${name}`, (ctx) => writeShadingPattern(ctx, this.shading(name)));
  }

  tilingColoured(name: string): boolean {
    return this.g.tilings.get(name)!.colored;
  }

  tilingPattern(scope: ResourceScope, name: string): string {
    return scope.use('Pattern', `tiling ${name}`, (ctx) => {
      const t = this.g.tilings.get(name)!;
      const inner = this.resources.scope();
      const bytes = this.content(this.doc.laidForms!.tilings.get(name)!, inner, !t.colored);
      const d: Record<string, unknown> = {
        Type: 'Pattern',
        PatternType: 1,
        PaintType: t.colored ? 1 : 2,
        TilingType: t.tilingType,
        BBox: t.box,
        XStep: t.step[0],
        YStep: t.step[1],
        Resources: ctx.obj(inner.dict() as never),
        Filter: 'FlateDecode',
      };
      if (t.matrix) d.Matrix = t.matrix;
      return ctx.register(ctx.stream(deflateSync(bytes, { level: FORM_FLATE_LEVEL }), d as never));
    });
  }

  private formStream(name: string, group?: Record<string, unknown>): PDFRef {
    const d = this.g.drawings.get(name)!;
    const inner = this.resources.scope();
    const bytes = this.content(this.doc.laidForms!.drawings.get(name)!, inner, false);
    const dict: Record<string, unknown> = {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: d.box,
      Resources: this.context.obj(inner.dict() as never),
      Filter: 'FlateDecode',
    };
    if (group) dict.Group = this.context.obj(group as never);
    return this.context.register(this.context.stream(deflateSync(bytes, { level: FORM_FLATE_LEVEL }), dict as never));
  }

  form(scope: ResourceScope, name: string): string {
    return scope.use('XObject', name, () => this.formStream(name));
  }

  /** The drawing as a transparency group for a soft mask, in the space the mask is read in. */
  private maskGroup(name: string, space: 'gray' | 'rgb' | 'cmyk'): PDFRef {
    const key = `${name}\u0000${space}`;
    let ref = this.maskGroups.get(key);
    if (!ref) {
      ref = this.formStream(name, { Type: 'Group', S: 'Transparency', CS: DEVICE_NAMES[space] });
      this.maskGroups.set(key, ref);
    }
    return ref;
  }

  /** Page-level entries of page `n`: Default… colour spaces go into its resources, the group into the page. */
  pageEntries(n: number, resources: Record<string, Record<string, PDFRef>>): { Group?: PDFObject } {
    const ps = this.g.pageSpaces.get(n);
    if (!ps) return {};
    const spaces: Record<string, PDFRef> = { ...(resources.ColorSpace ?? {}) };
    if (ps.gray) spaces.DefaultGray = this.declaredSpace(ps.gray.name);
    if (ps.rgb) spaces.DefaultRGB = this.declaredSpace(ps.rgb.name);
    if (ps.cmyk) spaces.DefaultCMYK = this.declaredSpace(ps.cmyk.name);
    if (Object.keys(spaces).length) resources.ColorSpace = spaces;
    if (!ps.group) return {};
    const gd: Record<string, unknown> = {
      Type: 'Group',
      S: 'Transparency',
      CS: this.declaredSpace(ps.group.space.name),
    };
    if (ps.group.isolated) gd.I = true;
    if (ps.group.knockout) gd.K = true;
    return { Group: this.context.obj(gd as never) };
  }

  /** Declarations no page drew with are still written (spec: remark texts), through a scope no page lists. */
  writeUnused(): void {
    const scope = this.resources.scope();
    for (const n of this.g.graphicsStates.keys()) this.extGState(scope, n);
    for (const n of this.g.shadings.keys()) this.shadingPattern(scope, n);
    for (const n of this.g.tilings.keys()) this.tilingPattern(scope, n);
    for (const n of this.g.drawings.keys()) this.form(scope, n);
    for (const n of this.g.colorSpaces.keys()) this.colorSpaceRes(scope, n);
  }

  /** Catalog entries: /OCProperties when layers are declared (PDF 1.5). */
  catalogEntries(): Record<string, unknown> {
    if (!this.g.layers.length) return {};
    const part = this.doc.standards?.archive?.level.part;
    // PDF/A-2 and 3 set /AS aside, and so does PDF/UA-2 (ISO 14289-2 8.7).
    const automatic = part !== 2 && part !== 3 && this.doc.standards?.accessible?.claim !== 'pdfua2';
    return { OCProperties: ocProperties(this.context, this.g.layers, this.layerRefs, automatic) };
  }
}

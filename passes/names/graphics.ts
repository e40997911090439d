// passes/names/graphics.ts — pass 1 (names), graphics part: every name an item or declaration calls
// for (graphics state, layer, gradient, tiling, drawing, colour space) is found among the
// declarations or refused naming it; tints are counted against their space; an ICC profile's header
// is read for its component count; spaces are checked for the role they are named in; a drawing,
// tiling or mask that would contain itself is refused. Called from passes/names/names.ts with one line.
import type { ColorSpaceDecl, FunctionSpec, GraphicsDecls, NameRef, SpaceRef } from '../../ir/graphics-types.js';
import { refuse } from '../../ir/messages.js';
import type { JsonPointer } from '../../ir/pointer.js';
import { inputsOf, outputsOf } from '../../ir/read/functions.js';
import type { Colour, DocSettings, Item } from '../../ir/types.js';
import type { PassContext } from '../pass.js';

/** The colours an item states (fill, stroke, text colour, a code's colours); device colours need no name and are left out. */
export function itemColours(item: Item): Colour[] {
  const it = item as unknown as { fill?: Colour; stroke?: { colour: Colour }; color?: Colour; background?: Colour };
  let out: Colour[] | undefined;
  const add = (c: Colour | undefined) => {
    if (c === undefined || c.space === 'gray' || c.space === 'rgb' || c.space === 'cmyk') return;
    (out ??= []).push(c);
    if (c.space === 'pattern' && c.under) add(c.under);
  };
  add(it.fill);
  if (it.stroke) add(it.stroke.colour);
  add(it.color);
  add(it.background);
  return out ?? NONE;
}

const NONE: Colour[] = [];

const KIND_WORD = {
  gs: 'graphics state',
  layer: 'layer',
  shading: 'gradient',
  tiling: 'tiling',
  drawing: 'drawing',
  space: 'colour space',
} as const;

/** Components of a colour space. */
export function componentsOf(space: SpaceRef, g: GraphicsDecls): number {
  if (space.kind === 'device') return space.family === 'gray' ? 1 : space.family === 'cmyk' ? 4 : 3;
  return declComponents(g.colorSpaces.get(space.ref.name)!);
}

function declComponents(d: ColorSpaceDecl): number {
  return d.type === 'icc' ? d.components : d.type === 'separation' ? 1 : d.inks.length;
}

/** ICC header (ICC.1:2010 §7.2.6): the data colour space signature at bytes 16–19 → component count. */
const ICC_SPACES: Record<string, number> = {
  GRAY: 1,
  'RGB ': 3,
  CMYK: 4,
  'Lab ': 3,
  'XYZ ': 3,
  YCbr: 3,
  'Luv ': 3,
  'Yxy ': 3,
  'HSV ': 3,
  'HLS ': 3,
  'CMY ': 3,
};

function iccComponents(bytes: Uint8Array): { n: number; sig: string } | string {
  if (bytes.length < 128) return 'shorter than the 128-byte header';
  if (String.fromCharCode(...bytes.subarray(36, 40)) !== 'acsp') return 'the header lacks the "acsp" signature';
  const sig = String.fromCharCode(...bytes.subarray(16, 20));
  const n = ICC_SPACES[sig] ?? (/^[2-9A-F]CLR$/.test(sig) ? parseInt(sig[0], 16) : undefined);
  if (n === undefined) return `its colour space "${sig.trim()}" is not one this build knows`;
  return { n, sig: sig.trim() };
}

export function resolveGraphics(doc: DocSettings, items: readonly Item[], ctx: PassContext): void {
  const g = doc.graphics;
  if (!g) return;
  const layers = new Set(g.layers.map((l) => l.name));
  const need = (kind: keyof typeof KIND_WORD, ref: NameRef, declared: boolean) => {
    if (!declared) refuse('graphicsUndeclared', ref.at, { kind: KIND_WORD[kind], name: ref.name, at: ref.at });
  };
  const space = (ref: NameRef): ColorSpaceDecl => {
    const d = g.colorSpaces.get(ref.name);
    if (!d) refuse('graphicsUndeclared', ref.at, { kind: KIND_WORD.space, name: ref.name, at: ref.at });
    return d;
  };
  const spaceRef = (s: SpaceRef) => {
    if (s.kind === 'declared') space(s.ref);
  };
  const fnOutputs = (f: FunctionSpec, s: SpaceRef, what: string) => {
    const n = componentsOf(s, g);
    if (outputsOf(f) !== n)
      refuse('functionOutputs', f.at, { at: f.at, outputs: outputsOf(f), space: what, components: n });
  };

  // Colour spaces first: everything else counts components through them.
  for (const [name, d] of g.colorSpaces) {
    if (d.type === 'icc') {
      const bytes = ctx.parts.get(d.profile.name);
      if (!bytes) refuse('partMissing', d.profile.at, { part: d.profile.name, at: d.profile.at });
      const r = iccComponents(bytes);
      if (typeof r === 'string')
        refuse('iccUnreadable', d.profile.at, { part: d.profile.name, at: d.profile.at, detail: r });
      if (r.n !== d.components)
        refuse('colorSpaceIccComponents', `${d.at}/components`, {
          key: `${d.at}/components`,
          components: d.components,
          profile: d.profile.name,
          profileComponents: r.n,
          signature: r.sig,
        });
      g.profiles.set(name, bytes);
      continue;
    }
    if (d.alternate.kind === 'declared') {
      const alt = space(d.alternate.ref);
      if (alt.type !== 'icc')
        refuse('alternateSpace', d.alternate.ref.at, { space: d.alternate.ref.name, at: d.alternate.ref.at });
    }
    const inks = d.type === 'separation' ? 1 : d.inks.length;
    if (inputsOf(d.tint) !== inks)
      refuse('functionArity', d.tint.at, {
        at: d.tint.at,
        count: inputsOf(d.tint),
        unit: 'inputs',
        user: `the space "${name}" of ${inks} ink${inks === 1 ? '' : 's'}`,
        wanted: inks,
      });
    fnOutputs(d.tint, d.alternate, `"${d.alternate.kind === 'declared' ? d.alternate.ref.name : d.alternate.family}"`);
  }

  const colour = (c: Colour) => {
    if (c.space === 'declared') {
      const d = space({ at: c.at, name: c.name });
      const n = declComponents(d);
      const tp = c.at.replace(/\/space$/, '/tints');
      if (c.c.length !== n) refuse('tintsCount', tp, { key: tp, count: c.c.length, space: c.name, components: n });
    } else if (c.space === 'pattern') {
      const t = g.tilings.get(c.name);
      need('tiling', c, !!t);
      if (t!.colored && c.under)
        refuse('tilingColourForColoured', c.at.replace(/\/pattern$/, '/color'), {
          key: c.at.replace(/\/pattern$/, '/color'),
          tiling: c.name,
        });
    } else if (c.space === 'shading') {
      need('shading', c, g.shadings.has(c.name));
    }
  };
  const item = (it: Item) => {
    if (it.layer) need('layer', it.layer, layers.has(it.layer.name));
    if (it.graphicsState) need('gs', it.graphicsState, g.graphicsStates.has(it.graphicsState.name));
    if (it.type === 'drawing') need('drawing', it.drawing, g.drawings.has(it.drawing.name));
    itemColours(it).forEach(colour);
  };
  items.forEach(item);
  for (const d of g.drawings.values()) d.items.forEach(item);
  for (const t of g.tilings.values()) t.items.forEach(item);

  for (const s of g.graphicsStates.values()) {
    if (s.mask) need('drawing', s.mask.drawing, g.drawings.has(s.mask.drawing.name));
  }
  for (const s of g.shadings.values()) {
    spaceRef(s.space);
    if (s.kind === 'axial' || s.kind === 'radial') {
      if (s.space.kind === 'declared') {
        const d = space(s.space.ref);
        if (d.type === 'icc')
          refuse('shadingSpaceKind', s.space.ref.at, {
            space: s.space.ref.name,
            at: s.space.ref.at,
            kind: 'an icc space',
          });
      }
      fnOutputs(s.fn, s.space, s.space.kind === 'declared' ? `"${s.space.ref.name}"` : s.space.family);
    } else if (s.kind === 'function_based') {
      fnOutputs(s.fn, s.space, s.space.kind === 'declared' ? `"${s.space.ref.name}"` : s.space.family);
    } else {
      const n = componentsOf(s.space, g);
      const corners: { c: number[] }[] =
        s.kind === 'mesh'
          ? s.triangles.flat()
          : s.kind === 'lattice_mesh'
            ? s.rows.flat()
            : (s as { patches: { colours: number[][] }[] }).patches.flatMap((p) => p.colours.map((c) => ({ c })));
      const bad = corners.find((c) => c.c.length !== n);
      if (bad)
        refuse('tintsCount', `${s.at}/shading`, {
          key: `a corner of the gradient at ${s.at}`,
          count: bad.c.length,
          space: s.space.kind === 'declared' ? s.space.ref.name : s.space.family,
          components: n,
        });
    }
  }
  for (const ps of g.pageSpaces.values()) {
    for (const [key, n] of [
      ['gray', 1],
      ['rgb', 3],
      ['cmyk', 4],
    ] as const) {
      const ref = ps[key];
      if (!ref) continue;
      const d = space(ref);
      if (declComponents(d) !== n)
        refuse('spaceNotForRole', ref.at, {
          space: ref.name,
          at: ref.at,
          components: declComponents(d),
          key,
          wanted: `${n} component${n === 1 ? '' : 's'}`,
        });
    }
    if (ps.group) space(ps.group.space);
  }
  checkCycles(g);
}

/** A drawing, tiling or graphics state whose content reaches itself (through placed drawings, pattern fills or masks) is refused. */
function checkCycles(g: GraphicsDecls): void {
  const edges = (key: string): { to: string; at: JsonPointer }[] => {
    const [kind, name] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
    const items =
      kind === 'drawing' ? g.drawings.get(name)?.items : kind === 'tiling' ? g.tilings.get(name)?.items : undefined;
    if (kind === 'gs') {
      const m = g.graphicsStates.get(name)?.mask;
      return m ? [{ to: `drawing:${m.drawing.name}`, at: m.drawing.at }] : [];
    }
    const out: { to: string; at: JsonPointer }[] = [];
    for (const it of items ?? []) {
      if (it.type === 'drawing') out.push({ to: `drawing:${it.drawing.name}`, at: it.drawing.at });
      if (it.graphicsState) out.push({ to: `gs:${it.graphicsState.name}`, at: it.graphicsState.at });
      for (const c of itemColours(it)) if (c.space === 'pattern') out.push({ to: `tiling:${c.name}`, at: c.at });
    }
    return out;
  };
  const state = new Map<string, 1 | 2>();
  const visit = (key: string, root: string): void => {
    state.set(key, 1);
    for (const e of edges(key)) {
      const s = state.get(e.to);
      if (s === 1) {
        const [kind, name] = [e.to.slice(0, e.to.indexOf(':')), e.to.slice(e.to.indexOf(':') + 1)];
        refuse('declarationCycle', e.at, {
          kind: kind === 'gs' ? 'graphics state' : kind,
          name,
          at: e.at,
          through: root === e.to ? 'itself' : root.replace(':', ' '),
        });
      }
      if (!s) visit(e.to, root);
    }
    state.set(key, 2);
  };
  for (const k of [
    ...[...g.drawings.keys()].map((n) => `drawing:${n}`),
    ...[...g.tilings.keys()].map((n) => `tiling:${n}`),
    ...[...g.graphicsStates.keys()].map((n) => `gs:${n}`),
  ]) {
    if (!state.has(k)) visit(k, k);
  }
}

// passes/emit/graphics/layers.ts — emit sub-step: layers as optional content groups (§8.11): one OCG per
// declared layer (name shown in the reader's panel, print usage), and the catalog's /OCProperties
// with the default configuration: panel order, which are on or off, which are locked, and the
// automatic print state for layers that are not printed.
import { type PDFContext, PDFHexString, PDFName, type PDFRef } from 'pdf-lib';
import type { LayerDecl } from '../../../ir/graphics-types.js';

export function writeLayer(context: PDFContext, l: LayerDecl): PDFRef {
  const d: Record<string, unknown> = { Type: 'OCG', Name: PDFHexString.fromText(l.label) };
  d.Usage = context.obj({
    Print: context.obj({ PrintState: l.printable ? 'ON' : 'OFF' }),
    View: context.obj({ ViewState: l.visible ? 'ON' : 'OFF' }),
  } as never);
  return context.register(context.obj(d as never));
}

/**
 * /OCProperties for the catalog (PDF 1.5). `automatic` writes the usage application dictionaries
 * (AS) that turn a non-printed layer off on paper; PDF/A-2 and PDF/A-3 set them aside (ISO 19005-2
 * §6.9), and a claim of those parts refuses a layer that is not printed (passes/cross-refusals/standards.ts).
 */
export function ocProperties(
  context: PDFContext,
  layers: readonly LayerDecl[],
  refs: ReadonlyMap<string, PDFRef>,
  automatic = true,
) {
  const ref = (l: LayerDecl) => refs.get(l.name)!;
  const ordered = layers
    .map((l, i) => ({ l, i }))
    .sort((a, b) => a.l.order - b.l.order || a.i - b.i)
    .map((x) => x.l);
  const d: Record<string, unknown> = {
    Name: PDFHexString.fromText('Default'),
    Order: ordered.map(ref),
    ON: layers.filter((l) => l.visible).map(ref),
    OFF: layers.filter((l) => !l.visible).map(ref),
  };
  if (automatic) {
    d.AS = [
      context.obj({ Event: 'Print', Category: [PDFName.of('Print')], OCGs: layers.map(ref) } as never),
      context.obj({ Event: 'View', Category: [PDFName.of('View')], OCGs: layers.map(ref) } as never),
    ];
  }
  const locked = layers.filter((l) => l.locked).map(ref);
  if (locked.length) d.Locked = locked;
  return context.obj({ OCGs: layers.map(ref), D: context.obj(d as never) } as never);
}

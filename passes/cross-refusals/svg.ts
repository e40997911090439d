// passes/cross-refusals/svg.ts — cross-refusals, SVG images (issue 24): an SVG drawn in vectors is
// held to the archive claim as every item is. Its colours are sRGB, written as DeviceRGB (grey ones as
// DeviceGray), so under an output intent that is not RGB an SVG with colour is refused as an RGB
// colour is; its opacity, see-through gradients and transparent embedded pictures are transparency,
// which PDF/A-1 does not have. Both name the image and the element.
import type { IccFacts } from '../../engines/pdf/icc-profile.js';
import { refuse } from '../../ir/messages.js';
import type { Standards } from '../../ir/standards-types.js';
import type { ResolvedImageItem, ResolvedItem } from '../../ir/types.js';

export function checkSvgImages(
  items: readonly ResolvedItem[],
  std: Standards,
  facts: IccFacts | undefined,
  spaceWords: Record<number, string>,
): void {
  const a = std.archive;
  if (!a) return;
  const intentAt = std.outputIntent?.at ?? "(the service's sRGB, written because output_intent is absent)";
  for (const item of items) {
    if (item.type !== 'image') continue;
    const res = (item as ResolvedImageItem).res;
    const art = res?.svg;
    if (!art) continue;
    const where = (position: string) => `the SVG image "${res.name}" (${item.at}) at ${position}`;
    if (art.transparentAt && a.level.part === 1)
      refuse('archiveSetsAside', a.at, {
        key: a.at,
        claim: a.level.claim,
        what: `opacity in ${where(art.transparentAt)}`,
        reason: 'PDF/A-1 has no transparency (opacity, blend modes, soft masks)',
      });
    if (art.rgbAt && facts && facts.n !== 3)
      refuse('colourOutsideIntent', item.at, {
        colour: `in ${where(art.rgbAt)}`,
        space: 'RGB (SVG colours are sRGB)',
        claim: a.level.claim,
        intent: intentAt,
        intentSpace: spaceWords[facts.n],
      });
  }
}

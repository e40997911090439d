// passes/emit/document/output-intent.ts — emit sub-step: the catalog's /OutputIntents (ISO 32000-1 §14.11.5):
// one GTS_PDFA1 intent (the subtype every PDF/A part names, and the one readers use for colour) with
// its destination profile, the supplied ICC part or the service's sRGB (icc/srgb.ts). Written when
// the request states `output_intent` and, with the sRGB profile, under every archive claim that
// states none (PDF/A requires one wherever device colour is drawn, and every page draws some).
import { type PDFContext, PDFName, type PDFRef } from 'pdf-lib';
import { flateStream } from '../../../engines/pdf/compression.js';
import { outputIntentProfile } from '../../../engines/pdf/output-intent-profile.js';
import { pdfText } from '../../../engines/pdf/pdf-text.js';
import { srgbProfile } from '../../../engines/pdf/srgb.js';
import type { Standards } from '../../../ir/standards-types.js';
import type { PassContext } from '../../pass.js';

export function writeOutputIntents(
  context: PDFContext,
  std: Standards | undefined,
  ctx: PassContext,
  level: number,
): PDFRef | undefined {
  if (!std || (!std.outputIntent && !std.archive)) return undefined;
  const oi = std.outputIntent;
  const { bytes, facts } = outputIntentProfile(std, ctx);
  const profile = flateStream(context, bytes ?? srgbProfile(), level, { N: facts.n });
  const d: Record<string, unknown> = {
    Type: 'OutputIntent',
    S: PDFName.of('GTS_PDFA1'),
    // Required (§14.11.5 Table 365); absent from the request: the profile's own description.
    OutputConditionIdentifier: pdfText(oi?.identifier ?? facts.description ?? 'Custom'),
    DestOutputProfile: profile,
  };
  if (oi?.info !== undefined) d.Info = pdfText(oi.info);
  else if (!oi?.profile) d.Info = pdfText(facts.description!);
  if (oi?.condition !== undefined) d.OutputCondition = pdfText(oi.condition);
  if (oi?.registry !== undefined) d.RegistryName = pdfText(oi.registry);
  return context.register(context.obj([context.obj(d as never)]));
}

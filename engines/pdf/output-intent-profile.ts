// engines/pdf/output-intent-profile.ts — the ICC profile an output intent carries: the supplied part
// the request names, or the service's sRGB, with the facts its header states. Cross-refusals check
// it; emit writes it.

import { refuse } from '../../ir/messages.js';
import type { Standards } from '../../ir/standards-types.js';
import { type IccFacts, readIcc } from './icc-profile.js';
import { SRGB_DESCRIPTION } from './srgb.js';

/** The facts of the output intent's profile: the supplied part, or the service's sRGB. */
export function outputIntentProfile(
  std: Standards,
  ctx: { readonly parts: ReadonlyMap<string, Uint8Array> },
): { bytes?: Uint8Array; facts: IccFacts } {
  const oi = std.outputIntent;
  if (!oi?.profile)
    return { facts: { major: 2, minor: 1, deviceClass: 'mntr', space: 'RGB ', n: 3, description: SRGB_DESCRIPTION } };
  const bytes = ctx.parts.get(oi.profile.part);
  if (!bytes) refuse('partMissing', oi.profile.at, { part: oi.profile.part, at: oi.profile.at });
  const facts = readIcc(bytes);
  if (typeof facts === 'string')
    refuse('iccUnusable', oi.profile.at, { profile: oi.profile.part, at: oi.profile.at, reason: facts });
  return { bytes, facts };
}

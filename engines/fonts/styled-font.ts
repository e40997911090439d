// engines/fonts/styled-font.ts — a declared font as layout sees it when its declaration asks for more
// than the file's defaults: OpenType features switched on or off (font_variants: ligatures, small
// capitals, oldstyle figures, kerning) and/or a replacement drawn for characters the font lacks
// (`missing: {replace}`). The program written is the underlying face's, so a variant and its font
// share one embedded subset (its `key` is the face's).
import { RefusalError } from '../../ir/diagnostics.js';
import type { MissingRule } from '../../ir/font-types.js';
import { refuse } from '../../ir/messages.js';
import type { FontKind, FontMetrics, FontOrigin, Shaped, TextFont } from '../../ir/text-font.js';
import { describeFault, type FeatureSet } from './face.js';

/** A font kind that can shape with features switched (Face, StandardFace for kerning). */
export interface FeatureShaper extends TextFont {
  shapeWith(text: string, features: FeatureSet | undefined, cacheKey: string): Shaped;
}

/** Replaces every character `font` does not cover by the rule's replacement (controls and line ends kept). */
export function applyMissingRule(font: TextFont, rule: MissingRule, text: string): string {
  if (rule.kind === 'refuse') return text;
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    out += cp < 0x20 || font.covers(cp) ? ch : rule.with;
  }
  return out;
}

/**
 * Runs `fn`, turning an exception from the font library (a damaged table found only when a glyph is
 * used) into the refusal of an unreadable font, naming the declaration. Refusals pass through.
 */
export function guarded<T>(origin: FontOrigin | undefined, fn: () => T): T {
  if (!origin) return fn();
  try {
    return fn();
  } catch (e) {
    if (e instanceof RefusalError || !origin) throw e;
    // In words, never a JavaScript error's text (face.ts describeFault).
    refuse('fontUnreadable', origin.sourceAt, { font: origin.name, at: origin.at, detail: describeFault(e) });
  }
}

export class StyledFont implements TextFont {
  readonly key: string;
  readonly kind: FontKind;
  readonly unitsPerEm: number;
  /** advanceOf is the base's: tables of stated advances are kept by the (long-lived) base face. */
  readonly advancesOwner: object;
  /** Names the feature set (the base face keeps a word cache per set; engines/text/face-words.ts keys by it). */
  readonly cacheKey: string;

  constructor(
    readonly base: FeatureShaper,
    readonly features: FeatureSet | undefined,
    readonly missing: MissingRule,
    readonly origin?: FontOrigin,
  ) {
    this.key = base.key;
    this.kind = base.kind;
    this.unitsPerEm = base.unitsPerEm;
    this.advancesOwner = base.advancesOwner ?? base;
    this.cacheKey = features
      ? Object.entries(features)
          .sort()
          .map(([k, v]) => `${k}=${v ? 1 : 0}`)
          .join(',')
      : '';
  }

  get metrics(): FontMetrics {
    return this.base.metrics;
  }

  shape(text: string): Shaped {
    return guarded(this.origin, () =>
      this.base.shapeWith(applyMissingRule(this.base, this.missing, text), this.features, this.cacheKey),
    );
  }

  advanceOf(gid: number): number {
    return guarded(this.origin, () => this.base.advanceOf(gid));
  }

  covers(cp: number): boolean {
    return guarded(this.origin, () => this.base.covers(cp));
  }
}

/** The font whose program is written for `font`: variants and replacement rules unwrapped. */
export function programOf(font: TextFont): TextFont {
  let f = font;
  while (f instanceof StyledFont) f = f.base;
  return f;
}

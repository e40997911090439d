// passes/emit/navigation/page-settings.ts — emit sub-step: the page dictionary entries of page_boxes,
// page_turns, page_shows and page_tab_orders (ISO 32000-1 §7.7.3.3, Table 30; §14.11.2; §12.4.4).
// A box is written only when given (a reader falls back to the media box, spec page_boxes).
import type { PageSettings, PageShow } from '../../../ir/navigation-types.js';
import { round } from './destinations.js';

const STYLE: Record<PageShow['style'], string> = {
  split: 'Split',
  blinds: 'Blinds',
  box: 'Box',
  wipe: 'Wipe',
  dissolve: 'Dissolve',
  glitter: 'Glitter',
  replace: 'R',
  fly: 'Fly',
  push: 'Push',
  cover: 'Cover',
  uncover: 'Uncover',
  fade: 'Fade',
};
const TABS = { row: 'R', column: 'C', structure: 'S' } as const;

function transition(s: PageShow): Record<string, unknown> {
  const t: Record<string, unknown> = { Type: 'Trans', S: STYLE[s.style] };
  if (s.duration !== undefined) t.D = round(s.duration);
  if (s.dimension) t.Dm = s.dimension === 'horizontal' ? 'H' : 'V';
  if (s.motion) t.M = s.motion === 'inward' ? 'I' : 'O';
  if (s.direction !== undefined) t.Di = s.direction === 'none' ? 'None' : s.direction;
  if (s.scale !== undefined) t.SS = round(s.scale);
  if (s.opaque !== undefined) t.B = s.opaque;
  return t;
}

/** Entries for page `n` (1-based); empty when nothing is set for it. */
export function pageSettingEntries(settings: PageSettings | undefined, n: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!settings) return out;
  const boxes = settings.boxes.get(n)?.value;
  if (boxes) {
    for (const [key, pdfKey] of [
      ['crop', 'CropBox'],
      ['bleed', 'BleedBox'],
      ['trim', 'TrimBox'],
      ['art', 'ArtBox'],
    ] as const) {
      const b = boxes[key];
      if (b) out[pdfKey] = [b.llx, b.lly, b.urx, b.ury].map(round);
    }
  }
  const turn = settings.turns.get(n)?.value;
  if (turn !== undefined) out.Rotate = turn;
  const show = settings.shows.get(n)?.value;
  if (show) {
    // A transition is written when a style or its duration is given; display_duration alone is /Dur.
    if (show.style !== 'replace' || show.duration !== undefined || show.displayDuration === undefined)
      out.Trans = transition(show);
    if (show.displayDuration !== undefined) out.Dur = round(show.displayDuration);
  }
  const tabs = settings.tabOrders.get(n)?.value;
  if (tabs) out.Tabs = TABS[tabs];
  return out;
}

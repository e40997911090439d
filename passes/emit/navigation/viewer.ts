// passes/emit/navigation/viewer.ts — emit sub-step: reader preferences (`reader`) as catalog entries:
// /PageLayout, /PageMode, /ViewerPreferences (ISO 32000-1 §12.2, Table 150) and /OpenAction.
// /PageMode defaults to UseOutlines when the document has bookmarks and `page_mode` is not given,
// as PDFlib does: a reader then opens with the outline it was given in view.
import type { ReaderPrefs } from '../../../ir/navigation-types.js';
import { openAction, type TargetContext } from './destinations.js';

const LAYOUT: Record<string, string> = {
  single_page: 'SinglePage',
  one_column: 'OneColumn',
  two_column_left: 'TwoColumnLeft',
  two_column_right: 'TwoColumnRight',
  two_page_left: 'TwoPageLeft',
  two_page_right: 'TwoPageRight',
};
const MODE: Record<string, string> = {
  none: 'UseNone',
  outlines: 'UseOutlines',
  thumbnails: 'UseThumbs',
  full_screen: 'FullScreen',
  layers: 'UseOC',
  attachments: 'UseAttachments',
};
const DIRECTION: Record<string, string> = { left_to_right: 'L2R', right_to_left: 'R2L' };
const SCALING: Record<string, string> = { none: 'None', app_default: 'AppDefault' };
const DUPLEX: Record<string, string> = {
  simplex: 'Simplex',
  flip_short_edge: 'DuplexFlipShortEdge',
  flip_long_edge: 'DuplexFlipLongEdge',
};

/** Catalog entries from the reader preferences (and the outline's presence). */
export function viewerEntries(
  tc: TargetContext,
  reader: ReaderPrefs | undefined,
  hasOutline: boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (reader?.pageLayout) out.PageLayout = LAYOUT[reader.pageLayout];
  if (reader?.pageMode) out.PageMode = MODE[reader.pageMode];
  else if (hasOutline) out.PageMode = 'UseOutlines';
  if (!reader) return out;
  const vp: Record<string, unknown> = {};
  const flag = (key: string, v: boolean | undefined) => {
    if (v !== undefined) vp[key] = v;
  };
  flag('HideToolbar', reader.hideToolbar);
  flag('HideMenubar', reader.hideMenubar);
  flag('HideWindowUI', reader.hideWindowUi);
  flag('FitWindow', reader.fitWindow);
  flag('CenterWindow', reader.centerWindow);
  flag('DisplayDocTitle', reader.displayDocTitle);
  flag('PickTrayByPDFSize', reader.pickTrayByPdfSize);
  if (reader.fullScreenExit) vp.NonFullScreenPageMode = MODE[reader.fullScreenExit];
  if (reader.direction) vp.Direction = DIRECTION[reader.direction];
  if (reader.printScaling) vp.PrintScaling = SCALING[reader.printScaling];
  if (reader.duplex) vp.Duplex = DUPLEX[reader.duplex];
  if (reader.copies !== undefined) vp.NumCopies = reader.copies;
  if (reader.printPages?.length) {
    // Pairs of 1-based page numbers (Table 150, PrintPageRange), each pair in ascending order.
    vp.PrintPageRange = reader.printPages.flatMap((r) => {
      const a = tc.places.get(r.from.at)!.page,
        b = tc.places.get(r.to.at)!.page;
      return [Math.min(a, b), Math.max(a, b)];
    });
  }
  if (Object.keys(vp).length) out.ViewerPreferences = vp;
  if (reader.openOn) out.OpenAction = openAction(tc, reader.openOn);
  return out;
}

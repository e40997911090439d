// passes/emit/navigation/navigation.ts — emit sub-step: everything of issue 9 the emitter writes, gathered so
// passes/emit/emit.ts adds one line per hook. Written before the pages (the page objects' references
// exist already): the outline, named destinations and threads; then, per page, its settings,
// /Annots (links) and /B (beads); at the end, the catalog's entries and its /Names /Dests.
import type { PDFContext, PDFRef } from 'pdf-lib';
import type { DocSettings, LaidOutPage } from '../../../ir/types.js';
import { emitDests, type TargetContext } from './destinations.js';
import { emitLinks } from './links.js';
import { emitOutline } from './outline.js';
import { pageSettingEntries } from './page-settings.js';
import { emitThreads } from './threads.js';
import { viewerEntries } from './viewer.js';

export interface NavigationOut {
  /** Catalog entries: /Outlines, /Threads, /PageLayout, /PageMode, /ViewerPreferences, /OpenAction. */
  catalog: Record<string, unknown>;
  /** Entries of the catalog's /Names dictionary: /Dests. */
  names: Record<string, PDFRef>;
  /** Page dictionary entries of one page: boxes, /Rotate, /Trans, /Dur, /Tabs, /Annots, /B. */
  page(page: LaidOutPage, ref: PDFRef): Record<string, unknown>;
  /** How targets are written (push buttons' click actions use it too: passes/emit/pages/forms.ts). */
  targets: TargetContext;
}

/**
 * `ocg`: the optional content group of a declared layer (links on a layer name it in /OC); `element`:
 * the structure element of an id, for structure destinations (passes/emit/document/structure.ts).
 */
export function emitNavigation(
  context: PDFContext,
  doc: DocSettings,
  pageRefs: readonly PDFRef[],
  ocg?: (layer: string) => PDFRef,
  element?: (id: string) => PDFRef,
): NavigationOut {
  const nav = doc.navigation;
  // Threads first: thread actions in the outline, links and the open action point at their objects.
  const threads = emitThreads({ context, pageRefs, places: doc.places ?? new Map() }, nav?.articles ?? []);
  const tc: TargetContext = {
    context,
    pageRefs,
    places: doc.places ?? new Map(),
    threads: threads.byArticle,
    element,
  };
  const outline = emitOutline(tc, nav?.bookmarks ?? []);
  const dests = emitDests(tc, nav?.destinations ?? []);
  const catalog: Record<string, unknown> = {};
  if (outline) catalog.Outlines = outline;
  if (threads.threads.length) catalog.Threads = threads.threads;
  Object.assign(catalog, viewerEntries(tc, nav?.reader, outline !== undefined));
  return {
    catalog,
    targets: tc,
    names: dests ? { Dests: dests } : {},
    page(page, ref) {
      const out = pageSettingEntries(doc.pageSettings, page.number);
      if (page.links?.length) out.Annots = emitLinks(tc, page.links, ref, ocg);
      const beads = threads.beadsByPage.get(page.number);
      if (beads) out.B = beads;
      return out;
    },
  };
}

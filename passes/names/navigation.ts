// passes/names/navigation.ts — names pass, navigation sub-step: each destination name is declared
// once, and every name a bookmark, link, action or reader.open_on aims at is declared under
// `destinations` (spec Conventions, "Names": a name called for that no declaration carries is refused).

import { refuse } from '../../ir/messages.js';
import { forEachTarget } from '../../ir/navigation-walk.js';
import type { JsonPointer } from '../../ir/pointer.js';
import type { DocSettings, Item } from '../../ir/types.js';

export function checkDestinationNames(doc: DocSettings, items: readonly Item[]): void {
  const declared = new Map<string, JsonPointer>();
  for (const d of doc.navigation?.destinations ?? []) {
    const earlier = declared.get(d.name);
    if (earlier !== undefined)
      refuse('nameDeclaredTwice', `${d.at}/name`, { name: d.name, at: `${d.at}/name`, earlier: `${earlier}/name` });
    declared.set(d.name, d.at);
  }
  const articles = doc.navigation?.articles ?? [];
  forEachTarget(
    doc.navigation,
    items,
    (t) => {
      if (t.kind === 'destination' && !declared.has(t.name))
        refuse('destinationUndeclared', t.at, { destination: t.name, at: t.at });
    },
    (a) => {
      // A thread action names an article and a bead by their place in `articles`, 1-based.
      if (a.type !== 'thread') return;
      const article = articles[a.article - 1];
      if (!article)
        refuse('articleMissing', `${a.at}/article`, {
          article: a.article,
          at: `${a.at}/article`,
          articles: articles.length,
        });
      if (a.bead > article.beads.length)
        refuse('beadMissing', `${a.at}/bead`, {
          bead: a.bead,
          at: `${a.at}/bead`,
          article: a.article,
          beads: article.beads.length,
        });
    },
  );
}

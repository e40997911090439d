// passes/layout/links.ts — layout, link items: the rect of a link on one page as an annotation
// rectangle in page space. Under a `transform` or `rotate` the rect's four corners are carried
// through the matrix; /Rect is the box they span (what every reader understands) and, when the
// result is not upright, /QuadPoints (PDF 1.6) name the turned area itself so readers that honour
// them click only inside it (docs/reference.md, "link").

import { type Box, MAX_PDF_NUMBER } from '../../engines/geometry/coordinates.js';
import { refuse } from '../../ir/messages.js';
import type { LaidOutLink } from '../../ir/navigation-types.js';
import type { LinkItem, Matrix } from '../../ir/types.js';

function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

export function layLink(item: LinkItem, box: Box, matrix: Matrix | undefined, page: number): LaidOutLink {
  const base = {
    at: item.at,
    target: item.target,
    border: item.border,
    highlight: item.highlight,
    description: item.description,
    ...(item.layer ? { layer: item.layer.name } : {}),
  };
  if (!matrix) return Object.assign({}, base, { rect: { ...box } });
  // Counter-clockwise from the lower left of the untransformed rect (ISO 32000-1 §12.5.6.5, Table 173).
  const corners = [
    apply(matrix, box.llx, box.lly),
    apply(matrix, box.urx, box.lly),
    apply(matrix, box.urx, box.ury),
    apply(matrix, box.llx, box.ury),
  ];
  const xs = corners.map((c) => c[0]),
    ys = corners.map((c) => c[1]);
  const rect = { llx: Math.min(...xs), lly: Math.min(...ys), urx: Math.max(...xs), ury: Math.max(...ys) };
  // A transform can carry the rect past what a PDF number holds, as a coordinate could (coordinates.ts).
  const far = [...xs, ...ys].find((v) => !(Math.abs(v) <= MAX_PDF_NUMBER));
  if (far !== undefined) {
    const key = item.transformAt ?? item.rotateAt ?? item.rect.at;
    refuse('coordinateOutOfRange', key, { coordinate: key, value: String(far), page, limit: `±${MAX_PDF_NUMBER}` });
  }
  // Upright (scale, translation, quarter turns): the rect says it all.
  const upright =
    (Math.abs(matrix[1]) < 1e-9 && Math.abs(matrix[2]) < 1e-9) ||
    (Math.abs(matrix[0]) < 1e-9 && Math.abs(matrix[3]) < 1e-9);
  return upright ? Object.assign({}, base, { rect }) : Object.assign({}, base, { rect, quad: corners.flat() });
}

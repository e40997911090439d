// engines/svg/check.ts — images engine, SVG: every element and attribute of the tree looked at once
// before anything is drawn, so what cannot be drawn is refused naming it and its position wherever it
// stands (in <defs> too), and what would run or fetch something (scripts, event attributes, references
// outside the image) is refused and never run or fetched. A loop over an explicit stack.
import { localName, type SvgNode } from './parse.js';
import { SvgError } from './svg-error.js';

/** Elements this build draws, or reads as definitions, or passes over as descriptions. */
const KNOWN = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'image',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'style',
  'title',
  'desc',
  'metadata',
  'text',
  'tspan',
]);

/** Elements refused by name, with why; any other SVG element is refused as one this build does not know. */
const NOT_DRAWN: Record<string, string> = {
  filter: 'filters are not drawn as vectors by this build',
  mask: 'masks are not drawn by this build',
  pattern: 'pattern paints are not drawn by this build',
  marker: 'markers are not drawn by this build',
  textPath: 'text on a path is not set by this build',
  foreignObject: 'foreign content (HTML) is never drawn into a PDF',
  switch: 'conditional processing is not drawn by this build',
  animate: 'a PDF is still: animation is not drawn',
  animateMotion: 'a PDF is still: animation is not drawn',
  animateTransform: 'a PDF is still: animation is not drawn',
  animateColor: 'a PDF is still: animation is not drawn',
  set: 'a PDF is still: animation is not drawn',
  mpath: 'a PDF is still: animation is not drawn',
  discard: 'a PDF is still: animation is not drawn',
  view: 'views are not drawn by this build',
  cursor: 'cursors are not drawn',
  font: 'SVG fonts are not read by this build',
  'font-face': 'SVG fonts are not read by this build',
  a: 'links inside an SVG are not drawn by this build; draw the link with a link item',
};

/** Elements that would run code or fetch: refused as unsafe. */
const UNSAFE: Record<string, string> = {
  script: 'scripts are never run',
  iframe: 'embedded documents are never fetched',
  video: 'media are never fetched',
  audio: 'media are never fetched',
  canvas: 'scripted drawing is never run',
  handler: 'scripts are never run',
  listener: 'scripts are never run',
};

function referenceOk(v: string, name: string): boolean {
  const s = v.trim();
  if (s.startsWith('#')) return true;
  return name === 'image' && /^data:/i.test(s);
}

/** Refuses the first element or attribute of the tree this build will not draw or will never run. */
export function checkTree(root: SvgNode): void {
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    const name = n.name;
    if (name === '#text') continue;
    const prefixed = name.includes(':');
    if (prefixed && localName(name) === 'script')
      throw new SvgError('unsafe', `a <${name}> element`, n.position, UNSAFE.script);
    if (!prefixed) {
      if (UNSAFE[name]) throw new SvgError('unsafe', `a <${name}> element`, n.position, UNSAFE[name]);
      if (NOT_DRAWN[name] || name.startsWith('fe'))
        throw new SvgError(
          'unsupported',
          `a <${name}> element`,
          n.position,
          NOT_DRAWN[name] ?? 'filters are not drawn as vectors by this build',
        );
      if (!KNOWN.has(name))
        throw new SvgError('unsupported', `a <${name}> element`, n.position, 'it is not an element this build draws');
    }
    for (const [k, v] of Object.entries(n.attrs)) {
      const lk = localName(k).toLowerCase();
      if (lk.startsWith('on'))
        throw new SvgError(
          'unsafe',
          `the event attribute ${k} on a <${name}> element`,
          n.position,
          'scripts are never run',
        );
      if (lk === 'href' && !prefixed && !referenceOk(v, name))
        throw new SvgError(
          'unsafe',
          `the reference ${k}="${v.length > 60 ? `${v.slice(0, 60)}…` : v}" on a <${name}> element`,
          n.position,
          'references outside the image are never fetched',
        );
      if ((k === 'style' || k === 'fill' || k === 'stroke') && /url\(\s*['"]?(?!#)/i.test(v))
        throw new SvgError(
          'unsafe',
          `the ${k} "${v}" on a <${name}> element`,
          n.position,
          'references outside the image are never fetched',
        );
    }
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
}

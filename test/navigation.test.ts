// test/navigation.test.ts — issue 9, navigation: the outline, named destinations, link items,
// article threads and reader preferences, judged by qpdf (--json), MuPDF (mutool show) and poppler
// (pdfinfo -dests, pdftohtml links); and every refusal of the area with its status, word and pointer.
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';
import { mutoolShow, pdfDests, pdfObjects, popplerLinks, qpdfCheck, qpdfJson } from './support/pdf-tools.js';

const FONTS = { fonts: [{ name: 'Body', data: NOTO_SANS_B64 }] };
const body = (pages: number[]) => ({
  type: 'text',
  rect: { llx: 72, lly: 700, urx: 400, ury: 760 },
  content: ['Visit the site'],
  font: 'Body',
  font_size: 14,
  pages,
});

function ok(description: Record<string, unknown>): Uint8Array {
  const out = render({ description: { ...FONTS, ...description }, now: NOW });
  if (!out.ok) throw new Error(`${out.status} ${out.path}: ${out.sentence}`);
  expect(qpdfCheck(out.pdf).code).toBe(0);
  return out.pdf;
}

function refused(description: Record<string, unknown>, service?: Parameters<typeof render>[0]['service']) {
  const out = render({ description: { ...FONTS, ...description }, now: NOW, service });
  if (out.ok) throw new Error('rendered, expected a refusal');
  return out;
}

interface QOutline {
  title: string;
  dest: unknown;
  destpageposfrom1: number;
  kids: QOutline[];
  open: boolean;
}

describe('bookmarks', () => {
  const pdf = ok({
    items: [body([1, 2, 3])],
    bookmarks: [
      {
        title: 'Chapter 1 — Ünïcødé 日本',
        page: 1,
        open: true,
        bold: true,
        color: [1, 0, 0],
        children: [
          { title: 'Section 1.1', page: 2, view: { fit: 'fit_width', top: '{page_height} - 100' }, italic: true },
          {
            title: 'Closed',
            destination: 'end',
            children: [
              { title: 'Deeper', action: { type: 'uri', uri: 'https://example.com/' } },
              { title: 'Deepest', page: 3, view: { top: 500, left: 20, zoom: 1.5 } },
            ],
          },
        ],
      },
      { title: 'Grouping only', color: [0.5], children: [{ title: 'Leaf', page: 1, view: 'fit_bbox' }] },
    ],
    destinations: [{ name: 'end', page: 3, view: { fit: 'fit_rect', left: 0, bottom: 0, right: 300, top: 300 } }],
  });

  it('writes the outline tree qpdf reads, titles in any script, targets resolved to their pages', () => {
    const outlines = qpdfJson(pdf, ['outlines']).outlines as QOutline[];
    const shape = (o: QOutline): unknown => ({
      title: o.title,
      page: o.destpageposfrom1,
      dest: o.dest,
      kids: o.kids.map(shape),
    });
    expect(outlines.map(shape)).toEqual([
      {
        title: 'Chapter 1 — Ünïcødé 日本',
        page: 1,
        dest: [expect.any(String), '/Fit'],
        kids: [
          { title: 'Section 1.1', page: 2, dest: [expect.any(String), '/FitH', 741.89], kids: [] },
          // A named destination: qpdf follows the name through /Names /Dests to its page and view.
          {
            title: 'Closed',
            page: 3,
            dest: [expect.any(String), '/FitR', 0, 0, 300, 300],
            kids: [
              { title: 'Deeper', page: null, dest: null, kids: [] },
              { title: 'Deepest', page: 3, dest: [expect.any(String), '/XYZ', 20, 500, 1.5], kids: [] },
            ],
          },
        ],
      },
      {
        title: 'Grouping only',
        page: null,
        dest: null,
        kids: [{ title: 'Leaf', page: 1, dest: [expect.any(String), '/FitB'], kids: [] }],
      },
    ]);
  });

  it('counts visible descendants (negative when closed), and writes colour and style flags', () => {
    const o = pdfObjects(pdf);
    const root = o.deref(o.deref(o.get('trailer')['/Root'])['/Outlines']);
    // Top level: chapter (open: 2 children, the closed one hides its 2) + grouping (closed) = 2 + 2.
    expect(root['/Count']).toBe(4);
    const chapter = o.deref(root['/First']);
    expect(chapter).toMatchObject({ '/Count': 2, '/F': 2, '/C': [1, 0, 0] });
    const section = o.deref(chapter['/First']);
    expect(section).toMatchObject({ '/F': 1 });
    expect(section['/C']).toBeUndefined();
    const closed = o.deref(section['/Next']);
    expect(closed).toMatchObject({ '/Count': -2, '/Dest': 'u:end' });
    expect(o.deref(closed['/First'])['/A']).toEqual({
      '/S': '/URI',
      '/Type': '/Action',
      '/URI': 'u:https://example.com/',
    });
    const grouping = o.deref(root['/Last']);
    expect(grouping).toMatchObject({ '/Count': -1, '/C': [0.5, 0.5, 0.5] });
    expect(grouping['/Dest']).toBeUndefined();
    // MuPDF reads the same tree: open (-) and closed (+) entries, targets by page.
    const show = mutoolShow(pdf, 'outline');
    expect(show).toContain('-\t"Chapter 1 — Ünïcødé 日本"\t#page=1');
    expect(show).toMatch(/\+\t\t"Closed"\t#page=3/);
  });

  it('opens the outline panel when the document has bookmarks and no page_mode', () => {
    const o = pdfObjects(pdf);
    expect(o.deref(o.get('trailer')['/Root'])['/PageMode']).toBe('/UseOutlines');
  });
});

describe('destinations', () => {
  it('are written in the catalog /Names /Dests name tree, which poppler resolves', () => {
    const names = Array.from({ length: 70 }, (_, i) => `d${String(i).padStart(2, '0')}`);
    const pdf = ok({
      items: [body([1, 2])],
      destinations: [
        ...names.map((name, i) => ({ name, page: 1 + (i % 2), view: { fit: 'xyz', top: 700 } })),
        { name: 'Ünïcødé', page: 2, view: 'fit' },
      ],
    });
    const dests = pdfDests(pdf);
    expect(dests.get('d00')?.replace(/\s+/g, ' ')).toBe('1 [ XYZ null 700 null ]');
    expect(dests.get('d69')?.replace(/\s+/g, ' ')).toBe('2 [ XYZ null 700 null ]');
    expect(dests.get('Ünïcødé')).toMatch(/^2 \[ Fit/);
    expect(dests.size).toBe(71);
    // More than one leaf: a root with /Kids whose leaves carry /Limits.
    const o = pdfObjects(pdf);
    const tree = o.deref(o.deref(o.get('trailer')['/Root'])['/Names']['/Dests']);
    expect(tree['/Kids'].length).toBe(2);
  });
});

describe('link items', () => {
  const pdf = ok({
    items: [
      body([1, 2, 3]),
      { type: 'link', rect: { llx: 60, lly: 690, urx: 400, ury: 770 }, pages: [1], uri: 'https://example.com/ü?x=1' },
      {
        type: 'link',
        rect: { llx: 60, lly: 690, urx: 400, ury: 770 },
        pages: [2],
        page: 3,
        view: { top: '{page_height}', zoom: 2 },
        border: { width: 1.5, dash: [3, 2], color: [0, 0, 1] },
        highlight: 'outline',
        description: 'To page 3',
      },
      { type: 'link', rect: { llx: 60, lly: 690, urx: 400, ury: 770 }, pages: [3], destination: 'start' },
      {
        type: 'link',
        rect: { llx: 72, lly: 500, urx: 200, ury: 530 },
        pages: [1],
        rotate: 30,
        action: { type: 'named', name: 'next_page', next: [{ type: 'go_to', page: 2 }] },
      },
      {
        type: 'link',
        rect: { llx: 72, lly: 300, urx: 200, ury: 330 },
        pages: [1],
        action: {
          type: 'go_to_remote',
          file: 'other.pdf',
          page: 4,
          view: { fit: 'fit_width', top: 600 },
          new_window: true,
        },
      },
      {
        type: 'link',
        rect: { llx: 72, lly: 200, urx: 200, ury: 230 },
        pages: [1],
        transform: [1, 0, 0, 1, 100, 10],
        highlight: 'none',
        action: { type: 'go_to_remote', file: 'other.pdf', destination: 'intro' },
      },
    ],
    destinations: [{ name: 'start', page: 1 }],
  });

  it('leads where it says: poppler follows each link over the text', () => {
    expect(popplerLinks(pdf)).toEqual([
      { text: 'Visit the site', href: 'https://example.com/%C3%BC?x=1' },
      { text: 'Visit the site', href: '#3' },
      { text: 'Visit the site', href: '#1' },
    ]);
  });

  it('writes /Link annotations in each page /Annots with their actions, border and highlight', () => {
    const o = pdfObjects(pdf);
    const pages = o.deref(o.deref(o.get('trailer')['/Root'])['/Pages'])['/Kids'] as string[];
    const annots = (n: number) => (o.deref(pages[n])['/Annots'] as string[]).map(o.deref);
    const [uri, turned, remote, moved] = annots(0);
    expect(uri).toMatchObject({
      '/Type': '/Annot',
      '/Subtype': '/Link',
      '/Rect': [60, 690, 400, 770],
      '/F': 4,
      '/H': '/I',
      '/BS': { '/W': 0, '/S': '/S' },
      '/P': pages[0],
    });
    expect(uri['/A']).toMatchObject({ '/S': '/URI', '/URI': 'u:https://example.com/%C3%BC?x=1' });
    // Turned 30°: /Rect spans the turned rect, /QuadPoints give its corners counter-clockwise.
    expect(turned['/Rect'].map(Math.round)).toEqual([73, 470, 199, 560]);
    // The lower left corner (72, 500) turned 30° about the centre (136, 515).
    const c = Math.cos(Math.PI / 6),
      s = Math.sin(Math.PI / 6);
    expect(turned['/QuadPoints'].slice(0, 2)).toEqual(
      [136 + c * -64 - s * -15, 515 + s * -64 + c * -15].map((v) => Math.round(v * 1000) / 1000),
    );
    expect(turned['/QuadPoints'].length).toBe(8);
    expect(turned['/A']).toMatchObject({
      '/S': '/Named',
      '/N': '/NextPage',
      '/Next': { '/S': '/GoTo', '/D': [pages[1], '/Fit'] },
    });
    expect(remote['/A']).toMatchObject({
      '/S': '/GoToR',
      '/F': 'u:other.pdf',
      '/D': [3, '/FitH', 600],
      '/NewWindow': true,
    });
    expect(moved).toMatchObject({
      '/Rect': [172, 210, 300, 240],
      '/H': '/N',
      '/A': { '/S': '/GoToR', '/D': 'u:intro' },
    });
    expect(moved['/QuadPoints']).toBeUndefined();
    const [toPage3] = annots(1);
    expect(toPage3).toMatchObject({
      '/H': '/O',
      '/BS': { '/W': 1.5, '/S': '/D', '/D': [3, 2] },
      '/C': [0, 0, 1],
      '/Contents': 'u:To page 3',
    });
    expect(toPage3['/Dest']).toEqual([pages[2], '/XYZ', null, 841.89, 2]);
    const [named] = annots(2);
    expect(named['/Dest']).toBe('u:start');
  });
});

describe('articles', () => {
  it('chains the beads of each thread and lists them on their pages', () => {
    const pdf = ok({
      items: [body([1, 2])],
      articles: [
        {
          title: 'Story',
          author: 'Ann',
          subject: 'S',
          keywords: 'k1, k2',
          beads: [
            { page: 1, rect: { llx: 50, lly: 50, urx: 300, ury: 400 } },
            { page: 2, rect: { llx: 50, lly: 50, urx: 300, ury: '{page_height} - 50' } },
            { page: 2, rect: { llx: 310, lly: 50, urx: 500, ury: 400 } },
          ],
        },
        { title: 'Sidebar', beads: [{ page: 1, rect: { llx: 400, lly: 50, urx: 500, ury: 100 } }] },
      ],
      bookmarks: [{ title: 'Read the story', action: { type: 'thread', article: 1, bead: 2 } }],
    });
    const o = pdfObjects(pdf);
    const root = o.deref(o.get('trailer')['/Root']);
    const pages = o.deref(root['/Pages'])['/Kids'] as string[];
    const [story, sidebar] = root['/Threads'] as string[];
    expect(o.deref(story)['/I']).toEqual({
      '/Title': 'u:Story',
      '/Author': 'u:Ann',
      '/Subject': 'u:S',
      '/Keywords': 'u:k1, k2',
    });
    const first = o.deref(story)['/F'] as string;
    const b1 = o.deref(first),
      b2 = o.deref(b1['/N']),
      b3 = o.deref(b2['/N']);
    expect(b1).toMatchObject({
      '/Type': '/Bead',
      '/T': story,
      '/P': pages[0],
      '/R': [50, 50, 300, 400],
      '/V': b2['/N'],
    });
    expect(b2).toMatchObject({ '/P': pages[1], '/R': [50, 50, 300, 791.89], '/V': first });
    expect(b3).toMatchObject({ '/P': pages[1], '/N': first });
    const sb = o.deref(sidebar)['/F'];
    expect(o.deref(sb)).toMatchObject({ '/N': sb, '/V': sb, '/T': sidebar });
    expect(o.deref(pages[0])['/B']).toEqual([first, sb]);
    // A bookmark reading the story from its second bead: a Thread action naming thread and bead.
    expect(o.deref(o.deref(root['/Outlines'])['/First'])['/A']).toEqual({
      '/Type': '/Action',
      '/S': '/Thread',
      '/D': story,
      '/B': b1['/N'],
    });
    expect(o.deref(pages[1])['/B']).toEqual([b1['/N'], b2['/N']]);
  });
});

describe('reader', () => {
  it('writes /ViewerPreferences, /PageLayout, /PageMode and /OpenAction', () => {
    const pdf = ok({
      items: [body([1, 2, 3])],
      reader: {
        page_layout: 'two_page_right',
        page_mode: 'full_screen',
        full_screen_exit: 'thumbnails',
        hide_toolbar: true,
        hide_menubar: false,
        hide_window_ui: true,
        fit_window: true,
        center_window: true,
        display_doc_title: true,
        direction: 'right_to_left',
        print_scaling: 'none',
        duplex: 'flip_short_edge',
        pick_tray_by_pdf_size: true,
        copies: 2,
        print_pages: [{ from: 3, to: 2 }],
        open_on: { page: 2, view: { fit: 'fit_height', left: 10 } },
      },
    });
    const o = pdfObjects(pdf);
    const root = o.deref(o.get('trailer')['/Root']);
    const pages = o.deref(root['/Pages'])['/Kids'];
    expect(root['/PageLayout']).toBe('/TwoPageRight');
    expect(root['/PageMode']).toBe('/FullScreen');
    expect(root['/ViewerPreferences']).toEqual({
      '/HideToolbar': true,
      '/HideMenubar': false,
      '/HideWindowUI': true,
      '/FitWindow': true,
      '/CenterWindow': true,
      '/DisplayDocTitle': true,
      '/PickTrayByPDFSize': true,
      '/NonFullScreenPageMode': '/UseThumbs',
      '/Direction': '/R2L',
      '/PrintScaling': '/None',
      '/Duplex': '/DuplexFlipShortEdge',
      '/NumCopies': 2,
      '/PrintPageRange': [2, 3],
    });
    expect(root['/OpenAction']).toEqual([pages[1], '/FitV', 10]);
    expect(mutoolShow(pdf, 'trailer/Root/OpenAction')).toContain('/FitV 10');
  });

  it('opens on a named destination through a GoTo action; no reader and no bookmarks write nothing', () => {
    const pdf = ok({
      items: [body([1])],
      destinations: [{ name: 'here', page: 1 }],
      reader: { open_on: { destination: 'here' } },
    });
    const o = pdfObjects(pdf);
    const root = o.deref(o.get('trailer')['/Root']);
    expect(root['/OpenAction']).toEqual({ '/Type': '/Action', '/S': '/GoTo', '/D': 'u:here' });
    expect(root['/PageMode']).toBeUndefined();
    expect(root['/ViewerPreferences']).toBeUndefined();
  });
});

describe('refusals', () => {
  const link = (extra: Record<string, unknown>) => ({
    type: 'link',
    rect: { llx: 0, lly: 0, urx: 10, ury: 10 },
    pages: [1],
    ...extra,
  });

  it("refuses a bookmark, destination, link, bead or open_on page the document lacks, in the request's numbering", () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { items: [body([1, 2])], bookmarks: [{ title: 'a', page: 1, children: [{ title: 'b', page: 3 }] }] },
        '/bookmarks/0/children/0/page',
        '3',
      ],
      [{ items: [body([1])], destinations: [{ name: 'x', page: 'iv' }] }, '/destinations/0/page', '"iv"'],
      [{ items: [body([1]), link({ page: 2 })] }, '/items/1/page', '2'],
      [{ items: [body([1]), link({ action: { type: 'go_to', page: 7 } })] }, '/items/1/action/page', '7'],
      [
        {
          items: [body([1])],
          articles: [
            {
              beads: [
                { page: 1, rect: { llx: 0, lly: 0, urx: 1, ury: 1 } },
                { page: 5, rect: { llx: 0, lly: 0, urx: 1, ury: 1 } },
              ],
            },
          ],
        },
        '/articles/0/beads/1/page',
        '5',
      ],
      [{ items: [body([1])], reader: { open_on: { page: 2 } } }, '/reader/open_on/page', '2'],
      [{ items: [body([1])], reader: { print_pages: [{ from: 1, to: 4 }] } }, '/reader/print_pages/0/to', '4'],
    ];
    for (const [d, path, page] of cases) {
      const r = refused(d);
      expect(r, path).toMatchObject({ status: 400, word: 'description', path });
      expect(r.sentence).toBe(
        `the page ${page.replace(/"/g, '')} named by ${path} is not in the document, which has ${path.startsWith('/bookmarks') ? 2 : 1} pages.`,
      );
    }
  });

  it('refuses a link with both a short target and an action, naming both keys; and any target given twice', () => {
    const r = refused({ items: [link({ uri: 'https://a.b', action: { type: 'named', name: 'first_page' } })] });
    expect(r).toMatchObject({ status: 400, word: 'description', path: '/items/0/action' });
    expect(r.sentence).toBe(
      '/items/0/uri cannot be given together with /items/0/action; a target is given once, as a short form or as an action.',
    );
    expect(
      refused({ items: [link({ page: 1, destination: 'x' })], destinations: [{ name: 'x', page: 1 }] }),
    ).toMatchObject({ status: 400, path: '/items/0/destination' });
    expect(
      refused({
        items: [body([1])],
        bookmarks: [{ title: 'a', children: [{ title: 'b', page: 1, action: { type: 'named', name: 'last_page' } }] }],
      }),
    ).toMatchObject({
      status: 400,
      path: '/bookmarks/0/children/0/action',
      sentence: expect.stringContaining('/bookmarks/0/children/0/page cannot be given together with'),
    });
    expect(
      refused({
        items: [link({ action: { type: 'go_to', page: 1, destination: 'x' } })],
        destinations: [{ name: 'x', page: 1 }],
      }),
    ).toMatchObject({ status: 400, path: '/items/0/action/destination' });
    expect(refused({ items: [body([1])], reader: { open_on: { uri: 'https://a.b', page: 1 } } })).toMatchObject({
      status: 400,
      path: '/reader/open_on/uri',
    });
  });

  it('refuses a destination name nobody declares, and one declared twice', () => {
    const r = refused({ items: [link({ destination: 'nowhere' })], destinations: [{ name: 'here', page: 1 }] });
    expect(r).toMatchObject({
      status: 400,
      word: 'description',
      path: '/items/0/destination',
      sentence: 'the destination "nowhere" named by /items/0/destination is nowhere declared under destinations.',
    });
    expect(
      refused({
        items: [body([1])],
        bookmarks: [{ title: 'a', action: { type: 'go_to', destination: 'gone', next: [] } }],
      }),
    ).toMatchObject({
      status: 400,
      path: '/bookmarks/0/action/destination',
      sentence: expect.stringContaining('"gone"'),
    });
    expect(refused({ items: [body([1])], reader: { open_on: { destination: 'x' } } })).toMatchObject({
      path: '/reader/open_on/destination',
    });
    expect(
      refused({
        items: [body([1])],
        destinations: [
          { name: 'a', page: 1 },
          { name: 'a', page: 1 },
        ],
      }),
    ).toMatchObject({
      status: 400,
      path: '/destinations/1/name',
      sentence: 'the name "a" at /destinations/1/name is already declared at /destinations/0/name.',
    });
  });

  it('refuses a link with no target, a go_to with no target, a view without a page, and an open_on with none', () => {
    expect(refused({ items: [link({})] })).toMatchObject({
      status: 400,
      path: '/items/0',
      sentence: 'the link at /items/0 needs a target: page, destination, uri or action.',
    });
    expect(refused({ items: [link({ action: { type: 'go_to' } })] })).toMatchObject({
      status: 400,
      path: '/items/0/action',
      sentence: 'the go_to action at /items/0/action needs page or destination.',
    });
    expect(refused({ items: [link({ uri: 'x:y', view: 'fit' })] })).toMatchObject({
      status: 400,
      path: '/items/0/view',
      sentence: '/items/0/view is the view of a page; give page beside it.',
    });
    expect(refused({ items: [body([1])], reader: { open_on: {} } })).toMatchObject({
      status: 400,
      path: '/reader/open_on',
      sentence: '/reader/open_on needs a target: page, destination, uri or action.',
    });
  });

  it('refuses view keys a fit does not take, a fit_rect missing a side, and JavaScript or Launch actions', () => {
    expect(refused({ items: [link({ page: 1, view: { fit: 'fit_width', zoom: 2 } })] })).toMatchObject({
      status: 400,
      path: '/items/0/view/zoom',
      sentence: '/items/0/view/zoom does not apply when /items/0/view/fit is "fit_width"; it takes top.',
    });
    expect(refused({ items: [link({ page: 1, view: { fit: 'fit_rect', left: 0, top: 1, right: 1 } })] })).toMatchObject(
      { status: 400, path: '/items/0/view/bottom' },
    );
    expect(refused({ items: [link({ action: { type: 'javascript' } })] })).toMatchObject({
      status: 400,
      path: '/items/0/action/type',
      sentence: expect.stringContaining('must be one of "go_to", "go_to_remote", "uri", "named"'),
    });
    expect(refused({ items: [link({ action: { type: 'launch', file: 'x.exe' } })] })).toMatchObject({
      status: 400,
      path: '/items/0/action/type',
    });
    expect(refused({ items: [link({ page: 1, view: 'fit_all' })] })).toMatchObject({
      status: 400,
      path: '/items/0/view',
    });
  });

  it('refuses a javascript: address wherever a URI goes', () => {
    expect(refused({ items: [link({ uri: 'JavaScript:alert(1)' })] })).toMatchObject({
      status: 400,
      word: 'description',
      path: '/items/0/uri',
      sentence: '/items/0/uri is a javascript: address; links and actions do not run scripts.',
    });
    expect(
      refused({
        items: [
          link({ action: { type: 'named', name: 'next_page', next: [{ type: 'uri', uri: ' \tjava\nscript:x' }] } }),
        ],
      }),
    ).toMatchObject({ status: 400, path: '/items/0/action/next/0/uri' });
    expect(refused({ items: [body([1])], bookmarks: [{ title: 'a', uri: 'javascript:void(0)' }] })).toMatchObject({
      status: 400,
      path: '/bookmarks/0/uri',
    });
  });

  it('refuses a coordinate past what a PDF number holds, naming it and the page', () => {
    expect(
      refused({ items: [body([1]), link({ page: 1, rect: { llx: 0, lly: 0, urx: '{page_width} * 1e300', ury: 1 } })] }),
    ).toMatchObject({
      status: 400,
      word: 'drawing',
      path: '/items/1/rect/urx',
      sentence:
        '/items/1/rect/urx evaluates to 5.95276e+302 on page 1, beyond the ±2147483647 points a PDF number may hold.'.replace(
          /^/,
          'the coordinate ',
        ),
    });
    expect(
      refused({
        items: [body([1])],
        articles: [{ beads: [{ page: 1, rect: { llx: -3e9, lly: 0, urx: 1, ury: 1 } }] }],
      }),
    ).toMatchObject({ status: 400, path: '/articles/0/beads/0/rect/llx' });
    expect(refused({ items: [link({ page: 1, view: { top: 1e12 } })] })).toMatchObject({
      status: 400,
      path: '/items/0/view/top',
    });
    expect(refused({ items: [link({ page: 1, transform: [1e300, 0, 0, 1, 0, 0] })] })).toMatchObject({
      status: 400,
      word: 'drawing',
      path: '/items/0/transform',
    });
  });

  it('refuses the common keys a link cannot honour by name', () => {
    // layer is honoured on links (/OC, test/placement.test.ts): a layer nowhere declared is refused by name.
    expect(refused({ items: [link({ page: 1, layer: 'L' })] })).toMatchObject({
      status: 400,
      path: '/items/0/layer',
      sentence: 'the layer "L" named by /items/0/layer is nowhere declared.',
    });
    // A graphics state has nothing to act on: a link draws nothing.
    expect(
      refused({
        graphics_states: [{ name: 'g', state: { fill_alpha: 0.5 } }],
        items: [link({ page: 1, graphics_state: 'g' })],
      }),
    ).toMatchObject({
      status: 400,
      word: 'description',
      path: '/items/0/graphics_state',
      sentence: 'graphics_state at /items/0/graphics_state has nothing to act on: a link draws nothing.',
    });
    // relative_to is honoured on links (issue 6): an id no item carries is refused by name.
    expect(refused({ items: [link({ page: 1, relative_to: { id: 'x', edge: 'top' } })] })).toMatchObject({
      status: 400,
      path: '/items/0/relative_to/id',
    });
  });

  it('refuses a key another kind of action takes, and a thread action past the articles or beads', () => {
    expect(refused({ items: [link({ action: { type: 'named', name: 'next_page', page: 3 } })] })).toMatchObject({
      status: 400,
      path: '/items/0/action/page',
      sentence: '/items/0/action/page does not apply when /items/0/action/type is "named"; it takes name.',
    });
    const articles = [{ beads: [{ page: 1, rect: { llx: 0, lly: 0, urx: 1, ury: 1 } }] }];
    expect(refused({ items: [link({ action: { type: 'thread', article: 2 } })], articles })).toMatchObject({
      status: 400,
      path: '/items/0/action/article',
      sentence: 'the article 2 named by /items/0/action/article is not in articles, which holds 1.',
    });
    expect(refused({ items: [link({ action: { type: 'thread', article: 1, bead: 2 } })], articles })).toMatchObject({
      status: 400,
      path: '/items/0/action/bead',
      sentence: 'the bead 2 named by /items/0/action/bead is not in article 1, which has 1 beads.',
    });
  });

  it('refuses an ink colour on a bookmark and a dash of zeros', () => {
    expect(refused({ items: [body([1])], bookmarks: [{ title: 'a', color: [0, 0, 0, 1] }] })).toMatchObject({
      status: 400,
      path: '/bookmarks/0/color',
      sentence:
        '/bookmarks/0/color must be a grey or light colour (1 or 3 numbers); an outline entry has no ink colours.',
    });
    expect(refused({ items: [link({ page: 1, border: { width: 1, dash: [0, 0] } })] })).toMatchObject({
      status: 400,
      path: '/items/0/border/dash',
      sentence: '/items/0/border/dash must hold at least one length greater than 0.',
    });
  });

  it('refuses a destination leading to a structure element: 402 without a licence; with one, an id no element holds', () => {
    const d = { items: [body([1])], destinations: [{ name: 'fig', structure_element: 'figure-1' }] };
    const r = refused(d);
    expect(r).toMatchObject({ status: 402, word: 'needs_a_licence', path: '/destinations/0/structure_element' });
    expect(r.sentence).toBe(
      'the destination "fig" at /destinations/0 leads to an element of the structure tree; a licence key carries structure destinations.',
    );
    const licence = {
      holder: 'Acme',
      features: ['structure_destinations' as const],
      notBefore: '2026-01-01',
      notAfter: '2026-12-31',
      issued: '2026-01-01T00:00:00Z',
    };
    expect(refused(d, { licence })).toMatchObject({
      status: 400,
      word: 'description',
      path: '/destinations/0/structure_element',
      sentence: expect.stringContaining('no element of structure with that id'),
    });
  });
});

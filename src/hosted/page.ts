// src/hosted/page.ts — the browser box (spec: "The same address opened in a browser offers a box to
// paste a description into"): a sign-in form when no session, else the box. The page posts the
// description with fetch to the same address, carrying the session cookie and the CSRF token; a
// refusal's sentence appears beside the box, a PDF opens in the page (and can be downloaded).
// No inline script: the page's script is served separately so a strict CSP holds.

const STYLE = `body{font:15px/1.4 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem}
textarea{width:100%;height:22rem;font:13px/1.3 ui-monospace,monospace}
#error{color:#a40000;margin:.5rem 0;min-height:1.4em}iframe{width:100%;height:40rem;border:1px solid #ccc}
form.signin{max-width:20rem}label{display:block;margin:.5rem 0}input{width:100%}
#json{font-size:13px;min-height:1.3em;margin:.25rem 0}#json.bad{color:#a40000}#json.good{color:#1b6e20}`;

/** Where the front serves the JSON Schema of a description (the box links it; editors can use it). */
export const SCHEMA_PATH = '/schema.json';

/** The description the box starts with: one page on a library face, ready to render and edit. */
export const STARTER_DESCRIPTION = `{
  "fonts": [{ "name": "Body", "library": "noto_sans" }, { "name": "Bold", "library": "noto_sans_bold" }],
  "items": [
    { "type": "rect", "rect": { "llx": 0, "lly": "{page_height} - 90", "urx": "{page_width}", "ury": "{page_height}" },
      "fill": [0.1, 0.2, 0.45] },
    { "type": "text", "rect": { "llx": 56, "lly": "{page_height} - 75", "urx": "{page_width} - 56", "ury": "{page_height} - 25" },
      "content": ["Hello from quire"], "font": "Bold", "font_size": 28, "color": [1, 1, 1] },
    { "type": "flow", "rect": { "llx": 56, "lly": 500, "urx": "{page_width} - 56", "ury": 720 }, "font": "Body", "font_size": 12,
      "content": "Edit this description and press Render. Every key is in the reference; the JSON Schema gives your editor completion." }
  ]
}
`;

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${STYLE}</style></head><body>${body}</body></html>`;
}

export function signInPage(action: string, csrf: string, message?: string): string {
  return page(
    'quire: sign in',
    `<h1>quire</h1><p>Sign in to render descriptions in the browser.</p>
<form class="signin" method="post" action="${esc(action)}">
<input type="hidden" name="csrf" value="${esc(csrf)}">
<label>User <input name="user" autocomplete="username" required></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Sign in</button></form>${message ? `<p id="error" role="alert">${esc(message)}</p>` : ''}`,
  );
}

export function boxPage(
  user: string,
  csrf: string,
  renderPath: string,
  scriptPath: string,
  signOutPath: string,
): string {
  return page(
    'quire',
    `<h1>quire</h1>
<form method="post" action="${esc(signOutPath)}"><input type="hidden" name="csrf" value="${esc(csrf)}">
Signed in as <b>${esc(user)}</b> <button type="submit">Sign out</button></form>
<p>Paste a description (JSON) and render it. Documents rendered here are not counted.
The keys: the reference (<code>docs/reference.md</code> in the package) and the
<a href="${esc(SCHEMA_PATH)}">JSON Schema</a>; the HTTP calls: <a href="/openapi.json">OpenAPI</a>.</p>
<textarea id="description" spellcheck="false" aria-label="description" aria-describedby="json">${esc(STARTER_DESCRIPTION)}</textarea>
<div id="json" aria-live="polite"></div>
<p><button id="render" data-path="${esc(renderPath)}" data-csrf="${esc(csrf)}">Render</button>
<a id="download" download="document.pdf" hidden>Download the PDF</a></p>
<div id="error" role="alert"></div><iframe id="pdf" title="the PDF" hidden></iframe>
<script src="${esc(scriptPath)}"></script>`,
  );
}

/** A page for a refusal a browser asked for (403, 404, 429): the sentence, and the way back to the box. */
export function errorPage(status: number, sentence: string, boxPath: string): string {
  const title =
    status === 403 ? 'Forbidden' : status === 404 ? 'Not found' : status === 429 ? 'Too many tries' : 'Refused';
  return page(
    `quire: ${title}`,
    `<h1>${status} ${esc(title)}</h1><p id="error" role="alert">${esc(sentence)}</p><p><a href="${esc(boxPath)}">To the box</a></p>`,
  );
}

/**
 * Where the first JSON mistake of a text sits, as line and column (1-based), or undefined when the
 * text is JSON. Its own small scanner, since engines differ in what their JSON.parse messages say
 * (Node 20's often give no place at all). Exported for tests; the box script carries this very code.
 */
export function jsonErrorAt(text: string): { line: number; column: number } | undefined {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const lit = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else fail();
  };
  const str = () => {
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text.charCodeAt(i) < 0x20) fail();
      if (text[i] === '\\') {
        i++;
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail();
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? 'x')) fail();
      }
      i++;
    }
    if (i >= text.length) fail();
    i++;
  };
  const num = () => {
    const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(i));
    if (!m || m[0] === '-' || m[0] === '') fail();
    i += (m as RegExpExecArray)[0].length;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        str();
        ws();
        if (text[i] !== ':') fail();
        i++;
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') {
          i++;
          return;
        } else fail();
      }
    } else if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') {
          i++;
          return;
        } else fail();
      }
    } else if (c === '"') str();
    else if (c === 't') lit('true');
    else if (c === 'f') lit('false');
    else if (c === 'n') lit('null');
    else num();
  };
  try {
    value();
    ws();
    if (i < text.length) fail();
    return undefined;
  } catch (at) {
    const before = text.slice(0, at as number).split('\n');
    return { line: before.length, column: before[before.length - 1].length + 1 };
  }
}

/** The page's script: live JSON check (line and column); posts the box with the CSRF header; shows the sentence or the PDF. */
export const BOX_SCRIPT = `(() => {
  const jsonErrorAt = ${jsonErrorAt.toString()};
  const box = document.getElementById('description');
  const status = document.getElementById('json');
  const check = () => {
    const at = jsonErrorAt(box.value);
    if (!at) { status.textContent = 'JSON ok'; status.className = 'good'; return true; }
    const line = box.value.split('\\n')[at.line - 1] || '';
    status.textContent = 'Not JSON at line ' + at.line + ', column ' + at.column + ': ' +
      (line.slice(Math.max(0, at.column - 20), at.column - 1) + '\u2192' + line.slice(at.column - 1, at.column + 20)).trim();
    status.className = 'bad'; return false;
  };
  box.addEventListener('input', check);
  check();
  const button = document.getElementById('render');
  const error = document.getElementById('error');
  const frame = document.getElementById('pdf');
  const link = document.getElementById('download');
  button.addEventListener('click', async () => {
    error.textContent = '';
    button.disabled = true;
    try {
      const res = await fetch(button.dataset.path, {
        method: 'POST', credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'x-csrf-token': button.dataset.csrf },
        body: document.getElementById('description').value,
      });
      if (res.ok && (res.headers.get('content-type') || '').startsWith('application/pdf')) {
        const url = URL.createObjectURL(await res.blob());
        frame.src = url; frame.hidden = false; link.href = url; link.hidden = false;
      } else {
        const body = await res.json().catch(() => ({ error: 'the service answered ' + res.status + '.' }));
        error.textContent = body.error; frame.hidden = true; link.hidden = true;
      }
    } catch (e) {
      error.textContent = 'the service could not be reached.';
    } finally {
      button.disabled = false;
    }
  });
})();`;

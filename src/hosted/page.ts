// src/hosted/page.ts — the browser box (spec: "The same address opened in a browser offers a box to
// paste a description into"): a sign-in form when no session, else the box. The page posts the
// description with fetch to the same address, carrying the session cookie and the CSRF token; a
// refusal's sentence appears beside the box, a PDF opens in the page (and can be downloaded).
// No inline script: the page's script is served separately so a strict CSP holds.

const STYLE = `body{font:15px/1.4 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem}
textarea{width:100%;height:22rem;font:13px/1.3 ui-monospace,monospace}
#error{color:#a40000;margin:.5rem 0;min-height:1.4em}iframe{width:100%;height:40rem;border:1px solid #ccc}
form.signin{max-width:20rem}label{display:block;margin:.5rem 0}input{width:100%}`;

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
<p>Paste a description (JSON) and render it. Documents rendered here are not counted.</p>
<textarea id="description" spellcheck="false" aria-label="description"></textarea>
<p><button id="render" data-path="${esc(renderPath)}" data-csrf="${esc(csrf)}">Render</button>
<a id="download" download="document.pdf" hidden>Download the PDF</a></p>
<div id="error" role="alert"></div><iframe id="pdf" title="the PDF" hidden></iframe>
<script src="${esc(scriptPath)}"></script>`,
  );
}

/** The page's script: posts the box with the CSRF header; shows the sentence or the PDF. */
export const BOX_SCRIPT = `(() => {
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

/*
 * Support Inbox website widget. One tag on any page:
 *   <script src="https://inbox.example.com/widget.js" data-app-id="42" async></script>
 * Optional: data-color (the bubble's colour; else the one set on the app's web integration), data-title, and for a visitor the site has signed in,
 * data-user-name, data-user-email and data-user-hash (hex HMAC-SHA256 of the lower-case email under the web
 * integration's identity secret, computed on the site's server).
 *
 * Everything lives in an open shadow root whose host resets inherited styles, so no style crosses between
 * the page and the widget; the chat itself is the product's portal in an iframe. That frame is a third party
 * on the site, where browsers that block third-party storage refuse it any (decision 040), so the visitor's
 * chat session is kept here, in the site's own localStorage (this script runs first-party), and handed to the
 * frame by postMessage; the chat continues on the site's next page, and where the site's storage is refused
 * too, the session lives as long as the page (a fresh chat on the next one).
 *
 * The messages, each `{ type: 'support-inbox:<name>', ... }`:
 *   frame -> page  hello                the frame starts and asks for the visitor's session
 *   page -> frame  session { session }  the answer: the kept record (string fields) or null
 *   frame -> page  save { session }     the frame's record changed: keep it ({} forgets it)
 *   frame -> page  ready                the chat screen is up: tell it whether the panel is open
 *   page -> frame  open { open }        the panel opened or closed
 *   frame -> page  unread { count }     replies the visitor has not seen, for the bubble's badge
 * This page accepts a message only from the frame it made (`event.source`) and only while that frame shows the
 * product (`event.origin`), and sends only to the product's origin, so another frame or window on the site
 * can neither ask for the session nor receive it, nor can a frame navigated elsewhere. The frame, for its part,
 * accepts only its parent at the origin this script named in its URL (`host`), and sends only there.
 */
(() => {
  const script = document.currentScript;
  if (!script || window.__supportInboxWidget) return;
  window.__supportInboxWidget = true;
  const origin = new URL(script.src).origin;
  const data = script.dataset;
  const query = new URLSearchParams({ app_id: data.appId || '', embed: '1', host: location.origin });
  if (data.userName) query.set('name', data.userName);
  if (data.userEmail) query.set('email', data.userEmail);
  if (data.userHash) query.set('hash', data.userHash);
  const hex = (c) => /^#[0-9a-f]{3,8}$/i.test(c || '');
  // The page's own data-color wins; else the colour set on the app's web integration, asked for below.
  const color = hex(data.color) ? data.color : '#18181b';

  const host = document.createElement('div');
  host.setAttribute('data-support-inbox', '');
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = `
<style>
  :host { all: initial; }
  * { box-sizing: border-box; }
  .bubble {
    position: fixed; right: 20px; bottom: 20px; z-index: 2147483647; width: 56px; height: 56px;
    border: 0; border-radius: 50%; background: var(--support-inbox-bubble, ${color}); color: #fff; cursor: pointer;
    box-shadow: 0 6px 20px rgba(0, 0, 0, 0.25); display: grid; place-items: center; padding: 0;
  }
  .bubble:focus-visible { outline: 3px solid #60a5fa; outline-offset: 2px; }
  .bubble svg { width: 26px; height: 26px; }
  .bubble .close, .bubble.open .chat { display: none; }
  .bubble.open .close { display: block; }
  .badge {
    position: absolute; top: -4px; right: -4px; min-width: 22px; height: 22px; padding: 0 6px;
    border-radius: 11px; background: #dc2626; color: #fff; font: 600 12px/22px system-ui, sans-serif;
    text-align: center;
  }
  .badge[hidden], .panel[hidden] { display: none; }
  .panel {
    position: fixed; right: 20px; bottom: 88px; z-index: 2147483646; width: 380px; height: 600px;
    max-height: calc(100vh - 108px); border-radius: 16px; overflow: hidden; background: #fff;
    box-shadow: 0 12px 40px rgba(0, 0, 0, 0.25);
  }
  .panel iframe { width: 100%; height: 100%; border: 0; display: block; }
  @media (max-width: 480px) {
    .panel { right: 0; bottom: 0; width: 100vw; height: 100vh; max-height: none; border-radius: 0; }
    /* The chat fills the screen: the close button moves to the top corner, clear of its composer. */
    .bubble.open { top: 10px; bottom: auto; right: 10px; width: 40px; height: 40px; }
    .bubble.open svg { width: 20px; height: 20px; }
  }
</style>
<div class="panel" hidden><iframe title="${(data.title || 'Chat with us').replace(/"/g, '&quot;')}"></iframe></div>
<button class="bubble" type="button" aria-label="Open chat" aria-expanded="false">
  <svg class="chat" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"
    stroke-linejoin="round" aria-hidden="true"><path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"/></svg>
  <svg class="close" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"
    stroke-linejoin="round" aria-hidden="true"><path d="M18 6 6 18M6 6l12 12"/></svg>
  <span class="badge" hidden></span>
</button>`;
  const panel = root.querySelector('.panel');
  const frame = root.querySelector('iframe');
  const bubble = root.querySelector('.bubble');
  const badge = root.querySelector('.badge');
  frame.src = `${origin}/portal?${query}`;
  let open = false;
  const send = (message) => frame.contentWindow?.postMessage(message, origin);
  const tell = () => send({ type: 'support-inbox:open', open });
  bubble.addEventListener('click', () => {
    open = !open;
    panel.hidden = !open;
    bubble.classList.toggle('open', open);
    bubble.setAttribute('aria-expanded', String(open));
    bubble.setAttribute('aria-label', open ? 'Close chat' : 'Open chat');
    tell();
  });
  // Only a small record of short strings is kept, whatever arrives.
  const clean = (s) => {
    if (!s || typeof s !== 'object') return null;
    const out = {};
    for (const [k, v] of Object.entries(s).slice(0, 16)) {
      if (/^[a-z_]{1,40}$/.test(k) && typeof v === 'string' && v.length <= 2000) out[k] = v;
    }
    return Object.keys(out).length > 0 ? out : null;
  };
  // The visitor's session, one record per app. Storage may be refused, even to a first party (blocked
  // cookies, some private modes): then it lives in `kept` for this page only.
  const key = `support-inbox:session:${data.appId || ''}`;
  let kept;
  const load = () => {
    if (kept !== undefined) return kept;
    try {
      return clean(JSON.parse(localStorage.getItem(key) || 'null'));
    } catch {
      return null;
    }
  };
  const save = (session) => {
    kept = session;
    try {
      if (session) localStorage.setItem(key, JSON.stringify(session));
      else localStorage.removeItem(key);
    } catch {
      // Storage refused: `kept` holds it for this page.
    }
  };
  window.addEventListener('message', (e) => {
    if (e.origin !== origin || e.source !== frame.contentWindow) return;
    const type = e.data?.type;
    if (type === 'support-inbox:hello') send({ type: 'support-inbox:session', session: load() });
    if (type === 'support-inbox:save') save(clean(e.data.session));
    if (type === 'support-inbox:ready') tell();
    if (type === 'support-inbox:unread') {
      const n = Number(e.data.count) || 0;
      badge.hidden = n === 0;
      badge.textContent = n > 9 ? '9+' : String(n);
      bubble.setAttribute('aria-label', open ? 'Close chat' : n > 0 ? `Open chat, ${n} unread` : 'Open chat');
    }
  });
  if (!hex(data.color)) {
    fetch(`${origin}/api/v1/widget/settings?app_id=${encodeURIComponent(data.appId || '')}`)
      .then((res) => (res.ok ? res.json() : null))
      .then((body) => {
        if (hex(body?.data?.color)) host.style.setProperty('--support-inbox-bubble', body.data.color);
      })
      .catch(() => {});
  }
  const mount = () => document.body.appendChild(host);
  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount);
})();

// The console's service worker (contract section 14): it shows a Web Push notification the server sends and,
// when the person clicks it, brings a console tab to the conversation (or opens one). It handles no fetches:
// the console works as before, on or offline, with or without it.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** What the push carries: `{title, body, conversation_id, url?, notification_id?}`; anything unreadable still shows. */
function readPush(event) {
  try {
    return event.data ? event.data.json() : {};
  } catch {
    return { body: event.data ? event.data.text() : '' };
  }
}

self.addEventListener('push', (event) => {
  const data = readPush(event);
  const n = data.notification || data;
  const url = data.url || (n.conversation_id ? `/conversations/${n.conversation_id}` : '/');
  event.waitUntil(
    self.registration.showNotification(data.title || 'Support Inbox', {
      body: data.body || n.summary || '',
      icon: '/favicon.svg',
      // One notification per conversation on screen: a newer one replaces the older.
      tag: n.conversation_id ? `conversation-${n.conversation_id}` : undefined,
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const tab = tabs.find((c) => new URL(c.url).origin === self.location.origin);
      if (tab) {
        // A tab this worker does not control (opened before it started) cannot be navigated: a new one opens.
        const moved = await tab.navigate(target).catch(() => null);
        if (moved) return moved.focus();
      }
      return self.clients.openWindow(target);
    })(),
  );
});

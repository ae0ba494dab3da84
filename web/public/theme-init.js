// Applies the stored theme before first paint so dark mode never flashes light (kept out of the bundle
// because the CSP forbids inline scripts). Reading storage throws where the browser refuses it (the portal in
// the website widget, a third-party frame): the system setting decides then.
(() => {
  let stored = null;
  try {
    stored = localStorage.getItem('theme');
  } catch {}
  const dark =
    stored === 'dark' ||
    ((!stored || stored === 'system') && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
})();

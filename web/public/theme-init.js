// Applies the stored theme before first paint so dark mode never flashes light (kept out of the bundle
// because the CSP forbids inline scripts).
(() => {
  const stored = localStorage.getItem('theme');
  const dark =
    stored === 'dark' ||
    ((!stored || stored === 'system') && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
})();

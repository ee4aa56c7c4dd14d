// The colour theme before the first paint (issue 34): the account's choice kept in this browser (src/lib/themeMode.ts,
// key 'bd-theme'), else the device's setting, as <html data-theme> for src/app/theme.css. A file, not inline: the CSP.
(function () {
  var d = false;
  try {
    var m = localStorage.getItem('bd-theme');
    d = m === 'dark' || (m !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  } catch (e) {}
  document.documentElement.setAttribute('data-theme', d ? 'dark' : 'light');
})();

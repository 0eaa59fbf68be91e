/** Served as a file so the page below needs no inline script: our CSP is `script-src 'self'`. */
export const EXIT_IFRAME_SCRIPT_PATH = '/api/auth/exit-iframe.js';

/**
 * Sends the top window to the authorize URL named on its own script tag. Only an authorize URL of a
 * platform shop is followed, so the file cannot be used as an open redirect. Browsers may refuse a
 * cross-origin frame navigating the top without a click; the page's link covers that case.
 */
export const EXIT_IFRAME_SCRIPT = `(function () {
  var script = document.currentScript;
  var target = script && script.getAttribute('data-target');
  if (!target || !/^https:\\/\\/[a-zA-Z0-9][a-zA-Z0-9_-]*\\.myshopify\\.com\\/admin\\/oauth\\/authorize\\?/.test(target)) return;
  try {
    window.top.location.href = target;
  } catch (error) {
    // Navigation blocked: the visible link does it on the next click.
  }
})();
`;

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The page answered inside the admin frame: the platform's authorize screen refuses to be framed. */
export function renderExitIframePage(target: string): string {
  const url = escapeHtml(target);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Continue installing</title>
<script src="${EXIT_IFRAME_SCRIPT_PATH}" data-target="${url}"></script>
</head>
<body style="font-family:Arial,sans-serif;text-align:center;padding:48px">
<p>Opening the permission screen of your shop…</p>
<p><a href="${url}" target="_top" rel="noopener">Continue</a></p>
</body>
</html>
`;
}

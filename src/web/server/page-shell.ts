// The HTML every page starts from: the stylesheet, the page's boot data as inert JSON, its script, and a message for
// browsers without JavaScript. Everything visible is rendered by the script; nothing here runs inline.
import type { PageBoot } from '../client/shared/boot';
import { BOOT_ELEMENT_ID } from '../client/shared/boot';
import { translate } from '../client/strings';
import type { PageEntry, WebBundle } from './web-bundle';

export function pageShell(bundle: WebBundle, entry: PageEntry, boot: PageBoot): string {
  const { locale } = boot;
  return `<!doctype html>
<html lang="${escapeHtml(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(translate(locale, `title.${boot.page}`))}</title>
<link rel="stylesheet" href="/assets/${bundle.names.styles}">
</head>
<body>
<main id="app"><noscript>${escapeHtml(translate(locale, 'common.needsJavaScript'))}</noscript></main>
<script type="application/json" id="${BOOT_ELEMENT_ID}">${inertJson(boot)}</script>
<script src="/assets/${bundle.names[entry]}" defer></script>
</body>
</html>
`;
}

/** JSON that cannot end its script element or open a comment inside it. */
function inertJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A page without script: a heading, a sentence, and where to go instead (an expired or completed checkout, an unknown portal). */
export function messagePage(
  bundle: WebBundle,
  locale: string,
  message: { title: string; text: string; link?: { href: string; label: string } },
): string {
  const link = message.link
    ? `<p><a class="button" href="${escapeHtml(message.link.href)}">${escapeHtml(message.link.label)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="${escapeHtml(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(message.title)}</title>
<link rel="stylesheet" href="/assets/${bundle.names.styles}">
</head>
<body>
<main id="app"><section class="card narrow"><h1>${escapeHtml(message.title)}</h1><p>${escapeHtml(message.text)}</p>${link}</section></main>
</body>
</html>
`;
}

// The page frame: header with the account and sign-out, the section navigation, and the main
// content. Scripts are files of ours loaded with `defer` (the CSP allows no inline script).
import { html, type SafeHtml } from '../html.ts';
import { assetUrl, type AssetName } from '../static-assets.ts';
import { CSRF_FIELD } from '../csrf.ts';

export type Section = 'keys' | 'usage' | 'jobs' | 'explore';

export interface Holder {
  accountName: string;
  plan: string;
  csrfToken: string;
}

export interface Frame {
  title: string;
  holder?: Holder;
  section?: Section;
  scripts?: AssetName[];
}

const SECTIONS: { id: Section; label: string; href: string }[] = [
  { id: 'keys', label: 'API keys', href: '/dashboard/keys' },
  { id: 'usage', label: 'Usage', href: '/dashboard/usage' },
  { id: 'jobs', label: 'Jobs', href: '/dashboard/jobs' },
  { id: 'explore', label: 'Explore', href: '/dashboard/explore' },
];

/** The header's holder block for a signed-in request. */
export function holderOf(signedIn: { account: { name: string; plan: string }; session: { csrfToken: string } }): Holder {
  return { accountName: signedIn.account.name, plan: signedIn.account.plan, csrfToken: signedIn.session.csrfToken };
}

function header(frame: Frame): SafeHtml {
  const holder = frame.holder;
  return html`<header class="top">
  <a class="brand" href="/dashboard">roadrisk</a>
  ${holder &&
  html`<nav aria-label="Dashboard sections"><ul>
    ${SECTIONS.map(
      (s) => html`<li><a href="${s.href}"${s.id === frame.section ? html` aria-current="page"` : ''}>${s.label}</a></li>`,
    )}
  </ul></nav>
  <form class="sign-out" method="post" action="/dashboard/logout">
    <span class="holder">${holder.accountName} <span class="plan">${holder.plan} plan</span></span>
    <input type="hidden" name="${CSRF_FIELD}" value="${holder.csrfToken}">
    <button type="submit">Sign out</button>
  </form>`}
</header>`;
}

export function layout(frame: Frame, main: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${frame.title} · roadrisk</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${assetUrl('dashboard.css')}">
${(frame.scripts ?? []).map((name) => html`<script type="module" src="${assetUrl(name)}"></script>`)}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
${header(frame)}
<main id="main">
<h1>${frame.title}</h1>
${main}
</main>
</body>
</html>
`.value;
}

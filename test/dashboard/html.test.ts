import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { escapeHtml, html, trusted } from '../../src/dashboard/html.ts';

describe('dashboard HTML templates', () => {
  it('escapes every interpolated value', () => {
    const name = `<img src=x onerror="alert('x')">&`;
    assert.equal(html`<td title="${name}">${name}</td>`.value, `<td title="${escapeHtml(name)}">${escapeHtml(name)}</td>`);
    assert.equal(escapeHtml(name), '&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;');
  });

  it('nests templates and lists without escaping them twice', () => {
    const items = ['a<b', 'c'].map((x) => html`<li>${x}</li>`);
    assert.equal(html`<ul>${items}</ul>`.value, '<ul><li>a&lt;b</li><li>c</li></ul>');
    assert.equal(html`${trusted('<path d="M0,0Z"/>')}`.value, '<path d="M0,0Z"/>');
  });

  it('renders nothing for null, undefined and booleans, and numbers as text', () => {
    assert.equal(html`[${null}${undefined}${false}${true}${0}${1.5}]`.value, '[01.5]');
  });
});

// The explore page: the US map (click a point) beside a form (type a point: the keyboard way),
// and the crash totals and garaging score for the point. The results fragment is rendered here
// both for the full page and, inside the JSON answer, for the page's script, so there is one
// rendering of it.
import { html, trusted, type SafeHtml } from '../html.ts';
import { DEFAULT_EXPLORE, RADIUS_CHOICES_KM, type ExploreResult } from '../explore.ts';
import { MAP_HEIGHT, MAP_WIDTH, type MapPlacement, type UsMap } from '../us-map.ts';
import { count } from './format.ts';
import { layout, type Holder } from './layout.ts';

export type ExploreForm = Record<'latitude' | 'longitude' | 'radius_km' | 'start_date' | 'end_date', string>;

export interface ExploreView {
  holder: Holder;
  map: UsMap;
  form: ExploreForm;
  result?: ExploreResult;
  errors?: string[];
}

export function selectionMarkup(placement: MapPlacement | null): SafeHtml {
  if (!placement) return html``;
  const marker = placement.viewBox[2] / 120;
  return html`<path class="radius" d="${trusted(placement.circle)}"></path><circle class="point" cx="${placement.x.toFixed(2)}" cy="${placement.y.toFixed(2)}" r="${marker.toFixed(3)}"></circle>`;
}

function mapFigure(view: ExploreView): SafeHtml {
  const placement = view.result?.map ?? null;
  const viewBox = placement ? placement.viewBox.join(' ') : `0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`;
  return html`<figure class="map-panel">
<svg id="us-map" viewBox="${viewBox}" data-full-view="0 0 ${MAP_WIDTH} ${MAP_HEIGHT}" role="img" aria-labelledby="map-title map-desc">
<title id="map-title">Map of the United States</title>
<desc id="map-desc">Click a point to see crash totals and a garaging score around it. The form beside the map does the same from the keyboard.</desc>
<g class="states">${view.map.states.map((s) => html`<path d="${trusted(s.d)}"><title>${s.name}</title></path>`)}</g>
<path class="borders" d="${trusted(view.map.borders)}"></path>
<g id="map-selection">${selectionMarkup(placement)}</g>
</svg>
<figcaption>State outlines: US Census Bureau 1:10,000,000 (us-atlas), Albers USA projection.
<button type="button" id="map-reset"${placement ? '' : html` hidden`}>Show the whole country</button></figcaption>
</figure>`;
}

function input(name: keyof ExploreForm, label: string, value: string, attrs: SafeHtml): SafeHtml {
  return html`<label for="explore-${name}">${label}</label><input id="explore-${name}" name="${name}" value="${value}" required ${attrs}>`;
}

function exploreForm(form: ExploreForm): SafeHtml {
  const radius = form.radius_km || DEFAULT_EXPLORE.radius_km;
  return html`<form id="explore-form" method="get" action="/dashboard/explore" class="stacked">
${input('latitude', 'Latitude', form.latitude, html`type="number" step="any" min="-90" max="90" inputmode="decimal"`)}
${input('longitude', 'Longitude', form.longitude, html`type="number" step="any" min="-180" max="180" inputmode="decimal"`)}
<label for="explore-radius_km">Radius</label>
<select id="explore-radius_km" name="radius_km">${RADIUS_CHOICES_KM.map((km) => html`<option value="${km}"${String(km) === radius ? html` selected` : ''}>${km} km</option>`)}</select>
${input('start_date', 'From', form.start_date || DEFAULT_EXPLORE.start_date, html`type="date"`)}
${input('end_date', 'To', form.end_date || DEFAULT_EXPLORE.end_date, html`type="date"`)}
<button type="submit">Show this point</button>
</form>`;
}

function crashSection(result: ExploreResult): SafeHtml {
  const c = result.crashes;
  if (!c) return html`<h3>Crashes</h3><p>${result.crashesMessage ?? 'No crash figures for this point.'}</p>`;
  const coverage = c.coverage.map((e) => `${e.usstate} ${e.years.length > 1 ? `${e.years[0]}–${e.years[e.years.length - 1]}` : e.years[0]}`);
  return html`<h3>Crashes within ${count(c.radius_km)} km, ${c.start_date} to ${c.end_date}</h3>
<dl class="facts" id="crash-totals">
<dt>Crashes</dt><dd data-field="total_crashes">${count(c.total_crashes)}</dd>
<dt>Injuries</dt><dd data-field="total_injuries">${count(c.total_injuries)}</dd>
<dt>Fatalities</dt><dd data-field="total_fatalities">${count(c.total_fatalities)}</dd>
</dl>
<p class="hint">Data used: ${coverage.length > 0 ? coverage.join('; ') : 'none (no loaded source covers this area and these dates)'}.</p>
${c.incomplete_coverage && html`<p class="warning">Incomplete coverage: part of this circle lies in a state without loaded crash data for some of these years, so totals are too low.</p>`}`;
}

function garagingSection(result: ExploreResult): SafeHtml {
  const g = result.garaging;
  if (!g) return html`<h3>PPA garaging score</h3><p id="garaging-message">${result.garagingMessage}</p>`;
  if (g.score === null) return html`<h3>PPA garaging score</h3><p id="garaging-message">Not scored: ${g.reason}</p>`;
  return html`<h3>PPA garaging score</h3>
<p><strong id="garaging-score">${g.score.toFixed(4)}</strong> <span class="hint">(0 to 1, higher is riskier${g.state ? `; ${g.state}` : ''}${g.urbanicity ? `, ${g.urbanicity}` : ''})</span></p>`;
}

export function resultsFragment(result: ExploreResult): SafeHtml {
  const q = result.query;
  return html`<h2>Around ${q.latitude.toFixed(5)}, ${q.longitude.toFixed(5)}</h2>
${result.map ? '' : html`<p class="hint">This point is outside the map's area; the circle is not drawn.</p>`}
${crashSection(result)}
${garagingSection(result)}`;
}

export function errorsFragment(errors: string[]): SafeHtml {
  return html`<ul class="error" role="alert">${errors.map((e) => html`<li>${e}</li>`)}</ul>`;
}

export function explorePage(view: ExploreView): string {
  const results = view.errors ? errorsFragment(view.errors) : view.result ? resultsFragment(view.result) : html`<p>Pick a point on the map or enter one.</p>`;
  const body = html`<div class="explore">
${mapFigure(view)}
<div class="explore-side">
${exploreForm(view.form)}
<section id="explore-results" aria-live="polite" aria-busy="false">${results}</section>
</div>
</div>`;
  return layout({ title: 'Explore', holder: view.holder, section: 'explore', scripts: ['explore.js'] }, body);
}

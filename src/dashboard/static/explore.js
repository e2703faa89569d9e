// The explore page's behaviour: a click on the map becomes a point (the server inverts the
// projection), the point fills the form, and the form's answer (rendered by the server) replaces
// the results; the map zooms to the circle of the chosen radius. Without script, the form still
// works as a plain GET of the page.
const svg = document.getElementById('us-map');
const form = document.getElementById('explore-form');
const results = document.getElementById('explore-results');
const selection = document.getElementById('map-selection');
const reset = document.getElementById('map-reset');
const SVG = 'http://www.w3.org/2000/svg';
const fullView = svg.dataset.fullView.split(' ').map(Number);

/** Shows part of the map; the point marker keeps the same size on screen. */
function setView(box) {
  svg.setAttribute('viewBox', box.join(' '));
  const marker = selection.querySelector('.point');
  if (marker) marker.setAttribute('r', String(box[2] / 120));
  reset.hidden = box.join(' ') === fullView.join(' ');
}

function drawSelection(map) {
  selection.replaceChildren();
  if (!map) return setView(fullView);
  const circle = document.createElementNS(SVG, 'path');
  circle.setAttribute('class', 'radius');
  circle.setAttribute('d', map.circle);
  const point = document.createElementNS(SVG, 'circle');
  point.setAttribute('class', 'point');
  point.setAttribute('cx', String(map.x));
  point.setAttribute('cy', String(map.y));
  selection.append(circle, point);
  setView(map.viewBox);
}

function say(message) {
  const p = document.createElement('p');
  p.className = 'error';
  p.setAttribute('role', 'alert');
  p.textContent = message;
  results.replaceChildren(p);
}

async function run() {
  if (!form.reportValidity()) return;
  const params = new URLSearchParams(new FormData(form));
  results.setAttribute('aria-busy', 'true');
  try {
    const response = await fetch(`/dashboard/api/explore?${params}`, { headers: { accept: 'application/json' } });
    if (response.status === 401) return location.assign('/dashboard/login');
    const body = await response.json();
    // The fragment is rendered and escaped by the server, from the same template as the full page.
    if (typeof body.html === 'string') results.innerHTML = body.html;
    else say(String(body.detail ?? 'Something went wrong.'));
    if (response.ok) {
      drawSelection(body.map);
      history.replaceState(null, '', `/dashboard/explore?${params}`);
    }
  } catch {
    say('Could not reach the server.');
  } finally {
    results.setAttribute('aria-busy', 'false');
  }
}

svg.addEventListener('click', async (event) => {
  const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
  const response = await fetch(`/dashboard/api/map/locate?x=${at.x.toFixed(3)}&y=${at.y.toFixed(3)}`, { headers: { accept: 'application/json' } });
  if (response.status === 401) return location.assign('/dashboard/login');
  if (!response.ok) return say('That point is not on the map.');
  const point = await response.json();
  form.elements.latitude.value = point.latitude.toFixed(5);
  form.elements.longitude.value = point.longitude.toFixed(5);
  await run();
});

form.addEventListener('submit', (event) => {
  event.preventDefault();
  void run();
});

reset.addEventListener('click', () => setView(fullView));

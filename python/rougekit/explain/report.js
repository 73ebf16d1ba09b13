// The report page's script (rougekit.explain.report_page inlines it): vanilla JS, no library,
// nothing fetched. Every element is made with createElement/textContent: a text of the
// data is never parsed as markup.
(function(){
'use strict';
var D, S = {type: null, sys: 0, q: '', fmin: 0, fmax: 100, bucket: '', sort: 'f', dir: 1,
  page: 0, rows: [], pair: null};
var PER = 50;
function el(tag, text, cls){ var e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  if (cls) e.className = cls; return e; }
function $(id){ return document.getElementById(id); }
function undelta(a){ var out = [], v = 0; for (var i = 0; i < a.length; i++){ v += a[i]; out.push(v); } return out; }
// -- numbers: as Python formats them (the tables' `.2f` of F x100, the explain view's `.6g`),
// rounded from the double's exact decimal expansion, ties to even (toFixed rounds ties up).
function expansion(x){ var s = Math.abs(x).toExponential(100), e = s.indexOf('e');
  return [s.charAt(0) + s.slice(2, e), +s.slice(e + 1)]; }
function rounded(d, keep){ // the first `keep` digits of d rounded, as an integer's digits
  if (keep < 0) return '0';
  while (d.length < keep) d += '0';
  var head = d.slice(0, keep) || '0', next = d.charAt(keep), rest = d.slice(keep + 1);
  if (!(next > '5' || (next === '5' && (/[1-9]/.test(rest) || +head.charAt(head.length - 1) % 2)))) return head;
  var out = '', carry = 1;
  for (var i = head.length - 1; i >= 0; i--){ var v = +head.charAt(i) + carry; carry = v > 9 ? 1 : 0; out = (v % 10) + out; }
  return carry ? '1' + out : out; }
function special(x){ if (x === null || x === undefined) return ''; if (x !== x) return 'nan';
  return isFinite(x) ? null : (x > 0 ? 'inf' : '-inf'); }
function sign(x){ return x < 0 || (x === 0 && 1 / x < 0) ? '-' : ''; }
function fixed(x, p){ // Python's f'{x:.{p}f}'
  var sp = special(x); if (sp !== null) return sp;
  var n = '0'; if (x !== 0){ var d = expansion(x); n = rounded(d[0], d[1] + 1 + p).replace(/^0+(?=\d)/, ''); }
  while (n.length <= p) n = '0' + n;
  return sign(x) + (p ? n.slice(0, n.length - p) + '.' + n.slice(n.length - p) : n); }
function g6(x){ // Python's f'{x:.6g}'
  var sp = special(x); if (sp !== null) return sp;
  if (x === 0) return sign(x) + '0';
  var d = expansion(x), n = rounded(d[0], 6), e = d[1];
  if (n.length > 6){ n = n.slice(0, 6); e++; }
  function join(a, b){ b = b.replace(/0+$/, ''); return b ? a + '.' + b : a; }
  if (e < -4 || e >= 6) return sign(x) + join(n.charAt(0), n.slice(1)) + 'e' + (e < 0 ? '-' : '+') + (Math.abs(e) < 10 ? '0' : '') + Math.abs(e);
  if (e < 0) return sign(x) + join('0', '0'.repeat(-e - 1) + n);
  return sign(x) + join(n.slice(0, e + 1), n.slice(e + 1)); }
function num(x){ return typeof x === 'number' && Number.isInteger(x) && Math.abs(x) < 1e16 ? String(x) : g6(x); }
function pct(x){ return fixed(x * 100, 2); }
// -- end of numbers
// An element showing a number formatted, its exact value on hover.
function numEl(tag, text, x, cls){ var e = el(tag, text, cls); if (typeof x === 'number') e.title = String(x); return e; }
function load(){
  var raw = JSON.parse($('rk-data').textContent);
  if (raw.encoding !== 'gzip+base64') return Promise.resolve(raw);
  var bin = atob(raw.data), bytes = new Uint8Array(bin.length);
  for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).text().then(JSON.parse);
}
function lower(){ if (D._low) return D._low; var low = [];
  for (var i = 0; i < D.n; i++){ var parts = [D.ids[i]];
    D.systems.forEach(function(s){ parts.push(s.pred[i] || ''); });
    (D.refs[i] || []).forEach(function(r){ parts.push(r || ''); });
    low.push(parts.join('\n').toLowerCase()); }
  return (D._low = low); }
function fval(si, i){ return D.systems[si].f[S.type][i]; }
function filter(){
  var q = S.q.toLowerCase(), low = q ? lower() : null, rows = [];
  for (var i = 0; i < D.n; i++){
    if (q && low[i].indexOf(q) < 0) continue;
    var f = fval(S.sys, i) * 100;
    if (f < S.fmin - 1e-9 || f > S.fmax + 1e-9) continue;
    if (S.bucket !== '' && D.bucket[i] !== +S.bucket) continue;
    rows.push(i); }
  var key = sortKey();
  rows.sort(function(a, b){ var x = key(a), y = key(b);
    if (x < y) return -S.dir; if (x > y) return S.dir; return a - b; });
  S.rows = rows; if (S.page * PER >= rows.length) S.page = 0; }
function sortKey(){
  var s = S.sort;
  if (s === 'id') return function(i){ return D.ids[i]; };
  if (s === 'plen') return function(i){ return D.systems[S.sys].plen[i]; };
  if (s === 'rlen') return function(i){ return D.rlen[i]; };
  if (s === 'delta') return function(i){ return -Math.abs(fval(S.sys, i) - fval(0, i)); };
  if (s.indexOf('f:') === 0){ var k = +s.slice(2); return function(i){ return fval(k, i); }; }
  return function(i){ return fval(S.sys, i); };
}
function header(){
  var tr = el('tr'), cols = [['id', 'id'], ['rlen', 'ref tok'], ['plen', 'pred tok']];
  D.systems.forEach(function(s, k){ cols.push(['f:' + k, s.name + ' ' + S.type + ' F']); });
  if (D.systems.length > 1) cols.push(['delta', 'Δ vs ' + D.systems[0].name]);
  cols.push([null, 'prediction (' + D.systems[S.sys].name + ')']);
  cols.forEach(function(c){ var th = el('th', c[1] + (S.sort === c[0] ? (S.dir > 0 ? ' ▲' : ' ▼') : ''));
    if (c[0] === 'id') th.className = 'rk-id'; else if (c[0] === 'rlen' || c[0] === 'plen') th.className = 'rk-n';
    if (c[0]){ th.dataset.sort = c[0]; th.addEventListener('click', function(){
      if (S.sort === c[0]) S.dir = -S.dir; else { S.sort = c[0]; S.dir = 1; } draw(); }); }
    tr.appendChild(th); });
  var head = $('rk-table').tHead; head.textContent = ''; head.appendChild(tr); }
function drawTable(){
  header();
  var body = $('rk-table').tBodies[0]; body.textContent = '';
  var start = S.page * PER, end = Math.min(S.rows.length, start + PER);
  for (var r = start; r < end; r++){ (function(i){
    var tr = el('tr'); tr.dataset.pair = D.ids[i]; tr.dataset.index = i;
    if (S.pair === i) tr.className = 'rk-sel';
    // The whole id (the style sheet cuts one longer than its column at the end, with an
    // ellipsis); the whole id in the tooltip too.
    var id = String(D.ids[i]), idc = el('td', id, 'rk-id');
    idc.title = id; tr.appendChild(idc);
    tr.appendChild(el('td', D.rlen[i], 'rk-n'));
    tr.appendChild(el('td', D.systems[S.sys].plen[i], 'rk-n'));
    D.systems.forEach(function(s, k){ tr.appendChild(numEl('td', pct(fval(k, i)), fval(k, i), 'rk-f')); });
    if (D.systems.length > 1) tr.appendChild(el('td', fixed((fval(S.sys, i) - fval(0, i)) * 100, 2)));
    var t = D.systems[S.sys].pred[i] || '';
    tr.appendChild(el('td', t.length > 400 ? t.slice(0, 400) + '…' : t, 'rk-text'));
    tr.addEventListener('click', function(){ location.hash = 'pair=' + encodeURIComponent(D.ids[i]) + '&type=' + encodeURIComponent(S.type); });
    body.appendChild(tr); })(S.rows[r]); }
  $('rk-shown').textContent = S.rows.length + ' of ' + D.n + ' shown';
  $('rk-page').textContent = (S.rows.length ? S.page + 1 : 0) + '/' + Math.max(1, Math.ceil(S.rows.length / PER));
}
function draw(){ filter(); drawTable(); }
function cps(text){ return /[\uD800-\uDFFF]/.test(text) ? Array.from(text) : null; }
function slice(text, arr, a, b){ return arr ? arr.slice(a, b).join('') : text.slice(a, b); }
// A text with its tokens as spans: gaps as text nodes, classes from the marks. What one pair
// puts in the page is bounded, whatever its length: a text of more than SHOW tokens shows
// SHOW of them, the marked ones first with CONTEXT tokens either side (in text order), and
// the others behind buttons that show MORE at a time; a run of text or a token longer than
// TEXT code points is cut (the run's rest behind a button too).
var SHOW = 2000, MORE = 2000, CONTEXT = 8, TEXT = 20000;
var UNLISTED = 'Not marked: the explanation does not list these matches for a pair this long (the counts are exact).';
function tokens(text, spans, cls){
  var box = el('div', null, 'rk-box'), arr = text === null ? null : cps(text);
  var total = text === null ? 0 : (arr ? arr.length : text.length), n = spans.length / 2;
  var start = [], end = [], at = 0;
  for (var k = 0; k < n; k++){ start.push(at + spans[2 * k]); at = start[k] + spans[2 * k + 1]; end.push(at); }
  function more(label, data, reveal){ var b = el('button', label, 'rk-more'); b.type = 'button';
    Object.keys(data).forEach(function(key){ b.dataset[key] = data[key]; });
    b.addEventListener('click', function(){ b.replaceWith(reveal()); }); return b; }
  function run(from, to){ // the text [from, to), cut after TEXT code points
    if (to - from <= TEXT) return document.createTextNode(slice(text, arr, from, to));
    var f = document.createDocumentFragment();
    f.appendChild(document.createTextNode(slice(text, arr, from, from + TEXT)));
    f.appendChild(more('… ' + (to - from - TEXT) + ' more characters: show', {chars: to - from - TEXT},
      function(){ return run(from + TEXT, to); }));
    return f; }
  function part(a, b){ // tokens [a, b), each with the text before it (the last, the text after)
    var f = document.createDocumentFragment();
    for (var k = a; k < b; k++){ var from = k ? end[k - 1] : 0;
      if (text !== null && start[k] > from) f.appendChild(run(from, start[k]));
      var shown = text === null ? '#' + k : slice(text, arr, start[k], Math.min(end[k], start[k] + TEXT));
      var s = el('span', end[k] - start[k] > TEXT ? shown + '…' : shown, 'rk-tok' + (cls[k] || ''));
      s.dataset.i = k; f.appendChild(s); }
    var last = n ? end[n - 1] : 0;
    if (b === n && text !== null && last < total) f.appendChild(run(last, total));
    return f; }
  function hidden(a, b){ // a button for tokens [a, b): how many, how many marked units
    var units = 0, step = Math.min(MORE, b - a);
    for (var k = a; k < b; k++) if ((cls[k] || '').indexOf(' rk-u') >= 0) units++;
    return more('… ' + (b - a) + (b - a > 1 ? ' tokens' : ' token') + (units ? ' (' + units + ' marked)' : '') + ': show ' + (step < b - a ? step : 'them'),
      {tokens: b - a, units: units}, function(){ var f = part(a, a + step); if (a + step < b) f.appendChild(hidden(a + step, b)); return f; }); }
  if (n <= SHOW){ box.appendChild(part(0, n)); return box; }
  var marked = Object.keys(cls).map(Number).sort(function(x, y){ return x - y; }), wins = [], used = 0;
  for (var m = 0; m < marked.length && used < SHOW; m++){
    var a = Math.max(0, marked[m] - CONTEXT), b = Math.min(n, marked[m] + CONTEXT + 1), w = wins[wins.length - 1];
    if (w && a <= w[1]){ used += Math.max(0, b - w[1]); w[1] = Math.max(w[1], b); } else { wins.push([a, b]); used += b - a; } }
  if (!wins.length){ wins.push([0, SHOW]); used = SHOW; }
  box.appendChild(el('div', 'showing ' + used + ' of ' + n + ' tokens' + (marked.length ? ', around the marked ones' : '') + '; the buttons show the others', 'rk-note rk-cut'));
  var pos = 0;
  wins.forEach(function(w){ if (w[0] > pos) box.appendChild(hidden(pos, w[0])); box.appendChild(part(w[0], w[1])); pos = w[1]; });
  if (pos < n) box.appendChild(hidden(pos, n));
  return box; }
function classes(kind, n, m, side){
  // m = [pred units, pred over, ref units, ref not-counted] (delta-coded)
  var units = undelta(side === 'p' ? m[0] : m[2]), cls = {};
  function add(i, c){ cls[i] = (cls[i] || '') + c; }
  units.forEach(function(u){ var w = kind === 'ngram' ? n : 1;
    for (var x = 0; x < w; x++){ if ((cls[u + x] || '').indexOf(' rk-hit') < 0) add(u + x, ' rk-hit'); }
    if (kind !== 'wlcs') add(u, ' rk-u'); });
  if (side === 'p') undelta(m[1]).forEach(function(u){
    for (var x = 0; x < n; x++){ if ((cls[u + x] || '').indexOf(' rk-over') < 0) add(u + x, ' rk-over'); } });
  else undelta(m[3]).forEach(function(u){ add(u, ' rk-nc'); });
  return cls; }
// The text's second token list where this kind's marks index it (xlsum-v1's rougeLsum
// line tokens; ROUGE-1.5.5's -b sentence tokens), else null.
function alt(spans, kind){ return spans && D.altkinds.indexOf(kind) >= 0 ? spans : null; }
function explain(i, type){
  S.pair = i; document.body.classList.add('rk-open'); var sec = $('rk-explain'); sec.textContent = '';
  var h = el('h2', 'Explanation'), close = el('button', '×', 'rk-close');
  close.type = 'button'; close.title = 'close the explanation';
  close.addEventListener('click', function(){ location.hash = ''; });
  h.appendChild(el('span', D.ids[i], 'rk-id')); h.appendChild(close); sec.appendChild(h);
  sec.dataset.pair = D.ids[i]; sec.dataset.type = type;
  var lg = el('div', null, 'rk-legend');
  [['rk-hit', 'counted match'], ['rk-over', 'over the clipped count'], ['rk-nc', 'in a union LCS, not counted'], ['', 'plain: no match']].forEach(function(x){ lg.appendChild(el('span', x[1], x[0])); });
  sec.appendChild(lg);
  var kind = D.kinds[type], n = D.grams[type] || 1, panes = el('div', null, 'rk-panes');
  D.systems.forEach(function(s, k){
    var c = s.counts[type][i], per = s.marks[type][i], ref = c[3] < 0 ? 0 : c[3];
    var pane = el('div', null, 'rk-pane'); pane.dataset.system = s.name;
    pane.appendChild(numEl('h3', s.name + ' — ' + type + ' F ×100 ' + pct(s.f[type][i]), s.f[type][i]));
    var box = tokens(s.pred[i], alt(D.lptok && D.lptok[k][i], kind) || s.ptok[i], per.length ? classes(kind, n, per[ref], 'p') : {});
    box.classList.add('rk-pred'); box.dataset.role = 'prediction'; pane.appendChild(box);
    if (per.length && (per[ref][4][2] || '').indexOf('p') >= 0) pane.appendChild(el('div', UNLISTED, 'rk-unlisted'));
    var h = num(c[0]), f = g6(s.f[type][i]);
    var a = c[0] === null ? 'F = ' + f : 'hits ' + h + ' · P = ' + h + '/' + num(c[1]) + ' · R = ' + h + '/' + num(c[2]) + ' · F = ' + f;
    if (per.length > 1) a += ' · ' + (c[3] < 0 ? 'references combined' : 'reference ' + (c[3] + 1) + ' chosen');
    pane.appendChild(numEl('div', a, s.f[type][i], 'rk-arith')); panes.appendChild(pane); });
  sec.appendChild(panes);
  var rs = el('div'); rs.id = 'rk-refs';
  var pick = el('select'); D.systems.forEach(function(s, k){ var o = el('option', s.name); o.value = k; pick.appendChild(o); });
  pick.value = S.sys;
  var head = el('h3', 'References as matched by '); head.appendChild(pick); sec.appendChild(head);
  function refs(){ rs.textContent = ''; var s = D.systems[+pick.value], c = s.counts[type][i], per = s.marks[type][i];
    (D.refs[i] || []).forEach(function(text, j){
      var m = per[j], box = tokens(text, alt(D.lrtok && D.lrtok[i][j], kind) || D.rtok[i][j], m ? classes(kind, n, m, 'r') : {});
      box.classList.add('rk-ref'); box.dataset.role = 'reference'; box.dataset.ref = j; box.dataset.system = s.name;
      if (m) box.dataset.hits = m[4][0];
      if (c[3] === j && per.length > 1) box.classList.add('rk-chosen');
      if (per.length > 1) rs.appendChild(numEl('div', 'reference ' + (j + 1) + (m ? ': hits ' + num(m[4][0]) + ', F ' + g6(m[4][1]) : '') + (c[3] === j ? ' (chosen)' : ''), m ? m[4][1] : null, 'rk-note'));
      rs.appendChild(box);
      if (m && (m[4][2] || '').indexOf('r') >= 0) rs.appendChild(el('div', UNLISTED, 'rk-unlisted')); }); }
  pick.addEventListener('change', refs); refs(); sec.appendChild(rs);
  drawTable(); }
function route(){
  var h = {}; location.hash.replace(/^#/, '').split('&').forEach(function(kv){ var p = kv.split('=');
    if (p[0]) h[decodeURIComponent(p[0])] = decodeURIComponent(p.slice(1).join('=')); });
  if (h.type && D.types.indexOf(h.type) >= 0 && h.type !== S.type){ S.type = h.type; $('rk-type').value = h.type; draw(); }
  var i = h.pair === undefined ? -1 : D.ids.indexOf(h.pair);
  if (i >= 0) explain(i, S.type);
  else if (S.pair !== null){ S.pair = null; document.body.classList.remove('rk-open'); drawTable(); } }
function init(data){
  D = data; S.type = D.types[0];
  // The id column as wide as the longest id, within bounds (a longer one wraps: ids that
  // differ only at the end, as SummEval's `<document>|M<system>`, stay apart).
  var idw = 2; D.ids.forEach(function(id){ idw = Math.max(idw, String(id).length); });
  $('rk-table').style.setProperty('--rk-id', (Math.min(idw, 28) + 2) + 'ch');
  D.types.forEach(function(t){ var o = el('option', t); o.value = t; $('rk-type').appendChild(o); });
  D.systems.forEach(function(s, k){ var o = el('option', s.name); o.value = k; $('rk-system').appendChild(o); });
  S.sys = D.systems.length - 1; $('rk-system').value = S.sys;
  D.buckets.rows.forEach(function(r, b){ var o = el('option', r.low + '-' + r.high + ' ref tokens (' + r.n + ')'); o.value = b; o.dataset.low = r.low; o.dataset.high = r.high; $('rk-bucket').appendChild(o); });
  $('rk-type').addEventListener('change', function(){ S.type = this.value; draw(); if (S.pair !== null) explain(S.pair, S.type); });
  $('rk-system').addEventListener('change', function(){ S.sys = +this.value; draw(); });
  $('rk-bucket').addEventListener('change', function(){ S.bucket = this.value; S.page = 0; draw(); });
  var timer = null;
  $('rk-search').addEventListener('input', function(){ var v = this.value; clearTimeout(timer);
    timer = setTimeout(function(){ S.q = v; S.page = 0; draw(); }, 150); });
  $('rk-fmin').addEventListener('change', function(){ S.fmin = +this.value || 0; S.page = 0; draw(); });
  $('rk-fmax').addEventListener('change', function(){ S.fmax = this.value === '' ? 100 : +this.value; S.page = 0; draw(); });
  $('rk-worst').addEventListener('click', function(){ S.sort = 'f'; S.dir = 1; S.page = 0; draw(); });
  $('rk-best').addEventListener('click', function(){ S.sort = 'f'; S.dir = -1; S.page = 0; draw(); });
  $('rk-delta').addEventListener('click', function(){ S.sort = 'delta'; S.dir = 1; S.page = 0; draw(); });
  $('rk-prev').addEventListener('click', function(){ if (S.page > 0){ S.page--; drawTable(); } });
  $('rk-next').addEventListener('click', function(){ if ((S.page + 1) * PER < S.rows.length){ S.page++; drawTable(); } });
  var stop = $('rk-stop');
  if (stop) stop.addEventListener('change', function(){ var on = this.checked;
    document.querySelectorAll('.rk-missed-list').forEach(function(d){ d.hidden = (d.dataset.which === 'content') !== on; }); });
  window.addEventListener('hashchange', route);
  draw(); route();
  document.body.dataset.ready = '1'; }
load().then(init).catch(function(e){ var p = el('p', 'The report could not be read: ' + e); $('rk-pairs').appendChild(p); document.body.dataset.ready = 'error'; });
})();

//! The verdict page's style and script, inline in each page: no framework,
//! no network, no font but the reader's own; and the escaping of text for
//! HTML.

/// Run first: a script error anywhere on the page is written on the root
/// element (`data-script-errors`), where a test or a reader can see it.
pub(super) const TRAP: &str = r#"
window.addEventListener('error', function (e) {
  var r = document.documentElement;
  var was = r.getAttribute('data-script-errors');
  r.setAttribute('data-script-errors', (was ? was + ' | ' : '') + (e.message || 'error'));
});
"#;

/// The page's style: the screen, keyboard focus, and the paper verdict.
pub(super) const STYLE: &str = r#"
:root { color-scheme: light; --ink: #1d1d1b; --muted: #5b5b55; --paper: #fbfaf6; --line: #d9d4c5; --bad: #a4161a; --good: #1b6b33; --focus: #0b57d0; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: var(--ink); background: var(--paper); }
header, main, footer { max-width: 1400px; margin: 0 auto; padding: 0 16px; }
h1 { font-size: 1.5rem; margin: 16px 0 4px; }
h2 { font-size: 1.2rem; margin: 24px 0 8px; border-bottom: 1px solid var(--line); }
h3 { font-size: 1rem; margin: 12px 0 4px; }
dl { display: flex; flex-wrap: wrap; gap: 2px 20px; margin: 8px 0; }
dl div { display: flex; gap: 6px; } dt { font-weight: 600; } dt::after { content: ":"; } dd { margin: 0; }
.valid { color: var(--good); font-weight: 600; }
.invalid { color: var(--bad); font-weight: 600; }
.note { color: var(--muted); }
.skip { position: absolute; left: -9999px; } .skip:focus { left: 8px; top: 8px; background: #fff; padding: 4px; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
button { font: inherit; min-width: 2.4em; padding: 4px 8px; border: 1px solid #888; border-radius: 4px; background: #fff; cursor: pointer; }
button:hover { background: #eef; }
#controls { display: flex; align-items: center; gap: 6px; flex-wrap: wrap; margin: 8px 0; }
#slider { flex: 1 1 240px; }
#turn-label { min-width: 6em; font-weight: 600; }
.stopped, .fault-note { border-left: 4px solid var(--bad); background: #fdecec; padding: 6px 10px; }
#stage { display: flex; gap: 16px; align-items: flex-start; flex-wrap: wrap; }
#board-figure { margin: 0; flex: 1 1 600px; min-width: 0; }
#board-scroll { border: 1px solid var(--line); background: #f7f4ec; }
#board { display: block; width: 100%; height: auto; max-height: 85vh; }
#board-figure figcaption { font-family: ui-monospace, "DejaVu Sans Mono", monospace; margin-top: 4px; }
#turn-panel { flex: 0 1 340px; }
#scoreboard { border-collapse: collapse; } #scoreboard th, #scoreboard td { padding: 2px 8px; border-bottom: 1px solid var(--line); text-align: left; }
.swatch { display: inline-block; width: 0.9em; height: 0.9em; margin-right: 4px; border: 1px solid #333; vertical-align: -1px; }
.colour { color: var(--muted); font-weight: normal; }
#legend, #chart-key { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 4px 12px; }
#legend svg, #chart-key svg { vertical-align: middle; }
.gone { display: none; }
.fresh { filter: drop-shadow(0 0 2px #fff) drop-shadow(0 0 3px #000); }
#turns ol { list-style: none; padding: 0; margin: 0; columns: 16em auto; font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 13px; }
#turns li { break-inside: avoid; }
#turns button { border: 0; background: none; text-align: left; padding: 1px 4px; width: 100%; }
#turns button[aria-current="step"] { background: #ffe9a8; outline: 1px solid #b08a00; }
#turns .faulty button, #turns .illegal button { color: var(--bad); font-weight: 600; }
#turns .unplayed span { color: #999; padding: 1px 4px; display: block; }
#chart { width: 100%; max-width: 760px; height: auto; display: block; }
#faults { padding-left: 1.2em; }
.fault h3 .code { font-family: ui-monospace, monospace; background: #fdecec; color: var(--bad); padding: 0 4px; }
.fault.warning h3 .code { background: #fff4d6; color: #7a5200; }
.excerpt code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; white-space: pre-wrap; }
.excerpt u { text-decoration: underline wavy var(--bad); text-underline-offset: 3px; }
pre { background: #fff; border: 1px solid var(--line); padding: 8px; overflow: auto; font: 12.5px/1.35 ui-monospace, "DejaVu Sans Mono", monospace; }
.diff del { color: var(--bad); text-decoration: none; } .diff ins { color: var(--good); text-decoration: none; } .diff .hunk { color: var(--muted); }
#games { border-collapse: collapse; width: 100%; } #games th, #games td { border-bottom: 1px solid var(--line); padding: 4px 8px; text-align: left; }
footer { color: var(--muted); margin: 24px auto; }
@media print {
  body { background: #fff; font-size: 11pt; }
  .skip, #controls, #turns, #chart-section, #repairs, #turn-panel h3:first-of-type, #turn-scores, details summary, footer { display: none; }
  details > pre { display: none; }
  #board-scroll { max-height: none; overflow: visible; border: 0; }
  #board { width: 100%; height: auto; }
  #stage { display: block; }
  .fresh { filter: none; }
  #last-mark { visibility: hidden; }
  section, .fault { break-inside: avoid-page; }
  #sheet pre { border: 0; white-space: pre-wrap; }
}
"#;

/// The page's script: the board at any frame (slider, buttons, arrow keys,
/// Home/End, the list of turns, `#turn=N`), the scoreboard and the chart's
/// cursor at it, and the root's `data-turn`. A test hook: `#turn=N&press=K,K`
/// presses those keys once the page is ready.
pub(super) const SCRIPT: &str = r#"
(function () {
  'use strict';
  var root = document.documentElement;
  var data = JSON.parse(document.getElementById('game-data').textContent);
  var frames = data.frames;
  var last = frames.length - 1;
  var tiles = Array.prototype.slice.call(document.querySelectorAll('#board .tile'));
  var layers = Array.prototype.slice.call(document.querySelectorAll('#board .layer, #panels .layer'));
  var slider = document.getElementById('slider');
  var label = document.getElementById('turn-label');
  var caption = document.getElementById('turn-text');
  var desc = document.getElementById('board-desc');
  var title = document.getElementById('board-title');
  var scores = document.getElementById('turn-scores');
  var note = document.getElementById('turn-fault');
  var finalNote = document.getElementById('final-note');
  var mark = document.getElementById('last-mark');
  var cursor = document.getElementById('chart-cursor');
  var buttons = Array.prototype.slice.call(document.querySelectorAll('#turns button[data-frame]'));
  var lines = Array.prototype.slice.call(document.querySelectorAll('#chart .line'));
  var rows = Array.prototype.slice.call(document.querySelectorAll('#scoreboard tbody tr'));
  var shown = -1;

  function text(el, s) { if (el) { el.textContent = s; } }
  function space(points) { return points % 50 + (points >= 50 ? ' (lap ' + (Math.floor(points / 50) + 1) + ')' : ''); }

  function show(k, fromHash) {
    k = Math.max(0, Math.min(last, k | 0));
    var f = frames[k];
    tiles.forEach(function (t) {
      var a = +t.getAttribute('data-a');
      t.classList.toggle('gone', a > k);
      t.classList.toggle('fresh', a === k && k > 0);
      if (a === k && k > 0 && mark) {
        mark.setAttribute('x', +t.getAttribute('x') + 1);
        mark.setAttribute('y', +t.getAttribute('y') + 1);
      }
    });
    if (mark) { mark.setAttribute('visibility', tiles.some(function (t) { return +t.getAttribute('data-a') === k && k > 0; }) ? 'visible' : 'hidden'); }
    layers.forEach(function (l) {
      var a = +l.getAttribute('data-a');
      var b = l.getAttribute('data-b');
      var on = a <= k && (b === '' || k < +b);
      l.classList.toggle('gone', !on);
      l.classList.toggle('fresh', on && a === k && k > 0 && l.closest('#board') !== null);
    });
    var what = k === 0 ? 'the start' : f.text;
    text(label, k === 0 ? 'the start' : 'turn ' + f.n);
    text(caption, (f.illegal ? 'Illegal, not played: ' : 'After ') + what);
    text(desc, (f.illegal ? 'The board after the last legal turn; turn ' + f.n + ' is illegal: ' : 'After ') + what);
    text(title, k === 0 ? 'The board at the start' : 'The board after turn ' + f.n);
    if (slider) { slider.value = k; slider.setAttribute('aria-valuetext', k === 0 ? 'the start' : 'turn ' + f.n); }
    if (scores) {
      scores.innerHTML = '';
      var list = f.scores && f.scores.length ? f.scores : ['none'];
      list.forEach(function (s) { var li = document.createElement('li'); li.textContent = s; scores.appendChild(li); });
    }
    if (note) {
      var faults = (f.faults || []).map(function (i) { return data.faults[i]; });
      note.hidden = faults.length === 0;
      note.innerHTML = '';
      faults.forEach(function (x) {
        var p = document.createElement('p');
        var code = document.createElement('a');
        code.className = 'code';
        code.href = '#fault-' + data.faults.indexOf(x);
        code.textContent = x.code;
        p.appendChild(code);
        p.appendChild(document.createTextNode(' ' + x.message));
        note.appendChild(p);
      });
      note.setAttribute('data-codes', faults.map(function (x) { return x.code; }).join(' '));
    }
    var atEnd = k === last && data.final && !data.stopped;
    rows.forEach(function (r, i) {
      var total = atEnd ? data.final[i] : f.totals[i];
      text(r.querySelector('.total'), String(total));
      text(r.querySelector('.marker'), 'space ' + space(f.markers[i]));
      var m = r.querySelector('.messenger');
      if (m) { text(m, f.messengers && f.messengers[i] != null ? 'space ' + space(f.messengers[i]) : '-'); }
      var rb = r.querySelector('.robber');
      if (rb) { text(rb, f.robbers && f.robbers[i] != null ? 'space ' + f.robbers[i] : '-'); }
    });
    if (finalNote) {
      finalNote.hidden = !atEnd;
      text(finalNote, 'Totals after the final scoring; the markers stand where play left them.');
    }
    if (cursor && lines.length) {
      var pts = lines[0].getAttribute('points').split(' ');
      var p = (pts[k] || pts[pts.length - 1]).split(',');
      cursor.setAttribute('x1', p[0]);
      cursor.setAttribute('x2', p[0]);
    }
    buttons.forEach(function (b) {
      if (+b.getAttribute('data-frame') === k) { b.setAttribute('aria-current', 'step'); } else { b.removeAttribute('aria-current'); }
    });
    root.setAttribute('data-turn', String(f.n));
    root.setAttribute('data-frame', String(k));
    shown = k;
    if (!fromHash && history.replaceState) {
      history.replaceState(null, '', '#turn=' + f.n);
    }
  }

  function frameOf(n) {
    var found = -1;
    for (var k = 0; k < frames.length; k++) {
      if (frames[k].n === n) { found = k; }
      else if (frames[k].n > n && found < 0) { return Math.max(0, k - 1); }
    }
    return found < 0 ? last : found;
  }

  function fromHash() {
    var h = location.hash.replace(/^#/, '');
    var m = /(?:^|&)turn=(\d+)/.exec(h);
    show(m ? frameOf(+m[1]) : last, true);
  }

  function key(e) {
    var t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA') && t !== slider) { return; }
    var k = shown;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') { k += 1; }
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') { k -= 1; }
    else if (e.key === 'Home') { k = 0; }
    else if (e.key === 'End') { k = last; }
    else { return; }
    e.preventDefault();
    show(k);
  }

  document.getElementById('first').addEventListener('click', function () { show(0); });
  document.getElementById('prev').addEventListener('click', function () { show(shown - 1); });
  document.getElementById('next').addEventListener('click', function () { show(shown + 1); });
  document.getElementById('last').addEventListener('click', function () { show(last); });
  if (slider) { slider.addEventListener('input', function () { show(+slider.value); }); }
  buttons.forEach(function (b) { b.addEventListener('click', function () { show(+b.getAttribute('data-frame')); }); });
  document.addEventListener('keydown', key);
  window.addEventListener('hashchange', fromHash);
  var before = -1;
  window.addEventListener('beforeprint', function () { before = shown; show(last, true); });
  window.addEventListener('afterprint', function () { if (before >= 0) { show(before, true); } });
  fromHash();
  // The test hook: keys to press once the page is ready.
  var press = /(?:^|&)press=([A-Za-z,]+)/.exec(location.hash.replace(/^#/, ''));
  if (press) {
    press[1].split(',').forEach(function (k) {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
    });
  }
  root.setAttribute('data-ready', 'true');
})();
"#;

/// Text for HTML: `&`, `<`, `>` and quotes escaped, control characters
/// shown as `?`.
pub(super) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if (c as u32) < 0x20 && c != '\t' && c != '\n' && c != '\r' => out.push('?'),
            c => out.push(c),
        }
    }
    out
}

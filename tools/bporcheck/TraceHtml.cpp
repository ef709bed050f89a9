#include "tools/bporcheck/TraceHtml.h"
#include "svcomp/MarkupEscape.h"

#include <fmt/format.h>

namespace bpor::tool {

using svcomp::escapeMarkup;

namespace {

// The page's style. Time runs down the rows; each thread is a column; the arrows are drawn in
// one SVG under the table, one colour (and marker) per kind of edge: an arrow that crosses a
// step passes behind its (opaque) cell, so that the step stays readable.
constexpr const char *Style = R"(
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #222; background: #fafafa; }
h1 { font-size: 1.25em; margin: 0 0 .3em; }
header p { margin: .2em 0; }
.legend { font-size: .9em; margin: .8em 0 1em; }
.legend span { margin-right: 1.6em; white-space: nowrap; }
.legend i { display: inline-block; width: 2.2em; height: 0; vertical-align: middle;
  margin-right: .4em; border-top: 2px solid; }
.legend .edge-reads-from i { border-top-style: dashed; }
#picture { position: relative; display: inline-block; }
#arrows { position: absolute; left: 0; top: 0; pointer-events: none; overflow: visible;
  z-index: 0; }
table.trace { position: relative; z-index: 1; border-collapse: separate;
  border-spacing: 28px 6px; }
th { font-weight: 600; text-align: left; vertical-align: bottom; padding: 0 .3em; }
th.thread-column .start-function { font-family: ui-monospace, monospace; font-weight: normal;
  color: #555; }
td { vertical-align: top; }
td.step-number { color: #888; text-align: right; font-family: ui-monospace, monospace; }
td.step { border: 1px solid #aaa; border-radius: 6px; background: #fff; padding: .3em .6em;
  font-family: ui-monospace, monospace; font-size: .9em; min-width: 14em; max-width: 40em; }
td.step .where { color: #666; font-size: .85em; }
td.step .source { display: block; margin-top: .2em; padding: .1em .3em; background: #f0f0f0;
  color: #333; white-space: pre-wrap; }
td.failing { border: 2px solid #c00; background: #fff0f0; }
td.failing .error-text { color: #c00; font-weight: 600; }
tr.fold td.fold-note { color: #666; font-style: italic; text-align: center; }
.edge-fork { color: #1a8a3a; }
.edge-join { color: #1f5fbf; }
.edge-lock { color: #d07000; }
.edge-post { color: #b8860b; }
.edge-signal { color: #c2185b; }
.edge-barrier { color: #00838f; }
.edge-reads-from { color: #8a2be2; }
#arrows path { fill: none; stroke: currentColor; stroke-width: 1.6; }
#arrows path.edge-reads-from { stroke-dasharray: 5 3; }
#arrows marker path { fill: currentColor; stroke: none; }
)";

// Draws each edge (the JSON list in #edges: kind, from and to step numbers) as a curve from
// the side of the first step's cell to the side of the second's, and redraws when the window
// is resized. Marks <body> with data-rendered="ok" when done, or data-script-error with the
// message of an error, so that a headless browser can tell (tests/lit/usage/trace_html_*).
constexpr const char *Script = R"(
(function () {
  'use strict';
  window.addEventListener('error', function (e) {
    document.body.setAttribute('data-script-error', String(e.message));
  });
  var svgNs = 'http://www.w3.org/2000/svg';
  var edges = JSON.parse(document.getElementById('edges').textContent);
  var picture = document.getElementById('picture');
  var svg = document.getElementById('arrows');
  function box(step) {
    var cell = document.getElementById('step-' + step);
    if (!cell) return null;
    var r = cell.getBoundingClientRect(), p = picture.getBoundingClientRect();
    return { left: r.left - p.left, right: r.right - p.left, top: r.top - p.top,
             bottom: r.bottom - p.top, middle: (r.top + r.bottom) / 2 - p.top };
  }
  function marker(kind) {
    var m = document.createElementNS(svgNs, 'marker');
    m.setAttribute('id', 'arrow-' + kind);
    m.setAttribute('class', 'edge-' + kind);
    m.setAttribute('viewBox', '0 0 10 10');
    m.setAttribute('refX', '9');
    m.setAttribute('refY', '5');
    m.setAttribute('markerWidth', '7');
    m.setAttribute('markerHeight', '7');
    m.setAttribute('orient', 'auto');
    var head = document.createElementNS(svgNs, 'path');
    head.setAttribute('d', 'M0,0 L10,5 L0,10 z');
    m.appendChild(head);
    return m;
  }
  function draw() {
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    svg.setAttribute('width', picture.offsetWidth);
    svg.setAttribute('height', picture.offsetHeight);
    var defs = document.createElementNS(svgNs, 'defs');
    ['fork', 'join', 'lock', 'post', 'signal', 'barrier', 'reads-from'].forEach(function (k) { defs.appendChild(marker(k)); });
    svg.appendChild(defs);
    var drawn = 0;
    edges.forEach(function (edge) {
      var a = box(edge.from), b = box(edge.to);
      if (!a || !b) return;
      var x1, x2, c1, c2;
      if (b.left >= a.right) {        // to a column on the right
        x1 = a.right; x2 = b.left; c1 = x1 + 30; c2 = x2 - 30;
      } else if (b.right <= a.left) { // to a column on the left
        x1 = a.left; x2 = b.right; c1 = x1 - 30; c2 = x2 + 30;
      } else {                        // the same column: a loop on its right
        x1 = a.right; x2 = b.right; c1 = x1 + 40; c2 = x2 + 40;
      }
      var y1 = a.middle, y2 = b.middle;
      var path = document.createElementNS(svgNs, 'path');
      path.setAttribute('d', 'M' + x1 + ',' + y1 + ' C' + c1 + ',' + y1 + ' ' + c2 + ',' + y2 +
                        ' ' + x2 + ',' + y2);
      path.setAttribute('class', 'edge edge-' + edge.kind);
      path.setAttribute('marker-end', 'url(#arrow-' + edge.kind + ')');
      var title = document.createElementNS(svgNs, 'title');
      title.textContent = edge.kind + ': step ' + edge.from + ' to step ' + edge.to;
      path.appendChild(title);
      svg.appendChild(path);
      drawn++;
    });
    document.body.setAttribute('data-arrows', String(drawn));
  }
  draw();
  window.addEventListener('resize', draw);
  document.body.setAttribute('data-rendered', 'ok');
})();
)";

// A step's cell: the operation, its place and the source line.
std::string stepCell(const std::string &id, const std::string &text, const std::string &where,
                     const std::string &source, bool failing, const std::string &errorText,
                     ThreadId thread) {
  std::string out = fmt::format("<td class=\"step{}\" id=\"{}\" data-thread=\"{}\">",
                                failing ? " failing" : "", id, thread);
  if (failing && !errorText.empty())
    out += fmt::format("<div class=\"error-text\">&#x2717; {}</div>", escapeMarkup(errorText));
  if (!text.empty())
    out += fmt::format("<div class=\"op\">{}</div>", escapeMarkup(text));
  if (!where.empty())
    out += fmt::format("<div class=\"where\">{}</div>", escapeMarkup(where));
  if (!source.empty())
    out += fmt::format("<code class=\"source\">{}</code>", escapeMarkup(source));
  return out + "</td>";
}

// A row with `cell` in the column of `thread` and empty cells in the others.
std::string row(const char *cls, const std::string &number, size_t threads, ThreadId thread,
                const std::string &cell) {
  std::string out = fmt::format("<tr class=\"{}\"><td class=\"step-number\">{}</td>", cls, number);
  for (ThreadId t = 0; t < threads; ++t)
    out += t == thread ? cell : "<td></td>";
  return out + "</tr>\n";
}

} // namespace

std::string formatTraceHtml(const TracePicture &picture) {
  size_t threads = picture.threads.size();
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  out += fmt::format("<title>bporcheck: {}</title>\n", escapeMarkup(picture.title));
  out += fmt::format("<style>{}</style>\n</head>\n", Style);
  out += "<body data-rendered=\"no\">\n<header>\n";
  out += fmt::format("<h1>{}</h1>\n", escapeMarkup(picture.title));
  if (picture.error && picture.error->thread != NoThread)
    out += fmt::format("<p class=\"error-place\">in {}{}</p>\n",
                       escapeMarkup(threadLabel(picture.error->thread,
                                              picture.error->thread < picture.threads.size()
                                                  ? picture.threads[picture.error->thread].startFunction
                                                  : "")),
                       picture.error->where.empty() ? ""
                                                    : " at " + escapeMarkup(picture.error->where));
  out += fmt::format("<p class=\"program\">program: <code>{}</code></p>\n",
                     escapeMarkup(picture.program));
  out += "<p class=\"legend\">"
         "<span class=\"edge-fork\"><i></i>thread created</span>"
         "<span class=\"edge-join\"><i></i>thread ended, joined</span>"
         "<span class=\"edge-lock\"><i></i>mutex released, acquired</span>"
         "<span class=\"edge-post\"><i></i>semaphore posted, taken</span>"
         "<span class=\"edge-signal\"><i></i>condition signalled, woken</span>"
         "<span class=\"edge-barrier\"><i></i>barrier completed, left</span>"
         "<span class=\"edge-reads-from\"><i></i>store read by a load</span></p>\n"
         "</header>\n";

  out += "<div id=\"picture\">\n<svg id=\"arrows\" aria-hidden=\"true\"></svg>\n";
  out += "<table class=\"trace\">\n<thead><tr><th class=\"step-number\">step</th>";
  for (const PictureThread &thread : picture.threads) {
    out += fmt::format("<th class=\"thread-column\" data-thread=\"{}\">thread {}", thread.id,
                       thread.id);
    if (!thread.startFunction.empty())
      out += fmt::format("<div class=\"start-function\">{}</div>",
                         escapeMarkup(thread.startFunction));
    out += "</th>";
  }
  out += "</tr></thead>\n<tbody>\n";
  std::string errorText = picture.error ? picture.error->text : "";
  for (const PictureStep &step : picture.steps) {
    if (picture.foldFrom && step.number == picture.foldTo + 1)
      out += fmt::format("<tr class=\"fold\"><td class=\"step-number\">&#x2026;</td>"
                         "<td class=\"fold-note\" colspan=\"{}\">{}</td></tr>\n",
                         threads, escapeMarkup(picture.foldNote));
    out += row("row", std::to_string(step.number), threads, step.thread,
               stepCell(fmt::format("step-{}", step.number), step.text, step.where, step.source,
                        step.failing, errorText, step.thread));
  }
  // An error that arose outside the steps (a deadlock): its own entry, in its thread's column,
  // or across the table when no single thread failed.
  if (picture.error && picture.error->step == 0) {
    const PictureError &error = *picture.error;
    if (error.thread != NoThread && error.thread < threads)
      out += row("error-row", "&#x2717;", threads, error.thread,
                 stepCell("error", "", error.where, error.source, true, error.text,
                          error.thread));
    else
      out += fmt::format("<tr class=\"error-row\"><td class=\"step-number\">&#x2717;</td>"
                         "<td class=\"step failing\" id=\"error\" colspan=\"{}\">"
                         "<div class=\"error-text\">{}</div></td></tr>\n",
                         threads, escapeMarkup(error.text));
  }
  out += "</tbody>\n</table>\n</div>\n";

  // The edges as data for the script: only numbers and the fixed kind names.
  out += "<script type=\"application/json\" id=\"edges\">[";
  for (size_t i = 0; i < picture.edges.size(); ++i) {
    const PictureEdge &edge = picture.edges[i];
    out += fmt::format("{}{{\"kind\":\"{}\",\"from\":{},\"to\":{}}}", i ? ",\n" : "\n",
                       edgeKindName(edge.kind), edge.from, edge.to);
  }
  out += "\n]</script>\n";
  out += fmt::format("<script>{}</script>\n</body>\n</html>\n", Script);
  return out;
}

} // namespace bpor::tool

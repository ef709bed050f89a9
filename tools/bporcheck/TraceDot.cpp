#include "tools/bporcheck/TraceDot.h"

#include <fmt/format.h>

#include <map>

namespace bpor::tool {

std::string escapeDot(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == '\\' || c == '"')
      out += '\\';
    out += static_cast<unsigned char>(c) < 0x20 ? ' ' : c;
  }
  return out;
}

namespace {

// One colour per kind of edge, as the HTML page's legend has them.
const char *edgeColour(EdgeKind kind) {
  switch (kind) {
  case EdgeKind::Fork:
    return "#1a8a3a";
  case EdgeKind::Join:
    return "#1f5fbf";
  case EdgeKind::Lock:
    return "#d07000";
  case EdgeKind::Post:
    return "#b8860b";
  case EdgeKind::Signal:
    return "#c2185b";
  case EdgeKind::Barrier:
    return "#00838f";
  case EdgeKind::ReadsFrom:
    return "#8a2be2";
  }
  return "black";
}

// A node's label: its lines left-justified (\l ends each).
std::string label(std::initializer_list<std::string_view> lines) {
  std::string out;
  for (std::string_view line : lines)
    if (!line.empty())
      out += escapeDot(line) + "\\l";
  return out;
}

constexpr const char *FailingStyle =
    "color=\"#cc0000\", fillcolor=\"#ffe8e8\", penwidth=2.5, fontcolor=\"#990000\"";

} // namespace

std::string formatTraceDot(const TracePicture &picture) {
  std::string out = "digraph trace {\n";
  out += fmt::format("  graph [label=\"{}\", labelloc=t, labeljust=l, fontname=\"Helvetica\", "
                     "newrank=true, nodesep=0.5, ranksep=0.3];\n",
                     label({picture.title, "program: " + picture.program}));
  out += "  node [shape=box, style=\"rounded,filled\", fillcolor=white, fontname=\"Courier\", "
         "fontsize=10];\n";
  out += "  edge [fontname=\"Helvetica\", fontsize=9];\n";
  const PictureError *error = picture.error ? &*picture.error : nullptr;

  // The nodes, a cluster per thread (its number and start function).
  std::map<ThreadId, std::vector<const PictureStep *>> stepsOf;
  for (const PictureStep &step : picture.steps)
    stepsOf[step.thread].push_back(&step);
  for (const PictureThread &thread : picture.threads) {
    out += fmt::format("  subgraph cluster_thread_{} {{\n", thread.id);
    std::string title = fmt::format("thread {}", thread.id);
    if (!thread.startFunction.empty())
      title += " (" + thread.startFunction + ")";
    out += fmt::format("    label=\"{}\"; style=rounded; color=gray60;\n", escapeDot(title));
    for (const PictureStep *step : stepsOf[thread.id]) {
      std::string errorLine = step->failing && error ? "\u2717 " + error->text : "";
      out += fmt::format("    s{} [label=\"{}\"{}{}];\n", step->number,
                         label({errorLine, fmt::format("{}: {}", step->number, step->text),
                                step->where, step->source}),
                         step->failing ? ", class=\"failing\", " : "",
                         step->failing ? FailingStyle : "");
    }
    if (error && error->step == 0 && error->thread == thread.id)
      out += fmt::format("    error [label=\"{}\", class=\"failing\", {}];\n",
                         label({"\u2717 " + error->text, error->where, error->source}),
                         FailingStyle);
    out += "  }\n";
  }
  if (error && error->step == 0 && error->thread == NoThread)
    out += fmt::format("  error [label=\"{}\", class=\"failing\", {}];\n",
                       label({"\u2717 " + error->text, error->where, error->source}),
                       FailingStyle);
  if (picture.foldFrom)
    out += fmt::format("  fold [shape=note, style=filled, fillcolor=\"#f4f4f4\", "
                       "label=\"{}\"];\n",
                       escapeDot(picture.foldNote));

  // Time runs down: each step (and the fold note, and an error of its own) below the one
  // before it, by invisible edges where program order does not already say so.
  std::vector<std::string> order;
  std::vector<ThreadId> threadOf;
  for (const PictureStep &step : picture.steps) {
    if (picture.foldFrom && step.number == picture.foldTo + 1) {
      order.push_back("fold");
      threadOf.push_back(NoThread);
    }
    order.push_back(fmt::format("s{}", step.number));
    threadOf.push_back(step.thread);
  }
  if (error && error->step == 0) {
    order.push_back("error");
    threadOf.push_back(NoThread);
  }
  for (size_t i = 1; i < order.size(); ++i)
    if (threadOf[i] == NoThread || threadOf[i] != threadOf[i - 1])
      out += fmt::format("  {} -> {} [style=invis];\n", order[i - 1], order[i]);

  // Program order within each thread (dashed across the steps a fold leaves out), and to an
  // error entry of its own.
  for (const auto &[thread, steps] : stepsOf) {
    for (size_t i = 1; i < steps.size(); ++i) {
      bool acrossFold = picture.foldFrom && steps[i - 1]->number < picture.foldFrom &&
                        steps[i]->number > picture.foldTo;
      out += fmt::format("  s{} -> s{} [color=gray50{}];\n", steps[i - 1]->number,
                         steps[i]->number, acrossFold ? ", style=dashed" : "");
    }
    if (error && error->step == 0 && error->thread == thread && !steps.empty())
      out += fmt::format("  s{} -> error [color=gray50];\n", steps.back()->number);
  }

  // Synchronisation and reads-from.
  for (const PictureEdge &edge : picture.edges)
    out += fmt::format("  s{} -> s{} [color=\"{}\", fontcolor=\"{}\", label=\"{}\", "
                       "penwidth=1.6{}];\n",
                       edge.from, edge.to, edgeColour(edge.kind), edgeColour(edge.kind),
                       edgeKindName(edge.kind),
                       edge.kind == EdgeKind::ReadsFrom ? ", style=dashed" : "");
  out += "}\n";
  return out;
}

} // namespace bpor::tool

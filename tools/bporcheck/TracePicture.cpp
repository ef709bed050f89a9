#include "tools/bporcheck/TracePicture.h"
#include "tools/bporcheck/Report.h"
#include "tools/bporcheck/SourceLines.h"
#include "tools/bporcheck/TraceFolding.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <fstream>

namespace bpor::tool {

namespace {

// Whether two locations are on one line of one file. The same file may be named two ways: an
// assertion's location is the name clang was given (__FILE__), a step's the name in the debug
// information, which clang makes relative to a directory above it (SourceLines.h).
bool sameLine(const SourceLocation &a, const SourceLocation &b) {
  auto endsWith = [](std::string_view name, std::string_view tail) {
    return name.size() > tail.size() && name.ends_with(tail) &&
           name[name.size() - tail.size() - 1] == '/';
  };
  return a.known() && a.line == b.line &&
         (a.file == b.file || endsWith(a.file, b.file) || endsWith(b.file, a.file));
}

} // namespace

TracePicture buildTracePicture(const Model &model, const std::vector<Operation> &trace,
                               const ErrorInfo *error, const std::string &title,
                               const std::string &program, SourceLines &sources) {
  TracePicture picture;
  picture.program = program;
  picture.title = error ? errorHeadline(*error) : title;
  auto sourceOf = [&](const SourceLocation &where) {
    return sources.line(where.file, where.line).value_or("");
  };

  // Threads: every thread that took a step, was created, or failed; numbered densely from 0
  // (Model::numThreads), so the columns are 0..the largest number.
  ThreadId largest = 0;
  for (const Operation &op : trace) {
    largest = std::max(largest, op.thread);
    if (op.kind == OpKind::Fork && op.otherThread != NoThread)
      largest = std::max(largest, op.otherThread);
  }
  if (error && error->thread != NoThread)
    largest = std::max(largest, error->thread);
  picture.threads.resize(size_t(largest) + 1);
  for (ThreadId t = 0; t <= largest; ++t)
    picture.threads[t].id = t;
  TraceWords words(model, trace);
  for (ThreadId t = 0; t <= largest; ++t)
    picture.threads[t].startFunction = words.threadName(t);

  // A repeating tail shows its first and last rounds, as the text trace does.
  RepeatingTail tail = findRepeatingTail(trace);
  if (tail.period != 0 && tail.start + tail.period < trace.size() - tail.period) {
    picture.foldFrom = tail.start + tail.period + 1;
    picture.foldTo = trace.size() - tail.period;
    size_t rounds = (picture.foldTo - picture.foldFrom + 1) / tail.period;
    picture.foldNote = fmt::format("steps {}-{}: the {} step{} above repeat{} {} more times",
                                   picture.foldFrom, picture.foldTo, tail.period,
                                   tail.period == 1 ? "" : "s", tail.period == 1 ? "s" : "",
                                   rounds);
  }
  auto shown = [&](size_t number) {
    return picture.foldFrom == 0 || number < picture.foldFrom || number > picture.foldTo;
  };

  for (size_t i = 0; i < trace.size(); ++i) {
    if (!shown(i + 1))
      continue;
    const Operation &op = trace[i];
    SourceLocation where = model.sourceLocation(op.location);
    picture.steps.push_back(
        {i + 1, op.thread, words.step(i), where.str(), sourceOf(where)});
  }
  for (PictureEdge edge : traceEdges(trace)) {
    edge.from += 1;
    edge.to += 1;
    if (shown(edge.from) && shown(edge.to))
      picture.edges.push_back(edge);
  }

  if (error) {
    PictureError mark;
    mark.text = picture.title;
    mark.thread = error->thread;
    SourceLocation where = model.sourceLocation(error->location);
    mark.where = where.str();
    mark.source = sourceOf(where);
    // The error arose in the last step's transition when that step is the failing thread's
    // and on the error's line (an assertion after a load, an access to freed memory); else
    // (a deadlock, a step that could not run) it is an entry of its own after the trace.
    if (!trace.empty() && error->thread != NoThread && trace.back().thread == error->thread &&
        sameLine(model.sourceLocation(trace.back().location), where) &&
        !picture.steps.empty() && picture.steps.back().number == trace.size()) {
      mark.step = trace.size();
      picture.steps.back().failing = true;
    }
    picture.error = std::move(mark);
  }
  return picture;
}

std::string writePictureFile(const std::string &path, const std::string &text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out)
    return fmt::format("cannot write {}: {}", path, std::strerror(errno));
  out << text;
  out.close();
  return out ? "" : fmt::format("cannot write {}", path);
}

} // namespace bpor::tool
